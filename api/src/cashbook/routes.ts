import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import { type ReceiptRentView, cashbookListQuery, paymentContract, receiptContract, receiptRangeQuery, REVERSAL_REASON_MESSAGE, MIN_REVERSAL_REASON } from '../contracts/cashbook.js';
import { hasPermission } from '../contracts/permissions.js';
import { assertAnyPermission } from '../http/guard.js';
import type { AppDeps } from '../deps.js';
import { ApiError, badRequest, forbidden, notFound } from '../http/errors.js';
import type { AppEnv } from '../http/env.js';
import { IDEMPOTENCY_HEADER, postingTransaction } from '../http/idempotency.js';
import { jsonBody, queryParams } from '../http/validate.js';
import { deleteNewestReceipt, voidReceipts } from '../ledger/receipt-delete.js';
import { periodBounds } from '../ledger/posting-rules.js';
import { reasonLength, reverseTxn } from '../ledger/reversal.js';
import { writeLog } from '../log/system-log.js';
import { postPayment } from './post.js';
import { receiptQueue } from './receipt-queue.js';
import { resolveListPeriod } from '../ledger/list-period.js';
import { cashKindOf, listCashbook, readCashbook, readReceipts, receiptRange } from './queries.js';
import { postPreparedReceipts, prepareReceipts } from './receipts.js';
import { pdfResponse, printOne, printPayment } from '../reports/print.js';
import type { CompanyTables } from '../db/schema.js';
import { toDollars } from '../money/cents.js';
import { rentOfReceipt } from '../tenancies/tenancies.js';

/**
 * A receipt that paid charges answers the rent account of each tenancy whose rent it paid (spec 3
 * §2: the paid-to date and the state of the rent account), for the screen's confirmation; other
 * receipts answer as before without another query.
 */
async function withRent<R extends { id: number | string }>(db: Kysely<CompanyTables>, input: { items: readonly { selector: string }[] }, record: R): Promise<R & { rent?: ReceiptRentView[] }> {
  if (!input.items.some((i) => i.selector === 'CHARGE')) return record;
  const { states } = await rentOfReceipt(db, String(record.id));
  if (!states.length) return record;
  return {
    ...record,
    rent: states.map((s) => ({
      tenancy_id: s.tenancy_id, door: s.door, paid_to: s.paid_to, arrears: toDollars(s.arrears),
      next_due: s.next_due ? { date: s.next_due.date, amount: toDollars(s.next_due.amount) } : null,
    })),
  };
}

const FLAG = { RECEIPT: 'p_entry_receipts', PAYMENT: 'p_entry_payments' } as const;
const LABEL = { RECEIPT: 'Receipt', PAYMENT: 'Payment' } as const;

