import { describe, expect, it } from 'vitest';
import {
  changeDateLimits, chargeFormSchema, defaultChangeDate, deletedLineIds, inactiveLock, linesTotalCents, newOwnerOptions, previewTotals,
  unitBody, unitFormSchema,
} from './rules.js';

const day = (d: Date) => [d.getFullYear(), d.getMonth() + 1, d.getDate()];

describe('unit form', () => {
  const form = {
    door: 'p301', name: 'Palm Court 301', unittype: 'onebed', class: '', entity: 'OWNJONES', category: '', letting_pool: 'BOOKINGS',
    letting_pool_start: new Date(2026, 0, 5), agreement_date: null, days_in_pool: '', leaseback: true,
    fees: [{ id: 7, account_id: 'mgmtfee', entity: 'BUSINESS', name: 'Management', value: 20.5 }, { account_id: 'CLEAN', entity: 'SUPCLEAN', name: 'Linen', value: 12 }],
    leasebacks: [], rental: [], funds: 10,
  };

  it('validates with the unit contract: dates go as YYYY-MM-DD, codes upper-cased, blank days in pool 0', () => {
    const parsed = unitFormSchema.safeParse(form);
    expect(parsed.success).toBe(true);
    expect(parsed.data).toMatchObject({ door: 'P301', name: 'PALM COURT 301', unittype: 'ONEBED', class: null, letting_pool_start: '2026-01-05', agreement_date: null, days_in_pool: 0 });
    expect(parsed.data?.fees[0]).toMatchObject({ id: 7, type: 'F', account_id: 'MGMTFEE', value: 20.5 });
  });

  it('reports the spec messages on the fields they belong to', () => {
    const parsed = unitFormSchema.safeParse({ ...form, unittype: '', fees: [{ account_id: '', entity: '', name: '', value: 1 }] });
    const messages = Object.fromEntries((parsed.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
    expect(messages).toMatchObject({ unittype: 'Unit Type must be Selected', 'fees.0.account_id': 'Account is required', 'fees.0.entity': 'Recipient is required', 'fees.0.name': 'Description is Required' });
  });

  it('names the saved lines the user removed in the deleted lists', () => {
    expect(deletedLineIds([{ id: 7 }, { id: 8 }, { id: 9 }], [{ id: 8 }, { id: null }])).toEqual([7, 9]);
    expect(deletedLineIds(undefined, [{ id: 1 }])).toEqual([]);
    const body = unitBody({ fees: [{ id: 7 }], leasebacks: [] }, { fees: [{ id: 7 }, { id: 8 }], leasebacks: [{ id: 3 }] });
    expect(body).toMatchObject({ _deleted_fees: [8], _deleted_leasebacks: [3], _deleted_rental: [] });
  });

  it('totals the lines exactly in cents', () => {
    expect(linesTotalCents([{ value: 0.1 }, { value: 0.2 }, { value: '' }, { value: 1234.56 }])).toBe(123486);
    expect(linesTotalCents(undefined)).toBe(0);
  });
});

describe('inactive rule', () => {
  it('locks Inactive for a linked unit or one with balances or charges, with the spec tooltips', () => {
    expect(inactiveLock(null, '')).toBeNull();
    expect(inactiveLock({ inactive: false, _allow_inactive: true, gpid: null }, '')).toBeNull();
    expect(inactiveLock({ inactive: false, _allow_inactive: true, gpid: null }, 'GP-1')).toBe('Cannot set Inactive when linked to the booking system');
    expect(inactiveLock({ inactive: false, _allow_inactive: false, gpid: 'GP-1' }, '')).toBe('Cannot set Inactive when linked to the booking system');
    expect(inactiveLock({ inactive: false, _allow_inactive: false, gpid: null }, '')).toBe('Cannot set inactive while there are ledger balances or charges');
    expect(inactiveLock({ inactive: true, _allow_inactive: true, gpid: 'GP-1' }, 'GP-1')).toBeNull();
  });
});

describe('change owner', () => {
  const control = { current_month: 4, current_year: 2026, ledger_first_date: null, ledger_last_date: null };

  it('allows a day of the current month up to today, within the ledger dates when known', () => {
    const mid = changeDateLimits(control, new Date(2026, 3, 20, 18));
    expect([day(mid.min), day(mid.max)]).toEqual([[2026, 4, 1], [2026, 4, 20]]);
    const later = changeDateLimits(control, new Date(2026, 4, 3));
    expect(day(later.max)).toEqual([2026, 4, 30]);
    const ledger = changeDateLimits({ ...control, ledger_first_date: '2026-04-03', ledger_last_date: '2026-04-15' }, new Date(2026, 3, 20));
    expect([day(ledger.min), day(ledger.max)]).toEqual([[2026, 4, 3], [2026, 4, 15]]);
    expect(day(defaultChangeDate(later, new Date(2026, 4, 3)))).toEqual([2026, 4, 30]);
    expect(day(defaultChangeDate(mid, new Date(2026, 3, 20, 9)))).toEqual([2026, 4, 20]);
  });

  it('offers Unassign Owner first and leaves out the current owner and inactive owners', () => {
    const entities = [
      { code: 'BUSINESS', type: 'BUSINESS', name: 'Us' }, { code: 'OWNA', type: 'OWNER', name: 'Ann' },
      { code: 'OWNB', type: 'OWNER', name: 'Bob' }, { code: 'OWNC', type: 'OWNER', name: 'Cy', inactive: true },
    ];
    expect(newOwnerOptions(entities, 'OWNA')).toEqual([{ value: '', label: 'Unassign Owner' }, { value: 'OWNB', label: 'OWNB - Bob' }]);
  });

  it('totals the preview in cents', () => {
    const row = { type: 'CHARGE' as const, ref: '1', desc: 'x', new_owner_days: 11, days: 30 };
    expect(previewTotals([{ ...row, amount: 133.33, old_owner: 84.44, new_owner: 48.89 }, { ...row, amount: 0.1, old_owner: 0.07, new_owner: 0.03 }]))
      .toEqual({ amount: 13343, old_owner: 8451, new_owner: 4892 });
  });
});

describe('add charge', () => {
  it('validates with the charge contract: the owner pays from the door, every item on the door', () => {
    const parsed = chargeFormSchema.safeParse({
      date: new Date(2026, 3, 20), payer_type: 'OWNER', entity: 'OWNA', door: 'A101', recipient_type: 'SUPPLIER', recipient: 'SPARKLE',
      memo: 'Spring clean\nall rooms', name: 'Ann', items: [{ account_id: 'clean', description: '', amount: 120 }],
    });
    expect(parsed.data).toMatchObject({ date: '2026-04-20', entity: 'OWNA', door: 'A101', recipient: 'SPARKLE',
      items: [{ account_id: 'CLEAN', door: 'A101', recipient_entity: 'SPARKLE', description: 'Spring clean', amount: 120 }] });
    const blank = chargeFormSchema.safeParse({ date: null, entity: 'OWNA', door: 'A101', recipient_type: 'BUSINESS', memo: '', name: '', items: [{ account_id: 'CLEAN', amount: '' }] });
    const paths = (blank.error?.issues ?? []).map((i) => i.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['date', 'memo', 'name', 'items.0.amount']));
  });
});
