import { describe, expect, it } from 'vitest';
import { balancesBarText, balancesBarTone } from './rules.js';

describe('balances bar', () => {
  it('is red when the ledger is negative, orange when only the balance is, else green', () => {
    expect(balancesBarTone({ ledger: -1, charge: 0, balance: -1 })).toBe('danger');
    expect(balancesBarTone({ ledger: 10_000, charge: 12_000, balance: -2_000 })).toBe('warning');
    expect(balancesBarTone({ ledger: 10_000, charge: 2_000, balance: 8_000 })).toBe('success');
  });

  it('states the ledger and, with pending charges, the balance after them', () => {
    expect(balancesBarText({ ledger: 125_050, charge: 0, balance: 125_050 })).toBe('$1,250.50 ledger funds available');
    expect(balancesBarText({ ledger: 125_050, charge: 25_000, balance: 100_050 })).toBe(
      '$1,250.50 ledger funds available and $1,000.50 after pending charges of $250.00 have been applied',
    );
  });
});
