import { Hono } from 'hono';
import { BANKING_MESSAGES, bankingType, dateRangeQuery, depositItems, depositQuery } from '../contracts/banking.js';
import { businessDate } from '../ledger/business-date.js';
import type { AppDeps } from '../deps.js';
import { badRequest } from '../http/errors.js';
import type { AppEnv } from '../http/env.js';
import { jsonBody, queryParams } from '../http/validate.js';
import { writeLog } from '../log/system-log.js';
import { toDollars } from '../money/cents.js';
import { createDeposit, deleteDeposit, firstLedgerDate, listDeposits, listUnbanked, slipBytes } from './banking.js';

const pdfResponse = (bytes: Uint8Array, name: string) =>
  new Response(Buffer.from(bytes), { headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': `inline; filename="${name.replace(/[^A-Za-z0-9._ -]/g, '_')}"`, 'Content-Length': String(bytes.byteLength) } });

/** Daily Banking and Banking Review (spec 3 §7 'Banking and reconciliation'), beside the cash book's own routes. */
export function bankingRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const { requires } = deps;

  app.get('/unbanked/:type', requires('p_fn_bank'), async (c) => {
    const type = bankingType.safeParse(c.req.param('type').toUpperCase());
    if (!type.success) throw badRequest('Banking type is CARD or CASH');
    return c.json({ data: await listUnbanked(c.get('company').db, type.data) });
  });

  app.get('/banking', requires('p_fn_bank'), queryParams(dateRangeQuery), async (c) => {
    const db = c.get('company').db;
    const q = c.req.valid('query');
    const from = q.from ?? (await firstLedgerDate(db)) ?? (await businessDate(db));
    const to = q.to ?? (await businessDate(db));
    return c.json({ data: await listDeposits(db, from, to), from, to });
  });

  app.post('/deposit/new', requires('p_fn_bank'), queryParams(depositQuery), jsonBody(depositItems), async (c) => {
    const company = c.get('company');
    const user = c.get('user');
    const date = c.req.valid('query').date!;
    const created = await company.db.transaction().execute(async (trx) => {
      const deposit = await createDeposit(trx, user, company, date, c.req.valid('json'));
      await writeLog(trx, { database: company.code, severity: 'CHANGE', message: `Deposit ${deposit.ref} created: ${toDollars(deposit.amount).toFixed(2)}`, identity: user.id, routine: 'banking', method: 'POST', apicall: '/cashbook/deposit/new', recordKey: deposit.ref });
      return deposit;
    });
    return c.json({ ref: created.ref, data: { ref: created.ref, amount: toDollars(created.amount), archive_id: created.archiveId }, message: BANKING_MESSAGES.created(created.ref) });
  });

  app.delete('/deposit/delete/:ref', requires('p_fn_bank'), async (c) => {
    const company = c.get('company');
    const user = c.get('user');
    const ref = c.req.param('ref');
    await company.db.transaction().execute(async (trx) => {
      await deleteDeposit(trx, ref);
      await writeLog(trx, { database: company.code, severity: 'CHANGE', message: `Deposit ${ref} deleted; its receipts are unbanked again`, identity: user.id, routine: 'banking', method: 'DELETE', apicall: `/cashbook/deposit/delete/${ref}`, recordKey: ref });
    });
    return c.json({ updated: true, data: { banking_ref: ref }, message: `Deposit ${ref} deleted` });
  });

  app.get('/deposit/slip/:ref', requires('p_fn_bank'), async (c) => {
    const company = c.get('company');
    const ref = c.req.param('ref');
    return pdfResponse(await slipBytes(company.db, company.name, ref), `Deposit slip ${ref}.pdf`);
  });

  return app;
}
