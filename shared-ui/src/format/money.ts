/**
 * Money display and exact totals. Amounts arrive as dollars (JSON numbers with at most two
 * decimals, or numeric strings); every sum is done in integer cents so that a column total can
 * never drift by a cent through binary floating point.
 */

export type MoneyInput = number | string | null | undefined;

/** Dollars to integer cents. Non-numeric and empty values count as zero. */
export function toCents(value: MoneyInput): number {
  if (value === null || value === undefined || value === '') return 0;
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return 0;
  // Two-decimal dollars times 100 land within a rounding error of an integer (1.15*100 is 114.999…).
  const cents = Math.round(n * 100);
  return cents === 0 ? 0 : cents;
}

/** Integer cents back to dollars for the wire (the division is exact to the nearest double). */
export function centsToDollars(cents: number): number {
  return cents / 100;
}

/** Exact total of a money field over rows, in integer cents. */
export function sumCents<Row>(rows: readonly Row[], field: keyof Row & string): number {
  let total = 0;
  for (const row of rows) total += toCents(row[field] as MoneyInput);
  return total;
}

function groupThousands(whole: number): string {
  return String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

function digits(cents: number): string {
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100);
  const fraction = abs % 100;
  return `${groupThousands(whole)}.${String(fraction).padStart(2, '0')}`;
}

/** Integer cents as $0,0.00: -$1,234.56 when negative, or ($1,234.56) with brackets. */
export function formatCents(cents: number, options: { brackets?: boolean } = {}): string {
  const body = `$${digits(cents)}`;
  if (cents >= 0) return body;
  return options.brackets ? `(${body})` : `-${body}`;
}

/** Dollars as $0,0.00 (negative as -$1,234.56). */
export function formatMoney(value: MoneyInput): string {
  return formatCents(toCents(value));
}

/** Dollars as $0,0.00 with negatives in brackets, as the holds and releases tables show them. */
export function formatMoneyBrackets(value: MoneyInput): string {
  return formatCents(toCents(value), { brackets: true });
}

/** Plain number 0,0.00 (no currency sign). */
export function formatNumber(value: MoneyInput): string {
  const cents = toCents(value);
  return `${cents < 0 ? '-' : ''}${digits(cents)}`;
}

/** Budget figures in whole dollars: $0,0 (rounded half away from zero). */
export function formatBudget(value: MoneyInput): string {
  const cents = toCents(value);
  const dollars = Math.round(Math.abs(cents) / 100);
  return `${cents < 0 && dollars !== 0 ? '-' : ''}$${groupThousands(dollars)}`;
}

/** A percentage already expressed in percent with up to 2 decimals: 1.5 → "1.50%". */
export function formatPercent(value: MoneyInput, decimals = 2): string {
  const n = value === null || value === undefined || value === '' ? 0 : Number(value);
  if (!Number.isFinite(n)) return `${(0).toFixed(decimals)}%`;
  return `${n.toFixed(decimals)}%`;
}

/** A rate stored as a whole percent (15 means 15%), shown without decimals: "15%". */
export function formatWholePercent(value: MoneyInput): string {
  const n = value === null || value === undefined || value === '' ? 0 : Number(value);
  return `${Number.isFinite(n) ? Math.round(n) : 0}%`;
}

/** Parses typed money ("$1,234.5", "-12", "(3.10)") to dollars with 2 decimals, or null. */
export function parseMoney(text: string, decimals = 2): number | null {
  let s = text.trim().replace(/[$,\s]/g, '');
  let negative = false;
  if (/^\(.*\)$/.test(s)) {
    negative = true;
    s = s.slice(1, -1);
  }
  if (s.startsWith('-')) {
    negative = !negative;
    s = s.slice(1);
  }
  if (!/^(\d+\.?\d*|\.\d+)$/.test(s)) return null;
  const factor = 10 ** decimals;
  const scaled = Math.round(Number(s) * factor);
  const result = (negative ? -scaled : scaled) / factor;
  return result === 0 ? 0 : result;
}
