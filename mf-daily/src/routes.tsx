import { lazy } from 'react';
import type { ScreenMap } from 'shared-ui';

/** The Daily screens by route (spec 1 route map), each loaded when first opened. */
export const dailyScreens: ScreenMap = {
  '/management/daily/banking': lazy(() => import('./banking/banking-screen.js')),
  '/management/daily/bankhist': lazy(() => import('./banking/review-screen.js')),
  '/management/daily/reconcile': lazy(() => import('./bankrec/reconcile-screen.js')),
  '/management/daily/rechist': lazy(() => import('./bankrec/history-screen.js')),
  '/management/daily/task': lazy(() => import('./tasks/tasks-screen.js')),
  '/management/daily/email': lazy(() => import('./email/email-log-screen.js')),
  '/management/daily/emailstatements': lazy(() => import('./email/email-statements-screen.js')),
  '/management/daily/logs': lazy(() => import('./logs/logs-screen.js')),
  '/management/daily/blob': lazy(() => import('./archive/archive-screen.js')),
};
