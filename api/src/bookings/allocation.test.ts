import { describe, expect, it } from 'vitest';
import {
  type AllocationSetup, type CurrentLine, allocateBooking, allocationDifference, commissionAddback, currentAllocation, heldOut, manualAllocationProblems, manualAllocationRefusal,
} from './allocation.js';

const line = (over: Partial<CurrentLine>): CurrentLine => ({
  id: '1', disbursed: false, door: '101', ord: 0, type: 'ROOM', subType: 'OWNER', accountId: 'ROOMCHG', entity: 'OWNSMITH', owner: 'OWNSMITH',
  description: 'Room charges 101', amount: 10_000, roomCharge: 10_000, percent: null, commissionAddback: 0, ...over,
});
const room = line({});
const commission = line({ id: '2', ord: 1, type: 'COMMISSION', subType: 'FEE', accountId: 'COMMISS', entity: 'BUSINESS', amount: 1_200, percent: 1200 });

describe('currentAllocation', () => {
  it('nets every revision per line, keeps the latest row id and drops lines at zero', () => {
    const later = line({ id: '7', amount: 5_000 });
    const reversed = [line({ id: '8', amount: -15_000 }), { ...commission, id: '9', amount: -1_200 }];
    expect(currentAllocation([room, commission, later]).map((l) => [l.id, l.amount])).toEqual([['7', 15_000], ['2', 1_200]]);
    expect(currentAllocation([{ ...commission, commissionAddback: 50 }, { ...commission, id: '5', amount: 100, commissionAddback: -20 }])).toMatchObject([{ id: '5', amount: 1_300, commissionAddback: 30 }]);
    expect(currentAllocation([room, commission, later, ...reversed])).toEqual([]);
  });
});

describe('manualAllocationRefusal (spec 2 §4 Allocation editing)', () => {
  it('offers editing only with undisbursed room-charge rows, no UNALLOC row and nothing disbursed', () => {
    expect(manualAllocationRefusal([room, commission])).toBeNull();
    expect(manualAllocationRefusal([])).toMatch(/no undisbursed room charges/);
    expect(manualAllocationRefusal([commission])).toMatch(/no undisbursed room charges/);
    expect(manualAllocationRefusal([room, line({ id: '3', subType: 'UNALLOC', entity: 'UNALLOC' })])).toMatch(/UNALLOC/);
    expect(manualAllocationRefusal([{ ...room, disbursed: true }])).toMatch(/disbursed/);
  });
});

describe('manualAllocationProblems', () => {
  const known = { accounts: new Set(['ROOMCHG', 'COMMISS', 'CLEAN']), entities: new Set(['OWNSMITH', 'BUSINESS']) };
  const doors = new Map([['101', { available: 10_000 }]]);

  it('accepts a door whose OWNER and CHG rows take exactly what is available', () => {
    expect(manualAllocationProblems([line({ amount: 8_000 }), line({ type: 'CHARGE', subType: 'CHG', accountId: 'CLEAN', amount: 2_000 }), commission], doors, known)).toEqual([]);
  });

  it('refuses a door that does not balance, fees beyond the owner share and unknown codes', () => {
    expect(manualAllocationProblems([line({ amount: 9_999 })], doors, known)).toEqual(['Door 101: $99.99 allocated but $100.00 available']);
    expect(manualAllocationProblems([room, { ...commission, amount: 10_001 }], doors, known)).toEqual(["Door 101: fees and deductions of $100.01 exceed the owner's share of $100.00"]);
    expect(manualAllocationProblems([room, line({ door: '999', amount: 0 }), { ...commission, accountId: 'NOPE', entity: 'NOBODY' }], doors, known)).toEqual([
      'Door 999 is not a door of this booking', 'Account NOPE is not in the chart of accounts', 'Entity NOBODY does not exist',
    ]);
  });

  it('checks every door of a group on its own', () => {
    const group = new Map([['101', { available: 10_000 }], ['201', { available: 5_000 }]]);
    expect(manualAllocationProblems([line({ amount: 15_000 })], group, known)).toEqual(['Door 101: $150.00 allocated but $100.00 available', 'Door 201: $0.00 allocated but $50.00 available']);
  });
});

