import { type Kysely, sql } from 'kysely';
import { type DisbursementRow, HOLD_REASONS } from '../contracts/disbursement.js';
import { type PendingTotal, pendingCharges } from '../charges/pending.js';
import type { CompanyTables } from '../db/schema.js';
import { openPeriod } from '../ledger/ledger.js';
import { toDollars } from '../money/cents.js';
import { isValidBankAccount } from './aba.js';

type Db = Kysely<CompanyTables>;

/** Party types that are paid out by disbursement. */
export const DISBURSE_TYPES = ['BUSINESS', 'OWNER', 'POOL', 'SUPPLIER'] as const;
const TYPE_ORDER: Record<string, number> = { BUSINESS: 0, OWNER: 1, POOL: 2, SUPPLIER: 3 };

/** A disbursement row in cents, as the server computes it (the wire row is `toWire` of this). */
export interface RowCents {
  code: string;
  type: string;
  name: string;
  doors: string[];
  bank: string | null;
  bankAccountName: string | null;
  bsb: string | null;
  accountNumber: string | null;
  method: string;
  funds: number;
  holdAlways: number;
  holdAlwaysReason: string | null;
  holdThisMonth: number;
  holdThisMonthReason: string | null;
  hold: number;
  pending: number;
  override: boolean;
  imminent: number;
  release: number;
  disburse: number;
  allowed: boolean;
  holdReason: string | null;
  /** Owners: every door with funds or pending charges ('' = no door). */
  doorRows: { door: string; funds: number; pending: number; disburse: number }[];
  /** The payment lines: per door for owners (null door for other parties), amounts > 0. */
  split: { door: string | null; amount: number }[];
}

/** Pending charges per payer and door (cents): the shared `pendingCharges`, narrowed to some payers. */
export async function pendingTotals(db: Db, payers?: string[]): Promise<PendingTotal[]> {
  if (payers && payers.length === 1) return pendingCharges(db, { payer: payers[0]! });
  const rows = await pendingCharges(db);
  if (!payers) return rows;
  const wanted = new Set(payers);
  return rows.filter((r) => wanted.has(r.entity));
}

/** Each pending charge's total, date order, for what release would pay and what falls due this period. */
async function chargesInDateOrder(db: Db, payers?: string[]): Promise<{ entity: string; date: string; total: number }[]> {
  let q = db
    .selectFrom('charge')
    .innerJoin('charge_item', 'charge_item.charge_id', 'charge.id')
    .select((eb) => ['charge.entity as entity', sql<string>`${eb.ref('charge.date')}::text`.as('date'), eb.fn.sum<string>('charge_item.amount').as('total')])
    .where('charge.status', '=', 'PENDING')
    .groupBy(['charge.id', 'charge.entity', 'charge.date'])
    .orderBy('charge.entity')
    .orderBy('charge.date')
    .orderBy('charge.id');
  if (payers) q = q.where('charge.entity', 'in', payers);
  return (await q.execute()).map((r) => ({ entity: r.entity, date: r.date, total: Number(r.total) }));
}

/**
 * Splits `total` cents over doors in proportion to `weights` (each ≥ 0, summing to at least
 * total), largest remainder first, so no door gets more than its weight and the parts sum exactly.
 */
export function splitByWeight(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (total <= 0 || sum <= 0) return weights.map(() => 0);
  if (total > sum) throw new Error(`Cannot split ${total} over weights summing to ${sum}`);
  const T = BigInt(total);
  const S = BigInt(sum);
  const parts = weights.map((w) => Number((T * BigInt(w)) / S));
  const remainders = weights.map((w, i) => ({ i, r: (T * BigInt(w)) % S }));
  let left = total - parts.reduce((a, b) => a + b, 0);
  remainders.sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  for (const { i } of remainders) {
    if (left === 0) break;
    if (parts[i]! < weights[i]!) {
      parts[i]! += 1;
      left -= 1;
    }
  }
  return parts;
}

interface EntityRow {
  code: string;
  type: string;
  name: string;
  bank: string | null;
  bank_account_name: string | null;
  bank_bsb: string | null;
  bank_account_number: string | null;
  disburse_method: string;
  hold_always: string;
  hold_always_reason: string | null;
  hold_this_month: string;
  hold_this_month_reason: string | null;
  charge_release_override: boolean;
}

