import { describe, expect, it } from 'vitest';
import { formatCents, hasAtMostTwoDecimals, toCents, toDollars } from './cents.js';

describe('cents', () => {
  it('converts dollars to exact cents', () => {
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(1234.56)).toBe(123456);
    expect(toCents(-19.99)).toBe(-1999);
  });
  it('refuses a third decimal', () => {
    expect(hasAtMostTwoDecimals(10.001)).toBe(false);
    expect(() => toCents(10.001)).toThrow(RangeError);
    expect(hasAtMostTwoDecimals(Number.NaN)).toBe(false);
  });
  it('round-trips every cent value in a wide range', () => {
    for (let c = -100000; c <= 100000; c += 7) expect(toCents(toDollars(c))).toBe(c);
  });
  it('reads database strings', () => {
    expect(toDollars('123456')).toBe(1234.56);
    expect(() => toDollars('12.5')).toThrow(RangeError);
  });
  it('formats cents for messages as $0,0.00', () => {
    expect(formatCents(123456789)).toBe('$1,234,567.89');
    expect(formatCents(-5)).toBe('-$0.05');
    expect(formatCents(100000)).toBe('$1,000.00');
    expect(formatCents(0)).toBe('$0.00');
  });
});
