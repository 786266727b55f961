import { Hono } from 'hono';
import { auditQuery } from '../contracts/audit.js';
import { businessDate } from '../ledger/business-date.js';
import { assertNoMonthEndLock } from '../http/month-end-lock.js';
import type { AppDeps } from '../deps.js';
import type { AppEnv } from '../http/env.js';
import { queryParams } from '../http/validate.js';
import { debitOccurrences, health, listTasks, runAudit } from './audit.js';

/** Tasks and audit (spec 3 §2 'Tasks & Audit', spec 2 §7 Dashboard), mounted at /api. */
export function auditRoutes({ requires }: AppDeps) {
  const app = new Hono<AppEnv>();

  /** Runs the audit and stores its rows as the task list: `{ data, _critical }`. full=true adds the debit history scan. */
  app.get('/control/audit', requires('p_daily_task'), queryParams(auditQuery), async (c) => {
    const db = c.get('company').db;
    // A GET that writes: during month end only the user running it may store a new task list.
    await assertNoMonthEndLock(db, c.get('user').id);
    const result = await runAudit(db, await businessDate(db), c.req.valid('query').full === 'true');
    return c.json({ ...result, message: 'Audit complete!' });
  });

  app.get('/task', requires('p_daily_task'), async (c) => c.json({ data: await listTasks(c.get('company').db) }));

  /** Every date a trust ledger closed below zero, kept permanently for inspectors. */
  app.get('/control/debitoccurrences', requires('p_daily_task'), async (c) => c.json({ data: await debitOccurrences(c.get('company').db) }));

  app.get('/control/health', requires('company'), async (c) => {
    const db = c.get('company').db;
    return c.json({ data: await health(db, await businessDate(db)) });
  });

  return app;
}
