/**
 * The period filter of the generic list (spec 1 §2.3, §4.3): Current, Future, or a Period
 * (month plus year). The choice is remembered per list for the browser session, and applying
 * it records whether it is the current month.
 */
export type PeriodChoice = 'current' | 'future' | 'period';

export interface PeriodSelection {
  period: PeriodChoice;
  month: number;
  year: number;
}

export interface AppliedPeriod extends PeriodSelection {
  isCurrentMonth: boolean;
}

export interface CurrentMonth {
  month: number;
  year: number;
}

const storageKey = (listKey: string) => `oa.periodFilter.${listKey}`;

function store(): Storage | null {
  return typeof sessionStorage === 'undefined' ? null : sessionStorage;
}

export function defaultPeriod(current: CurrentMonth): PeriodSelection {
  return { period: 'current', month: current.month, year: current.year };
}

/** The remembered selection of a list, or the current month. */
export function loadPeriod(listKey: string, current: CurrentMonth): PeriodSelection {
  const raw = store()?.getItem(storageKey(listKey));
  if (!raw) return defaultPeriod(current);
  try {
    const saved = JSON.parse(raw) as Partial<PeriodSelection>;
    const period = saved.period === 'future' || saved.period === 'period' || saved.period === 'current' ? saved.period : 'current';
    const month = Number.isInteger(saved.month) && saved.month! >= 1 && saved.month! <= 12 ? saved.month! : current.month;
    const year = Number.isInteger(saved.year) && saved.year! > 1900 ? saved.year! : current.year;
    return { period, month, year };
  } catch {
    return defaultPeriod(current);
  }
}

export function savePeriod(listKey: string, selection: PeriodSelection): void {
  store()?.setItem(storageKey(listKey), JSON.stringify(selection));
}

/** Whether the selection means the current month: Current does, Future does not, a Period when it names it. */
export function isCurrentMonth(selection: PeriodSelection, current: CurrentMonth): boolean {
  if (selection.period === 'current') return true;
  if (selection.period === 'future') return false;
  return selection.month === current.month && selection.year === current.year;
}

export function applyPeriod(selection: PeriodSelection, current: CurrentMonth): AppliedPeriod {
  return { ...selection, isCurrentMonth: isCurrentMonth(selection, current) };
}

/** Query values for the server: month and year only with a Period. */
export function periodQuery(selection: PeriodSelection): Record<string, string | number> {
  return selection.period === 'period' ? { period: 'period', month: selection.month, year: selection.year } : { period: selection.period };
}
