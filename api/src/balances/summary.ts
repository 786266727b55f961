import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import type {
  BusinessSummary, BusinessSummaryQuery, BusinessSummaryRow, CashbookSummary, EntityBalances, EntityBalancesInput, LedgerSummary,
  LedgerSummaryRow, PeriodRef,
} from '../contracts/balances.js';
import { ENTITY_TYPES } from '../contracts/common.js';
import type { CompanyTables } from '../db/schema.js';
import { ApiError } from '../http/errors.js';
import { openPeriod } from '../ledger/ledger.js';
import { periodBounds } from '../ledger/posting-rules.js';
import { toCents, toDollars } from '../money/cents.js';
import { snapshotWhereNoLedger } from '../snapshots/snapshots.js';

type Db = Kysely<CompanyTables>;

/** Txn kinds that pay money out of a ledger (their reversals count against them). */
export const PAY_KINDS = ['PAYMENT', 'DISBURSE'] as const;

export function periodRef(year: number, month: number): PeriodRef {
  const { first, last } = periodBounds(year, month);
  return { year, month, from: first, to: last };
}

export function shiftMonth(year: number, month: number, by: number): { year: number; month: number } {
  const index = year * 12 + (month - 1) + by;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** year/month, from/to, or the open period. */
export async function resolveRange(db: Db, q: { year?: number; month?: number; from?: string; to?: string }): Promise<{ from: string; to: string }> {
  if (q.from && q.to) return { from: q.from, to: q.to };
  if (q.year !== undefined && q.month !== undefined) {
    const { first, last } = periodBounds(q.year, q.month);
    return { from: first, to: last };
  }
  const open = await openPeriod(db);
  return { from: open.first, to: open.last };
}

/** Pending at `to`: dated on or before it, and pending then (still pending, or released by a txn dated after it). */
function pendingAt(to: string) {
  return (eb: any): Expression<SqlBool> =>
    eb.and([
      eb('ch.date', '<=', to),
      eb.or([eb('ch.status', '=', 'PENDING'), eb.and([eb('ch.status', '=', 'RELEASED'), eb('rt.date', '>', to)])]),
    ]);
}

/** Pending charge totals per entity in cents: what each must pay (payer) and will receive (item recipient). */
async function pendingChargesAt(db: Db, to: string): Promise<{ payable: Map<string, number>; receivable: Map<string, number> }> {
  const base = (db as unknown as Kysely<any>)
    .selectFrom('charge_item as ci')
    .innerJoin('charge as ch', 'ch.id', 'ci.charge_id')
    .leftJoin('txn as rt', 'rt.id', 'ch.released_txn')
    .where(pendingAt(to));
  const [payable, receivable] = await Promise.all([
    base.select(['ch.entity as entity', (eb: any) => eb.fn.sum('ci.amount').as('total')]).groupBy('ch.entity').execute(),
    base.select(['ci.recipient_entity as entity', (eb: any) => eb.fn.sum('ci.amount').as('total')]).groupBy('ci.recipient_entity').execute(),
  ]);
  const toMap = (rows: { entity: string; total: string }[]) => new Map(rows.map((r) => [r.entity, Number(r.total)]));
  return { payable: toMap(payable as never), receivable: toMap(receivable as never) };
}

/** Ledger balances by party type (or by party of one type), spec 2 §3 'Balance totals rows'. */
export async function ledgerSummary(db: Db, range: { from: string; to: string }, type?: string): Promise<LedgerSummary> {
  const { from, to } = range;
  let entities = db.selectFrom('entity').select(['code', 'type', 'name', 'hold_always', 'hold_this_month']).orderBy('type').orderBy('code');
  if (type) entities = entities.where('type', '=', type);
  const payKinds = sql.join(PAY_KINDS.map((k) => sql.lit(k)));
  const [parties, moves, charges] = await Promise.all([
    entities.execute(),
    db
      .selectFrom('posting as p')
      .innerJoin('txn as t', 't.id', 'p.txn_id')
      .leftJoin('txn as o', 'o.id', 't.reversal_of')
      .select([
        'p.entity',
        sql<string>`coalesce(sum(case when t.date < ${from} then p.amount else 0 end), 0)`.as('opening'),
        sql<string>`coalesce(sum(case when t.date >= ${from} and coalesce(o.kind, t.kind) in (${payKinds}) then p.amount else 0 end), 0)`.as('paid'),
        sql<string>`coalesce(sum(p.amount), 0)`.as('closing'),
      ])
      .where('t.date', '<=', to)
      .groupBy('p.entity')
      .execute(),
    pendingChargesAt(db, to),
  ]);
  const byEntity = new Map(moves.map((m) => [m.entity, m]));
  const rows = new Map<string, LedgerSummaryRow & { _c: Record<string, number> }>();
  const totals = { opening: 0, funds: 0, pending: 0, charges: 0, hold: 0, pay: 0, balance: 0 };
  for (const party of parties) {
    const m = byEntity.get(party.code);
    const opening = Number(m?.opening ?? 0);
    const pay = -Number(m?.paid ?? 0);
    const closing = Number(m?.closing ?? 0);
    const cents = {
      opening,
      funds: closing + pay,
      pending: charges.receivable.get(party.code) ?? 0,
      charges: charges.payable.get(party.code) ?? 0,
      hold: Number(party.hold_always) + Number(party.hold_this_month),
      pay,
      balance: closing,
    };
    const key = type ? party.code : party.type;
    const row = rows.get(key) ?? { type: party.type, ...(type ? { code: party.code, name: party.name } : {}), opening: 0, funds: 0, pending: 0, charges: 0, hold: 0, pay: 0, balance: 0, _c: { opening: 0, funds: 0, pending: 0, charges: 0, hold: 0, pay: 0, balance: 0 } };
    for (const [k, v] of Object.entries(cents)) {
      row._c[k] = row._c[k]! + v;
      totals[k as keyof typeof totals] += v;
    }
    rows.set(key, row);
  }
  const dollars = (c: Record<string, number>) => Object.fromEntries(Object.entries(c).map(([k, v]) => [k, toDollars(v)])) as unknown as Omit<LedgerSummaryRow, 'type'>;
  const ordered = [...rows.values()].sort((a, b) => (type ? 0 : ENTITY_TYPES.indexOf(a.type as never) - ENTITY_TYPES.indexOf(b.type as never)));
  return {
    from,
    to,
    rows: ordered.map(({ _c, ...r }) => ({ ...r, ...dollars(_c) })),
    // Spec 2 §9: pending in totals is pending minus charges.
    totals: dollars({ ...totals, pending: totals.pending - totals.charges }),
  };
}

/** Cash book for a period: opening, receipts, payments (positive) and closing, in dollars. */
export async function cashbookSummary(db: Db, range: { from: string; to: string }): Promise<CashbookSummary> {
  const { from, to } = range;
  const rows = await db
    .selectFrom('cashbook')
    .select([
      'method',
      sql<string>`coalesce(sum(case when date < ${from} then amount else 0 end), 0)`.as('opening'),
      sql<string>`coalesce(sum(case when date >= ${from} and amount > 0 then amount else 0 end), 0)`.as('receipts'),
      sql<string>`coalesce(sum(case when date >= ${from} and amount < 0 then -amount else 0 end), 0)`.as('payments'),
    ])
    .where('date', '<=', to)
    .groupBy('method')
    .orderBy('method')
    .execute();
  let opening = 0;
  let receipts = 0;
  let payments = 0;
  for (const r of rows) {
    opening += Number(r.opening);
    receipts += Number(r.receipts);
    payments += Number(r.payments);
  }
  return {
    from,
    to,
    opening: toDollars(opening),
    receipts: toDollars(receipts),
    payments: toDollars(payments),
    closing: toDollars(opening + receipts - payments),
    byMethod: rows.filter((r) => Number(r.receipts) || Number(r.payments)).map((r) => ({ method: r.method, receipts: toDollars(r.receipts), payments: toDollars(r.payments) })),
  };
}

/** The newest txn date, or null before the first txn. */
export async function lastLedgerDate(db: Db): Promise<string | null> {
  const row = await db.selectFrom('txn').select((eb) => eb.fn.max('date').as('date')).executeTakeFirst();
  return (row?.date as string | null | undefined) ?? null;
}

const parseYearMonth = (v: string) => {
  const [year, month] = v.split('-').map(Number) as [number, number];
  return { year, month };
};

/**
 * The BUSINESS ledger by account for a period and two comparison periods (spec 2 §9: by default
 * the previous month and the same month a year earlier, relative to the last ledger date).
 */
export async function businessSummary(db: Db, q: BusinessSummaryQuery): Promise<BusinessSummary> {
  const open = await openPeriod(db);
  const main = q.year !== undefined && q.month !== undefined ? { year: q.year, month: q.month } : { year: open.year, month: open.month };
  const last = await lastLedgerDate(db);
  const anchor = last ? parseYearMonth(last.slice(0, 7)) : main;
  const c1 = q.compare1 ? parseYearMonth(q.compare1) : shiftMonth(anchor.year, anchor.month, -1);
  const c2 = q.compare2 ? parseYearMonth(q.compare2) : shiftMonth(anchor.year, anchor.month, -12);
  const periods = [periodRef(main.year, main.month), periodRef(c1.year, c1.month), periodRef(c2.year, c2.month)] as const;

  const sumIn = (p: PeriodRef, alias: string) => sql<string>`coalesce(sum(case when t.date between ${p.from} and ${p.to} then p.amount else 0 end), 0)`.as(alias);
  const funds = await db
    .selectFrom('posting as p')
    .innerJoin('txn as t', 't.id', 'p.txn_id')
    .select(['p.account_id', sumIn(periods[0], 'f0'), sumIn(periods[1], 'f1'), sumIn(periods[2], 'f2')])
    .where('p.entity', '=', 'BUSINESS')
    .where((eb) => eb.or(periods.map((p) => eb.between('t.date', p.from, p.to))))
    .groupBy('p.account_id')
    .execute();
  const pending = await (db as unknown as Kysely<any>)
    .selectFrom('charge_item as ci')
    .innerJoin('charge as ch', 'ch.id', 'ci.charge_id')
    .leftJoin('txn as rt', 'rt.id', 'ch.released_txn')
    .select(['ci.account_id', (eb: any) => eb.fn.sum('ci.amount').as('total')])
    .where('ci.recipient_entity', '=', 'BUSINESS')
    .where(pendingAt(periods[0].to))
    .groupBy('ci.account_id')
    .execute() as unknown as { account_id: string; total: string }[];
  const accounts = await db.selectFrom('account').select(['id', 'description']).execute();
  const describe = new Map(accounts.map((a) => [a.id, a.description]));
  const byAccount = new Map<string, { pending: number; f0: number; f1: number; f2: number }>();
  const at = (id: string) => byAccount.get(id) ?? byAccount.set(id, { pending: 0, f0: 0, f1: 0, f2: 0 }).get(id)!;
  for (const f of funds) Object.assign(at(f.account_id), { f0: Number(f.f0), f1: Number(f.f1), f2: Number(f.f2) });
  // A period the books do not hold (before they began) is compared with its imported snapshot.
  const snapshots = await snapshotWhereNoLedger(db, periods.map((p) => ({ year: p.year, month: p.month })));
  (['f0', 'f1', 'f2'] as const).forEach((field, i) => {
    for (const [id, cents] of snapshots.get(`${periods[i]!.year}-${periods[i]!.month}`) ?? []) at(id)[field] += cents;
  });
  for (const p of pending) at(p.account_id).pending = Number(p.total);
  const rows: BusinessSummaryRow[] = [];
  const totals = { pending: 0, funds: 0, funds_compare1: 0, funds_compare2: 0 };
  for (const [id, v] of [...byAccount].sort(([a], [b]) => a.localeCompare(b))) {
    if (!v.pending && !v.f0 && !v.f1 && !v.f2) continue;
    rows.push({ account_id: id, description: describe.get(id) ?? id, pending: toDollars(v.pending), funds: toDollars(v.f0), funds_compare1: toDollars(v.f1), funds_compare2: toDollars(v.f2) });
    totals.pending += v.pending;
    totals.funds += v.f0;
    totals.funds_compare1 += v.f1;
    totals.funds_compare2 += v.f2;
  }
  return {
    period: periods[0],
    compare1: periods[1],
    compare2: periods[2],
    rows,
    totals: { pending: toDollars(totals.pending), funds: toDollars(totals.funds), funds_compare1: toDollars(totals.funds_compare1), funds_compare2: toDollars(totals.funds_compare2) },
  };
}

/**
 * Balances per entity for the editors: ledger (all doors) and per door, the pending charges the
 * entity must pay (less the excluded charge refs or ids), and balance = ledger + unsaved items −
 * charge. Unknown codes are a 404.
 */
export async function entityBalances(db: Db, input: EntityBalancesInput): Promise<EntityBalances> {
  const codes = [...new Set(input.entities)];
  const known = await db.selectFrom('entity').select('code').where('code', 'in', codes).execute();
  const missing = codes.filter((c) => !known.some((k) => k.code === c));
  if (missing.length) throw new ApiError(404, `Unknown entit${missing.length > 1 ? 'ies' : 'y'}: ${missing.join(', ')}`);
  const balances = await db.selectFrom('ledger_balance').select(['entity', 'door', 'balance']).where('entity', 'in', codes).execute();
  const exclude = input.exclude ?? [];
  let charges = (db as unknown as Kysely<any>)
    .selectFrom('charge_item as ci')
    .innerJoin('charge as ch', 'ch.id', 'ci.charge_id')
    .select(['ch.entity as entity', (eb: any) => eb.fn.sum('ci.amount').as('total')])
    .where('ch.entity', 'in', codes)
    .where('ch.status', '=', 'PENDING')
    .groupBy('ch.entity');
  if (exclude.length) {
    const ids = exclude.filter((e) => /^\d{1,15}$/.test(e));
    charges = charges.where((eb: any) => eb.not(eb.or([eb('ch.ref', 'in', exclude), ...(ids.length ? [eb(sql`ch.id::text`, 'in', ids)] : [])])));
  }
  const pending = new Map(((await charges.execute()) as unknown as { entity: string; total: string }[]).map((r) => [r.entity, Number(r.total)]));
  const added = new Map<string, number>();
  for (const item of input.items ?? []) added.set(item.entity, (added.get(item.entity) ?? 0) + toCents(item.amount));
  const out: EntityBalances = {};
  for (const code of codes) {
    const rows = balances.filter((b) => b.entity === code);
    const ledger = rows.reduce((a, r) => a + Number(r.balance), 0);
    const charge = pending.get(code) ?? 0;
    out[code] = {
      ledger: toDollars(ledger),
      charge: toDollars(charge),
      balance: toDollars(ledger + (added.get(code) ?? 0) - charge),
      doors: Object.fromEntries(rows.filter((r) => r.door !== '').map((r) => [r.door, toDollars(r.balance)])),
    };
  }
  return out;
}
