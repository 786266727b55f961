/**
 * Money crosses the wire as dollars with at most two decimals and lives everywhere else as
 * integer cents. These are the only two places that convert between the two.
 */
export function hasAtMostTwoDecimals(value: number): boolean {
  if (!Number.isFinite(value)) return false;
  const hundredths = value * 100;
  return Math.abs(hundredths - Math.round(hundredths)) < 1e-6;
}

/** Dollars (two decimals at most) to integer cents; throws on anything that is not exact. */
export function toCents(dollars: number): number {
  if (!hasAtMostTwoDecimals(dollars)) throw new RangeError(`${dollars} has more than two decimals`);
  const cents = Math.round(dollars * 100);
  if (!Number.isSafeInteger(cents)) throw new RangeError(`${dollars} is too large`);
  return cents;
}

/** Integer cents to dollars for JSON; exact because every cent value divides to a shortest decimal. */
export function toDollars(cents: number | string | bigint): number {
  const n = typeof cents === 'number' ? cents : Number(cents);
  if (!Number.isSafeInteger(n)) throw new RangeError(`${String(cents)} is not a whole number of cents`);
  return n / 100;
}

/** Percentages with two decimals (card surcharges, fee rates) are kept as integer hundredths. */
export const toHundredths = toCents;
export const fromHundredths = toDollars;

/** Cents as messages show money (the spec's $0,0.00): -$1,234.56. Integer arithmetic, no rounding. */
export function formatCents(cents: number): string {
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${cents < 0 ? '-' : ''}$${whole}.${String(abs % 100).padStart(2, '0')}`;
}
