import { describe, expect, it } from 'vitest';
import { paymentContract } from 'api/contracts/cashbook';
import { newPayment, paymentSaveState, paymentWire, printActionLabel } from './rules.js';

describe('payment save', () => {
  it('is enabled only for an amount above 0 within the ledger balance', () => {
    expect(paymentSaveState({ readOnly: false, amountCents: 10000, ledgerCents: 10000 })).toEqual({ enabled: true, reason: null });
    expect(paymentSaveState({ readOnly: false, amountCents: 10001, ledgerCents: 10000 })).toEqual({
      enabled: false, reason: "The amount is more than the payer's ledger balance of $100.00",
    });
    expect(paymentSaveState({ readOnly: false, amountCents: 0, ledgerCents: 10000 }).enabled).toBe(false);
    expect(paymentSaveState({ readOnly: false, amountCents: -5, ledgerCents: 10000 }).enabled).toBe(false);
    expect(paymentSaveState({ readOnly: false, amountCents: 100, ledgerCents: null }).enabled).toBe(false);
    expect(paymentSaveState({ readOnly: true, amountCents: 100, ledgerCents: 10000 })).toEqual({ enabled: false, reason: null });
  });
});

describe('print action', () => {
  it('prints an invoice when the business is the recipient (payee) and a memo otherwise', () => {
    // The recipient (payee) decides, not the payer type (spec 2 §2 'Payments').
    expect(printActionLabel({ payee: 'BUSINESS' })).toBe('Print Invoice');
    expect(printActionLabel({ payee: 'Demo Holiday Lets' }, 'Demo Holiday Lets')).toBe('Print Invoice');
    expect(printActionLabel({ payee: 'Reliable Plumbing' }, 'Demo Holiday Lets')).toBe('Print Memo');
    expect(printActionLabel({ payee: null }, 'Demo Holiday Lets')).toBe('Print Memo');
  });
});

describe('paymentWire', () => {
  it("is what the route's contract accepts, the door only for an owner", () => {
    const body = paymentWire({ ...newPayment(new Date(2026, 2, 14)), payer_type: 'SUPPLIER', payer_entity: 'SUPPLUMB', door: '101', amount: 250.5, memo: 'Plumbing', payee: ' ' });
    expect(body).toMatchObject({ date: '2026-03-14', door: null, method: 'EFT', amount: 250.5, payee: null });
    expect(paymentContract.safeParse(body).success).toBe(true);
  });

  it("leaves a blank amount out, so the contract answers the spec's messages", () => {
    const result = paymentContract.safeParse(paymentWire(newPayment('2026-03-14')));
    const messages = result.success ? [] : result.error.issues.map((i) => i.message);
    expect(messages).toEqual(expect.arrayContaining(['Payer Entity is required', 'Amount is required', 'Details are required']));
  });
});
