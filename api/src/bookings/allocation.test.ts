import { describe, expect, it } from 'vitest';
import { type CurrentLine, currentAllocation, manualAllocationProblems, manualAllocationRefusal } from './allocation.js';

const line = (over: Partial<CurrentLine>): CurrentLine => ({
  id: '1', disbursed: false, door: '101', ord: 0, type: 'ROOM', subType: 'OWNER', accountId: 'ROOMCHG', entity: 'OWNSMITH', owner: 'OWNSMITH',
  description: 'Room charges 101', amount: 10_000, roomCharge: 10_000, percent: null, ...over,
});
const room = line({});
const commission = line({ id: '2', ord: 1, type: 'COMMISSION', subType: 'FEE', accountId: 'COMMISS', entity: 'BUSINESS', amount: 1_200, percent: 1200 });

describe('currentAllocation', () => {
  it('nets every revision per line, keeps the latest row id and drops lines at zero', () => {
    const later = line({ id: '7', amount: 5_000 });
    const reversed = [line({ id: '8', amount: -15_000 }), { ...commission, id: '9', amount: -1_200 }];
    expect(currentAllocation([room, commission, later]).map((l) => [l.id, l.amount])).toEqual([['7', 15_000], ['2', 1_200]]);
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