/** The plain rule for one party, from its balances (per door), pending charges (per door) and charges in date order. */
export function computeRow(
  e: EntityRow,
  balances: { door: string; balance: number }[],
  pending: { door: string | null; total: number }[],
  charges: { date: string; total: number }[],
  doors: string[],
  periodLast: string,
): RowCents {
  const isOwner = e.type === 'OWNER';
  const funds = balances.reduce((a, b) => a + b.balance, 0);
  const pendingTotal = pending.reduce((a, p) => a + p.total, 0);
  const holdAlways = Number(e.hold_always);
  const holdThisMonth = Number(e.hold_this_month);
  const hold = holdAlways + holdThisMonth;
  const override = e.charge_release_override;

  let release = 0;
  let room = funds;
  let imminent = 0;
  for (const c of charges) {
    if (c.date <= periodLast) imminent += c.total;
    if (c.total <= room) {
      release += c.total;
      room -= c.total;
    } else {
      room = -1; // whole charges in date order: stop at the first the funds do not cover
    }
  }

  let holdReason: string | null = null;
  // Spec 2 §4 'Holds': automatic hold when the disbursement method is not EFT (HOLD, and CHEQUE:
  // cheque payments are made by hand from Payments, never by the disbursement).
  if (e.disburse_method === 'HOLD') holdReason = HOLD_REASONS.HOLD;
  else if (e.disburse_method !== 'EFT') holdReason = HOLD_REASONS.CHEQUE;
  else if (!isValidBankAccount(e.bank_bsb, e.bank_account_number)) holdReason = HOLD_REASONS.INVALID_BANK;
  else if (isOwner) {
    const former = balances.filter((b) => b.door !== '' && b.balance !== 0 && !doors.includes(b.door)).map((b) => b.door);
    if (former.length) holdReason = `${HOLD_REASONS.FORMER_DOOR} (${former.join(', ')})`;
  }
  const allowed = holdReason === null;
  const computed = Math.max(0, funds - (override ? 0 : pendingTotal) - hold);
  const disburse = allowed ? computed : 0;

  const doorRows: RowCents['doorRows'] = [];
  let split: RowCents['split'] = [];
  if (isOwner) {
    const byDoor = new Map<string, { funds: number; pending: number }>();
    for (const d of doors) byDoor.set(d, { funds: 0, pending: 0 });
    for (const b of balances) byDoor.set(b.door, { funds: b.balance, pending: byDoor.get(b.door)?.pending ?? 0 });
    for (const p of pending) {
      const key = p.door ?? '';
      const row = byDoor.get(key) ?? { funds: 0, pending: 0 };
      row.pending += p.total;
      byDoor.set(key, row);
    }
    const keys = [...byDoor.keys()].filter((k) => k !== '' || byDoor.get(k)!.funds !== 0 || byDoor.get(k)!.pending !== 0).sort();
    // A door pays from what is left of it after its own pending charges, so release still finds them covered.
    const weights = keys.map((k) => Math.max(0, byDoor.get(k)!.funds - (override ? 0 : byDoor.get(k)!.pending)));
    const parts = splitByWeight(disburse, weights);
    keys.forEach((k, i) => doorRows.push({ door: k, funds: byDoor.get(k)!.funds, pending: byDoor.get(k)!.pending, disburse: parts[i]! }));
    split = doorRows.filter((d) => d.disburse > 0).map((d) => ({ door: d.door === '' ? null : d.door, amount: d.disburse }));
  } else if (disburse > 0) {
    split = [{ door: null, amount: disburse }];
  }

  return {
    code: e.code,
    type: e.type,
    name: e.name,
    doors,
    bank: e.bank,
    bankAccountName: e.bank_account_name,
    bsb: e.bank_bsb,
    accountNumber: e.bank_account_number,
    method: e.disburse_method,
    funds,
    holdAlways,
    holdAlwaysReason: e.hold_always_reason,
    holdThisMonth,
    holdThisMonthReason: e.hold_this_month_reason,
    hold,
    pending: pendingTotal,
    override,
    imminent,
    release,
    disburse,
    allowed,
    holdReason,
    doorRows,
    split,
  };
}

