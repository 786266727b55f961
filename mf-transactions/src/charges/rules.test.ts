import { describe, expect, it } from 'vitest';
import { chargeContract, CHARGE_MESSAGES } from 'api/contracts/charges';
import { chargeTotalCents, chargeWire, doorOptions, doorWarning, memoFirstLine, newItem, partyOf, payerTypes, printActionLabel, removedIds, statusLabel, type ChargeForm } from './rules.js';

const form = (over: Partial<ChargeForm> = {}): ChargeForm => ({
  date: new Date(2026, 2, 5), payer_type: 'OWNER', entity: 'SMITHJ01', door: '101', recipient_type: 'SUPPLIER', recipient: 'RELPLUMB', recipient_door: '',
  source_ref: '', memo: 'Replace tap washer\nkitchen', name: 'Plumbing',
  items: [{ id: null, account_id: 'REPAIRS', recipient_entity: 'RELPLUMB', door: '101', description: '', amount: 10.1 }],
  links: [], ...over,
});

describe('charge rules', () => {
  it('totals items in cents without float drift', () => {
    expect(chargeTotalCents([{ amount: 0.1 }, { amount: 0.2 }, { amount: '' }, { amount: 1.15 }])).toBe(145);
    expect(chargeTotalCents([])).toBe(0);
  });

  it('warns about items without a door, not about an empty charge', () => {
    expect(doorWarning([{ door: '101' }])).toBeNull();
    expect(doorWarning([{ door: '101' }, { door: ' ' }])).toBe(CHARGE_MESSAGES.itemWithoutDoor);
    expect(doorWarning([{ door: null }])).toBe(CHARGE_MESSAGES.itemWithoutDoor);
    expect(doorWarning([])).toBeNull();
  });

  it('offers Print Invoice only when the business receives the charge', () => {
    expect(printActionLabel('BUSINESS')).toBe('Print Invoice');
    expect(printActionLabel('SUPPLIER')).toBe('Print Memo');
    expect(printActionLabel('OWNER')).toBe('Print Memo');
  });

  it('labels the status from the flag', () => {
    expect(statusLabel('PENDING')).toBe('Pending');
    expect(statusLabel('CANCELLED')).toBe('Cancelled');
    expect(statusLabel(null)).toBe('');
  });

  it('sends what the route contract accepts: ISO date, blank description from the memo, blanks as null', () => {
    const wire = chargeWire(form());
    expect(wire).toMatchObject({ date: '2026-03-05', recipient_door: null, source_ref: null });
    const parsed = chargeContract.parse(wire);
    expect(parsed.items[0]).toMatchObject({ description: 'Replace tap washer', amount: 10.1, door: '101' });
    expect(memoFirstLine('  First  \r\nsecond')).toBe('First');
  });

  it('lets the contract refuse a charge without items with the spec message, and a blank amount', () => {
    const none = chargeContract.safeParse(chargeWire(form({ items: [] })));
    expect(none.success).toBe(false);
    expect(none.error!.issues.map((i) => i.message)).toContain(CHARGE_MESSAGES.noItems);
    const blank = chargeContract.safeParse(chargeWire(form({ items: [{ id: null, account_id: 'REPAIRS', recipient_entity: '', door: null, description: '', amount: '' }] })));
    expect(blank.error!.issues[0]).toMatchObject({ path: ['items', 0, 'amount'], message: 'Amount must be a number' });
  });

  it('starts a new item with the header recipient and the door the charge is for', () => {
    expect(newItem({ recipient: 'RELPLUMB', recipient_type: 'SUPPLIER', door: '101', recipient_door: null })).toMatchObject({ recipient_entity: 'RELPLUMB', door: '101', amount: '' });
    expect(newItem({ recipient: 'JONESB02', recipient_type: 'OWNER', door: '101', recipient_door: '201' }).door).toBe('201');
  });

  it('lists the ids of saved lines the form dropped', () => {
    expect(removedIds([{ id: 1 }, { id: 2 }, { id: 3 }], [{ id: 2 }, { id: null }])).toEqual([1, 3]);
    expect(removedIds(undefined, [])).toEqual([]);
  });

  it('builds party selector values and door choices from the lookups', () => {
    const entities = [{ code: 'SMITHJ01', name: 'John Smith', type: 'OWNER', address: '12 Ocean Pde' }];
    expect(partyOf('OWNER', 'SMITHJ01', '101', entities)).toEqual({ type: 'OWNER', code: 'SMITHJ01', door: '101', name: 'John Smith', text: '12 Ocean Pde', balance: null });
    expect(partyOf('BUSINESS', 'BUSINESS', null, entities, 'Seaside')).toMatchObject({ name: 'Seaside' });
    expect(partyOf('OWNER', '', null, entities)).toBeNull();
    const units = [{ door: '101', name: 'Unit 101', entity: 'SMITHJ01' }, { door: '201', entity: 'JONESB02' }, { door: '301', entity: null, inactive: true }];
    expect(doorOptions(units, 'SMITHJ01')).toEqual([{ value: '101', label: '101 Unit 101' }]);
    expect(doorOptions(units).map((o) => o.value)).toEqual(['101', '201']);
  });
});

describe('charge payer types', () => {
  it('offer POOL only while owner pools are enabled', () => {
    expect(payerTypes(false)).toEqual(['BUSINESS', 'OWNER', 'SUPPLIER', 'TENANT']);
    expect(payerTypes(undefined)).not.toContain('POOL');
    expect(payerTypes(true)).toEqual(['BUSINESS', 'OWNER', 'SUPPLIER', 'TENANT', 'POOL']);
  });
  it('the contract takes a pool as payer (the server checks enable_pools and the door)', () => {
    const parsed = chargeContract.safeParse({ date: '2026-11-02', payer_type: 'POOL', entity: 'POOLBAY', recipient_type: 'BUSINESS', memo: 'Fence', name: 'Bay Pool', items: [{ account_id: 'CLEAN', amount: 20 }] });
    expect(parsed.success).toBe(true);
  });
});
