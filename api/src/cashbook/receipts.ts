import { type Kysely, type Selectable, sql } from 'kysely';
import type { ReceiptInput } from '../contracts/cashbook.js';
import type { CompanyTables } from '../db/schema.js';
import { lookupRows } from '../db/lookups.js';
import { ApiError, badRequest, conflict } from '../http/errors.js';
import { MONTH_END_LOCK_KEYS, monthEndLockRefusal } from '../http/month-end-lock.js';
import { PERIOD_KEYS, type PostedTxn, lockDoors, periodOf, postTxns } from '../ledger/ledger.js';
import { type PostingLine, type TxnDraft, percentOf } from '../ledger/posting-rules.js';
import { formatCents, toCents } from '../money/cents.js';
import { assertInOpenPeriod, refuseEdit } from './post.js';

type Db = Kysely<CompanyTables>;

/** What happened to one receipt of a batch: posted (or ready to post), or refused with its own error. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; error: unknown };

export interface ReceiptRequest {
  userId: string;
  input: ReceiptInput;
}

/** A receipt checked and shaped for the ledger, nothing written yet. */
export interface PreparedReceipt {
  draft: TxnDraft;
  detail: { payer_type: string; payer_entity: string | null; surcharge: number; surcharge_rate: number };
  items: { line: number; selector: string; ref: string; entity: string; door: string | null; description: string; amount: number; charge_id: string | null }[];
  /** Charge ids this receipt pays (locked FOR UPDATE while preparing). */
  paidCharges: string[];
}

interface CardType {
  code: string;
  /** Hundredths of a percent added for the payer. */
  surcharge_payer: number;
  /** Hundredths of a percent of their card takings the owners bear. */
  surcharge_owner: number;
  inactive: boolean;
}

interface ChargeItem {
  account_id: string;
  recipient_entity: string;
  door: string | null;
  description: string;
  amount: number;
}

/** Everything the receipts of a batch refer to, read together for the whole batch. */
interface ReceiptContext {
  open: { first: string; last: string };
  entities: Map<string, { code: string; type: string; name: string }>;
  doors: Set<string>;
  charges: Map<string, Selectable<CompanyTables['charge']>>;
  chargeItems: Map<string, ChargeItem[]>;
  cards: Map<string, CardType>;
  /** Party types of the item entities and of the recipients of the charges paid. */
  typeOf: Map<string, string>;
  surchargeAccount: string | null;
  /** Charges paid by receipts earlier in the batch: to later ones they are already released. */
  claimed: Set<string>;
}

/** The open period, the month-end lock and the surcharge account, read in one query. */
const SETTINGS = [...PERIOD_KEYS, ...MONTH_END_LOCK_KEYS, 'surcharge_account'];

const asOutcome = async <T>(fn: () => Promise<T> | T): Promise<Outcome<T>> => {
  try {
    return { ok: true, value: await fn() };
  } catch (error) {
    return { ok: false, error };
  }
};

/**
 * Checks and shapes receipts (spec 2 §3 'Receipt', §5; design/ledger.md 'Receipt') inside the
 * caller's transaction, writing nothing, the month-end lock included (the receipt route's guard
 * leaves it to this transaction): each one is refused on its own (its outcome carries the
 * error) without affecting the others. The parties, doors, charges (locked FOR UPDATE, in id
 * order, so concurrent batches cannot deadlock on them) and card types of all of them are read
 * together. A charge paid by an earlier receipt of the batch counts as released for later ones,
 * exactly as if that receipt had committed first.
 */
