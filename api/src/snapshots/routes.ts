import { Hono } from 'hono';
import { snapshotImportContract, snapshotRebuildContract } from '../contracts/snapshots.js';
import type { AppDeps } from '../deps.js';
import { badRequest, forbidden } from '../http/errors.js';
import type { AppEnv } from '../http/env.js';
import { jsonBody } from '../http/validate.js';
import { importSnapshot, rebuildSnapshot, snapshotSummary, snapshotYears } from './snapshots.js';

/** /api/snapshot (spec 3 §7 'Snapshots'): the Setup screen's years, summary and import; rebuild for support. */
export function snapshotRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const { requires } = deps;

  app.get('/years', requires('p_mgt'), async (c) => c.json({ data: await snapshotYears(c.get('company').db) }));

  app.get('/summary/:year', requires('p_mgt'), async (c) => {
    const year = Number(c.req.param('year'));
    if (!/^\d{4}$/.test(c.req.param('year'))) throw badRequest('Year is 4 digits');
    return c.json({ data: await snapshotSummary(c.get('company').db, year) });
  });

  /** Import: one transaction, so a file with any error (or a failure half way) imports nothing. */
  app.post('/', requires('p_mgt'), jsonBody(snapshotImportContract), async (c) => {
    const result = await c.get('company').db.transaction().execute((trx) => importSnapshot(trx, c.req.valid('json')));
    return c.json({ data: result, message: result.message, error: false });
  });

  /** Rebuild from the ledger: the support console's utility, so support (SUPER) users only. */
  app.post('/rebuild', requires('company'), jsonBody(snapshotRebuildContract), async (c) => {
    if (!c.get('user').isSuper) throw forbidden('Only support users may rebuild snapshots');
    const { year, month } = c.req.valid('json');
    const result = await c.get('company').db.transaction().execute((trx) => rebuildSnapshot(trx, year, month));
    return c.json({ data: result, message: result.message, error: false });
  });

  return app;
}
