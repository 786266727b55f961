import { Hono } from 'hono';
import { adjustmentContract, dateRangeQuery, monthQuery, reconciliationContract } from '../contracts/banking.js';
import { businessDate } from '../ledger/business-date.js';
import type { AppDeps } from '../deps.js';
import { depositsInMonth, firstLedgerDate } from '../banking/banking.js';
import { notFound } from '../http/errors.js';
import type { AppEnv } from '../http/env.js';
import { jsonBody, queryParams } from '../http/validate.js';
import { writeLog } from '../log/system-log.js';
import { bankItemView, unreconciledItems } from './bank-items.js';
import { addAdjustment, bankPosition, completeReconciliation, deleteReconciliation, listReconciliations, reconciliationsInMonth, reportBytes } from './bankrec.js';
import { matchedLines } from './matched.js';

/** Bank reconciliation and its history (spec 3 §7 'Banking and reconciliation'). */
export function bankrecRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const { requires } = deps;

  app.get('/banked', requires('p_fn_bank'), async (c) => {
    const db = c.get('company').db;
    const [items, matched] = await Promise.all([unreconciledItems(db), matchedLines(db)]);
    return c.json({ data: items.map((i) => bankItemView(i, matched.get(i.key) ?? null)) });
  });

  app.get('/position', requires('p_fn_bank'), async (c) => c.json({ data: await bankPosition(c.get('company').db) }));

  app.get('/list', requires('p_fn_bank'), queryParams(dateRangeQuery), async (c) => {
    const db = c.get('company').db;
    const q = c.req.valid('query');
    const from = q.from ?? (await firstLedgerDate(db)) ?? (await businessDate(db));
    const to = q.to ?? (await businessDate(db));
    return c.json({ data: await listReconciliations(db, from, to), from, to });
  });

  /** The Daily reports' pickers (spec 3 §7): a month's deposits and reconciliations by ref. */
  app.get('/depositrange', requires('p_fn_bank'), queryParams(monthQuery), async (c) => {
    const { year, month } = c.req.valid('query');
    return c.json({ data: await depositsInMonth(c.get('company').db, year, month) });
  });

  app.get('/reconcilerange', requires('p_fn_bank'), queryParams(monthQuery), async (c) => {
    const { year, month } = c.req.valid('query');
    return c.json({ data: await reconciliationsInMonth(c.get('company').db, year, month) });
  });

  app.post('/', requires('p_fn_bank'), jsonBody(reconciliationContract), async (c) => {
    const company = c.get('company');
    const user = c.get('user');
    const done = await company.db.transaction().execute(async (trx) => {
      const rec = await completeReconciliation(trx, user, company.name, c.req.valid('json'), await businessDate(trx));
      await writeLog(trx, { database: company.code, severity: 'CHANGE', message: `Reconciliation ${rec.ref} completed at ${c.req.valid('json').balance.toFixed(2)}`, identity: user.id, routine: 'bankrec', method: 'POST', apicall: '/bankrec', recordKey: rec.ref });
      return rec;
    });
    return c.json({ ref: done.ref, data: done, message: `Reconciliation ${done.ref} completed` });
  });

  app.post('/adjustment', requires('p_fn_bank'), jsonBody(adjustmentContract), async (c) => {
    const company = c.get('company');
    const user = c.get('user');
    const input = c.req.valid('json');
    const result = await company.db.transaction().execute(async (trx) => {
      const posted = await addAdjustment(trx, user.id, input, await businessDate(trx));
      await writeLog(trx, { database: company.code, severity: 'CHANGE', message: `Bank adjustment ${posted.in.ref}/${posted.out.ref} of ${input.amount!.toFixed(2)}: ${input.detail}`, identity: user.id, routine: 'bankrec', method: 'POST', apicall: '/bankrec/adjustment', recordKey: posted.in.ref });
      return posted;
    });
    return c.json({ in: result.in.key, out: result.out.key, error: null, data: result, message: `Adjustments ${result.in.ref} and ${result.out.ref} posted` });
  });

  app.get('/report/:id', requires('p_fn_bank'), async (c) => {
    const id = Number(c.req.param('id'));
    if (!Number.isSafeInteger(id) || id <= 0) throw notFound(`Reconciliation ${c.req.param('id').slice(0, 20)} not found`);
    const company = c.get('company');
    const bytes = await reportBytes(company.db, company.name, id);
    return new Response(Buffer.from(bytes), { headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': `inline; filename="Bank reconciliation ${id}.pdf"`, 'Content-Length': String(bytes.byteLength) } });
  });

  app.delete('/:id', requires('p_fn_bank'), async (c) => {
    const id = Number(c.req.param('id'));
    if (!Number.isSafeInteger(id) || id <= 0) throw notFound(`Reconciliation ${c.req.param('id').slice(0, 20)} not found`);
    const company = c.get('company');
    const user = c.get('user');
    const ref = await company.db.transaction().execute(async (trx) => {
      const deleted = await deleteReconciliation(trx, id);
      await writeLog(trx, { database: company.code, severity: 'CHANGE', message: `Reconciliation ${deleted} deleted; its items are unreconciled again`, identity: user.id, routine: 'bankrec', method: 'DELETE', apicall: `/bankrec/${id}`, recordKey: deleted });
      return deleted;
    });
    return c.json({ data: { id, ref }, message: `Reconciliation ${ref} deleted` });
  });

  return app;
}
