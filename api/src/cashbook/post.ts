import type { Kysely } from 'kysely';
import type { PaymentInput, ReceiptInput } from '../contracts/cashbook.js';
import type { CompanyTables } from '../db/schema.js';
import { ApiError, badRequest, conflict } from '../http/errors.js';
import { type PostedTxn, openPeriod, postTxn, trustBalance } from '../ledger/ledger.js';
import { type PostingLine, percentOf } from '../ledger/posting-rules.js';
import { formatCents, toCents } from '../money/cents.js';

type Db = Kysely<CompanyTables>;


async function setting(trx: Db, key: string): Promise<string> {
  const row = await trx.selectFrom('control_setting').select('value').where('key', '=', key).executeTakeFirst();
  if (typeof row?.value !== 'string' || !row.value) throw new ApiError(409, `The control setting ${key} is not set: complete Setup / Control first`);
  return row.value;
}

/** Posted history cannot be edited: a POST naming an existing record is refused. */
async function refuseEdit(trx: Db, id: string, label: 'Receipt' | 'Payment') {
  const found = /^\d+$/.test(id) ? await trx.selectFrom('txn').select(['kind', 'ref']).where('id', '=', id).executeTakeFirst() : undefined;
  if (!found) throw new ApiError(404, `${label} ${id} not found: leave the id out to enter a new ${label.toLowerCase()}`);
  throw conflict(`${label} ${found.ref} is posted and cannot be edited: reverse it (with a reason) and enter a new ${label.toLowerCase()}`);
}

/** Receipts and payments are dated in the open period: not before it (closed) nor after it. */
async function assertInOpenPeriod(trx: Db, date: string) {
  const period = await openPeriod(trx);
  if (date > period.last) {
    throw badRequest(`Date ${date} is after the open period (${period.first} to ${period.last}); it can be entered after month end`, { errors: [{ path: 'date', msg: 'Date is after the open period' }] });
  }
}

/** The first line of a multi-line payer text (name, then address lines). */
export const firstLine = (text: string | null) => (text ? (text.split(/\r?\n/)[0] ?? '').trim() : null);

/**
 * Posts a receipt (spec 2 §3 'Receipt'; design/ledger.md 'Receipt'): one RECEIPT txn numbered
 * from the gapless RECEIPT sequence. Each CHARGE item pays a pending charge in full (its money
 * goes to the charge items' recipients by account, and the charge becomes RELEASED by this txn);
 * each ACCOUNT item credits its party and door on that account. A card receipt adds the card
 * type's payer surcharge (rounded once) to the bank line and credits it to BUSINESS on the
 * surcharge account. One cash line carries the total.
 */
