import type { BusinessSummaryRow, PeriodRef } from 'api/contracts/balances';
import type { EntityStatementRow } from 'api/contracts/entity';
import { MONTH_ABBREVIATIONS, centsToDollars, toCents, toDate, type StatementRange } from 'shared-ui';

/**
 * Business accounts rules (spec 2 §2 'Business Accounts', §9): the summary query from the
 * period filter and the two comparison periods, the comparison columns, and the period and
 * account lines of the business statement for the expanded rows and the statement button.
 */

export interface YearMonth {
  year: number;
  month: number;
}

/** 2026-10 for October 2026 (the compare1/compare2 format of the summary call). */
export const yearMonthText = (p: YearMonth) => `${p.year}-${String(p.month).padStart(2, '0')}`;

/** 'Oct 2026'. */
export const periodLabel = (p: YearMonth) => `${MONTH_ABBREVIATIONS[p.month - 1]} ${p.year}`;

/**
 * GET /api/ledger/business/summary query from the list's query: its period filter (Current, or
 * a Period as year and month) and the comparison periods the user chose (compare1/compare2 as
 * YYYY-MM); without them the server takes its defaults, the previous month and the same month a
 * year earlier, counted from the last ledger date (spec 2 §9).
 */
export function summaryQuery(list: Record<string, unknown>): Record<string, string | number | undefined> {
  const base = list.period === 'period' ? { year: Number(list.year), month: Number(list.month) } : { period: 'current' };
  const text = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
  return { ...base, compare1: text(list.compare1), compare2: text(list.compare2) };
}

export type ComparisonChoice = 1 | 2;

export type BusinessRow = BusinessSummaryRow & { change_compare1: number; change_compare2: number };

/** Each row with its change against both comparison periods (funds − comparison, exact in cents). */
export function withChanges(rows: readonly BusinessSummaryRow[]): BusinessRow[] {
  const change = (a: number, b: number) => centsToDollars(toCents(a) - toCents(b));
  return rows.map((r) => ({ ...r, change_compare1: change(r.funds, r.funds_compare1), change_compare2: change(r.funds, r.funds_compare2) }));
}

/** The fields of the chosen comparison (#1 or #2). */
export const comparisonFields = (choice: ComparisonChoice) => ({ funds: `funds_compare${choice}`, change: `change_compare${choice}` }) as const;

/** The period's funds are Revenue in the current month, else Funds (spec 2 §9 balance totals labels). */
export const fundsLabel = (isCurrentMonth: boolean) => (isCurrentMonth ? 'Revenue' : 'Funds');

/** The period's first and last day as a statement range (the business statement and the expanded rows read it). */
export function periodRange(period: Pick<PeriodRef, 'from' | 'to'>): StatementRange {
  return { from: toDate(period.from)!, to: toDate(period.to)! };
}

/** An account's lines of the business statement, oldest first. */
export const accountLines = <Row extends Pick<EntityStatementRow, 'account_id'>>(rows: readonly Row[], account: string): Row[] => rows.filter((r) => r.account_id === account);
