import { describe, expect, it } from 'vitest';
import { localDate, needsStartOfDay, refreshInterval } from './startup.js';

describe('startup rules', () => {
  it('forces a start of day only when the server date is before the local date', () => {
    expect(needsStartOfDay('2026-03-01', '2026-03-02')).toBe(true);
    expect(needsStartOfDay('2026-03-02', '2026-03-02')).toBe(false);
    expect(needsStartOfDay('2026-03-03', '2026-03-02')).toBe(false);
  });

  it('formats the local date as YYYY-MM-DD', () => {
    expect(localDate(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05');
  });

  it('refreshes periodically only for a sync frequency of at least 60 seconds', () => {
    expect(refreshInterval(0)).toBeNull();
    expect(refreshInterval(59)).toBeNull();
    expect(refreshInterval(60)).toBe(60_000);
    expect(refreshInterval(300)).toBe(300_000);
    expect(refreshInterval(undefined)).toBeNull();
  });
});
