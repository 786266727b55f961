import { daysBetween } from '../contracts/tenancy.js';
import { addDays } from '../ledger/business-date.js';

/**
 * Rent arithmetic of a tenancy (spec 3 §4 'Tenancy', §9 'Tenancy'), plain functions on ISO dates
 * and integer cents. Rent is charged in advance, one charge per rent period: a period starts on
 * the lease start date and every week (W), fortnight (F) or month (M) after it; a monthly period
 * keeps the start date's day of the month, clamped to the month's last day (31 Jan, 28 Feb,
 * 31 Mar). The period that the lease's end (expiry or scheduled termination) cuts short is
 * charged pro rata by days, rounded once, half away from zero.
 */

export const FREQUENCIES = ['W', 'F', 'M'] as const;
export type Frequency = (typeof FREQUENCIES)[number];

export interface RentPeriod {
  from: string;
  to: string;
  /** Cents. */
  amount: number;
}

export interface RentTerms {
  start_date: string;
  frequency: Frequency;
  /** Rent per period in cents. */
  value: number;
  expiry_date: string;
  /** The termination date, when a termination is scheduled: no rent after it. */
  end_date?: string | null;
}

// The editor computes duration and expiry as the server does: one definition, in the contract.
export { daysBetween, durationOf, expiryOf } from '../contracts/tenancy.js';