/**
 * The disbursement rows: one per BUSINESS, OWNER, POOL and SUPPLIER whose trust balance is not
 * zero (or only `codes`, for posting). Four aggregate queries whatever the number of parties:
 * balances from ledger_balance, pending charges grouped, charges for release, owners' doors.
 */
export async function disbursementRows(db: Db, codes?: string[]): Promise<RowCents[]> {
  if (codes && codes.length === 0) return [];
  let balanceQuery = db
    .selectFrom('ledger_balance')
    .innerJoin('entity', 'entity.code', 'ledger_balance.entity')
    .select(['ledger_balance.entity as entity', 'ledger_balance.door as door', 'ledger_balance.balance as balance'])
    .where('entity.type', 'in', [...DISBURSE_TYPES])
    .where('ledger_balance.balance', '<>', '0');
  if (codes) balanceQuery = balanceQuery.where('ledger_balance.entity', 'in', codes);
  const balanceRows = await balanceQuery.execute();
  const balances = new Map<string, { door: string; balance: number }[]>();
  for (const b of balanceRows) balances.set(b.entity, [...(balances.get(b.entity) ?? []), { door: b.door, balance: Number(b.balance) }]);
  const payers = [...balances.keys()].filter((k) => balances.get(k)!.reduce((a, b) => a + b.balance, 0) !== 0).sort();
  if (!payers.length) return [];
  const only = codes ? payers : undefined;

  const [entities, pending, charges, units, period] = await Promise.all([
    db.selectFrom('entity')
      .select(['code', 'type', 'name', 'bank', 'bank_account_name', 'bank_bsb', 'bank_account_number', 'disburse_method', 'hold_always', 'hold_always_reason', 'hold_this_month', 'hold_this_month_reason', 'charge_release_override'])
      .where('code', 'in', payers)
      .execute(),
    pendingTotals(db, only),
    chargesInDateOrder(db, only),
    db.selectFrom('unit').select(['door', 'entity']).where('entity', 'in', payers).orderBy('door').execute(),
    openPeriod(db),
  ]);
  const group = <T extends { entity: string | null }>(rows: T[]) => {
    const m = new Map<string, T[]>();
    for (const r of rows) if (r.entity) m.set(r.entity, [...(m.get(r.entity) ?? []), r]);
    return m;
  };
  const pendingBy = group(pending);
  const chargesBy = group(charges);
  const unitsBy = group(units);
  return entities
    .map((e) => computeRow(e, balances.get(e.code)!, pendingBy.get(e.code) ?? [], chargesBy.get(e.code) ?? [], e.type === 'OWNER' ? (unitsBy.get(e.code) ?? []).map((u) => u.door) : [], period.last))
    .sort((a, b) => (TYPE_ORDER[a.type]! - TYPE_ORDER[b.type]!) || a.code.localeCompare(b.code));
}

export function toWire(r: RowCents): DisbursementRow {
  return {
    code: r.code,
    type: r.type,
    doors: r.doors,
    name: r.name,
    bank: r.bank,
    bank_account_name: r.bankAccountName,
    bank_bsb: r.bsb,
    bank_account_number: r.accountNumber,
    disburse_method: r.method,
    funds: toDollars(r.funds),
    hold_always: toDollars(r.holdAlways),
    hold_always_reason: r.holdAlwaysReason,
    hold_this_month: toDollars(r.holdThisMonth),
    hold_this_month_reason: r.holdThisMonthReason,
    hold: toDollars(r.hold),
    pending: toDollars(r.pending),
    charge_release_override: r.override,
    imminent: toDollars(r.imminent),
    release: toDollars(r.release),
    disburse: toDollars(r.disburse),
    disburse_allowed: r.allowed,
    hold_reason: r.holdReason,
    door_array: r.doorRows.map((d) => ({ door: d.door, funds: toDollars(d.funds), pending: toDollars(d.pending), disburse: toDollars(d.disburse) })),
    disburse_array: r.split.map((s) => ({ door: s.door, amount: toDollars(s.amount) })),
  };
}
