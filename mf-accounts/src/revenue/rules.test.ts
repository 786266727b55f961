import { describe, expect, it } from 'vitest';
import { revenueYears } from './rules.js';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

describe('revenue by year and month', () => {
  it('makes a row per year, newest first, with each month and an exact total', () => {
    const rows = revenueYears({ years: [2025, 2026], months: MONTHS, totals: [MONTHS.map(() => 0.1), [100.25, 0.05, ...MONTHS.slice(2).map(() => 0)]] });
    expect(rows.map((r) => r.year)).toEqual([2026, 2025]);
    expect(rows[0]).toMatchObject({ m1: 100.25, m2: 0.05, m12: 0, total: 100.3 });
    expect(rows[1]!.total).toBe(1.2);
  });

  it('is empty before any revenue year exists', () => {
    expect(revenueYears({ years: [], months: MONTHS, totals: [] })).toEqual([]);
  });
});
