import { describe, expect, it } from 'vitest';
import { accountLines, comparisonFields, fundsLabel, periodLabel, periodRange, summaryQuery, withChanges, yearMonthText } from './rules.js';

describe('business accounts query', () => {
  it('sends Current as period=current and a Period as year and month, with the chosen comparisons', () => {
    expect(summaryQuery({ period: 'current', search: undefined })).toEqual({ period: 'current', compare1: undefined, compare2: undefined });
    expect(summaryQuery({ period: 'period', month: 3, year: 2026, compare1: '2026-02', compare2: '2025-03' })).toEqual({
      year: 2026, month: 3, compare1: '2026-02', compare2: '2025-03',
    });
    expect(yearMonthText({ year: 2026, month: 10 })).toBe('2026-10');
    expect(periodLabel({ year: 2026, month: 10 })).toBe('Oct 2026');
  });

  it('compares with #1 or #2, the change exact in cents', () => {
    const [row] = withChanges([{ account_id: 'COMMISS', description: 'Commission', pending: 0, funds: 0.3, funds_compare1: 0.1, funds_compare2: 1.05 }]);
    expect(row).toMatchObject({ change_compare1: 0.2, change_compare2: -0.75 });
    expect(comparisonFields(2)).toEqual({ funds: 'funds_compare2', change: 'change_compare2' });
    expect(fundsLabel(true)).toBe('Revenue');
    expect(fundsLabel(false)).toBe('Funds');
  });
});

describe('business statement', () => {
  it('reads the period as a range of local days', () => {
    const { from, to } = periodRange({ from: '2026-11-01', to: '2026-11-30' });
    expect([from.getFullYear(), from.getMonth(), from.getDate()]).toEqual([2026, 10, 1]);
    expect([to.getFullYear(), to.getMonth(), to.getDate()]).toEqual([2026, 10, 30]);
  });

  it('an account keeps only its own lines, in statement order', () => {
    const rows = [
      { id: 1, account_id: 'SURCHG' },
      { id: 2, account_id: 'COMMISS' },
      { id: 3, account_id: 'COMMISS' },
    ];
    expect(accountLines(rows, 'COMMISS').map((r) => r.id)).toEqual([2, 3]);
    expect(accountLines(rows, 'MGMTFEE')).toEqual([]);
  });
});
