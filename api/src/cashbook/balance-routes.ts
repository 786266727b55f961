import { Hono } from 'hono';
import type { AppDeps } from '../deps.js';
import { BUSINESS_ENTITY_CODE } from '../contracts/entity.js';
import { PARTY_BALANCE_FLAGS, hasSetupScreen } from '../contracts/permissions.js';
import type { AppEnv } from '../http/env.js';
import { assertAnyPermission } from '../http/guard.js';
import { entityBalance } from './queries.js';

/**
 * GET /api/entity/balance/{code}?door= (spec 2 §7 'Entities'): { ledger, balance, charge } in
 * dollars, for the screens that show a party's balance (PARTY_BALANCE_FLAGS). Registered before the /api/entity router so this more specific path wins.
 */
export function entityBalanceRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  app.get('/:code', deps.requires('company'), async (c) => {
    const code = c.req.param('code').trim().toUpperCase();
    // The business's own balance is also on Setup's Business screen.
    if (code !== BUSINESS_ENTITY_CODE || !hasSetupScreen(c.get('user').permissions)) assertAnyPermission(c, PARTY_BALANCE_FLAGS);
    const door = c.req.query('door')?.trim().toUpperCase() || null;
    return c.json({ data: await entityBalance(c.get('company').db, code, door) });
  });
  return app;
}