export async function prepareReceipts(trx: Db, requests: ReceiptRequest[]): Promise<Outcome<PreparedReceipt>[]> {
  const inputs = requests.map((r) => r.input);
  const codes = [...new Set(inputs.flatMap((i) => [...(i.payer_entity ? [i.payer_entity] : []), ...i.items.map((it) => it.entity)]))];
  const doorCodes = [...new Set(inputs.flatMap((i) => i.items.map((it) => it.door).filter((d): d is string => !!d)))];
  const chargeIds = [...new Set(inputs.flatMap((i) => i.items.filter((it) => it.selector === 'CHARGE' && /^\d{1,18}$/.test(it.ref)).map((it) => it.ref)))];
  const cardCodes = [...new Set(inputs.filter((i) => i.method === 'CARD' && i.card_type).map((i) => i.card_type!))];

  const found = await lookupRows(trx, {
    settings: { table: 'control_setting', column: 'key', keys: SETTINGS, fields: ['key', 'value'] },
    entities: { table: 'entity', column: 'code', keys: codes, fields: ['code', 'type', 'name'] },
    doors: { table: 'unit', column: 'door', keys: doorCodes, fields: ['door'] },
    cards: { table: 'card_type', column: 'code', keys: cardCodes, fields: ['code', 'surcharge_payer', 'surcharge_owner', 'inactive'] },
  });
  const settings = found.settings as { key: string; value: unknown }[];
  const entities = found.entities as { code: string; type: string; name: string }[];
  const doors = found.doors as { door: string }[];
  const cards = found.cards as unknown as CardType[];
  // Units before charges, the order Change Owner locks them in (it locks the unit, then the door's charges).
  const chargeDoors = chargeIds.length ? await trx.selectFrom('charge').select('door').where('id', 'in', chargeIds).execute() : [];
  await lockDoors(trx, [...doorCodes, ...chargeDoors.map((c) => c.door)]);
  const charges = chargeIds.length ? await trx.selectFrom('charge').selectAll().where('id', 'in', chargeIds).orderBy('id').forUpdate().execute() : [];
  const chargeItems = new Map<string, ChargeItem[]>();
  if (charges.length) {
    const rows = await trx.selectFrom('charge_item').selectAll().where('charge_id', 'in', charges.map((c) => c.id)).orderBy('id').execute();
    for (const r of rows) {
      const list = chargeItems.get(String(r.charge_id)) ?? [];
      list.push({ account_id: r.account_id, recipient_entity: r.recipient_entity, door: r.door, description: r.description, amount: Number(r.amount) });
      chargeItems.set(String(r.charge_id), list);
    }
  }
  // The owner's share of a card surcharge needs to know which charge recipients are owners.
  const typeOf = new Map(entities.map((e) => [e.code, e.type]));
  const recipients = [...new Set([...chargeItems.values()].flat().map((ci) => ci.recipient_entity))].filter((c) => !typeOf.has(c));
  if (recipients.length && cards.length) {
    for (const e of await trx.selectFrom('entity').select(['code', 'type']).where('code', 'in', recipients).execute()) typeOf.set(e.code, e.type);
  }
  const setting = (key: string) => settings.find((r) => r.key === key)?.value;
  const context: ReceiptContext = {
    open: periodOf(settings),
    entities: new Map(entities.map((e) => [e.code, e])),
    doors: new Set(doors.map((d) => d.door)),
    charges: new Map(charges.map((c) => [String(c.id), c])),
    chargeItems,
    cards: new Map(cards.map((c) => [c.code, c])),
    typeOf,
    surchargeAccount: typeof setting('surcharge_account') === 'string' ? (setting('surcharge_account') as string) || null : null,
    claimed: new Set(),
  };

  const outcomes: Outcome<PreparedReceipt>[] = [];
  for (const { userId, input } of requests) {
    outcomes.push(await asOutcome(async () => {
      const locked = monthEndLockRefusal(settings, userId);
      if (locked) throw locked;
      if (input.id) await refuseEdit(trx, input.id, 'Receipt');
      const prepared = shapeReceipt(context, userId, input);
      for (const id of prepared.paidCharges) context.claimed.add(id);
      return prepared;
    }));
  }
  return outcomes;
}

/**
 * One receipt as one RECEIPT txn: each CHARGE item pays a pending charge in full (its money goes
 * to the charge items' recipients by account, and the charge becomes RELEASED by this txn); each
 * ACCOUNT item credits its party and door on that account. A card receipt adds the card type's
 * payer surcharge (rounded once) to the bank line and credits it to BUSINESS on the surcharge
 * account, and moves the owners' share from the owners credited to BUSINESS (cardSurcharge). One
 * cash line carries the total.
 */