/** The date n months after an ISO date, on the same day of the month or the month's last day. */
export function addMonths(date: string, n: number, day = Number(date.slice(8, 10))): string {
  const [y, m] = date.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + n;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${String(month).padStart(2, '0')}-${String(Math.min(day, last)).padStart(2, '0')}`;
}

/** The start of the k-th rent period (k = 0 is the lease start). */
export function periodStart(start: string, frequency: Frequency, k: number): string {
  if (frequency === 'W') return addDays(start, 7 * k);
  if (frequency === 'F') return addDays(start, 14 * k);
  return addMonths(start, k, Number(start.slice(8, 10)));
}

/** The last day rent may be charged for: the lease expiry, or a scheduled termination before it. */
export const leaseEnd = (t: RentTerms) => (t.end_date && t.end_date < t.expiry_date ? t.end_date : t.expiry_date);

/**
 * The rent periods to charge: those after `lastChargeDate` (the last day already charged; null
 * when nothing is) whose start is on or before `upTo`, none past the lease's end. A period cut
 * short by the lease's end is charged pro rata by days.
 */
export function rentPeriods(t: RentTerms, lastChargeDate: string | null, upTo: string): RentPeriod[] {
  const end = leaseEnd(t);
  const periods: RentPeriod[] = [];
  for (let k = 0; ; k++) {
    const from = periodStart(t.start_date, t.frequency, k);
    if (from > upTo || from > end) break;
    const natural = addDays(periodStart(t.start_date, t.frequency, k + 1), -1);
    if (lastChargeDate && natural <= lastChargeDate) continue;
    const to = natural > end ? end : natural;
    const amount = to === natural ? t.value : Math.round((t.value * (daysBetween(from, to) + 1)) / (daysBetween(from, natural) + 1));
    periods.push({ from, to, amount });
  }
  return periods;
}

/** The day up to which advance rent is raised on `today`: advance_days ahead, the first charge at least. */
export const advanceUpTo = (today: string, advanceDays: number) => addDays(today, advanceDays);

/**
 * The last day fully paid for when `paid` cents have been receipted against the periods (oldest
 * first): whole periods, then the days of the next one that the rest covers pro rata (rounded
 * down: a day is paid only when wholly paid). Before anything is paid, the day before the lease
 * starts.
 */
export function paidTo(periods: RentPeriod[], paid: number, start: string): string {
  let left = paid;
  let last = addDays(start, -1);
  for (const p of [...periods].sort((a, b) => a.from.localeCompare(b.from))) {
    if (left >= p.amount) {
      left -= p.amount;
      last = p.to;
      continue;
    }
    const days = daysBetween(p.from, p.to) + 1;
    const covered = p.amount > 0 ? Math.floor((left * days) / p.amount) : 0;
    if (covered > 0) last = addDays(p.from, covered - 1);
    break;
  }
  return last;
}

export interface RentReceipt {
  date: string;
  /** Cents. */
  amount: number;
}

export interface RentPosition {
  /** Rent of periods that ended before the date, not yet paid (cents). */
  arrears: number;
  /** Rent of the period the date falls in, not yet paid. */
  due: number;
  /** Rent charged for periods after the date, not yet paid. */
  pending: number;
  /** Rent receipted on or before the date. */
  paid: number;
  paidTo: string;
}

/**
 * The rent account as at a date, from the rent charged and what was receipted by then: money is
 * applied to the oldest period first, so arrears are the past periods' rent less everything paid
 * (never below zero), rent due is the current period's rent less what is left, and so on.
 */
export function rentPosition(periods: RentPeriod[], receipts: RentReceipt[], asAt: string, start: string): RentPosition {
  const paid = receipts.filter((r) => r.date <= asAt).reduce((a, r) => a + r.amount, 0);
  const sum = (ps: RentPeriod[]) => ps.reduce((a, p) => a + p.amount, 0);
  const past = sum(periods.filter((p) => p.to < asAt));
  const current = sum(periods.filter((p) => p.from <= asAt && p.to >= asAt));
  const future = sum(periods.filter((p) => p.from > asAt));
  const arrears = Math.max(0, past - paid);
  const afterPast = Math.max(0, paid - past);
  const due = Math.max(0, current - afterPast);
  const afterCurrent = Math.max(0, afterPast - current);
  return { arrears, due, pending: Math.max(0, future - afterCurrent), paid, paidTo: paidTo(periods, paid, start) };
}

export interface ChargedPeriod extends RentPeriod {
  id: number;
  /** Whether a live receipt paid it. */
  receipted: boolean;
}

/**
 * Undo Charges (spec 3 §4): the unreceipted advance charges after the last receipted one whose
 * period starts on or after `from` (all of them without it) are cancelled, and last_charge_date
 * moves back to the day before the earliest of them, so the charged periods stay one unbroken
 * run and Update Rent raises the same periods again. A charge before a receipted one is arrears,
 * not advance rent, and is kept.
 */
export function undoPlan(charges: ChargedPeriod[], lastChargeDate: string | null, from?: string): { cancel: number[]; lastChargeDate: string | null } {
  const sorted = [...charges].sort((a, b) => a.from.localeCompare(b.from));
  const lastReceipted = sorted.reduce((i, c, n) => (c.receipted ? n : i), -1);
  const cancel = sorted.slice(lastReceipted + 1).filter((c) => !from || c.from >= from);
  if (!cancel.length) return { cancel: [], lastChargeDate };
  const earliest = cancel[0]!.from;
  const before = sorted.filter((c) => c.from < earliest).at(-1);
  return { cancel: cancel.map((c) => c.id), lastChargeDate: before ? before.to : null };
}

export interface RentDue {
  /** The first day not yet paid for. */
  date: string;
  /** Cents: what is left to pay of the rent period that day falls in. */
  amount: number;
}

/**
 * The next rent due after `paid` cents have been receipted against the charged periods: the day
 * after the paid-to date and what is left of the period it falls in (a period not yet charged
 * counts at the terms' rent, pro rata where the lease's end cuts it short). Null once rent is paid
 * to the lease's end.
 */
export function nextRentDue(t: RentTerms, periods: RentPeriod[], paid: number): RentDue | null {
  const day = addDays(paidTo(periods, paid, t.start_date), 1);
  if (day > leaseEnd(t)) return null;
  let cumulative = 0;
  for (const p of [...periods].sort((a, b) => a.from.localeCompare(b.from))) {
    cumulative += p.amount;
    if (p.from <= day && day <= p.to) return { date: day, amount: Math.max(0, cumulative - paid) };
  }
  const uncharged = rentPeriods(t, addDays(day, -1), day).at(-1);
  return uncharged ? { date: day, amount: uncharged.amount } : null;
}
