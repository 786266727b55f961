import { z } from 'zod';
import { ENTITY_TYPES, isoDate, money } from './common.js';
import { EQUALITY_PERIODS } from './dashboard.js';

/**
 * Balances, summaries and exports (spec 2 §3 'Dashboard data', 'Balance totals rows', spec 3 §7
 * 'Summaries'). Money on the wire is dollars with at most two decimals.
 */

const yearParam = z.coerce.number({ error: 'Year must be a number' }).int('Year must be a whole number').min(2000, 'Year must be 2000 or later').max(2100, 'Year must be 2100 or earlier');
const monthParam = z.coerce.number({ error: 'Month must be a number' }).int('Month must be a whole number').min(1, 'Month must be 1 to 12').max(12, 'Month must be 1 to 12');
/** YYYY-MM, e.g. 2026-10. */
export const yearMonth = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Period must be YYYY-MM');

/**
 * A period: year and month, or from and to (YYYY-MM-DD), or nothing (the open period of the
 * control record). Both forms at once, or half of either, is refused.
 */
export const periodQuery = z
  .object({
    year: yearParam.optional(),
    month: monthParam.optional(),
    from: isoDate.optional(),
    to: isoDate.optional(),
  })
  .refine((q) => (q.year === undefined) === (q.month === undefined), { message: 'Give both year and month', path: ['month'] })
  .refine((q) => (q.from === undefined) === (q.to === undefined), { message: 'Give both from and to', path: ['to'] })
  .refine((q) => !(q.year !== undefined && q.from !== undefined), { message: 'Give year and month, or from and to, not both', path: ['from'] })
  .refine((q) => q.from === undefined || q.to === undefined || q.from <= q.to, { message: 'From must be on or before to', path: ['from'] });

export const ledgerSummaryQuery = periodQuery.and(z.object({ type: z.enum(ENTITY_TYPES, { error: `Type is one of ${ENTITY_TYPES.join(', ')}` }).optional() }));
export type LedgerSummaryQuery = z.infer<typeof ledgerSummaryQuery>;

/**
 * One row per party type (or, with ?type=, per party of that type), spec 2 §3 'Balance totals rows':
 * - opening: ledger balance before the period;
 * - funds: opening plus every movement of the period except payments and disbursements (the
 *   money there was to pay out; labelled Revenue in the current month);
 * - pay: paid out in the period (payments and disbursements, net of their reversals), positive;
 * - balance: funds − pay, the ledger balance at the end of the period;
 * - pending: pending charges the parties will receive; charges: pending charges they must pay
 *   (both as at the end of the period); hold: hold_always + hold_this_month.
 * The totals row's pending is pending − charges (spec 2 §9).
 */
export interface LedgerSummaryRow {
  type: string;
  code?: string;
  name?: string;
  opening: number;
  funds: number;
  pending: number;
  charges: number;
  hold: number;
  pay: number;
  balance: number;
}
export interface LedgerSummary {
  from: string;
  to: string;
  rows: LedgerSummaryRow[];
  totals: Omit<LedgerSummaryRow, 'type' | 'code' | 'name'>;
}

/** Cash book for a period: opening + receipts − payments = closing (payments positive). */
export interface CashbookSummary {
  from: string;
  to: string;
  opening: number;
  receipts: number;
  payments: number;
  closing: number;
  byMethod: { method: string; receipts: number; payments: number }[];
}

/** GET /api/ledger/business/summary: ?period=current or year/month, compare1/compare2 as YYYY-MM. */
export const businessSummaryQuery = z
  .object({
    period: z.literal('current', { error: "Period is 'current'" }).optional(),
    year: yearParam.optional(),
    month: monthParam.optional(),
    compare1: yearMonth.optional(),
    compare2: yearMonth.optional(),
  })
  .refine((q) => (q.year === undefined) === (q.month === undefined), { message: 'Give both year and month', path: ['month'] })
  .refine((q) => !(q.period && q.year !== undefined), { message: "Give period=current or year and month, not both", path: ['period'] });
export type BusinessSummaryQuery = z.infer<typeof businessSummaryQuery>;

export interface PeriodRef {
  year: number;
  month: number;
  from: string;
  to: string;
}
/** Per account of the BUSINESS ledger: pending charges due to the business, and funds (net postings) per period. */
export interface BusinessSummaryRow {
  account_id: string;
  description: string;
  pending: number;
  funds: number;
  funds_compare1: number;
  funds_compare2: number;
}
export interface BusinessSummary {
  period: PeriodRef;
  compare1: PeriodRef;
  compare2: PeriodRef;
  rows: BusinessSummaryRow[];
  totals: Omit<BusinessSummaryRow, 'account_id' | 'description'>;
}

