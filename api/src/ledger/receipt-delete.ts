import { type Kysely, sql } from 'kysely';
import type { CompanyTables } from '../db/schema.js';
import { centsOf } from '../money/cents.js';
import { ApiError } from '../http/errors.js';
import { openPeriod, overdrawError } from './ledger.js';
import { MIN_REASON_LENGTH, reasonLength } from './reversal.js';
import { balanceChanges, overdrawnBy } from './posting-rules.js';

type Db = Kysely<CompanyTables>;

export interface DeletedReceipt {
  id: number;
  ref: string;
  date: string;
  memo: string;
  source: string;
  postings: { entity: string; door: string | null; account_id: string; amount: number; description: string; charge_id: number | null }[];
  cashbook: { id: number; date: string; method: string; card_type: string | null; amount: number; payer: string | null; tran_ref: string | null; source_ref: string | null }[];
  /** Charges the receipt paid, pending again. */
  reopenedCharges: string[];
}

/**
 * The one exception to immutable history (design/ledger.md invariant 4): the newest receipt,
 * not banked, not reconciled, not reversed, in the open period, may be deleted, with a reason.
 * Its number is never issued again (issue 8 item 11): it stays void in receipt_void with the
 * reason, and the registers show it as cancelled, so the numbers stay gapless counting voids and
 * a printed Trust Account Receipt never denotes two receipts. In the caller's transaction it
 * locks the txn, the balance rows of every party involved (in key order, as postTxn does) and the
 * RECEIPT number sequence; it re-opens the charges the receipt paid, takes its money back out of
 * the ledgers (refusing if that would overdraw anyone: the money was already used, so it must be
 * reversed instead), and deletes its lines, cash line and txn with the immutability trigger
 * unlocked for those statements only. Anything refused is a 4xx with the reason; nothing is changed.
 */