function shapeReceipt(ctx: ReceiptContext, userId: string, input: ReceiptInput): PreparedReceipt {
  assertInOpenPeriod(ctx.open, input.date);
  let payerEntity: string | null = null;
  let payerText = input.payer;
  if (input.payer_type !== 'OTHER') {
    const entity = ctx.entities.get(input.payer_entity!);
    if (!entity) throw badRequest(`Unknown payer entity ${input.payer_entity}`, { errors: [{ path: 'payer_entity', msg: 'Payer Entity is required' }] });
    if (entity.type !== input.payer_type) throw badRequest(`Payer ${entity.code} is ${entity.type}, not ${input.payer_type}`, { errors: [{ path: 'payer_type', msg: `Payer is ${entity.type}` }] });
    payerEntity = entity.code;
    payerText ??= entity.name;
  }
  const unknown = [...new Set(input.items.map((i) => i.entity))].filter((e) => !ctx.entities.has(e));
  if (unknown.length) throw badRequest(`Unknown part${unknown.length > 1 ? 'ies' : 'y'}: ${unknown.join(', ')}`);
  const missingDoors = [...new Set(input.items.map((i) => i.door).filter((d): d is string => !!d))].filter((d) => !ctx.doors.has(d));
  if (missingDoors.length) throw badRequest(`Unknown door ${missingDoors.join(', ')}`);

  const postings: PostingLine[] = [];
  const paidCharges: string[] = [];
  const items: PreparedReceipt['items'] = [];
  let total = 0;
  for (const [index, item] of input.items.entries()) {
    const cents = toCents(item.amount);
    total += cents;
    const line = index + 1;
    if (item.selector === 'CHARGE') {
      const charge = ctx.charges.get(item.ref);
      if (!charge) throw badRequest(`Line ${line}: charge ${item.ref} not found`);
      if (paidCharges.includes(String(charge.id))) throw badRequest(`Line ${line}: charge ${charge.ref} is already paid by another line of this receipt`);
      const status: string = ctx.claimed.has(String(charge.id)) ? 'RELEASED' : charge.status;
      if (status !== 'PENDING') throw conflict(`Line ${line}: charge ${charge.ref} is ${status.toLowerCase()}, not pending, so this receipt cannot pay it`);
      if (charge.entity !== payerEntity && charge.entity !== item.entity) {
        throw conflict(`Line ${line}: charge ${charge.ref} is payable by ${charge.entity}, not by ${payerEntity ?? item.entity}`);
      }
      const chargeItems = ctx.chargeItems.get(String(charge.id)) ?? [];
      const chargeTotal = chargeItems.reduce((a, ci) => a + ci.amount, 0);
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
          amount: ci.amount,
          description: ci.description || item.description,
          chargeId: Number(charge.id),
        });
      }
      paidCharges.push(String(charge.id));
      items.push({ line, selector: 'CHARGE', ref: String(charge.id), entity: item.entity, door: item.door ?? charge.door, description: item.description, amount: cents, charge_id: String(charge.id) });
    } else {
      postings.push({ entity: item.entity, door: item.door, accountId: item.ref.toUpperCase(), amount: cents, description: item.description });
      items.push({ line, selector: 'ACCOUNT', ref: item.ref.toUpperCase(), entity: item.entity, door: item.door, description: item.description, amount: cents, charge_id: null });
    }
  }

  let surcharge = 0;
  let surchargeRate = 0;
  let cardType: string | null = null;
  if (input.method === 'CARD') {
    const card = ctx.cards.get(input.card_type!);
    if (!card || card.inactive) throw badRequest(`Card Type ${input.card_type} does not exist`, { errors: [{ path: 'card_type', msg: 'Card Type does not exist' }] });
    cardType = card.code;
    surchargeRate = card.surcharge_payer;
    const lines = cardSurcharge(total, postings, card, ctx.typeOf, ctx.surchargeAccount ?? '');
    if (lines.surcharge > 0 || lines.postings.length) {
      if (!ctx.surchargeAccount) throw new ApiError(409, 'The control setting surcharge_account is not set: complete Setup / Control first');
      surcharge = lines.surcharge;
      postings.push(...lines.postings);
    }
  }

  return {
    draft: {
      kind: 'RECEIPT',
      date: input.date,
      memo: input.memo,
      source: 'MANUAL',
      sourceRef: input.source_ref,
      userId,
      postings,
      cashbook: [{ date: input.date, method: input.method, cardType, amount: total + surcharge, payer: payerText, tranRef: input.tran_ref, sourceRef: input.source_ref }],
    },
    detail: { payer_type: input.payer_type, payer_entity: payerEntity, surcharge, surcharge_rate: surchargeRate },
    items,
    paidCharges,
  };
}

/**
 * The surcharge lines of a card receipt crediting `credited` (the receipt's ledger lines, total
 * `total` cents), on the surcharge account:
 * - the payer's surcharge (surcharge_payer) of the total, added to the bank line by the caller and
 *   credited to BUSINESS;
 * - the owners' share of the card's cost (surcharge_owner, spec 3 'Card type': the Owner S/C %
 *   beside the Payer S/C %): that percent of the card money credited to each owner door moves
 *   from the owner to BUSINESS; the bank line does not change.
 * Each is rounded once (per owner door for the owners' share), half away from zero; BUSINESS gets
 * exactly what the owners give, so the receipt still balances against the bank.
 */