describe('GST on commission and fees (design/ledger.md: where the account\'s code says)', () => {
  const setup = (gst: Map<string, number>): AllocationSetup => ({
    roomAccount: 'ROOMCHG', ownerStayAccount: 'OWNSTAY', commissionAccount: 'COMMISS', business: 'BUSINESS',
    doors: new Map([['101', { owner: 'OWNSMITH', unitClass: 'HOLIDAY', commission: 1200 }]]),
    accountEntity: new Map<string, string | null>([['CLEAN', null]]),
    fees: [{ name: 'ADV LEVY', accountId: 'ADVERT', entity: null, method: 'P', value: 200, applyTo: ['*'], applyBeforeOtherFees: true }],
    accountGst: gst,
  });
  const booking = { ownerStay: false, doors: [{ door: '101', roomCharges: [{ date: '2026-11-02', description: 'Night', amount: 56_700 }], otherCharges: [{ accountId: 'CLEAN', description: 'Clean', amount: 9_500 }] }] };

  it('adds a GST line after each fee and the commission whose account carries GST, from the owner\'s share to the same party', () => {
    const { lines, problems } = allocateBooking(booking, setup(new Map([['COMMISS', 10], ['ADVERT', 10], ['CLEAN', 10]])));
    expect(problems).toEqual([]);
    // Room $567; ADV LEVY 2% = $11.34 and GST $1.13; commission 12% of $555.66 = $66.68 and GST $6.67;
    // the cleaning charge is the guest's price (GST inside it), moved whole.
    expect(lines.map((l) => [l.type, l.subType, l.accountId, l.entity, l.amount, l.description])).toEqual([
      ['ROOM', 'OWNER', 'ROOMCHG', 'OWNSMITH', 56_700, 'Room charges 101'],
      ['FEE', 'FEE', 'ADVERT', 'BUSINESS', 1_134, 'ADV LEVY'],
      ['GST', 'FEE', 'ADVERT', 'BUSINESS', 113, 'GST on ADV LEVY'],
      ['COMMISSION', 'FEE', 'COMMISS', 'BUSINESS', 6_668, 'Letting commission'],
      ['GST', 'FEE', 'COMMISS', 'BUSINESS', 667, 'GST on Letting commission'],
      ['CHARGE', 'CHG', 'CLEAN', 'OWNSMITH', 9_500, 'Clean'],
    ]);
    expect(heldOut(lines)).toBe(66_200);
  });

  it('gives the commission line its addback: the commission on the fees taken before it, so percent of room charge less addback is the amount', () => {
    const { lines } = allocateBooking(booking, setup(new Map([['COMMISS', 10], ['ADVERT', 10]])));
    // 12% of $567 = $68.04; charged 12% of $555.66 = $66.68; the owner gets $1.36 back. No other line has one.
    expect(lines.map((l) => [l.type, l.commissionAddback])).toEqual([['ROOM', 0], ['FEE', 0], ['GST', 0], ['COMMISSION', 136], ['GST', 0], ['CHARGE', 0]]);
    const noneBefore = { ...setup(new Map()), fees: [] };
    expect(allocateBooking(booking, noneBefore).lines.find((l) => l.type === 'COMMISSION')).toMatchObject({ amount: 6_804, commissionAddback: 0 });
    // A manual commission below its stated percent gives the rest back; above it, none.
    expect(commissionAddback({ type: 'COMMISSION', roomCharge: 56_700, percent: 1200, amount: 5_000 })).toBe(1_804);
    expect(commissionAddback({ type: 'COMMISSION', roomCharge: 56_700, percent: 1200, amount: 7_000 })).toBe(0);
    expect(commissionAddback({ type: 'FEE', roomCharge: 56_700, percent: 200, amount: 1 })).toBe(0);
  });

  it('posts the change of the addback with a revision, and its negation with a reversal', () => {
    const first = allocateBooking(booking, setup(new Map())).lines;
    const cheaper = allocateBooking({ ...booking, doors: [{ ...booking.doors[0]!, roomCharges: [{ date: '2026-11-02', description: 'Night', amount: 50_000 }] }] }, setup(new Map())).lines;
    // 2% of $500 = $10, commission 12% of $490 = $58.80, addback 12% of $10 = $1.20 (was $1.36).
    expect(allocationDifference(first, cheaper).find((l) => l.type === 'COMMISSION')).toMatchObject({ amount: 5_880 - 6_668, commissionAddback: 120 - 136 });
    expect(allocationDifference(first, []).find((l) => l.type === 'COMMISSION')).toMatchObject({ amount: -6_668, commissionAddback: -136 });
  });

  it('adds nothing for GST-free accounts, and cuts GST like a fee when the owner\'s share runs out', () => {
    expect(allocateBooking(booking, setup(new Map([['COMMISS', 0]]))).lines.some((l) => l.type === 'GST')).toBe(false);
    const greedy = { ...setup(new Map([['ADVERT', 10]])), fees: [{ name: 'ALL', accountId: 'ADVERT', entity: null, method: 'P' as const, value: 10_000, applyTo: ['*'], applyBeforeOtherFees: true }] };
    const { lines, warnings } = allocateBooking(booking, greedy);
    expect(lines.filter((l) => l.subType === 'FEE').map((l) => [l.type, l.amount])).toEqual([['FEE', 56_700]]);
    expect(warnings).toContain("GST on ALL on door 101 cut to 0 cents: it would exceed the owner's share");
  });
});

