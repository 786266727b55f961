import { describe, expect, it } from 'vitest';
import type { Health } from 'api/contracts/dashboard';
import type { EqualityRow } from 'api/contracts/balances';
import {
  REVENUE_YEAR_COLOURS, ageFace, daysInMonth, equalityAxisMinimum, equalityBand, equalityRange, equalityTypes, healthRows, monthProgress, revenueSeries, syncRow,
  taskFace,
} from './rules.js';

const healthy: Health = {
  criticalTasks: 0, warningTasks: 0, importantTasks: 0, inbalanceTasks: 0, syncAge: 0, syncSetUp: false, lastSync: null, syncErrors: 0, bankAge: 0, recAge: 0, lastBanking: null, lastReconcile: null,
};

describe('health card faces', () => {
  it('task rows: none happy, critical or in-balance sad, others meh', () => {
    expect(taskFace(0, true)).toBe('happy');
    expect(taskFace(1, true)).toBe('sad');
    expect(taskFace(3, false)).toBe('meh');
  });

  it('age rows: a day or less happy, from the audit limit sad, never reconciled sad', () => {
    expect(ageFace(1, 7)).toBe('happy');
    expect(ageFace(2, 7)).toBe('meh');
    expect(ageFace(6, 7)).toBe('meh');
    expect(ageFace(7, 7)).toBe('sad');
    expect(ageFace(null, 7)).toBe('sad');
  });

  it('rows lead to tasks, banking and reconciliation', () => {
    const rows = healthRows({ ...healthy, criticalTasks: 2, bankAge: 3, recAge: null });
    expect(rows.find((r) => r.key === 'critical')).toMatchObject({ value: '2', face: 'sad', path: '/management/daily/task' });
    expect(rows.find((r) => r.key === 'banking')).toMatchObject({ value: 'Oldest unbanked receipt 3 days ago', face: 'sad', path: '/management/daily/banking' });
    expect(rows.find((r) => r.key === 'reconcile')).toMatchObject({ value: 'Never reconciled', face: 'sad', path: '/management/daily/reconcile' });
    expect(rows.find((r) => r.key === 'sync')).toMatchObject({ value: 'No booking system set up', face: 'happy' });
    expect(rows.find((r) => r.key === 'sync')!.path).toBeUndefined();
  });

  it('the Booking Sync row shows the last sync and the bookings it left in error', () => {
    expect(syncRow({ syncSetUp: true, syncAge: null, syncErrors: 0 })).toMatchObject({ value: 'Never', face: 'sad', path: '/bookings' });
    expect(syncRow({ syncSetUp: true, syncAge: 0, syncErrors: 0 })).toMatchObject({ value: 'Today', face: 'happy' });
    expect(syncRow({ syncSetUp: true, syncAge: 0, syncErrors: 2 })).toMatchObject({ value: 'Today, 2 bookings with errors', face: 'meh' });
    expect(syncRow({ syncSetUp: true, syncAge: 3, syncErrors: 1 })).toMatchObject({ value: '3 days ago, 1 booking with errors', face: 'sad' });
  });
});

describe('business card month progress', () => {
  it('is day of month over days in month, with the whole days remaining', () => {
    expect(monthProgress('2026-11-21')).toEqual({ value: 21 / 30, remaining: 9, day: 21, days: 30 });
    expect(monthProgress('2028-02-29')).toMatchObject({ value: 1, remaining: 0 });
    expect(daysInMonth(2027, 2)).toBe(28);
  });
});

describe('revenue chart', () => {
  const chart = {
    years: [2020, 2021, 2022, 2023, 2024, 2025],
    months: [],
    totals: [2020, 2021, 2022, 2023, 2024, 2025].map((y) => Array.from({ length: 12 }, (_, m) => (y === 2025 ? m + 0.5 : 1))),
  };

  it('keeps the five newest years, the newest always in the first fixed colour', () => {
    const series = revenueSeries(chart, { year: 2025, month: 3 });
    expect(series.map((s) => s.year)).toEqual([2021, 2022, 2023, 2024, 2025]);
    expect(series.at(-1)!.colour).toBe(REVENUE_YEAR_COLOURS[0]);
    expect(series[0]!.colour).toBe(REVENUE_YEAR_COLOURS[4]);
    expect(revenueSeries({ years: [2025], months: [], totals: [[1]] }, { year: 2025, month: 1 })[0]!.colour).toBe(REVENUE_YEAR_COLOURS[0]);
  });

  it('leaves out months after the open period and works in cents', () => {
    const series = revenueSeries(chart, { year: 2025, month: 3 });
    expect(series.at(-1)!.points).toEqual([{ month: 1, cents: 50 }, { month: 2, cents: 150 }, { month: 3, cents: 250 }]);
    expect(series[0]!.points).toHaveLength(12);
  });

  it('starts at the first month with income and drops years before it', () => {
    const series = revenueSeries({ years: [2024, 2025, 2026], months: [], totals: [Array(12).fill(0), [...Array(11).fill(0), 5], [7, 8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]] }, { year: 2026, month: 2 });
    expect(series.map((s) => [s.year, s.points.map((p) => p.month)])).toEqual([[2025, [12]], [2026, [1, 2]]]);
    expect(revenueSeries({ years: [2026], months: [], totals: [Array(12).fill(0)] }, { year: 2026, month: 5 })).toEqual([]);
  });
});

describe('distribution equality', () => {
  const row = (door: string, unittype: string, amount: number, avg: number, count: number, low: number, mid: number, high: number): EqualityRow => ({
    door, unittype, original_amount: amount, adjusted_amount: amount, type_avg: avg, owner_stay_days: 0, letting_days: 0, period_days: 30,
    count, low_count: low, mid_count: mid, high_count: high,
  });

  it('the range is the type average plus or minus the variance percent', () => {
    expect(equalityRange(200_000, 10)).toEqual({ fromCents: 180_000, toCents: 220_000 });
  });

  it('bands compare exactly as the server counts; one unit is never low', () => {
    expect(equalityBand(179_999, 200_000, 10, 2)).toBe('low');
    expect(equalityBand(180_000, 200_000, 10, 2)).toBe('mid');
    expect(equalityBand(220_001, 200_000, 10, 2)).toBe('high');
    expect(equalityBand(0, 200_000, 10, 1)).toBe('mid');
  });

  it('groups by unit type; a type with one unit has no low bar', () => {
    const types = equalityTypes(
      [row('1', 'ONE', 1000, 1500, 2, 1, 0, 1), row('2', 'ONE', 2000, 1500, 2, 1, 0, 1), row('9', 'PENT', 5000, 5000, 1, 0, 1, 0)],
      10,
    );
    expect(types.map((t) => [t.unittype, t.low, t.mid, t.high])).toEqual([['ONE', 1, 0, 1], ['PENT', null, 1, 0]]);
    expect(types[0]!.doors.map((d) => d.band)).toEqual(['low', 'high']);
    expect(types[0]).toMatchObject({ avgCents: 150_000, fromCents: 135_000, toCents: 165_000 });
  });

  it('the axis minimum is the lowest value less $500, not below 0', () => {
    expect(equalityAxisMinimum([120_000, 90_000])).toBe(40_000);
    expect(equalityAxisMinimum([30_000])).toBe(0);
    expect(equalityAxisMinimum([])).toBe(0);
  });
});
