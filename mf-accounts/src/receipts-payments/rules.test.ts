import { describe, expect, it } from 'vitest';
import { counterparty, ledgerListPath, ledgerRowTone } from './rules.js';

describe('receipts and payments ledger rules', () => {
  it('reads the cash-book list of each kind', () => {
    expect(ledgerListPath('Receipt')).toBe('/api/cashbook/receipt/list');
    expect(ledgerListPath('Payment')).toBe('/api/cashbook/payment/list');
  });

  it('names the payer of a receipt and the payee of a payment', () => {
    expect(counterparty('Receipt', { payer: 'J Smith', payee: null })).toBe('J Smith');
    expect(counterparty('Payment', { payer: null, payee: 'Plumber' })).toBe('Plumber');
    expect(counterparty('Payment', { payer: 'x', payee: null })).toBe('');
  });

  it('marks reversals and cancelled numbers', () => {
    expect(ledgerRowTone({ kind: 'RECEIPT' })).toBeNull();
    expect(ledgerRowTone({ kind: 'REVERSAL' })).toBe('reversal');
    expect(ledgerRowTone({ kind: 'VOID' })).toBe('cancelled');
  });
});
