import { type Kysely, sql } from 'kysely';
import type { EqualityRow, RevenueChart, ThreeWayBalance } from '../contracts/balances.js';
import type { CompanyTables } from '../db/schema.js';
import { openPeriod } from '../ledger/ledger.js';
import { periodBounds } from '../ledger/posting-rules.js';
import { trustPosition } from '../ledger/trust-position.js';
import { toDollars } from '../money/cents.js';
import { daysBetween, reconciledPosition } from './bank-side.js';
import { PAY_KINDS, shiftMonth } from './summary.js';
import { snapshotWhereNoLedger } from '../snapshots/snapshots.js';

type Db = Kysely<CompanyTables>;

/** Sum of the kept ledger balances (what every ledger screen shows), in cents. */
export async function keptLedgers(db: Db): Promise<number> {
  const row = await db.selectFrom('ledger_balance').select((eb) => eb.fn.coalesce(eb.fn.sum<string>('balance'), sql<string>`0`).as('total')).executeTakeFirstOrThrow();
  return Number(row.total);
}

/**
 * The three-way reconciliation: bank (last reconciled statement balance + cash lines not yet
 * reconciled; the cashbook balance, basis CASHBOOK, until the first reconciliation), cashbook,
 * and the sum of the ledgers as kept. balance is the first difference found (cashbook − ledgers,
 * else bank − cashbook); 0 when all three agree.
 */
export async function threeWayBalance(db: Db, today: string): Promise<ThreeWayBalance> {
  const [position, ledgers, rec] = await Promise.all([trustPosition(db), keptLedgers(db), reconciledPosition(db)]);
  const bank = rec ? rec.statementBalance + rec.outstanding : position.cashbook;
  const difference = position.cashbook !== ledgers ? position.cashbook - ledgers : bank - position.cashbook;
  return {
    bank: toDollars(bank),
    basis: rec ? 'RECONCILIATION' : 'CASHBOOK',
    cashbook: toDollars(position.cashbook),
    ledgers: toDollars(ledgers),
    balance: toDollars(difference),
    zeroBalance: difference === 0,
    lastReconcile: rec?.date ?? null,
    recAge: rec ? Math.max(0, daysBetween(rec.date, today)) : null,
  };
}

/** Account types whose credits to BUSINESS are its income (spec 2 §9 transaction account types). */
export const INCOME_ACCOUNT_TYPES = ['COMMISS', 'ADVERT', 'OTHER'] as const;
export const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * BUSINESS income per month for up to five years ending with the open period's year (snapshots
 * for months without transactions, api/src/snapshots): net postings
 * to BUSINESS on COMMISS, ADVERT and OTHER accounts, leaving out payments and disbursements out of
 * the business ledger (paying the business its money is not negative income). Reversals net
 * against what they reverse.
 */
export async function revenueChart(db: Db): Promise<RevenueChart> {
  const open = await openPeriod(db);
  const first = await db.selectFrom('txn').select((eb) => eb.fn.min('year').as('year')).executeTakeFirst();
  const firstSnapshot = await db.selectFrom('snapshot').select((eb) => eb.fn.min('year').as('year')).executeTakeFirst();
  const earliest = Math.min(Number(first?.year ?? open.year), Number(firstSnapshot?.year ?? open.year));
  const firstYear = Math.max(open.year - 4, Math.min(open.year, earliest));
  const years = Array.from({ length: open.year - firstYear + 1 }, (_, i) => firstYear + i);
  const rows = await db
    .selectFrom('posting as p')
    .innerJoin('txn as t', 't.id', 'p.txn_id')
    .innerJoin('account as a', 'a.id', 'p.account_id')
    .leftJoin('txn as o', 'o.id', 't.reversal_of')
    .select(['t.year', 't.month', sql<string>`sum(p.amount)`.as('total')])
    .where('p.entity', '=', 'BUSINESS')
    .where('a.type', 'in', [...INCOME_ACCOUNT_TYPES])
    .where('t.year', '>=', firstYear)
    .where(sql<boolean>`coalesce(o.kind, t.kind) not in (${sql.join(PAY_KINDS.map((k) => sql.lit(k)))})`)
    .groupBy(['t.year', 't.month'])
    .execute();
  const totals = years.map(() => MONTHS.map(() => 0));
  for (const r of rows) {
    const y = years.indexOf(r.year);
    if (y >= 0) totals[y]![r.month - 1] = Number(r.total);
  }
  // Months the books do not hold (before they began) come from the imported snapshots.
  const income = new Set((await db.selectFrom('account').select('id').where('type', 'in', [...INCOME_ACCOUNT_TYPES]).execute()).map((a) => a.id));
  const snapshots = await snapshotWhereNoLedger(db, years.flatMap((year) => MONTHS.map((_, i) => ({ year, month: i + 1 }))));
  for (const [key, accounts] of snapshots) {
    const [year, month] = key.split('-').map(Number) as [number, number];
    totals[years.indexOf(year)]![month - 1] = [...accounts].reduce((a, [id, cents]) => a + (income.has(id) ? cents : 0), 0);
  }
  return { years, months: MONTHS, totals: totals.map((row) => row.map((c) => toDollars(c))) };
}

