import type { Kysely } from 'kysely';
import type { ChargeToRelease, ReleaseColour, ReleaseRow } from '../contracts/charges.js';
import type { CompanyTables } from '../db/schema.js';
import { ApiError, badRequest, conflict } from '../http/errors.js';
import { businessDate } from '../ledger/business-date.js';
import { openPeriod, postTxns } from '../ledger/ledger.js';
import { type PostingLine, type TxnDraft, dateInPeriod } from '../ledger/posting-rules.js';
import { toCents, toDollars } from '../money/cents.js';
import { chargeAmount, recipientDoor } from './charges.js';

type Db = Kysely<CompanyTables>;

/** Spec 2 §5 'Release selection': a row cannot be selected when available ≤ 0 or charges exceed funds. */
export function releaseRowSelectable(funds: number, charges: number): boolean {
  const available = funds - charges;
  return !(available <= 0 || charges > funds);
}

/** Spec 2 §5: a charge cannot be selected when the selected total plus its amount would exceed funds. */
export function releaseChargeSelectable(funds: number, selected: number, amount: number): boolean {
  return selected + amount <= funds;
}

/** Spec 2 §4 'Release and disbursement row colours' (cents in). */
export function releaseColour(funds: number, charges: number, minCharge: number): ReleaseColour {
  if (funds >= charges) return 'green';
  if (funds >= minCharge) return 'lightgreen';
  return 'grey';
}

/** The release screen: one row per payer with pending charges, with its funds and those charges. */
export async function releaseRows(db: Db, entity?: string): Promise<ReleaseRow[]> {
  let q = db
    .selectFrom('charge')
    .innerJoin('entity', 'entity.code', 'charge.entity')
    .select(['charge.id', 'charge.entity', 'charge.date', 'charge.ref', 'charge.recipient', 'charge.door', 'charge.memo', 'entity.name', 'entity.type'])
    .select((eb) => chargeAmount(eb).as('amount'))
    .where('charge.status', '=', 'PENDING')
    .orderBy('charge.entity')
    .orderBy('charge.date')
    .orderBy('charge.id');
  if (entity) q = q.where('charge.entity', '=', entity);
  const charges = await q.execute();
  const codes = [...new Set(charges.map((c) => c.entity))];
  const balances = codes.length
    ? await db.selectFrom('ledger_balance').select(['entity', (eb) => eb.fn.sum<string>('balance').as('funds')]).where('entity', 'in', codes).groupBy('entity').execute()
    : [];
  const fundsOf = new Map(balances.map((b) => [b.entity, Number(b.funds)]));
  const rows: ReleaseRow[] = [];
  for (const code of codes) {
    const mine = charges.filter((c) => c.entity === code);
    const funds = fundsOf.get(code) ?? 0;
    const amounts = mine.map((c) => Number(c.amount ?? 0));
    const total = amounts.reduce((a, b) => a + b, 0);
    const minCharge = Math.min(...amounts);
    rows.push({
      entity: code,
      name: mine[0]!.name,
      type: mine[0]!.type,
      funds: toDollars(funds),
      charges: toDollars(total),
      available: toDollars(funds - total),
      selected: 0,
      balance: toDollars(funds),
      min_charge: toDollars(minCharge),
      _selectable: releaseRowSelectable(funds, total),
      _colour: releaseColour(funds, total, minCharge),
      items: mine.map((c): ChargeToRelease => ({
        id: Number(c.id),
        entity: c.entity,
        date: c.date,
        ref: c.ref,
        recipient: c.recipient,
        door: c.door,
        details: c.memo,
        amount: toDollars(c.amount ?? 0),
        _selectable: releaseChargeSelectable(funds, 0, Number(c.amount ?? 0)),
      })),
    });
  }
  return rows;
}

/** The date a release posts on: the business date, kept inside the open period. */
export async function releaseDate(trx: Db, today?: string): Promise<string> {
  return dateInPeriod(today ?? (await businessDate(trx)), await openPeriod(trx));
}

