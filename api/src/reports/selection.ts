import type { ExpressionBuilder } from 'kysely';
import { REPORTS, type ReportKey, type ReportSelection } from '../contracts/reports.js';
import { monthYearStartCase } from '../control/settings.js';
import { dateText } from '../documents/table.js';
import { lastDayOfMonth } from '../ledger/business-date.js';
import type { ResolvedSelection } from './definition.js';

const pad = (n: number) => String(n).padStart(2, '0');
const monthFirst = (year: number, month: number) => `${year}-${pad(month)}-01`;

/** The month before (year, month). */
export function previousMonth(year: number, month: number): { year: number; month: number } {
  return month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 };
}

/** The financial year July–June that a date falls in, named by the year it ends in (1 July 2026 → 2027). */
export const financialYearOf = (date: string) => Number(date.slice(0, 4)) + (Number(date.slice(5, 7)) >= 7 ? 1 : 0);

/**
 * A report's selection with its defaults (spec 3 §9, issue 12): the period is the open month, or
 * the last closed month for End of Month's reports; the date range runs from the open month's first
 * day to today; as-at reports are at today; the financial year is the one today falls in; entity
 * type OWNER for statements and End of Year, otherwise all; statements DETAILED.
 */
export function resolveSelection(key: ReportKey, s: ReportSelection, open: { year: number; month: number }, today: string): ResolvedSelection {
  const fields: readonly string[] = REPORTS[key].fields;
  const closed = previousMonth(open.year, open.month);
  const period = REPORTS[key].tab === 'eom' ? closed : open;
  let year = s.year ?? (fields.includes('financialYear') ? financialYearOf(today) : period.year);
  const month = s.month ?? period.month;
  let from = s.from ?? monthFirst(open.year, open.month);
  let to = s.to ?? (today < from ? lastDayOfMonth(from) : today);
  if (fields.includes('period')) {
    from = monthFirst(year, month);
    to = lastDayOfMonth(from);
  } else if (fields.includes('financialYear')) {
    from = `${year - 1}-07-01`;
    to = `${year}-06-30`;
  } else if (fields.includes('asAt')) {
    to = s.to ?? today;
    from = s.from ?? '1900-01-01';
    year = Number(to.slice(0, 4));
  }
  const ownersByDefault = key === 'statement' || key === 'eoystatement';
  return {
    ...s,
    year,
    month,
    from,
    to,
    entity_type: s.entity_type ?? (ownersByDefault ? 'OWNER' : 'ALL'),
    type: s.type ?? 'DETAILED',
    entity_from: s.entity_from?.toUpperCase() || undefined,
    entity_to: s.entity_to?.toUpperCase() || undefined,
    entity_category: s.entity_category || undefined,
  };
}

/** The line under a report's title that says what it covers. */
export function selectionLine(key: ReportKey, s: ResolvedSelection): string {
  const fields: readonly string[] = REPORTS[key].fields;
  const parts: string[] = [];
  if (fields.includes('period')) parts.push(monthYearStartCase(s.month, s.year));
  else if (fields.includes('financialYear')) parts.push(`Financial year 1 July ${s.year - 1} to 30 June ${s.year}`);
  else if (fields.includes('asAt')) parts.push(`As at ${dateText(s.to)}`);
  else if (fields.includes('dateRange')) parts.push(`${dateText(s.from)} to ${dateText(s.to)}`);
  if (fields.includes('entityType') && s.entity_type !== 'ALL') parts.push(s.entity_type);
  if (s.entity_from || s.entity_to) parts.push(`${s.entity_from ?? 'first'} to ${s.entity_to ?? 'last'}`);
  if (s.entity_category) parts.push(`category ${s.entity_category}`);
  if (s.ref) parts.push(`ref ${s.ref}`);
  return parts.join(' · ');
}

/**
 * The selection's entities as a where clause on `entity` (aliased `e` or not): type unless ALL,
 * the code range (inclusive), the category.
 */
export function entitiesSelected(s: ResolvedSelection, column: (name: 'code' | 'type' | 'category') => string = (n) => `entity.${n}`) {
  return (eb: ExpressionBuilder<any, any>) => {
    const conditions = [];
    if (s.entity_type !== 'ALL') conditions.push(eb(column('type'), '=', s.entity_type));
    if (s.entity_from) conditions.push(eb(column('code'), '>=', s.entity_from));
    if (s.entity_to) conditions.push(eb(column('code'), '<=', s.entity_to));
    if (s.entity_category) conditions.push(eb(column('category'), '=', s.entity_category));
    return eb.and(conditions);
  };
}