/** The date range of an equality period (spec 2 §9 period options, or YYYY-MM). */
export function equalityRange(period: string, open: { year: number; month: number }): { from: string; to: string } {
  const month = (y: number, m: number) => periodBounds(y, m);
  const back = (n: number) => {
    const start = shiftMonth(open.year, open.month, -(n - 1));
    return { from: month(start.year, start.month).first, to: month(open.year, open.month).last };
  };
  switch (period) {
    case 'current':
      return back(1);
    case '3month':
      return back(3);
    case '6month':
      return back(6);
    case '12month':
      return back(12);
    case 'currentyear':
      return { from: `${open.year}-01-01`, to: month(open.year, open.month).last };
    case 'prevyear':
      return { from: `${open.year - 1}-01-01`, to: `${open.year - 1}-12-31` };
    default: {
      const [y, m] = period.split('-').map(Number) as [number, number];
      const b = month(y, m);
      return { from: b.first, to: b.last };
    }
  }
}

/**
 * Distribution equality (spec 2 §3 'Equality rows'): each active door's owner room-charge income
 * (net postings to the door's owner on the control roomcharge_account in the range), the average
 * of its unit type, and per type how many doors sit below, within and above the average ± the
 * control equal_distribution_variance percent. A type with one door or none has no low bar.
 * Occupancy (owner_stay_days, letting_days) comes with bookings: 0 until then, so
 * adjusted_amount equals original_amount.
 */
export async function equality(db: Db, period: string): Promise<{ from: string; to: string; variance: number; rows: EqualityRow[] }> {
  const open = await openPeriod(db);
  const { from, to } = equalityRange(period, open);
  const settings = await db.selectFrom('control_setting').select(['key', 'value']).where('key', 'in', ['roomcharge_account', 'equal_distribution_variance']).execute();
  const setting = (k: string) => settings.find((s) => s.key === k)?.value;
  const account = (setting('roomcharge_account') as string | null | undefined) ?? 'ROOMCHG';
  const variance = Number(setting('equal_distribution_variance') ?? 0);
  const units = await db.selectFrom('unit').select(['door', 'unittype']).where('inactive', '=', false).orderBy('unittype').orderBy('door').execute();
  const income = await db
    .selectFrom('posting as p')
    .innerJoin('txn as t', 't.id', 'p.txn_id')
    .innerJoin('entity as e', 'e.code', 'p.entity')
    .select(['p.door', sql<string>`sum(p.amount)`.as('total')])
    .where('p.account_id', '=', account)
    .where('e.type', '=', 'OWNER')
    .where('p.door', 'is not', null)
    .where('t.date', '>=', from)
    .where('t.date', '<=', to)
    .groupBy('p.door')
    .execute();
  const byDoor = new Map(income.map((r) => [r.door!, Number(r.total)]));
  const periodDays = Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
  const types = new Map<string, { door: string; cents: number }[]>();
  for (const u of units) {
    const t = u.unittype ?? '';
    types.set(t, [...(types.get(t) ?? []), { door: u.door, cents: byDoor.get(u.door) ?? 0 }]);
  }
  const rows: EqualityRow[] = [];
  for (const [unittype, doors] of types) {
    const count = doors.length;
    const sum = doors.reduce((a, d) => a + d.cents, 0);
    const avg = count ? Math.round(sum / count) : 0;
    // Bounds compared exactly in hundredths of cents: amount*100 vs avg*(100 ± variance).
    const low = (c: number) => count > 1 && c * 100 < avg * (100 - variance);
    const high = (c: number) => c * 100 > avg * (100 + variance);
    const lowCount = doors.filter((d) => low(d.cents)).length;
    const highCount = doors.filter((d) => !low(d.cents) && high(d.cents)).length;
    for (const d of doors) {
      rows.push({
        door: d.door,
        unittype,
        original_amount: toDollars(d.cents),
        adjusted_amount: toDollars(d.cents),
        type_avg: toDollars(avg),
        owner_stay_days: 0,
        letting_days: 0,
        period_days: periodDays,
        count,
        low_count: lowCount,
        mid_count: count - lowCount - highCount,
        high_count: highCount,
      });
    }
  }
  return { from, to, variance, rows };
}