describe('a door that changed owner (Change Owner, spec 2 §4)', () => {
  const setup: AllocationSetup = {
    roomAccount: 'ROOMCHG', ownerStayAccount: 'OWNSTAY', commissionAccount: 'COMMISS', business: 'BUSINESS',
    doors: new Map([['101', { owner: 'OWNJONES', unitClass: 'HOLIDAY', commission: 1000, history: [{ before: '2026-11-11', owner: 'OWNSMITH', commission: 1200 }] }]]),
    accountEntity: new Map<string, string | null>([['CLEAN', null]]),
    fees: [{ name: 'LINEN', accountId: 'LINEN', entity: null, method: 'V', value: 2_500, applyTo: ['*'], applyBeforeOtherFees: false }],
  };
  const nights = ['2026-11-09', '2026-11-10', '2026-11-11', '2026-11-12'].map((date) => ({ date, description: 'Night', amount: 10_000 }));
  const booking = { ownerStay: false, doors: [{ door: '101', roomCharges: nights, otherCharges: [{ accountId: 'CLEAN', description: 'Clean', amount: 9_500 }] }] };

  it('gives the nights before the change date to the old owner at their commission, the rest and the stay\'s other charges and per-door fees to the new owner', () => {
    const { lines, problems } = allocateBooking(booking, setup);
    expect(problems).toEqual([]);
    expect(lines.map((l) => [l.owner, l.type, l.entity, l.amount])).toEqual([
      ['OWNSMITH', 'ROOM', 'OWNSMITH', 20_000], ['OWNSMITH', 'COMMISSION', 'BUSINESS', 2_400],
      ['OWNJONES', 'ROOM', 'OWNJONES', 20_000], ['OWNJONES', 'COMMISSION', 'BUSINESS', 2_000], ['OWNJONES', 'FEE', 'BUSINESS', 2_500], ['OWNJONES', 'CHARGE', 'OWNJONES', 9_500],
    ]);
    expect(heldOut(lines)).toBe(49_500);
  });

  it('gives a stay wholly before the change to the old owner', () => {
    const early = { ...booking, doors: [{ ...booking.doors[0]!, roomCharges: nights.slice(0, 2) }] };
    expect(new Set(allocateBooking(early, setup).lines.map((l) => l.owner))).toEqual(new Set(['OWNSMITH']));
  });
});
