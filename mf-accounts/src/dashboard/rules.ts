import { UNBANKED_DAYS, UNRECONCILED_DAYS, type Health } from 'api/contracts/dashboard';
import type { EqualityRow, RevenueChart } from 'api/contracts/balances';
import { toCents } from 'shared-ui/core';

/**
 * Dashboard rules (spec 2 §4 'Dashboard colours', §9): faces of the health rows, the month
 * progress of the business card, the revenue series and the equality ranges. The card colours
 * themselves are the API's (healthColour, threeWayColour in api/contracts/dashboard), so the
 * server's audit and this screen never disagree.
 */

export type Face = 'happy' | 'meh' | 'sad';

/** Task rows: none is happy; any critical or in-balance task is sad, any other task meh. */
export function taskFace(count: number, severe: boolean): Face {
  if (count <= 0) return 'happy';
  return severe ? 'sad' : 'meh';
}

/**
 * Age rows (whole days; null = never): up to a day is happy (the amber threshold of the card),
 * sad from the audit's own limit (unbanked receipts 3 days, reconciliation 7 days), meh between.
 */
export function ageFace(days: number | null, sadFrom: number): Face {
  if (days === null) return 'sad';
  if (days <= 1) return 'happy';
  return days >= sadFrom ? 'sad' : 'meh';
}

export interface HealthRow {
  key: string;
  label: string;
  value: string;
  face: Face;
  /** Where the row leads; none for the sync row when no booking system is set up. */
  path?: string;
}

const ago = (days: number | null, none: string) => (days === null ? none : days === 0 ? 'Today' : days === 1 ? '1 day ago' : `${days} days ago`);

/**
 * The Booking Sync row: the last sync's age and the bookings it left in error (those lead to the
 * Bookings screen, where the Issues toggle shows them); no booking system set up is not a fault.
 */
export function syncRow(h: Pick<Health, 'syncAge' | 'syncSetUp' | 'syncErrors'>): HealthRow {
  if (!h.syncSetUp) return { key: 'sync', label: 'Booking Sync', value: 'No booking system set up', face: 'happy' };
  const errors = h.syncErrors === 1 ? '1 booking with errors' : `${h.syncErrors} bookings with errors`;
  const value = h.syncAge === null ? 'Never' : `${ago(h.syncAge, 'Never')}${h.syncErrors > 0 ? `, ${errors}` : ''}`;
  const face = ageFace(h.syncAge, 2);
  return { key: 'sync', label: 'Booking Sync', value, face: h.syncErrors > 0 && face === 'happy' ? 'meh' : face, path: '/bookings' };
}

