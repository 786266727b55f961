import type { Kysely } from 'kysely';
import type { PaymentInput } from '../contracts/cashbook.js';
import type { CompanyTables } from '../db/schema.js';
import { ApiError, badRequest, conflict } from '../http/errors.js';
import { type PostedTxn, openPeriod, postTxn, trustBalance } from '../ledger/ledger.js';
import { formatCents, toCents } from '../money/cents.js';

type Db = Kysely<CompanyTables>;


async function setting(trx: Db, key: string): Promise<string> {
  const row = await trx.selectFrom('control_setting').select('value').where('key', '=', key).executeTakeFirst();
  if (typeof row?.value !== 'string' || !row.value) throw new ApiError(409, `The control setting ${key} is not set: complete Setup / Control first`);
  return row.value;
}

/** Posted history cannot be edited: a POST naming an existing record is refused. */
export async function refuseEdit(trx: Db, id: string, label: 'Receipt' | 'Payment') {
  const found = /^\d+$/.test(id) ? await trx.selectFrom('txn').select(['kind', 'ref']).where('id', '=', id).executeTakeFirst() : undefined;
  if (!found) throw new ApiError(404, `${label} ${id} not found: leave the id out to enter a new ${label.toLowerCase()}`);
  throw conflict(`${label} ${found.ref} is posted and cannot be edited: reverse it (with a reason) and enter a new ${label.toLowerCase()}`);
}

/** Receipts and payments are dated in the open period: not before it (closed) nor after it. */
export function assertInOpenPeriod(period: { first: string; last: string }, date: string) {
  if (date < period.first) throw new ApiError(409, `The period of ${date} is closed: postings must be dated on or after ${period.first}`);
  if (date > period.last) {
    throw badRequest(`Date ${date} is after the open period (${period.first} to ${period.last}); it can be entered after month end`, { errors: [{ path: 'date', msg: 'Date is after the open period' }] });
  }
}

/** The first line of a multi-line payer text (name, then address lines). */
export const firstLine = (text: string | null) => (text ? (text.split(/\r?\n/)[0] ?? '').trim() : null);

/**
 * Posts a payment (spec 2 §3 'Payment'): cash out of a BUSINESS, OWNER (by door) or SUPPLIER
 * ledger on the disbursement account, by EFT or cheque, never beyond the payer's balance. The
 * ledger engine refuses the overdraw under its row locks (so two concurrent payments cannot both
 * spend the same dollars); the refusal here adds the available balance to the message.
 */
export async function postPayment(trx: Db, userId: string, input: PaymentInput): Promise<PostedTxn> {
  if (input.id) await refuseEdit(trx, input.id, 'Payment');
  assertInOpenPeriod(await openPeriod(trx), input.date);
  const code = input.payer_entity!;
  const entity = await trx.selectFrom('entity').selectAll().where('code', '=', code).executeTakeFirst();
  if (!entity) throw badRequest(`Unknown payer entity ${code}`, { errors: [{ path: 'payer_entity', msg: 'Payer Entity is required' }] });
  if (entity.type !== input.payer_type) throw badRequest(`Payer ${code} is ${entity.type}, not ${input.payer_type}`, { errors: [{ path: 'payer_type', msg: `Payer is ${entity.type}` }] });
  let door: string | null = null;
  if (entity.type === 'OWNER') {
    door = input.door;
    if (!door) {
      const unit = await trx.selectFrom('unit').select('door').where('entity', '=', code).executeTakeFirst();
      if (unit) throw badRequest('Door is required for an owner payment', { errors: [{ path: 'door', msg: 'Door is required' }] });
    }
  }
  const cents = toCents(input.amount);
  const payee = input.payee ?? entity.bank_account_name ?? entity.name;
  try {
    const posted = await postTxn(trx, userId, {
      kind: 'PAYMENT',
      date: input.date,
      memo: input.memo,
      source: 'MANUAL',
      sourceRef: input.source_ref,
      postings: [{ entity: code, door, accountId: await setting(trx, 'disburse_account'), amount: -cents, description: input.memo }],
      cashbook: [{ date: input.date, method: input.method, amount: -cents, payee, tranRef: input.tran_ref, sourceRef: input.source_ref }],
    });
    await trx.insertInto('cashbook_detail').values({ txn_id: String(posted.id), payer_type: input.payer_type, payer_entity: code, door, surcharge: 0, surcharge_rate: 0 }).execute();
    return posted;
  } catch (e) {
    if (e instanceof ApiError && e.status === 409 && e.message.startsWith('OVERDRAWN ACCOUNTS NOTICE!')) {
      // The engine refused before writing anything, so this transaction can still be read.
      const total = await trustBalance(trx, code);
      const available = door ? Math.min(total, await trustBalance(trx, code, door)) : total;
      const who = door ? `${code} (${door})` : code;
      throw new ApiError(409, `OVERDRAWN ACCOUNTS NOTICE! A payment of ${formatCents(cents)} exceeds the available balance of ${formatCents(Math.max(available, 0))} for ${who}`, {
        ...e.extra,
        available: available / 100,
        errors: [{ path: 'amount', msg: `The available balance is ${formatCents(Math.max(available, 0))}` }],
      });
    }
    throw e;
  }
}
