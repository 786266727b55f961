import { describe, expect, it } from 'vitest';
import { type RentTerms, addMonths, durationOf, expiryOf, nextRentDue, paidTo, rentPeriods, rentPosition, undoPlan } from './rent.js';

const weekly: RentTerms = { start_date: '2026-01-05', frequency: 'W', value: 50_000, expiry_date: '2027-01-03' };

describe('duration and expiry (spec 3 §4, §9)', () => {
  it('expiry is start plus the weeks, minus one day', () => {
    expect(expiryOf('2026-01-05', 52)).toBe('2027-01-03');
    expect(expiryOf('2028-02-01', 4)).toBe('2028-02-28');
    expect(expiryOf('2028-02-02', 4)).toBe('2028-02-29');
  });
  it('duration is (days between start and expiry, plus 2) over 7, in whole weeks', () => {
    expect(durationOf('2026-01-05', '2027-01-03')).toBe(52);
    expect(durationOf('2026-01-05', '2026-01-09')).toBe(0);
    expect(durationOf('2026-01-05', '2026-01-10')).toBe(1);
    for (const weeks of [1, 6, 26, 52, 104]) expect(durationOf('2027-12-30', expiryOf('2027-12-30', weeks))).toBe(weeks);
  });
});

describe('advance rent periods', () => {
  it('weekly: one charge a week from the lease start up to the chosen date', () => {
    const p = rentPeriods(weekly, null, '2026-01-26');
    expect(p).toEqual([
      { from: '2026-01-05', to: '2026-01-11', amount: 50_000 },
      { from: '2026-01-12', to: '2026-01-18', amount: 50_000 },
      { from: '2026-01-19', to: '2026-01-25', amount: 50_000 },
      { from: '2026-01-26', to: '2026-02-01', amount: 50_000 },
    ]);
  });
  it('continues after last_charge_date and raises nothing twice', () => {
    const first = rentPeriods(weekly, null, '2026-01-12');
    const next = rentPeriods(weekly, first.at(-1)!.to, '2026-01-26');
    expect(next.map((p) => p.from)).toEqual(['2026-01-19', '2026-01-26']);
    expect(rentPeriods(weekly, next.at(-1)!.to, '2026-01-26')).toEqual([]);
  });
  it('fortnightly periods are 14 days', () => {
    const p = rentPeriods({ ...weekly, frequency: 'F', value: 100_000 }, null, '2026-02-02');
    expect(p.map((x) => `${x.from}..${x.to}`)).toEqual(['2026-01-05..2026-01-18', '2026-01-19..2026-02-01', '2026-02-02..2026-02-15']);
  });
  it('monthly periods keep the day of the month across month ends and leap years', () => {
    const t: RentTerms = { start_date: '2027-12-31', frequency: 'M', value: 200_000, expiry_date: '2028-12-30' };
    const p = rentPeriods(t, null, '2028-04-30');
    expect(p.map((x) => `${x.from}..${x.to}`)).toEqual([
      '2027-12-31..2028-01-30', '2028-01-31..2028-02-28', '2028-02-29..2028-03-30', '2028-03-31..2028-04-29', '2028-04-30..2028-05-30',
    ]);
    expect(p.every((x) => x.amount === 200_000)).toBe(true);
    expect(addMonths('2027-01-31', 1)).toBe('2027-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2028-11-15', 2)).toBe('2029-01-15');
  });
  it('stops at lease expiry, the last period charged pro rata by days', () => {
    const t: RentTerms = { ...weekly, expiry_date: '2026-01-21' };
    const p = rentPeriods(t, null, '2026-12-31');
    expect(p).toEqual([
      { from: '2026-01-05', to: '2026-01-11', amount: 50_000 },
      { from: '2026-01-12', to: '2026-01-18', amount: 50_000 },
      // 3 of 7 days: 50,000 × 3 / 7 = 21,428.57 → 21,429 cents.
      { from: '2026-01-19', to: '2026-01-21', amount: 21_429 },
    ]);
  });
  it('stops at a scheduled termination before expiry', () => {
    const p = rentPeriods({ ...weekly, end_date: '2026-01-18' }, null, '2026-12-31');
    expect(p.map((x) => x.to)).toEqual(['2026-01-11', '2026-01-18']);
  });
  it('raises nothing before the lease starts', () => {
    expect(rentPeriods(weekly, null, '2026-01-04')).toEqual([]);
  });
});

