import { describe, expect, it } from 'vitest';
import { disburseMethodLabel, figuresTone, heldOf, heldText, missingBankAccount, PARTY_LISTS, partyListPath, pendingTabLabel } from './rules.js';

describe('parties lists', () => {
  it('one configuration per list; Unallocated Funds is never added', () => {
    expect(Object.values(PARTY_LISTS).map((l) => [l.type, l.title, l.canAdd])).toEqual([
      ['OWNER', 'Owners', true],
      ['SUPPLIER', 'Suppliers', true],
      ['TENANT', 'Tenants', true],
      ['UNALLOC', 'Unallocated Funds', false],
      ['POOL', 'Owner Pools', true],
    ]);
    expect(partyListPath('SUPPLIER')).toBe('/api/entity/list/SUPPLIER');
  });

  it('an EFT party without BSB or account number is missing its bank account; other methods never are', () => {
    expect(missingBankAccount({ disburse_method: 'EFT', bank_bsb: '062-000', bank_account_number: '1234' })).toBe(false);
    expect(missingBankAccount({ disburse_method: 'EFT', bank_bsb: '062-000', bank_account_number: ' ' })).toBe(true);
    expect(missingBankAccount({ disburse_method: 'EFT', bank_bsb: null, bank_account_number: '1234' })).toBe(true);
    expect(missingBankAccount({ disburse_method: 'CHEQUE' })).toBe(false);
    expect(missingBankAccount({ disburse_method: 'HOLD' })).toBe(false);
  });

  it('names the methods and sums the holds in cents', () => {
    expect([disburseMethodLabel('EFT'), disburseMethodLabel('CHEQUE'), disburseMethodLabel('HOLD'), disburseMethodLabel('X')]).toEqual(['EFT', 'Cheque', 'Hold Funds', 'X']);
    expect(heldOf({ hold_this_month: 0.1, hold_always: 0.2 })).toBe(30);
    expect(heldOf({})).toBe(0);
    expect(heldText({ hold_this_month: 125.5, hold_always: 1000 })).toBe('($1,125.50)');
    expect(heldText({ hold_this_month: 0, hold_always: 0 })).toBe('$0.00');
  });

  it('colours the figures as the balances bar does: red for a negative ledger, orange for a negative balance', () => {
    expect(figuresTone({ funds: -0.01, balance: -5 })).toBe('danger');
    expect(figuresTone({ funds: 10, balance: -0.01 })).toBe('warning');
    expect(figuresTone({ funds: 0, balance: 0 })).toBeNull();
  });

  it('labels the pending tabs with their counts once known', () => {
    expect(pendingTabLabel('outward', undefined)).toBe('Pending Charges Outward');
    expect(pendingTabLabel('inward', 2)).toBe('Pending Charges Inward (2)');
  });
});
