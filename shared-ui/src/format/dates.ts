/**
 * Date display and parsing without a date library: the product uses a handful of fixed
 * Australian formats (spec 1 §9), which a few small tested functions cover, and this keeps the
 * shared singleton small. Date-only strings (YYYY-MM-DD) are read as LOCAL dates: reading them
 * as UTC would move them a day back west of Greenwich.
 */

export type DateLike = Date | string | number | null | undefined;

export const MONTH_ABBREVIATIONS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** A valid local date, or null. */
export function toDate(value: DateLike): Date | null {
  if (value === null || value === undefined || value === '') return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value === 'number') return toDate(new Date(value));
  const dateOnly = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  if (dateOnly) return makeDate(Number(dateOnly[1]), Number(dateOnly[2]), Number(dateOnly[3]));
  return toDate(new Date(value));
}

/** A local date from year, month 1-12 and day, or null when the day does not exist. */
export function makeDate(year: number, month: number, day: number): Date | null {
  const d = new Date(year, month - 1, day);
  d.setFullYear(year);
  return d.getFullYear() === year && d.getMonth() === month - 1 && d.getDate() === day ? d : null;
}

/** YYYY-MM-DD for the wire and query strings. */
export function toIsoDate(value: DateLike): string | null {
  const d = toDate(value);
  return d ? `${pad(d.getFullYear(), 4)}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}` : null;
}

/** DD/MM/YYYY, as lists show dates. */
export function formatDate(value: DateLike): string {
  const d = toDate(value);
  return d ? `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${pad(d.getFullYear(), 4)}` : '';
}

/** dd MMM yyyy, as dialog and report headers show dates: "05 Jan 2022". */
export function formatHeaderDate(value: DateLike): string {
  const d = toDate(value);
  return d ? `${pad(d.getDate())} ${MONTH_ABBREVIATIONS[d.getMonth()]} ${d.getFullYear()}` : '';
}

/** DD/MM/YYYY @HH:mma, the archive's stamp (24-hour clock followed by am/pm, as the original shows it). */
export function formatArchiveStamp(value: DateLike): string {
  const d = toDate(value);
  if (!d) return '';
  return `${formatDate(d)} @${pad(d.getHours())}:${pad(d.getMinutes())}${d.getHours() < 12 ? 'am' : 'pm'}`;
}

/** DD MMM:HH:mm, the system log's stamp. */
export function formatLogStamp(value: DateLike): string {
  const d = toDate(value);
  if (!d) return '';
  return `${pad(d.getDate())} ${MONTH_ABBREVIATIONS[d.getMonth()]}:${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/**
 * A date typed by the user: D/M/YYYY (also with - or . separators, or two-digit years meaning
 * 20YY), DDMMYYYY, or YYYY-MM-DD. Returns null for anything that is not a real calendar day.
 */
export function parseTypedDate(text: string): Date | null {
  const s = text.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(s);
  if (iso) return makeDate(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const compact = /^(\d{2})(\d{2})(\d{4})$/.exec(s);
  if (compact) return makeDate(Number(compact[3]), Number(compact[2]), Number(compact[1]));
  const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$/.exec(s);
  if (!dmy) return null;
  const year = dmy[3]!.length === 2 ? 2000 + Number(dmy[3]) : Number(dmy[3]);
  return makeDate(year, Number(dmy[2]), Number(dmy[1]));
}

/** Start of the local day, for comparisons that ignore the time. */
export function startOfDay(value: Date): Date {
  return new Date(value.getFullYear(), value.getMonth(), value.getDate());
}

/** Compares calendar days: negative, zero or positive. */
export function compareDays(a: Date, b: Date): number {
  return startOfDay(a).getTime() - startOfDay(b).getTime();
}

/** The last day of a month (month 1-12). */
export function endOfMonth(year: number, month: number): Date {
  return new Date(year, month, 0);
}

/** The first day of the month `offset` months from year/month (month 1-12). */
export function addMonths(year: number, month: number, offset: number): { year: number; month: number } {
  const index = year * 12 + (month - 1) + offset;
  return { year: Math.floor(index / 12), month: (((index % 12) + 12) % 12) + 1 };
}
