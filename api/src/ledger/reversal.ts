import type { Kysely } from 'kysely';
import type { CompanyTables } from '../db/schema.js';
import { ApiError } from '../http/errors.js';
import { businessDate } from './business-date.js';
import { type PostedTxn, openPeriod, postTxn } from './ledger.js';
import { type CashLine, dateInPeriod, reversalOf } from './posting-rules.js';

type Db = Kysely<CompanyTables>;

export const MIN_REASON_LENGTH = 10;

/** A reason's length as the database counts it (characters, not UTF-16 units: an emoji is one), so the check constraint never refuses what passed here. */
export const reasonLength = (reason: string) => [...reason.trim()].length;

/**
 * Reverses a posted txn: a new REVERSAL txn with every line negated, dated the business date kept inside the
 * open period (dateInPeriod), linked to the original, with the reason.
 * Charges the original paid or released become pending again. A reversal may leave a ledger
 * below zero (the money already left); the audit reports that as CRITICAL.
 */
export async function reverseTxn(trx: Db, userId: string, txnId: number, reason: string, today?: string): Promise<PostedTxn> {
  if (reasonLength(reason) < MIN_REASON_LENGTH) throw new ApiError(400, 'A reason is required (min 10 chars)', { errors: [{ path: 'reason', msg: 'A reason is required (min 10 chars)' }] });
  const original = await trx.selectFrom('txn').selectAll().where('id', '=', String(txnId)).forUpdate().executeTakeFirst();
  if (!original) throw new ApiError(404, `Transaction ${txnId} not found`);
  if (original.kind === 'REVERSAL') throw new ApiError(409, `${original.kind} ${original.ref} is itself a reversal and cannot be reversed`);
  if (original.source === 'BKG') throw new ApiError(409, `${original.kind} ${original.ref} came from the booking system and must be reversed there`);
  const already = await trx.selectFrom('txn').select('ref').where('reversal_of', '=', String(txnId)).executeTakeFirst();
  if (already) throw new ApiError(409, `${original.kind} ${original.ref} was already reversed by reversal ${already.ref}`);

  const postings = await trx.selectFrom('posting').selectAll().where('txn_id', '=', String(txnId)).orderBy('id').execute();
  const cash = await trx.selectFrom('cashbook').selectAll().where('txn_id', '=', String(txnId)).orderBy('id').execute();
  const period = await openPeriod(trx);
  const date = dateInPeriod(today ?? (await businessDate(trx)), period);
  const lines = reversalOf(
    postings.map((p) => ({ entity: p.entity, door: p.door, accountId: p.account_id, amount: Number(p.amount), description: p.description, chargeId: p.charge_id === null ? null : Number(p.charge_id) })),
    cash.map((c): CashLine => ({ date: c.date, method: c.method as CashLine['method'], cardType: c.card_type, amount: Number(c.amount), payer: c.payer, payee: c.payee, tranRef: c.tran_ref, sourceRef: c.source_ref })),
    date,
  );
  const reversal = await postTxn(
    trx,
    userId,
    { kind: 'REVERSAL', date, memo: `Reversal of ${original.kind} ${original.ref}: ${reason.trim()}`, source: original.source, sourceRef: original.ref, reversalOf: txnId, reason: reason.trim(), ...lines },
    { allowOverdraw: true },
  );
  await trx.updateTable('charge').set({ status: 'PENDING', released_txn: null }).where('released_txn', '=', String(txnId)).execute();
  return reversal;
}