describe('paid-to date and arrears', () => {
  const periods = rentPeriods(weekly, null, '2026-01-26');
  it('paid-to is the day before the lease before anything is paid', () => {
    expect(paidTo(periods, 0, weekly.start_date)).toBe('2026-01-04');
  });
  it('whole periods paid: their last day', () => {
    expect(paidTo(periods, 100_000, weekly.start_date)).toBe('2026-01-18');
  });
  it('a part payment covers the whole days it pays for, pro rata', () => {
    // $500 a week is $71.43 a day: $300 pays 4 whole days (4.2).
    expect(paidTo(periods, 50_000 + 30_000, weekly.start_date)).toBe('2026-01-15');
    expect(paidTo(periods, 7_142, weekly.start_date)).toBe('2026-01-04');
    expect(paidTo(periods, 7_143, weekly.start_date)).toBe('2026-01-05');
  });
  it('arrears as at a past date count only what was charged and receipted by then', () => {
    const receipts = [{ date: '2026-01-05', amount: 50_000 }, { date: '2026-01-20', amount: 50_000 }];
    // On 14 Jan: week 1 paid, week 2 current and unpaid, weeks 3-4 ahead.
    expect(rentPosition(periods, receipts, '2026-01-14', weekly.start_date)).toEqual({ arrears: 0, due: 50_000, pending: 100_000, paid: 50_000, paidTo: '2026-01-11' });
    // On 19 Jan: week 2 has ended unpaid (the second receipt came on the 20th).
    expect(rentPosition(periods, receipts, '2026-01-19', weekly.start_date)).toMatchObject({ arrears: 50_000, due: 50_000, pending: 50_000 });
    // On 27 Jan: three weeks past, two paid.
    expect(rentPosition(periods, receipts, '2026-01-27', weekly.start_date)).toMatchObject({ arrears: 50_000, due: 50_000, pending: 0, paidTo: '2026-01-18' });
  });
  it('rent paid ahead reduces what is pending', () => {
    const p = rentPosition(periods, [{ date: '2026-01-05', amount: 150_000 }], '2026-01-06', weekly.start_date);
    expect(p).toEqual({ arrears: 0, due: 0, pending: 50_000, paid: 150_000, paidTo: '2026-01-25' });
  });
});

describe('Undo Charges', () => {
  const charged = rentPeriods(weekly, null, '2026-01-26').map((p, n) => ({ ...p, id: n + 1, receipted: false }));
  it('cancels every unreceipted advance charge and moves last_charge_date back', () => {
    expect(undoPlan(charged, '2026-02-01')).toEqual({ cancel: [1, 2, 3, 4], lastChargeDate: null });
  });
  it('after a partial receipt keeps the receipted weeks and those before them', () => {
    const partly = charged.map((c) => (c.id === 2 ? { ...c, receipted: true } : c));
    expect(undoPlan(partly, '2026-02-01')).toEqual({ cancel: [3, 4], lastChargeDate: '2026-01-18' });
    // Update Rent then raises the same weeks again.
    expect(rentPeriods(weekly, '2026-01-18', '2026-01-26').map((p) => p.from)).toEqual(['2026-01-19', '2026-01-26']);
  });
  it('from a date: only the charges starting on or after it', () => {
    expect(undoPlan(charged, '2026-02-01', '2026-01-20')).toEqual({ cancel: [4], lastChargeDate: '2026-01-25' });
    expect(undoPlan(charged.map((c) => ({ ...c, receipted: true })), '2026-02-01')).toEqual({ cancel: [], lastChargeDate: '2026-02-01' });
  });
});

describe('next rent due (the rent receipt shows it)', () => {
  const periods = rentPeriods(weekly, null, '2026-01-26');
  it('after whole periods: the next period, at its rent', () => {
    expect(nextRentDue(weekly, periods, 100_000)).toEqual({ date: '2026-01-19', amount: 50_000 });
  });
  it('after a part payment: the rest of the part-paid period, from the first unpaid day', () => {
    // $600 pays week 1 and 1 day of week 2 ($100 of $500 covers 1.4 days: one whole day).
    expect(nextRentDue(weekly, periods, 60_000)).toEqual({ date: '2026-01-13', amount: 40_000 });
  });
  it('nothing paid: the first period from the lease start', () => {
    expect(nextRentDue(weekly, periods, 0)).toEqual({ date: '2026-01-05', amount: 50_000 });
  });
  it('paid past what is charged: the next period not yet charged, at the terms\' rent', () => {
    expect(nextRentDue(weekly, periods, 200_000)).toEqual({ date: '2026-02-02', amount: 50_000 });
    expect(nextRentDue(weekly, [], 0)).toEqual({ date: '2026-01-05', amount: 50_000 });
  });
  it('the last period cut short by the lease end is due pro rata; none once paid to the end', () => {
    const short: RentTerms = { ...weekly, expiry_date: '2026-01-21' };
    const all = rentPeriods(short, null, '2026-12-31');
    expect(all.at(-1)).toEqual({ from: '2026-01-19', to: '2026-01-21', amount: Math.round((50_000 * 3) / 7) });
    expect(nextRentDue(short, all.slice(0, 2), 100_000)).toEqual({ date: '2026-01-19', amount: Math.round((50_000 * 3) / 7) });
    expect(nextRentDue(short, all, all.reduce((a, p) => a + p.amount, 0))).toBeNull();
  });
  it('monthly rent across a leap-year February', () => {
    const monthly: RentTerms = { start_date: '2028-01-31', frequency: 'M', value: 200_000, expiry_date: '2028-12-30' };
    const ps = rentPeriods(monthly, null, '2028-03-31');
    expect(nextRentDue(monthly, ps, 200_000)).toEqual({ date: '2028-02-29', amount: 200_000 });
  });
});