export async function postReceipt(trx: Db, userId: string, input: ReceiptInput): Promise<PostedTxn> {
  if (input.id) await refuseEdit(trx, input.id, 'Receipt');
  await assertInOpenPeriod(trx, input.date);

  let payerEntity: string | null = null;
  let payerText = input.payer;
  if (input.payer_type !== 'OTHER') {
    const entity = await trx.selectFrom('entity').select(['code', 'type', 'name']).where('code', '=', input.payer_entity!).executeTakeFirst();
    if (!entity) throw badRequest(`Unknown payer entity ${input.payer_entity}`, { errors: [{ path: 'payer_entity', msg: 'Payer Entity is required' }] });
    if (entity.type !== input.payer_type) throw badRequest(`Payer ${entity.code} is ${entity.type}, not ${input.payer_type}`, { errors: [{ path: 'payer_type', msg: `Payer is ${entity.type}` }] });
    payerEntity = entity.code;
    payerText ??= entity.name;
  }

  const itemEntities = [...new Set(input.items.map((i) => i.entity))];
  const known = await trx.selectFrom('entity').select('code').where('code', 'in', itemEntities).execute();
  const unknown = itemEntities.filter((e) => !known.some((k) => k.code === e));
  if (unknown.length) throw badRequest(`Unknown part${unknown.length > 1 ? 'ies' : 'y'}: ${unknown.join(', ')}`);
  const itemDoors = [...new Set(input.items.map((i) => i.door).filter((d): d is string => !!d))];
  if (itemDoors.length) {
    const units = await trx.selectFrom('unit').select('door').where('door', 'in', itemDoors).execute();
    const missing = itemDoors.filter((d) => !units.some((u) => u.door === d));
    if (missing.length) throw badRequest(`Unknown door ${missing.join(', ')}`);
  }

  const postings: PostingLine[] = [];
  const paidCharges: string[] = [];
  const items: { line: number; selector: string; ref: string; entity: string; door: string | null; description: string; amount: number; charge_id: string | null }[] = [];
  let total = 0;
  for (const [index, item] of input.items.entries()) {
    const cents = toCents(item.amount);
    total += cents;
    const line = index + 1;
    if (item.selector === 'CHARGE') {
      const chargeId = /^\d+$/.test(item.ref) ? item.ref : null;
      const charge = chargeId ? await trx.selectFrom('charge').selectAll().where('id', '=', chargeId).forUpdate().executeTakeFirst() : undefined;
      if (!charge) throw badRequest(`Line ${line}: charge ${item.ref} not found`);
      if (paidCharges.includes(charge.id)) throw badRequest(`Line ${line}: charge ${charge.ref} is already paid by another line of this receipt`);
      if (charge.status !== 'PENDING') throw conflict(`Line ${line}: charge ${charge.ref} is ${charge.status.toLowerCase()}, not pending, so this receipt cannot pay it`);
      if (charge.entity !== payerEntity && charge.entity !== item.entity) {
        throw conflict(`Line ${line}: charge ${charge.ref} is payable by ${charge.entity}, not by ${payerEntity ?? item.entity}`);
      }
      const chargeItems = await trx.selectFrom('charge_item').selectAll().where('charge_id', '=', charge.id).orderBy('id').execute();
      const chargeTotal = chargeItems.reduce((a, ci) => a + Number(ci.amount), 0);
      if (cents !== chargeTotal) {
        throw badRequest(`Line ${line}: the amount ${formatCents(cents)} must equal the total of charge ${charge.ref}, ${formatCents(chargeTotal)}: a receipt pays a charge in full`, {
          errors: [{ path: `items.${index}.amount`, msg: `Must equal the charge total ${formatCents(chargeTotal)}` }],
        });
      }
      for (const ci of chargeItems) {
        postings.push({
          entity: ci.recipient_entity,
          door: ci.door ?? (ci.recipient_entity === charge.recipient ? charge.recipient_door : null),
          accountId: ci.account_id,
          amount: Number(ci.amount),
          description: ci.description || item.description,
          chargeId: Number(charge.id),
        });
      }
      paidCharges.push(charge.id);
      items.push({ line, selector: 'CHARGE', ref: charge.id, entity: item.entity, door: item.door ?? charge.door, description: item.description, amount: cents, charge_id: charge.id });
    } else {
      postings.push({ entity: item.entity, door: item.door, accountId: item.ref.toUpperCase(), amount: cents, description: item.description });
      items.push({ line, selector: 'ACCOUNT', ref: item.ref.toUpperCase(), entity: item.entity, door: item.door, description: item.description, amount: cents, charge_id: null });
    }
  }

  let surcharge = 0;
  let surchargeRate = 0;
  let cardType: string | null = null;
  if (input.method === 'CARD') {
    const card = await trx.selectFrom('card_type').selectAll().where('code', '=', input.card_type!).executeTakeFirst();
    if (!card || card.inactive) throw badRequest(`Card Type ${input.card_type} does not exist`, { errors: [{ path: 'card_type', msg: 'Card Type does not exist' }] });
    cardType = card.code;
    surchargeRate = card.surcharge_payer;
    surcharge = percentOf(total, surchargeRate);
    if (surcharge > 0) {
      postings.push({ entity: 'BUSINESS', door: null, accountId: await setting(trx, 'surcharge_account'), amount: surcharge, description: `Card surcharge ${surchargeRate / 100}% (${card.code})` });
    }
  }

  const posted = await postTxn(trx, userId, {
    kind: 'RECEIPT',
    date: input.date,
    memo: input.memo,
    source: 'MANUAL',
    sourceRef: input.source_ref,
    postings,
    cashbook: [{ date: input.date, method: input.method, cardType, amount: total + surcharge, payer: payerText, tranRef: input.tran_ref, sourceRef: input.source_ref }],
  });
  const txnId = String(posted.id);
  await trx.insertInto('cashbook_detail').values({ txn_id: txnId, payer_type: input.payer_type, payer_entity: payerEntity, door: null, surcharge, surcharge_rate: surchargeRate }).execute();
  await trx.insertInto('receipt_item').values(items.map((i) => ({ ...i, txn_id: txnId }))).execute();
  if (paidCharges.length) {
    await trx.updateTable('charge').set({ status: 'RELEASED', released_txn: txnId }).where('id', 'in', paidCharges).where('status', '=', 'PENDING').execute();
  }
  return posted;
}

/**
 * Posts a payment (spec 2 §3 'Payment'): cash out of a BUSINESS, OWNER (by door) or SUPPLIER
 * ledger on the disbursement account, by EFT or cheque, never beyond the payer's balance. The
 * ledger engine refuses the overdraw under its row locks (so two concurrent payments cannot both
 * spend the same dollars); the refusal here adds the available balance to the message.
 */
export async function postPayment(trx: Db, userId: string, input: PaymentInput): Promise<PostedTxn> {
  if (input.id) await refuseEdit(trx, input.id, 'Payment');
  await assertInOpenPeriod(trx, input.date);
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
