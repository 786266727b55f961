import { lazy } from 'react';
import type { ScreenMap } from 'shared-ui';

/** The Setup screens by route, each loaded when first opened. */
export const setupScreens: ScreenMap = {
  '/management/setup/accounts': lazy(() => import('./accounts/accounts-screen.js')),
  '/management/setup/backup': lazy(() => import('./backup/backup-export-screen.js')),
  '/management/setup/banks': lazy(() => import('./banks/banks-screen.js')),
  '/management/setup/business': lazy(() => import('./business/business-screen.js')),
  '/management/setup/cardtypes': lazy(() => import('./cardtypes/cardtypes-screen.js')),
  '/management/setup/categories': lazy(() => import('./categories/categories-screen.js')),
  '/management/setup/checklist': lazy(() => import('./checklist/checklist-screen.js')),
  '/management/setup/control': lazy(() => import('./control/control-screen.js')),
  '/management/setup/fees': lazy(() => import('./fees/fees-screen.js')),
  '/management/setup/gstcodes': lazy(() => import('./gstcodes/gstcodes-screen.js')),
  '/management/setup/snapshot': lazy(() => import('./snapshots/snapshots-screen.js')),
  '/management/setup/templates': lazy(() => import('./templates/templates-screen.js')),
  '/management/setup/unitclass': lazy(() => import('./unitclass/unitclass-screen.js')),
  '/management/setup/unittype': lazy(() => import('./unittype/unittype-screen.js')),
  '/management/setup/users': lazy(() => import('./users/users-screen.js')),
};