/** The health card rows: the four task counts, then sync, banking and reconciliation ages. */
export function healthRows(h: Health): HealthRow[] {
  const task = '/management/daily/task';
  return [
    { key: 'critical', label: 'Critical Tasks', value: String(h.criticalTasks), face: taskFace(h.criticalTasks, true), path: task },
    { key: 'inbalance', label: 'In Balance Tasks', value: String(h.inbalanceTasks), face: taskFace(h.inbalanceTasks, true), path: task },
    { key: 'important', label: 'Important Tasks', value: String(h.importantTasks), face: taskFace(h.importantTasks, false), path: task },
    { key: 'warning', label: 'Warnings and Notifications', value: String(h.warningTasks), face: taskFace(h.warningTasks, false), path: task },
    syncRow(h),
    {
      key: 'banking',
      label: 'Last Banking',
      value: h.bankAge === 0 ? 'All receipts banked' : `Oldest unbanked receipt ${ago(h.bankAge, '')}`,
      face: ageFace(h.bankAge, UNBANKED_DAYS),
      path: '/management/daily/banking',
    },
    { key: 'reconcile', label: 'Last Reconciliation', value: ago(h.recAge, 'Never reconciled'), face: ageFace(h.recAge, UNRECONCILED_DAYS), path: '/management/daily/reconcile' },
  ];
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Business card: day of month over days in month (percent 0..1) and the whole days remaining. */
export function monthProgress(isoDate: string): { value: number; remaining: number; day: number; days: number } {
  const [year, month, day] = isoDate.slice(0, 10).split('-').map(Number) as [number, number, number];
  const days = daysInMonth(year, month);
  return { value: day / days, remaining: days - day, day, days };
}

/** Fixed colours of the revenue chart, newest year first, so the current year always looks the same. */
export const REVENUE_YEAR_COLOURS = ['#0f6cbd', '#e97548', '#13a10e', '#8764b8', '#8a8886'] as const;
export const REVENUE_MAX_YEARS = 5;

export interface RevenueSeries {
  year: number;
  colour: string;
  /** Month number 1..12 and income in cents, from the first month with income to the open period. */
  points: { month: number; cents: number }[];
}

/**
 * Up to the five newest years of the chart, each in its fixed colour. Months before the first
 * income (before the books began) and after the open period are left out rather than drawn as
 * zero income; a year left with no months is dropped.
 */
export function revenueSeries(chart: RevenueChart, open: { year: number; month: number }): RevenueSeries[] {
  const years = chart.years.map((year, i) => ({ year, totals: chart.totals[i] ?? [] })).slice(-REVENUE_MAX_YEARS);
  const first = years.flatMap(({ year, totals }) => totals.map((t, m) => ({ at: year * 12 + m, t }))).find((p) => p.t !== 0)?.at;
  if (first === undefined) return [];
  const last = open.year * 12 + open.month - 1;
  return years
    .map(({ year, totals }, i) => ({
      year,
      colour: REVENUE_YEAR_COLOURS[years.length - 1 - i]!,
      points: totals.map((dollars, m) => ({ month: m + 1, cents: toCents(dollars), at: year * 12 + m })).filter((p) => p.at >= first && p.at <= last).map(({ month, cents }) => ({ month, cents })),
    }))
    .filter((s) => s.points.length > 0);
}

export type EqualityBand = 'low' | 'mid' | 'high';

export interface EqualityType {
  unittype: string;
  count: number;
  /** Below the range; null when the type has one unit or none (no low bar, spec 2 §9). */
  low: number | null;
  mid: number;
  high: number;
  avgCents: number;
  /** The range: the type average ± the variance percent, in cents. */
  fromCents: number;
  toCents: number;
  doors: { door: string; cents: number; band: EqualityBand }[];
}

/** The type average ± variance percent, rounded to the cent. */
export function equalityRange(avgCents: number, variancePercent: number): { fromCents: number; toCents: number } {
  return { fromCents: Math.round((avgCents * (100 - variancePercent)) / 100), toCents: Math.round((avgCents * (100 + variancePercent)) / 100) };
}

/**
 * Where a door sits against its type's range, compared exactly as the server counts (in
 * hundredths of cents, so a rounded bound never moves a door); a type of one unit is never low.
 */
export function equalityBand(cents: number, avgCents: number, variancePercent: number, count: number): EqualityBand {
  if (count > 1 && cents * 100 < avgCents * (100 - variancePercent)) return 'low';
  return cents * 100 > avgCents * (100 + variancePercent) ? 'high' : 'mid';
}

/** The equality rows grouped by unit type, with the server's counts and each door's band. */
export function equalityTypes(rows: readonly EqualityRow[], variancePercent: number): EqualityType[] {
  const byType = new Map<string, EqualityRow[]>();
  for (const r of rows) byType.set(r.unittype, [...(byType.get(r.unittype) ?? []), r]);
  return [...byType].map(([unittype, doors]) => {
    const first = doors[0]!;
    const avgCents = toCents(first.type_avg);
    const range = equalityRange(avgCents, variancePercent);
    return {
      unittype,
      count: first.count,
      low: first.count > 1 ? first.low_count : null,
      mid: first.mid_count,
      high: first.high_count,
      avgCents,
      ...range,
      doors: doors.map((d) => {
        const cents = toCents(d.adjusted_amount);
        return { door: d.door, cents, band: equalityBand(cents, avgCents, variancePercent, first.count) };
      }),
    };
  });
}

/** The equality chart's axis minimum: the lowest value less $500, never below 0 (cents). */
export function equalityAxisMinimum(cents: readonly number[]): number {
  if (cents.length === 0) return 0;
  return Math.max(0, Math.min(...cents) - 50_000);
}

/** The range description of the detailed view. */
export function equalityRangeText(variancePercent: number, from: string, to: string): string {
  return `Each unit type's range is its average plus or minus ${variancePercent}% of owner room income, ${from} to ${to}. Units below the range are low, above it high; a unit type with only one unit has no low bar.`;
}

/** Spec 2 §9 period options for the equality card. */
export const EQUALITY_PERIOD_LABELS: Record<string, string> = {
  current: 'Current Month',
  '3month': 'Last 3 Months',
  '6month': 'Last 6 Months',
  '12month': 'Last 12 Months',
  currentyear: 'Current Year',
  prevyear: 'Previous Year',
};
