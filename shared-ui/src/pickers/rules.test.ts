import { describe, expect, it } from 'vitest';
import { toIsoDate } from 'shared-ui/core';
import {
  applyRangeClick, businessParty, chargeOptionEnabled, chargeValue, entityParty, firstUnitOf, otherParty, partyReady,
  payeeReady, periodRange, splitOtherText, yearPage,
} from './rules.js';

const day = (y: number, m: number, d: number) => new Date(y, m - 1, d);
const iso = (r: { from: Date | null; to: Date | null }) => [toIsoDate(r.from), toIsoDate(r.to)];

describe('range picker rule', () => {
  it('sets the start first, then the end for later days, and the start for earlier ones', () => {
    let r = applyRangeClick({ from: null, to: null }, day(2022, 3, 10));
    expect(iso(r)).toEqual(['2022-03-10', null]);
    r = applyRangeClick(r, day(2022, 3, 20));
    expect(iso(r)).toEqual(['2022-03-10', '2022-03-20']);
    r = applyRangeClick(r, day(2022, 3, 1));
    expect(iso(r)).toEqual(['2022-03-01', '2022-03-20']);
    r = applyRangeClick(r, day(2022, 3, 15));
    expect(iso(r)).toEqual(['2022-03-01', '2022-03-15']);
    r = applyRangeClick(r, day(2022, 3, 1));
    expect(iso(r)).toEqual(['2022-03-01', '2022-03-01']);
  });
});

describe('period picker', () => {
  const today = day(2022, 2, 14);
  it('covers whole months ending this month', () => {
    expect(iso(periodRange('current', today))).toEqual(['2022-02-01', '2022-02-28']);
    expect(iso(periodRange('3month', today))).toEqual(['2021-12-01', '2022-02-28']);
    expect(iso(periodRange('6month', today))).toEqual(['2021-09-01', '2022-02-28']);
    expect(iso(periodRange('12month', today))).toEqual(['2021-03-01', '2022-02-28']);
  });
  it('covers calendar or financial years', () => {
    expect(iso(periodRange('currentyear', today))).toEqual(['2022-01-01', '2022-12-31']);
    expect(iso(periodRange('prevyear', today))).toEqual(['2021-01-01', '2021-12-31']);
    expect(iso(periodRange('currentyear', today, 7))).toEqual(['2021-07-01', '2022-06-30']);
    expect(iso(periodRange('prevyear', day(2022, 8, 1), 7))).toEqual(['2021-07-01', '2022-06-30']);
  });
  it('pages years twelve at a time', () => {
    expect(yearPage(2022)).toEqual([2016, 2017, 2018, 2019, 2020, 2021, 2022, 2023, 2024, 2025, 2026, 2027]);
    expect(yearPage(2028)[0]).toBe(2028);
    expect(yearPage(2028)).toHaveLength(12);
  });
});

describe('party selector values', () => {
  const units = [
    { door: '101', entity: 'SMITH', inactive: true },
    { door: '102', entity: 'SMITH' },
    { door: '201', entity: 'JONES' },
  ];
  it('BUSINESS has the literal code BUSINESS', () => {
    expect(businessParty({ name: 'Beach Lettings', balance: 5 })).toEqual({ type: 'BUSINESS', code: 'BUSINESS', door: null, name: 'Beach Lettings', text: '', balance: 5 });
  });
  it("OWNER also takes the owner's first unit", () => {
    expect(firstUnitOf('SMITH', units)?.door).toBe('102');
    const owner = entityParty('OWNER', { code: 'SMITH', name: 'J Smith', type: 'OWNER', balance: 10.5 }, units);
    expect(owner).toEqual({ type: 'OWNER', code: 'SMITH', door: '102', name: 'J Smith', text: '', balance: 10.5 });
    expect(entityParty('OWNER', { code: 'SMITH', name: 'J Smith', type: 'OWNER' }, units, '101').door).toBe('101');
    expect(entityParty('SUPPLIER', { code: 'PLUMB', name: 'Plumber', type: 'SUPPLIER' }, units).door).toBeNull();
    expect(partyReady(entityParty('OWNER', { code: 'NOUNIT', name: 'N', type: 'OWNER' }, units))).toBe(false);
  });
  it('OTHER has a null code; the first line is the name and the rest the address', () => {
    expect(splitOtherText('\n  Jane Guest \n1 Beach Rd\r\nNoosa QLD\n')).toEqual({ name: 'Jane Guest', address: '1 Beach Rd\nNoosa QLD' });
    const other = otherParty('Jane Guest\n1 Beach Rd');
    expect(other).toMatchObject({ type: 'OTHER', code: null, door: null, name: 'Jane Guest', text: 'Jane Guest\n1 Beach Rd' });
    expect(partyReady(other)).toBe(true);
    expect(partyReady(otherParty('  \n '))).toBe(false);
  });
});

describe('charge-or-payee selector values', () => {
  const charge = { id: 42, ref: 'C42', memo: 'Pool cleaning\nMarch', amount: 120.5, recipient: 'POOLCO', door: '102' };
  it('offers CHARGE only with a payer that has open charges', () => {
    expect(chargeOptionEnabled(null, [charge])).toBe(false);
    expect(chargeOptionEnabled({ code: 'SMITH' }, [])).toBe(false);
    expect(chargeOptionEnabled({ code: 'SMITH' }, [charge])).toBe(true);
  });
  it('takes the charge id as ref and the first memo line as description', () => {
    expect(chargeValue(charge)).toEqual({ type: 'CHARGE', code: 'POOLCO', door: '102', ref: '42', description: 'Pool cleaning', amount: 120.5 });
  });
  it('needs an account before a non-charge choice is confirmed', () => {
    const base = { door: null, description: '', amount: null };
    expect(payeeReady({ ...base, type: 'BUSINESS', code: 'BUSINESS', ref: null })).toBe(false);
    expect(payeeReady({ ...base, type: 'BUSINESS', code: 'BUSINESS', ref: 'RENT' })).toBe(true);
    expect(payeeReady({ ...base, type: 'OWNER', code: null, ref: 'RENT' })).toBe(false);
    expect(payeeReady({ ...base, type: 'SUPPLIER', code: 'PLUMB', ref: 'SUPPLIES' })).toBe(true);
  });
});
