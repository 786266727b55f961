import { toDate, toIsoDate } from 'shared-ui/core';

/** The editor field kinds of spec 1 §3.1 whose empty values and read values need converting. */
export type FieldKind = 'text' | 'date' | 'number' | 'select' | 'checkbox';
export type FieldKinds = Record<string, FieldKind>;

const EMPTY: Record<FieldKind, null | '' | false> = { text: '', date: null, number: '', select: '', checkbox: false };

/** The value an empty field of a kind holds: date null, number '', select '', checkbox false, text ''. */
export function emptyValue(kind: FieldKind): null | '' | false {
  return EMPTY[kind];
}

/** Record values as the form holds them: dates become Date, numbers become numbers, empties get their kind's default. */
export function toFormValues<T extends Record<string, unknown>>(record: T, kinds: FieldKinds = {}): T {
  const out: Record<string, unknown> = { ...record };
  for (const [field, kind] of Object.entries(kinds)) {
    const v = out[field];
    if (v === null || v === undefined || v === '') {
      out[field] = EMPTY[kind];
      continue;
    }
    if (kind === 'date') out[field] = toDate(v as string | Date);
    else if (kind === 'number') out[field] = Number.isFinite(Number(v)) ? Number(v) : '';
    else if (kind === 'checkbox') out[field] = v === true || v === 1 || v === 'true' || v === '1';
    else out[field] = v;
  }
  return out as T;
}

/** Form values as the server takes them: dates as YYYY-MM-DD, empty numbers and dates as null. */
export function toWireValues<T extends Record<string, unknown>>(values: T, kinds: FieldKinds = {}): T {
  const out: Record<string, unknown> = { ...values };
  for (const [field, kind] of Object.entries(kinds)) {
    const v = out[field];
    if (kind === 'date') out[field] = toIsoDate(v as Date | string | null);
    else if (kind === 'number') out[field] = v === '' || v === null || v === undefined ? null : Number(v);
  }
  return out as T;
}

/** Defaults for a new record: every listed field at its kind's empty value, overridden by given defaults. */
export function newRecordValues(kinds: FieldKinds, defaults: Record<string, unknown> = {}): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [field, kind] of Object.entries(kinds)) out[field] = EMPTY[kind];
  return toFormValues({ ...out, ...defaults }, kinds);
}

/** Image uploads over the limit are refused (spec 1 §5 image limits are in kilobytes). */
export function imageSizeError(bytes: number, maxKb: number | undefined): string | null {
  if (!maxKb || bytes <= maxKb * 1024) return null;
  return `Image is larger than ${maxKb} kb`;
}
