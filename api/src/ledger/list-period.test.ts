import { describe, expect, it } from 'vitest';
import { listPeriodFilter } from './list-period.js';

const open = { year: 2026, month: 11, last: '2026-11-30' };

describe('list period filter', () => {
  it('reads Current as the open accounting month', () => {
    expect(listPeriodFilter({ period: 'current', search: 'x' }, open)).toEqual({ year: 2026, month: 11, search: 'x' });
  });

  it('reads Future as every date after the open month', () => {
    expect(listPeriodFilter({ period: 'future' }, open)).toEqual({ year: undefined, month: undefined, from: '2026-12-01' });
  });

  it('keeps a chosen Period, and explicit dates over any choice', () => {
    expect(listPeriodFilter({ period: 'period', year: 2025, month: 2 }, open)).toEqual({ year: 2025, month: 2 });
    expect(listPeriodFilter({ period: 'current', from: '2026-01-01', to: '2026-01-31' }, open)).toEqual({ from: '2026-01-01', to: '2026-01-31' });
    expect(listPeriodFilter({}, open)).toEqual({});
  });
});
