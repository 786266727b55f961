import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  centsToDollars, formatBudget, formatCents, formatMoney, formatMoneyBrackets, formatNumber, formatPercent,
  formatWholePercent, parseMoney, sumCents, toCents,
} from './money.js';

describe('money formatting', () => {
  it('formats $0,0.00 with a leading minus for negatives', () => {
    expect(formatMoney(1234.56)).toBe('$1,234.56');
    expect(formatMoney(-1234.56)).toBe('-$1,234.56');
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(null)).toBe('$0.00');
    expect(formatMoney('1000000.1')).toBe('$1,000,000.10');
    expect(formatMoney(-0.004)).toBe('$0.00');
    expect(formatMoney(0.05)).toBe('$0.05');
  });
  it('uses brackets for holds and releases', () => {
    expect(formatMoneyBrackets(-1234.56)).toBe('($1,234.56)');
    expect(formatMoneyBrackets(12)).toBe('$12.00');
    expect(formatCents(-5, { brackets: true })).toBe('($0.05)');
  });
  it('formats plain numbers, budgets and percents', () => {
    expect(formatNumber(-9876543.21)).toBe('-9,876,543.21');
    expect(formatBudget(1234.5)).toBe('$1,235');
    expect(formatBudget(-0.2)).toBe('$0');
    expect(formatBudget(-1500.49)).toBe('-$1,500');
    expect(formatPercent(1.5)).toBe('1.50%');
    expect(formatWholePercent(15)).toBe('15%');
  });
  it('parses typed money to two decimals', () => {
    expect(parseMoney('$1,234.5')).toBe(1234.5);
    expect(parseMoney('(3.10)')).toBe(-3.1);
    expect(parseMoney('-0.005')).toBe(-0.01);
    expect(parseMoney('1.2.3')).toBeNull();
    expect(parseMoney('')).toBeNull();
  });
});

describe('exact totals', () => {
  it('sums in integer cents where float addition drifts', () => {
    const rows = [{ amount: 0.1 }, { amount: 0.2 }, { amount: '0.3' }, { amount: null }];
    expect(0.1 + 0.2 + 0.3).not.toBe(0.6);
    expect(sumCents(rows, 'amount')).toBe(60);
    expect(centsToDollars(sumCents(rows, 'amount'))).toBe(0.6);
    expect(toCents(1.15)).toBe(115);
    expect(toCents(-1.15)).toBe(-115);
  });
  it('equals the integer sum for any list of two-decimal amounts', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -10_000_000_00, max: 10_000_000_00 }), { maxLength: 200 }), (cents) => {
        const rows = cents.map((c) => ({ amount: c / 100 }));
        expect(sumCents(rows, 'amount')).toBe(cents.reduce((a, b) => a + b, 0));
      }),
    );
  });
  it('round-trips every cent value through formatting', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (c) => {
        expect(parseMoney(formatMoney(c / 100))).toBe(c / 100 === 0 ? 0 : c / 100);
      }),
    );
  });
});