export function cardSurcharge(
  total: number,
  credited: PostingLine[],
  card: { code: string; surcharge_payer: number; surcharge_owner: number },
  typeOf: Map<string, string>,
  account: string,
): { surcharge: number; postings: PostingLine[] } {
  const postings: PostingLine[] = [];
  const surcharge = percentOf(total, card.surcharge_payer);
  if (surcharge > 0) postings.push({ entity: 'BUSINESS', door: null, accountId: account, amount: surcharge, description: `Card surcharge ${card.surcharge_payer / 100}% (${card.code})` });
  if (card.surcharge_owner > 0) {
    const byDoor = new Map<string, { entity: string; door: string | null; cents: number }>();
    for (const p of credited) {
      if (typeOf.get(p.entity) !== 'OWNER') continue;
      const key = `${p.entity}\u0000${p.door ?? ''}`;
      const row = byDoor.get(key) ?? { entity: p.entity, door: p.door, cents: 0 };
      row.cents += p.amount;
      byDoor.set(key, row);
    }
    let toBusiness = 0;
    for (const o of byDoor.values()) {
      const cents = percentOf(o.cents, card.surcharge_owner);
      if (cents <= 0) continue;
      postings.push({ entity: o.entity, door: o.door, accountId: account, amount: -cents, description: `Card surcharge, owner's share ${card.surcharge_owner / 100}% (${card.code})` });
      toBusiness += cents;
    }
    if (toBusiness > 0) postings.push({ entity: 'BUSINESS', door: null, accountId: account, amount: toBusiness, description: `Card surcharge, owners' share ${card.surcharge_owner / 100}% (${card.code})` });
  }
  return { surcharge, postings };
}

/**
 * Posts prepared receipts through the ledger engine as ONE postTxns batch (one number block, one
 * set of balance locks, multi-row inserts) and writes their details, items and paid charges. If
 * the engine refuses the batch (a receipt naming an unknown account, a door of another owner...),
 * the batch is rolled back to a savepoint and each receipt is posted alone under its own savepoint,
 * so only the failing one is refused. Refused receipts write nothing; numbers stay gapless
 * because every one is taken under the RECEIPT number row lock by the engine.
 */
export async function postPreparedReceipts(trx: Db, prepared: Outcome<PreparedReceipt>[]): Promise<Outcome<PostedTxn>[]> {
  const ready = prepared.flatMap((p, i) => (p.ok ? [{ index: i, receipt: p.value }] : []));
  const results = new Map<number, Outcome<PostedTxn>>();
  const answer = () => prepared.map((p, i) => (p.ok ? results.get(i)! : p));
  if (!ready.length) return answer();

  // A batch of one needs no savepoint: its refusal is thrown and rolls the transaction back.
  const alone = prepared.length === 1;
  if (!alone) await sql`savepoint receipts`.execute(trx);
  try {
    const posted = await postAll(trx, ready.map((r) => r.receipt));
    ready.forEach((r, i) => results.set(r.index, { ok: true, value: posted[i]! }));
    return answer();
  } catch (error) {
    if (alone) throw error;
    await sql`rollback to savepoint receipts`.execute(trx);
    if (ready.length === 1) {
      results.set(ready[0]!.index, { ok: false, error });
      return answer();
    }
  }
  for (const r of ready) {
    await sql`savepoint receipt`.execute(trx);
    try {
      const [posted] = await postAll(trx, [r.receipt]);
      await sql`release savepoint receipt`.execute(trx);
      results.set(r.index, { ok: true, value: posted! });
    } catch (error) {
      await sql`rollback to savepoint receipt`.execute(trx);
      results.set(r.index, { ok: false, error });
    }
  }
  return answer();
}

async function postAll(trx: Db, receipts: PreparedReceipt[]): Promise<PostedTxn[]> {
  const posted = await postTxns(trx, receipts[0]!.draft.userId!, receipts.map((r) => r.draft));
  const details = receipts.map((r, i) => ({ txn_id: String(posted[i]!.id), door: null, ...r.detail }));
  const items = receipts.flatMap((r, i) => r.items.map((item) => ({ ...item, txn_id: String(posted[i]!.id) })));
  if (details.length * 6 + items.length * 9 < 60_000) {
    // One statement (each is a round trip while the RECEIPT number is locked).
    await trx.with('detail', (db) => db.insertInto('cashbook_detail').values(details)).insertInto('receipt_item').values(items).execute();
  } else {
    // Under PostgreSQL's 65,535 bound parameters.
    for (let i = 0; i < details.length; i += 5000) await trx.insertInto('cashbook_detail').values(details.slice(i, i + 5000)).execute();
    for (let i = 0; i < items.length; i += 5000) await trx.insertInto('receipt_item').values(items.slice(i, i + 5000)).execute();
  }
  for (const [i, r] of receipts.entries()) {
    if (!r.paidCharges.length) continue;
    await trx.updateTable('charge').set({ status: 'RELEASED', released_txn: String(posted[i]!.id) }).where('id', 'in', r.paidCharges).where('status', '=', 'PENDING').execute();
  }
  return posted;
}
