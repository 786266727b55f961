/**
 * Money crosses the wire as dollars with at most two decimals and lives everywhere else as
 * integer cents. These are the only two places that convert between the two.
 */
export function hasAtMostTwoDecimals(value: number): boolean {
  if (!Number.isFinite(value)) return false;
  const hundredths = value * 100;
  return Math.abs(hundredths - Math.round(hundredths)) < 1e-6;
}

/**
 * Business limits (issue 8 item 4): one amount (a receipt item, a charge, a payment) is at most
 * $999,999,999.99, and no ledger balance may pass $99,999,999,999.99 either way. Far above any
 * letting business, and far enough below JavaScript's safe integers (about $90 trillion in cents)
 * that any total the screens and reports add up stays exact.
 */
export const MAX_AMOUNT_CENTS = 99_999_999_999;
export const MAX_BALANCE_CENTS = 9_999_999_999_999;

/** A sum or amount past what these books can hold or show; answered as a 409 with the message. */
export class MoneyLimitError extends RangeError {}

/**
 * A cents value read from the database (BIGINT and its sums arrive as strings or bigints) as a
 * number, checked to be a whole number of cents inside the safe-integer range, never rounded.
 */
export function centsOf(value: number | string | bigint | null | undefined): number {
  if (value === null || value === undefined) return 0;
  let n: number;
  if (typeof value === 'number') n = value;
  else {
    let big: bigint;
    try {
      big = BigInt(value);
    } catch {
      throw new MoneyLimitError(`${String(value)} is not a whole number of cents`);
    }
    if (big > BigInt(Number.MAX_SAFE_INTEGER) || big < -BigInt(Number.MAX_SAFE_INTEGER)) {
      throw new MoneyLimitError(`A total of ${String(value)} cents is past the largest amount these books can show`);
    }
    n = Number(big);
  }
  if (!Number.isSafeInteger(n)) throw new MoneyLimitError(`A total of ${String(value)} cents is past the largest amount these books can show`);
  return n;
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
  return centsOf(cents) / 100;
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
