import { Hono } from 'hono';
import { postingsExportQuery, trialBalanceQuery } from '../contracts/balances.js';
import { businessDate } from '../ledger/business-date.js';
import type { AppDeps } from '../deps.js';
import type { AppEnv } from '../http/env.js';
import { queryParams } from '../http/validate.js';
import { csvHeaders } from '../documents/csv.js';
import { cashLinesCsv, postingsCsv, trialBalance, trialBalanceCsv } from './ledger-export.js';

/** Exports for outsiders (auditors, inspectors, their double-entry tools), mounted at /api. */
export function exportRoutes({ requires }: AppDeps) {
  const app = new Hono<AppEnv>();

  app.get('/ledger/trialbalance', requires('p_reports_trust'), queryParams(trialBalanceQuery), async (c) => {
    const company = c.get('company');
    const { date = await businessDate(company.db), format } = c.req.valid('query');
    if (format === 'csv') {
      const text = await trialBalanceCsv(company.db, date);
      return new Response(text, { status: 200, headers: csvHeaders(`trialbalance-${company.code}-${date}.csv`) });
    }
    return c.json({ data: await trialBalance(company.db, date) });
  });

  app.get('/ledger/postings', requires('p_reports_trust'), queryParams(postingsExportQuery), async (c) => {
    const { from, to } = c.req.valid('query');
    const company = c.get('company');
    return new Response(await postingsCsv(company.db, from, to), { status: 200, headers: csvHeaders(`postings-${company.code}-${from}-${to}.csv`) });
  });

  app.get('/ledger/cashlines', requires('p_reports_trust'), queryParams(postingsExportQuery), async (c) => {
    const { from, to } = c.req.valid('query');
    const company = c.get('company');
    return new Response(await cashLinesCsv(company.db, from, to), { status: 200, headers: csvHeaders(`cashlines-${company.code}-${from}-${to}.csv`) });
  });

  return app;
}
