import { Hono } from 'hono';
import type { AppDeps } from '../deps.js';
import type { AppEnv } from '../http/env.js';
import { entityBalance } from './queries.js';

/**
 * GET /api/entity/balance/{code}?door= (spec 2 §7 'Entities'): { ledger, balance, charge } in
 * dollars. Registered before the /api/entity router so this more specific path wins.
 */
export function entityBalanceRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  app.get('/:code', deps.requires('company'), async (c) => {
    const code = decodeURIComponent(c.req.param('code')).trim().toUpperCase();
    const door = c.req.query('door')?.trim().toUpperCase() || null;
    return c.json({ data: await entityBalance(c.get('company').db, code, door) });
  });
  return app;
}
