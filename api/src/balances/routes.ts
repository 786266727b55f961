import { Hono } from 'hono';
import {
  type BusinessSummaryQuery, type EntityBalancesInput, type LedgerSummaryQuery, businessSummaryQuery, entityBalancesContract, equalityPeriod,
  ledgerSummaryQuery, periodQuery,
} from '../contracts/balances.js';
import { businessDate } from '../ledger/business-date.js';
import { PARTY_BALANCE_FLAGS } from '../contracts/permissions.js';
import type { AppDeps } from '../deps.js';
import { assertAnyPermission } from '../http/guard.js';
import { validationError } from '../http/errors.js';
import type { AppEnv } from '../http/env.js';
import { jsonBody, queryParams } from '../http/validate.js';
import { equality, revenueChart, threeWayBalance } from './dashboard.js';
import { businessSummary, cashbookSummary, entityBalances, ledgerSummary, resolveRange } from './summary.js';

/**
 * Balances and dashboard figures, mounted at /api (paths under /ledger, /cashbook, /entity and
 * /control): reads only, money in dollars.
 */
export function balancesRoutes({ requires }: AppDeps) {
  const app = new Hono<AppEnv>();

  app.get('/ledger/summary', requires('p_accounting'), queryParams(ledgerSummaryQuery), async (c) => {
    const q = c.req.valid('query') as LedgerSummaryQuery;
    const db = c.get('company').db;
    return c.json({ data: await ledgerSummary(db, await resolveRange(db, q), q.type) });
  });

  app.get('/cashbook/summary', requires('p_accounting'), queryParams(periodQuery), async (c) => {
    const db = c.get('company').db;
    return c.json({ data: await cashbookSummary(db, await resolveRange(db, c.req.valid('query'))) });
  });

  for (const path of ['/ledger/business/summary', '/ledger/business/summary/']) {
    app.get(path, requires('p_business'), queryParams(businessSummaryQuery), async (c) => {
      const summary = await businessSummary(c.get('company').db, c.req.valid('query') as BusinessSummaryQuery);
      return c.json({ data: summary });
    });
  }

  // Parties' balances: for the screens that show them, as GET /api/entity/balance/{code} (issue 8 item 20).
  app.post('/entity/balances', requires('company', { readOnly: true }), jsonBody(entityBalancesContract), async (c) => {
    assertAnyPermission(c, PARTY_BALANCE_FLAGS);
    return c.json({ data: await entityBalances(c.get('company').db, c.req.valid('json') as EntityBalancesInput) });
  });

  app.get('/control/3waybalance', requires('company'), async (c) => {
    const db = c.get('company').db;
    return c.json({ data: await threeWayBalance(db, await businessDate(db)) });
  });

  app.get('/control/revenuechart', requires('company'), async (c) => c.json({ data: await revenueChart(c.get('company').db) }));

  app.get('/control/equality/:period', requires('company'), async (c) => {
    const parsed = equalityPeriod.safeParse(c.req.param('period'));
    if (!parsed.success) throw validationError(parsed.error);
    const result = await equality(c.get('company').db, parsed.data);
    return c.json({ data: result.rows, range: { from: result.from, to: result.to, variance: result.variance } });
  });

  return app;
}
