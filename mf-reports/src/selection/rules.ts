import { z } from 'zod';
import { ENTITY_TYPES, reportSelectionContract, type ReportField, type ReportSelection } from 'api/contracts/reports';
import { MONTH_ABBREVIATIONS, toDate, toIsoDate } from 'shared-ui';

/**
 * The selection header's values (spec 3 §3 'Report selection'): the contract's names, with dates
 * as Date for the date inputs and blanks as '' or null. Blank means the report's default.
 */
export interface SelectionForm {
  year: number | null;
  month: number | null;
  from: Date | null;
  to: Date | null;
  entity_type: string;
  entity_from: string;
  entity_to: string;
  entity_category: string;
  type: string;
  ref: string;
}

/** The header's values from the catalogue's defaults (GET /api/reports); none when it has none. */
export function selectionForm(defaults: ReportSelection = {}): SelectionForm {
  return {
    year: defaults.year ?? null,
    month: defaults.month ?? null,
    from: toDate(defaults.from),
    to: toDate(defaults.to),
    entity_type: defaults.entity_type ?? '',
    entity_from: defaults.entity_from ?? '',
    entity_to: defaults.entity_to ?? '',
    entity_category: defaults.entity_category ?? '',
    type: defaults.type ?? '',
    ref: defaults.ref ?? '',
  };
}

const filled = (value: string) => (value.trim() === '' ? undefined : value.trim());

/**
 * What POST /api/reports/{key} is sent: only what the report's header shows (an as-at report
 * sends `to` alone, a financial year `year` alone), blanks left out for the server's default.
 */
export function selectionWire(form: SelectionForm, fields: readonly ReportField[]): Record<string, unknown> {
  const wire: Record<string, unknown> = {};
  const put = (name: string, value: unknown) => {
    if (value !== undefined && value !== null && value !== '') wire[name] = value;
  };
  for (const field of fields) {
    if (field === 'period') {
      put('year', form.year);
      put('month', form.month);
    } else if (field === 'financialYear') put('year', form.year);
    else if (field === 'dateRange') {
      put('from', toIsoDate(form.from));
      put('to', toIsoDate(form.to));
    } else if (field === 'asAt') put('to', toIsoDate(form.to));
    else if (field === 'entityType') put('entity_type', filled(form.entity_type));
    else if (field === 'entityRange') {
      put('entity_from', filled(form.entity_from)?.toUpperCase());
      put('entity_to', filled(form.entity_to)?.toUpperCase());
    } else if (field === 'category') put('entity_category', filled(form.entity_category));
    else if (field === 'detail') put('type', filled(form.type));
    else if (field === 'ref') put('ref', filled(form.ref));
  }
  return wire;
}

/**
 * The form's schema: its values become the wire selection, which the route's own contract checks
 * (its messages land on the form's fields, which carry the contract's names). Typed as from the
 * form to the selection: a preprocess step alone would type the form's values as unknown.
 */
export const selectionSchema = (fields: readonly ReportField[]) =>
  z.preprocess((values) => selectionWire(values as SelectionForm, fields), reportSelectionContract) as unknown as z.ZodType<ReportSelection, SelectionForm>;

/** Years a header offers, newest first: from the ledger's first year to `last`, and the default's year whatever it is. */
export function yearOptions(firstDate: string | null | undefined, last: number, keep: number | null): { value: number; label: string }[] {
  const first = Math.min(firstDate ? Number(firstDate.slice(0, 4)) : last, keep ?? last, last);
  const top = Math.max(keep ?? last, last);
  const years: { value: number; label: string }[] = [];
  for (let y = top; y >= first; y -= 1) years.push({ value: y, label: String(y) });
  return years;
}

export const MONTH_OPTIONS = MONTH_ABBREVIATIONS.map((label, i) => ({ value: i + 1, label }));
export const ENTITY_TYPE_OPTIONS = [{ value: 'ALL', label: 'All' }, ...ENTITY_TYPES.map((t) => ({ value: t, label: t }))];
export const DETAIL_OPTIONS = [{ value: 'DETAILED', label: 'Detailed' }, { value: 'SUMMARY', label: 'Summary' }];