/** POST /api/entity/balances. items: unsaved lines (e.g. a receipt being edited) added to the ledger; exclude: charge refs left out of pending. */
export const entityBalancesContract = z.object({
  entities: z.array(z.string().trim().min(1).max(20).transform((v) => v.toUpperCase()), { error: 'Entities must be a list of codes' }).min(1, 'Give at least one entity').max(500, 'At most 500 entities'),
  items: z.array(z.object({ entity: z.string().trim().min(1).transform((v) => v.toUpperCase()), door: z.string().nullish(), amount: money })).max(500).optional(),
  exclude: z.array(z.union([z.string(), z.number()]).transform(String)).max(1000).optional(),
});
export type EntityBalancesInput = z.infer<typeof entityBalancesContract>;
/** Per entity code: ledger (all doors), charge (pending payable), balance (ledger + items − charge), doors (per door ledger). */
export interface EntityBalance {
  ledger: number;
  charge: number;
  balance: number;
  doors: Record<string, number>;
}
export type EntityBalances = Record<string, EntityBalance>;

/** GET /api/control/3waybalance (spec 2 §3 'Three-way balance'), all in dollars. */
export interface ThreeWayBalance {
  /** The bank side: last reconciled statement balance + items not yet reconciled. */
  bank: number;
  /** How `bank` was found: RECONCILIATION (statement + outstanding items) or CASHBOOK (no reconciliation yet). */
  basis: 'RECONCILIATION' | 'CASHBOOK';
  cashbook: number;
  ledgers: number;
  /** Largest difference among the three: cashbook − ledgers, else bank − cashbook; 0 when healthy. */
  balance: number;
  zeroBalance: boolean;
  lastReconcile: string | null;
  /** Whole days since the last reconciliation; null if never reconciled. */
  recAge: number | null;
}

/** GET /api/control/revenuechart: BUSINESS income per month, a row of 12 per year (oldest first). */
export interface RevenueChart {
  years: number[];
  months: string[];
  totals: number[][];
}

/** GET /api/control/equality/{period}: current, 3month, 6month, 12month, currentyear, prevyear or YYYY-MM. */
export { EQUALITY_PERIODS };
export const equalityPeriod = z.union([z.enum(EQUALITY_PERIODS), yearMonth], { error: `Period is one of ${EQUALITY_PERIODS.join(', ')} or YYYY-MM` });
export interface EqualityRow {
  door: string;
  unittype: string;
  /** Owner room-charge income of the door in the range. */
  original_amount: number;
  /** Adjusted for days the owner stayed (equal to original until bookings record occupancy). */
  adjusted_amount: number;
  type_avg: number;
  /** Occupancy comes with bookings: 0 until then. */
  owner_stay_days: number;
  letting_days: number;
  period_days: number;
  /** Doors of this unit type, and how many are below, within and above type_avg ± the variance. */
  count: number;
  low_count: number;
  mid_count: number;
  high_count: number;
}

/** GET /api/ledger/trialbalance?date=YYYY-MM-DD&format=csv|json */
export const trialBalanceQuery = z.object({
  date: isoDate.optional(),
  format: z.enum(['csv', 'json'], { error: 'Format is csv or json' }).default('json'),
});
export interface TrialBalanceRow {
  type: string;
  code: string;
  door: string;
  account: string;
  balance: number;
}
export interface TrialBalance {
  date: string;
  rows: TrialBalanceRow[];
  ledgers: number;
  cashbook: number;
}

/** GET /api/ledger/postings and /api/ledger/cashlines: from/to (YYYY-MM-DD), CSV only. */
export const postingsExportQuery = z
  .object({ from: isoDate, to: isoDate, format: z.literal('csv', { error: 'Format is csv' }).default('csv') })
  .refine((q) => q.from <= q.to, { message: 'From must be on or before to', path: ['from'] });

export const TRIAL_BALANCE_CSV_HEADER = 'type,code,door,account,balance';
export const POSTINGS_CSV_HEADER = 'date,ref,kind,party,door,account,amount';
export const CASHLINES_CSV_HEADER = 'date,ref,kind,method,amount';