export interface ReleaseSelection {
  entity: string;
  chargeId: number;
  amount: number; // dollars
}

/**
 * Releases the selected charges in the caller's transaction: one RELEASE txn per charge,
 * each item taken from the payer (door) and given to its recipient on the item's account.
 * Refuses everything (throws, the caller rolls back) when any charge is not pending, not the
 * payer's, not the amount shown, or would overdraw.
 */
export async function releaseCharges(trx: Db, userId: string, selections: ReleaseSelection[], today?: string): Promise<{ released: number; total: number; refs: string[] }> {
  const ids = [...new Set(selections.map((s) => s.chargeId))].sort((a, b) => a - b);
  const charges = await trx.selectFrom('charge').selectAll().where('id', 'in', ids.map(String)).orderBy('id').forUpdate().execute();
  const items = await trx.selectFrom('charge_item').selectAll().where('charge_id', 'in', ids.map(String)).orderBy('id').execute();
  const date = await releaseDate(trx, today);
  let total = 0;
  const refs: string[] = [];
  const drafts: TxnDraft[] = [];
  const released: { id: string; ref: string; entity: string }[] = [];
  for (const s of selections) {
    const charge = charges.find((c) => Number(c.id) === s.chargeId);
    if (!charge) throw badRequest(`Charge ${s.chargeId} not found; nothing was released`);
    if (charge.status !== 'PENDING') throw conflict(`Charge ${charge.ref} is ${charge.status}, not pending; nothing was released`);
    if (charge.entity !== s.entity) throw badRequest(`Charge ${charge.ref} is payable by ${charge.entity}, not ${s.entity}; nothing was released`);
    const lines = items.filter((i) => i.charge_id === charge.id || Number(i.charge_id) === s.chargeId);
    const chargeTotal = lines.reduce((a, i) => a + Number(i.amount), 0);
    if (toCents(s.amount) !== chargeTotal) {
      throw conflict(`Charge ${charge.ref} totals $${(chargeTotal / 100).toFixed(2)}, not $${s.amount.toFixed(2)}: reload the release screen; nothing was released`);
    }
    const postings: PostingLine[] = lines.flatMap((i) => {
      const description = i.description || charge.memo.split(/\r?\n/)[0]!;
      return [
        { entity: charge.entity, door: charge.door, accountId: i.account_id, amount: -Number(i.amount), description, chargeId: Number(charge.id) },
        { entity: i.recipient_entity, door: recipientDoor(i, charge), accountId: i.account_id, amount: Number(i.amount), description, chargeId: Number(charge.id) },
      ];
    });
    drafts.push({ kind: 'RELEASE', date, memo: `Release of charge ${charge.ref}: ${charge.memo.split(/\r?\n/)[0]}`, source: 'MANUAL', sourceRef: charge.ref, postings, cashbook: [] });
    released.push({ id: charge.id, ref: charge.ref, entity: charge.entity });
    total += chargeTotal;
    refs.push(charge.ref);
  }
  // One RELEASE txn per charge, all of them as one postTxns batch (same checks, in order).
  let posted;
  try {
    posted = await postTxns(trx, userId, drafts);
  } catch (e) {
    if (e instanceof ApiError) {
      const blamed = (e.extra as { overdrawn?: { entity: string }[] } | undefined)?.overdrawn?.map((o) => o.entity) ?? [];
      const charge = released.find((c) => blamed.includes(c.entity)) ?? released[0]!;
      throw new ApiError(e.status, `${e.message} (charge ${charge.ref}); nothing was released`, { ...e.extra, charge: charge.ref });
    }
    throw e;
  }
  for (const [i, c] of released.entries()) {
    await trx.updateTable('charge').set({ status: 'RELEASED', released_txn: posted[i]!.id }).where('id', '=', c.id).execute();
  }
  return { released: selections.length, total, refs };
}