export async function deleteNewestReceipt(trx: Db, txnId: number, reason: string, userId: string): Promise<DeletedReceipt> {
  if (reasonLength(reason) < MIN_REASON_LENGTH) throw new ApiError(400, 'A reason is required (min 10 chars)', { errors: [{ path: 'reason', msg: 'A reason is required (min 10 chars)' }] });
  const id = String(txnId);
  const txn = await trx.selectFrom('txn').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!txn) throw new ApiError(404, `Receipt ${txnId} not found`);
  if (txn.kind !== 'RECEIPT') throw new ApiError(409, `Only receipts can be deleted; ${txn.kind.toLowerCase()} ${txn.ref} must be reversed instead`);
  const label = `Receipt ${txn.ref}`;
  if (txn.source === 'BKG') throw new ApiError(409, `${label} came from the booking system and must be reversed there`);
  const reversal = await trx.selectFrom('txn').select('ref').where('reversal_of', '=', id).executeTakeFirst();
  if (reversal) throw new ApiError(409, `${label} was reversed (reversal ${reversal.ref}) and cannot be deleted`);

  const cash = await trx.selectFrom('cashbook').selectAll().where('txn_id', '=', id).orderBy('id').execute();
  const cashIds = cash.map((c) => c.id);
  if (cashIds.length) {
    const reconciled = await trx.selectFrom('reconcile_item').select('cashbook_id').where('cashbook_id', 'in', cashIds).executeTakeFirst();
    if (reconciled) throw new ApiError(409, `${label} is reconciled and cannot be deleted; reverse it instead`);
    const banked = await trx.selectFrom('deposit_item').select('banking_ref').where('cashbook_id', 'in', cashIds).executeTakeFirst();
    if (banked) throw new ApiError(409, `${label} is banked (deposit ${banked.banking_ref}) and cannot be deleted; reverse it instead`);
  }
  const period = await openPeriod(trx);
  if (txn.date < period.first) throw new ApiError(409, `${label} is in a closed period and cannot be deleted; reverse it instead`);

  const postings = await trx.selectFrom('posting').selectAll().where('txn_id', '=', id).orderBy('id').execute();
  const entityCodes = [...new Set(postings.map((p) => p.entity))].sort();
  const entities = entityCodes.length ? await trx.selectFrom('entity').select(['code', 'type']).where('code', 'in', entityCodes).execute() : [];
  const typeOf = new Map(entities.map((e) => [e.code, e.type]));
  // The delete takes the receipt's money back out of each ledger it credited.
  const changes = balanceChanges(
    postings.map((p) => ({ entity: p.entity, door: p.door, accountId: p.account_id, amount: -Number(p.amount), description: p.description })),
    (e) => typeOf.get(e) ?? '',
  );
  const current = entityCodes.length
    ? await trx.selectFrom('ledger_balance').select(['entity', 'door', 'balance']).where('entity', 'in', entityCodes).orderBy('entity').orderBy('door').forUpdate().execute()
    : [];

  // Newest: checked under the sequence's row lock, so no receipt can be numbered meanwhile.
  const seq = await trx.selectFrom('number_sequence').select('last_value').where('kind', '=', 'RECEIPT').forUpdate().executeTakeFirstOrThrow();
  if (String(seq.last_value) !== txn.ref) {
    throw new ApiError(409, `${label} is not the newest receipt (the newest is ${String(seq.last_value)}); only the newest receipt can be deleted, reverse this one instead`);
  }
  const overdrawn = overdrawnBy(current.map((r) => ({ entity: r.entity, door: r.door, balance: Number(r.balance) })), changes);
  if (overdrawn.length) {
    const e = overdrawError(overdrawn);
    throw new ApiError(409, `${label} cannot be deleted: its money has already been used. ${e.message}; reverse it instead`, e.extra);
  }

  const reopened = await trx.updateTable('charge').set({ status: 'PENDING', released_txn: null }).where('released_txn', '=', id).returning('ref').execute();

  await sql`select set_config('oa.allow_receipt_delete', 'on', true)`.execute(trx);
  await trx.deleteFrom('receipt_item').where('txn_id', '=', id).execute();
  await trx.deleteFrom('cashbook_detail').where('txn_id', '=', id).execute();
  await trx.deleteFrom('posting').where('txn_id', '=', id).execute();
  await trx.deleteFrom('cashbook').where('txn_id', '=', id).execute();
  await trx.deleteFrom('txn').where('id', '=', id).execute();
  await sql`select set_config('oa.allow_receipt_delete', 'off', true)`.execute(trx);

  for (const [key, change] of changes) {
    const [entity, door] = key.split('\u0000') as [string, string];
    await trx.updateTable('ledger_balance').set({ balance: sql`balance + ${change}` }).where('entity', '=', entity).where('door', '=', door).execute();
  }
  await trx.insertInto('receipt_void').values({
    ref: txn.ref, date: txn.date, amount: String(cash.reduce((a, c) => a + Number(c.amount), 0)), payer: cash[0]?.payer ?? null, memo: txn.memo,
    reason: reason.trim(), user_id: userId,
  }).execute();

  return {
    id: txnId,
    ref: txn.ref,
    date: txn.date,
    memo: txn.memo,
    source: txn.source,
    postings: postings.map((p) => ({ entity: p.entity, door: p.door, account_id: p.account_id, amount: Number(p.amount), description: p.description, charge_id: p.charge_id === null ? null : Number(p.charge_id) })),
    cashbook: cash.map((c) => ({ id: Number(c.id), date: c.date, method: c.method, card_type: c.card_type, amount: Number(c.amount), payer: c.payer, tran_ref: c.tran_ref, source_ref: c.source_ref })),
    reopenedCharges: reopened.map((r) => r.ref),
  };
}

export interface VoidReceipt { ref: string; date: string; amount: number; payer: string | null; memo: string; reason: string; user_id: string }

/** The void receipt numbers dated from..to (inclusive), for the registers: each shown as cancelled with its reason. */
export async function voidReceipts(db: Db, from: string, to: string): Promise<VoidReceipt[]> {
  const rows = await db.selectFrom('receipt_void').select(['ref', 'date', 'amount', 'payer', 'memo', 'reason', 'user_id'])
    .where('date', '>=', from).where('date', '<=', to).orderBy(sql`length(ref)`).orderBy('ref').execute();
  return rows.map((r) => ({ ...r, amount: centsOf(r.amount) / 100 }));
}
