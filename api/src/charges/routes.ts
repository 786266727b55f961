import { Hono } from 'hono';
import type { z } from 'zod';
import { CHARGE_MESSAGES, chargeContract, chargeListQuery, chargeLookupQuery, invoiceRangeQuery, releaseContract, releaseQuery } from '../contracts/charges.js';
import type { AppDeps } from '../deps.js';
import { forbidden, notFound } from '../http/errors.js';
import { hasAnyPermission } from '../contracts/permissions.js';
import { listSegment } from '../http/validate.js';
import type { AppEnv } from '../http/env.js';
import { postingTransaction } from '../http/idempotency.js';
import { jsonBody, queryParams } from '../http/validate.js';
import { writeLog } from '../log/system-log.js';
import { formatCents, toDollars } from '../money/cents.js';
import { resolveListPeriod } from '../ledger/list-period.js';
import { cancelCharge, chargeLookup, createCharge, invoiceRange, listCharges, readCharge, updateCharge } from './charges.js';
import { releaseCharges, releaseRows } from './release.js';
import { pdfResponse, printOne } from '../reports/print.js';

const chargeId = (raw: string) => {
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(n) || n <= 0) throw notFound(`Charge ${raw.slice(0, 40)} not found`);
  return n;
};

/** Charges (p_entry_charges) and their release (p_entry_disbursement), spec 2 §7 'Charges and journals', 'Release'. */
export function chargeRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const { requires } = deps;

  // Spec 2's GET /api/charge/list/{query}: the optional segment is a search text (?search= wins
  // over it); with a trailing slash or no segment the list answers the same.
  const list = async (c: any) => {
    const db = c.get('company').db;
    const query = c.req.valid('query') as z.infer<typeof chargeListQuery>;
    const { rows, total, amount } = await listCharges(db, await resolveListPeriod(db, { ...query, search: query.search ?? listSegment(c.req.param('query')) }));
    return c.json({ data: rows, total, amount });
  };
  for (const path of ['/list', '/list/', '/list/:query']) app.get(path, requires('p_entry_charges'), queryParams(chargeListQuery), list);

  app.get('/full/:id', requires('p_entry_charges'), async (c) => {
    const charge = await readCharge(c.get('company').db, chargeId(c.req.param('id')));
    if (!charge) throw notFound(`Charge ${c.req.param('id')} not found`);
    return c.json({ data: charge });
  });

  // The charge's invoice or memo as a PDF (Print Invoice / Print Memo), the layout of Reports' Invoices.
  app.get('/print/:id', requires('p_entry_charges'), async (c) => {
    const db = c.get('company').db;
    const charge = await db.selectFrom('charge').select('ref').where('id', '=', String(chargeId(c.req.param('id')))).executeTakeFirst();
    if (!charge) throw notFound(`Charge ${c.req.param('id').slice(0, 40)} not found`);
    return pdfResponse(await printOne(c.get('company'), c.get('user'), 'invoice', charge.ref));
  });

  const lookup = async (c: any) => {
    const { payer, exclude } = c.req.valid('query') as { payer: string; exclude?: string };
    const refs = (exclude ?? '').split(',').map((s) => s.trim()).filter(Boolean);
    return c.json({ data: await chargeLookup(c.get('company').db, payer, refs) });
  };
  // A payer's open charges: the charges screen's, and the receipt clerk's choosing what a receipt
  // pays (issue 17: p_entry_receipts alone must be enough; the 403 logged the clerk out).
  const lookupAccess = async (c: any, next: () => Promise<void>) => {
    if (!hasAnyPermission(c.get('user').permissions, ['p_entry_charges', 'p_entry_receipts'])) throw forbidden('Permission p_entry_charges or p_entry_receipts is required');
    await next();
  };
  app.get('/lookup', requires('company'), lookupAccess, queryParams(chargeLookupQuery), lookup);
  app.get('/lookup/', requires('company'), lookupAccess, queryParams(chargeLookupQuery), lookup);

  app.get('/invoicerange', requires('p_entry_charges'), queryParams(invoiceRangeQuery), async (c) => {
    const { year, month } = c.req.valid('query');
    return c.json({ data: await invoiceRange(c.get('company').db, year, month) });
  });

  app.get('/release', requires('p_entry_disbursement'), queryParams(releaseQuery), async (c) => {
    return c.json({ data: await releaseRows(c.get('company').db, c.req.valid('query').entity || undefined) });
  });

  app.post('/release', requires('p_entry_disbursement'), jsonBody(releaseContract), async (c) => {
    const selections = c.req.valid('json');
    const user = c.get('user');
    const company = c.get('company');
    return postingTransaction(c, async (trx) => {
      const result = await releaseCharges(trx, user.id, selections);
      await writeLog(trx, {
        database: company.code, severity: 'CHANGE', identity: user.id, routine: 'charge', method: 'POST', apicall: '/charge/release',
        message: `Released ${result.released} charge${result.released === 1 ? '' : 's'} (${result.refs.join(', ')}) totalling $${(result.total / 100).toFixed(2)}`,
      });
      return {
        body: {
          data: { released: result.released, total: toDollars(result.total), refs: result.refs, note: CHARGE_MESSAGES.releaseNote },
          message: `${result.released} charge${result.released === 1 ? '' : 's'} released totalling ${formatCents(result.total)}`,
        },
      };
    });
  });

  app.post('/', requires('p_entry_charges'), jsonBody(chargeContract), async (c) => {
    const input = c.req.valid('json');
    const user = c.get('user');
    const company = c.get('company');
    return postingTransaction(c, async (trx) => {
      const id = await createCharge(trx, user.id, input);
      const after = await readCharge(trx, id);
      await writeLog(trx, { database: company.code, severity: 'CHANGE', identity: user.id, routine: 'charge', method: 'POST', apicall: `/charge/${id}`, recordKey: after!.ref, message: `Charge ${after!.ref} created`, after });
      return { body: { data: after!, message: 'Record Created' } };
    });
  });

  app.put('/:id', requires('p_entry_charges'), jsonBody(chargeContract), async (c) => {
    const id = chargeId(c.req.param('id'));
    const input = c.req.valid('json');
    const user = c.get('user');
    const company = c.get('company');
    const updated = await company.db.transaction().execute(async (trx) => {
      const before = await readCharge(trx, id);
      if (!before) throw notFound(`Charge ${id} not found`);
      await updateCharge(trx, id, input);
      const after = await readCharge(trx, id);
      await writeLog(trx, { database: company.code, severity: 'CHANGE', identity: user.id, routine: 'charge', method: 'PUT', apicall: `/charge/${id}`, recordKey: before.ref, message: `Charge ${before.ref} updated`, before, after });
      return after!;
    });
    return c.json({ data: updated, message: 'Record Updated' });
  });

  app.delete('/:id', requires('p_entry_charges'), async (c) => {
    const id = chargeId(c.req.param('id'));
    const user = c.get('user');
    const company = c.get('company');
    const ref = await company.db.transaction().execute(async (trx) => {
      const before = await readCharge(trx, id);
      if (!before) throw notFound(`Charge ${id} not found`);
      await cancelCharge(trx, id);
      const after = await readCharge(trx, id);
      await writeLog(trx, { database: company.code, severity: 'CHANGE', identity: user.id, routine: 'charge', method: 'DELETE', apicall: `/charge/${id}`, recordKey: before.ref, message: `Charge ${before.ref} cancelled`, before, after });
      return before.ref;
    });
    return c.json({ data: { id, ref, status: 'CANCELLED' }, message: 'Record Deleted.' });
  });

  return app;
}

