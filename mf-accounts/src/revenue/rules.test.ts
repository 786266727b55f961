import { describe, expect, it } from 'vitest';
import { revenueMonths, revenueYearFields } from './rules.js';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const chart = { years: [2025, 2026], months: MONTHS, totals: [MONTHS.map(() => 0.1), [100.25, 0.05, ...MONTHS.slice(2).map(() => 0)]] };

describe('revenue by month and year', () => {
  it('makes a row per month with a column per year', () => {
    const rows = revenueMonths(chart);
    expect(rows).toHaveLength(12);
    expect(rows[0]).toEqual({ month: 1, name: 'Jan', y2025: 0.1, y2026: 100.25 });
    expect(rows[11]).toEqual({ month: 12, name: 'Dec', y2025: 0.1, y2026: 0 });
  });

  it('orders the year columns newest first', () => {
    expect(revenueYearFields(chart)).toEqual([{ year: 2026, field: 'y2026' }, { year: 2025, field: 'y2025' }]);
  });

  it('has no year columns before any revenue year exists', () => {
    const empty = { years: [], months: MONTHS, totals: [] };
    expect(revenueYearFields(empty)).toEqual([]);
    expect(revenueMonths(empty)[0]).toEqual({ month: 1, name: 'Jan' });
  });
});