/** The cash book (spec 2 §7 'Cash book'): receipts, payments, reversals and the newest-receipt delete. */
export function cashbookRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const { requires } = deps;

  // The lists are read by the Receipts or Payments screen (their entry flag) and by Accounts'
  // Receipts and Payments ledger (p_fn_ReceiptsAndPayments, read only; issue 17).
  for (const kind of ['RECEIPT', 'PAYMENT'] as const) {
    app.get(`/${kind.toLowerCase()}/list`, requires('company'), queryParams(cashbookListQuery), async (c) => {
      assertAnyPermission(c, [FLAG[kind], 'p_fn_ReceiptsAndPayments']);
      const db = c.get('company').db;
      return c.json(await listCashbook(db, kind, await resolveListPeriod(db, c.req.valid('query'))));
    });
  }

  app.get('/receiptrange', requires('p_entry_receipts'), queryParams(receiptRangeQuery), async (c) => {
    const { year, month } = c.req.valid('query');
    const db = c.get('company').db;
    // The month's receipt numbers, and the void ones among them shown as cancelled with their reasons.
    const { first, last } = periodBounds(year, month);
    return c.json({ data: { ...(await receiptRange(db, year, month)), voided: await voidReceipts(db, first, last) } });
  });

  // One guard ('company'), then the flag of what the record is: receipts or payments.
  app.get('/read/:id', requires('company'), async (c) => {
    const db = c.get('company').db;
    const what = await cashKindOf(db, c.req.param('id'));
    if (!what?.cashKind) throw notFound(`Receipt or payment ${c.req.param('id').slice(0, 20)} not found`);
    if (!hasPermission(c.get('user').permissions, FLAG[what.cashKind])) throw forbidden(`Permission ${FLAG[what.cashKind]} is required to read ${LABEL[what.cashKind].toLowerCase()}s`);
    return c.json({ data: await readCashbook(db, c.req.param('id'), what.cashKind) });
  });

  // A receipt's Trust Account Receipt or a payment's invoice or memo as a PDF (the Print buttons),
  // under the flag of what the record is, as /read/{id}: the receipt clerk prints receipts.
  app.get('/print/:id', requires('company'), async (c) => {
    const company = c.get('company');
    const what = await cashKindOf(company.db, c.req.param('id'));
    if (!what || (what.kind !== 'RECEIPT' && what.kind !== 'PAYMENT')) throw notFound(`Receipt or payment ${c.req.param('id').slice(0, 20)} not found`);
    if (!hasPermission(c.get('user').permissions, FLAG[what.kind])) throw forbidden(`Permission ${FLAG[what.kind]} is required to print ${LABEL[what.kind].toLowerCase()}s`);
    return pdfResponse(what.kind === 'RECEIPT' ? await printOne(company, c.get('user'), 'receipts', what.ref) : await printPayment(company, c.req.param('id')));
  });

  app.post('/receipt', requires('p_entry_receipts', { lockCheckedInTransaction: true }), jsonBody(receiptContract), async (c) => {
    const input = c.req.valid('json');
    if (c.req.header(IDEMPOTENCY_HEADER) !== undefined) {
      // A keyed receipt posts in its own transaction, so its key row commits with it (http/idempotency.ts).
      return postingTransaction(c, async (trx) => {
        const [outcome] = await postPreparedReceipts(trx, await prepareReceipts(trx, [{ userId: c.get('user').id, input }]));
        if (!outcome!.ok) throw outcome!.error;
        const [record] = await readReceipts(trx, [String(outcome!.value.id)]);
        return { body: { data: await withRent(trx, input, record!), message: `Receipt ${outcome!.value.ref} posted` } };
      });
    }
    // Through the company's receipt queue: concurrent receipts are group-committed (receipt-queue.ts).
    const { posted, record } = await receiptQueue(c.get('company').db).submit(c.get('user').id, input);
    return c.json({ data: await withRent(c.get('company').db as never, input, record), message: `Receipt ${posted.ref} posted` });
  });

  app.post('/payment', requires('p_entry_payments'), jsonBody(paymentContract), async (c) => {
    const input = c.req.valid('json');
    return postingTransaction(c, async (trx) => {
      const posted = await postPayment(trx, c.get('user').id, input);
      return { body: { data: await readCashbook(trx, String(posted.id), 'PAYMENT'), message: `Payment ${posted.ref} posted` } };
    });
  });

  app.post('/reverse/:id', requires('company'), async (c) => {
    const company = c.get('company');
    const id = c.req.param('id');
    const what = await cashKindOf(company.db, id);
    if (!what) throw notFound(`Receipt or payment ${id.slice(0, 20)} not found`);
    if (what.kind === 'REVERSAL') throw new ApiError(409, `Reversal ${what.ref} is itself a reversal and cannot be reversed`);
    if (what.kind !== 'RECEIPT' && what.kind !== 'PAYMENT') throw new ApiError(409, `${what.kind} ${what.ref} is not a receipt or payment; reverse it from its own screen`);
    if (!hasPermission(c.get('user').permissions, FLAG[what.kind])) throw forbidden(`Permission ${FLAG[what.kind]} is required to reverse ${LABEL[what.kind].toLowerCase()}s`);
    const reason = (c.req.query('reason') ?? (await bodyReason(c.req)) ?? '').trim();
    if (reasonLength(reason) < MIN_REVERSAL_REASON) throw badRequest(REVERSAL_REASON_MESSAGE, { errors: [{ path: 'reason', msg: REVERSAL_REASON_MESSAGE }] });
    const label = `${LABEL[what.kind]} ${what.ref}`;
    const reversal = await company.db.transaction().execute(async (trx) => {
      const cash = await trx.selectFrom('cashbook').select('id').where('txn_id', '=', id).execute();
      if (cash.length) {
        const reconciled = await trx.selectFrom('reconcile_item').select('cashbook_id').where('cashbook_id', 'in', cash.map((x) => x.id)).executeTakeFirst();
        if (reconciled) throw new ApiError(409, `${label} is reconciled and cannot be reversed`);
      }
      return reverseTxn(trx, c.get('user').id, Number(id), reason);
    });
    return c.json({ data: { ref: what.ref, reversal_ref: reversal.ref }, message: `${label} reversed by reversal ${reversal.ref}` });
  });

  app.delete('/:id', requires('p_entry_receipts'), async (c) => {
    const company = c.get('company');
    const user = c.get('user');
    const id = c.req.param('id');
    const what = await cashKindOf(company.db, id);
    if (!what) throw notFound(`Receipt ${id.slice(0, 20)} not found`);
    const reason = (c.req.query('reason') ?? (await bodyReason(c.req.raw)) ?? '').trim();
    if (reasonLength(reason) < MIN_REVERSAL_REASON) throw badRequest(REVERSAL_REASON_MESSAGE, { errors: [{ path: 'reason', msg: REVERSAL_REASON_MESSAGE }] });
    const deleted = await company.db.transaction().execute(async (trx) => {
      const before = what.kind === 'RECEIPT' ? await readCashbook(trx, id, 'RECEIPT') : null;
      const removed = await deleteNewestReceipt(trx, Number(id), reason, user.id);
      await writeLog(trx, {
        database: company.code,
        severity: 'CHANGE',
        message: `Receipt ${removed.ref} deleted (${reason}); receipt number ${removed.ref} stays void${removed.reopenedCharges.length ? `; charges ${removed.reopenedCharges.join(', ')} pending again` : ''}`,
        identity: user.id,
        routine: 'receipt',
        method: 'DELETE',
        apicall: `/cashbook/${id}`,
        recordKey: removed.ref,
        before: { ...before, postings: removed.postings, cashbook: removed.cashbook },
      });
      return removed;
    });
    return c.json({ data: { id: deleted.id, ref: deleted.ref }, message: `Receipt ${deleted.ref} deleted; its number stays void` });
  });

  return app;
}

/** The reason from a JSON body `{ reason }`, when the screen sends one. */
async function bodyReason(req: { text(): Promise<string> }): Promise<string | null> {
  const text = await req.text().catch(() => '');
  if (!text) return null;
  try {
    const parsed = JSON.parse(text) as unknown;
    return parsed && typeof parsed === 'object' && typeof (parsed as { reason?: unknown }).reason === 'string' ? (parsed as { reason: string }).reason : null;
  } catch {
    throw badRequest('The body must be JSON: { "reason": "..." }');
  }
}
