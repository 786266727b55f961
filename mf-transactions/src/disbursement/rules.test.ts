import { describe, expect, it } from 'vitest';
import { disburseRequestContract, HOLD_REASONS, type DisbursementRow } from 'api/contracts/disbursement';
import {
  abaFileName, disbursementColour, disbursementExpandable, disbursementPlan, disbursementSelectable, disbursementTitle, disbursePayload, missingBankAccount,
  toListRow,
} from './rules.js';

const row = (over: Partial<DisbursementRow> = {}): DisbursementRow => ({
  code: 'OWNSMITH', type: 'OWNER', doors: ['101'], name: 'Jane Smith', bank: 'CBA', bank_account_name: 'J Smith', bank_bsb: '062-001', bank_account_number: '12345678',
  disburse_method: 'EFT', funds: 250, hold_always: 0, hold_always_reason: null, hold_this_month: 10, hold_this_month_reason: 'Rates', hold: 10, pending: 40,
  charge_release_override: false, imminent: 40, release: 40, disburse: 200, disburse_allowed: true, hold_reason: null,
  door_array: [{ door: '101', funds: 250, pending: 40, disburse: 200 }], disburse_array: [{ door: '101', amount: 200 }], ...over,
});

describe('disbursement rows (spec 2 §4, §5, §8)', () => {
  it('is green with something to disburse, yellow for a release only, grey for neither', () => {
    expect(disbursementColour(row())).toBe('green');
    expect(disbursementColour(row({ disburse: 0, release: 0.01 }))).toBe('yellow');
    expect(disbursementColour(row({ disburse: 0, release: 0 }))).toBe('grey');
  });

  it('may be ticked with a disburse or a release, never when disbursing is not allowed', () => {
    expect(disbursementSelectable(row())).toBe(true);
    expect(disbursementSelectable(row({ disburse: 0, release: 5 }))).toBe(true);
    expect(disbursementSelectable(row({ disburse: 0, release: 0 }))).toBe(false);
    expect(disbursementSelectable(row({ disburse: -1, release: -1 }))).toBe(false);
    expect(disbursementSelectable(row({ disburse_allowed: false, hold_reason: HOLD_REASONS.HOLD }))).toBe(false);
  });

  it('expands owners, pools and suppliers with something to disburse, never the business', () => {
    expect(disbursementExpandable(row())).toBe(true);
    expect(disbursementExpandable(row({ type: 'SUPPLIER' }))).toBe(true);
    expect(disbursementExpandable(row({ type: 'BUSINESS', code: 'BUSINESS' }))).toBe(false);
    expect(disbursementExpandable(row({ disburse: 0 }))).toBe(false);
  });

  it('flags an EFT party without a BSB or account number, not a cheque payee', () => {
    expect(missingBankAccount(row())).toBe(false);
    expect(missingBankAccount(row({ bank_bsb: null }))).toBe(true);
    expect(missingBankAccount(row({ bank_account_number: ' ' }))).toBe(true);
    expect(missingBankAccount(row({ disburse_method: 'CHEQUE', bank_bsb: null, bank_account_number: null }))).toBe(false);
  });

  it('shows holds and releases as money kept back', () => {
    expect(toListRow(row())).toMatchObject({ hold_out: -10, release_out: -40 });
  });

  it('is titled Pre Disbursement Check while month end is active', () => {
    expect(disbursementTitle(true)).toBe('Pre Disbursement Check');
    expect(disbursementTitle(false)).toBe('Disbursement');
  });
});

describe('Disburse Now', () => {
  const rows = [
    row({ code: 'A', disburse: 0.1 }),
    row({ code: 'B', disburse: 0.2 }),
    row({ code: 'C', disburse: 0, release: 12 }),
    row({ code: 'D', disburse: 0, release: 0, disburse_allowed: false }),
    row({ code: 'E', disburse: 99 }),
    // Held automatically by the server (spec 2 §4 'Holds'): paid by hand from Payments.
    row({ code: 'F', disburse: 5, disburse_method: 'CHEQUE', disburse_allowed: false }),
  ];

  it('pays the ticked rows with something to disburse, in cents; a held cheque party is not paid', () => {
    const plan = disbursementPlan(rows, new Set(['A', 'B', 'C', 'D', 'F', 'GONE']));
    expect(plan.pay.map((r) => r.code)).toEqual(['A', 'B']);
    expect(plan).toEqual({ pay: [rows[0], rows[1]], releaseOnly: 1, totalCents: 30 });
  });

  it('sends the rows as shown, in the shape the route validates', () => {
    const body = disbursePayload(disbursementPlan(rows, new Set(['A'])));
    expect(body).toEqual([{
      code: 'A', funds: 250, pending: 40, holds: 10, disburse: 0.1, disburse_allowed: true,
      door_array: [{ door: '101', funds: 250, pending: 40, disburse: 200 }], disburse_array: [{ door: '101', amount: 200 }],
    }]);
    expect(disburseRequestContract.safeParse(body).success).toBe(true);
    expect(disbursePayload(disbursementPlan(rows, new Set()))).toEqual([]);
  });

  it('names the bank file as the server does, else by the date', () => {
    expect(abaFileName({ filename: 'ABA-DEMOTRUST-20260305-1412.aba' })).toBe('ABA-DEMOTRUST-20260305-1412.aba');
    expect(abaFileName({ filename: null }, new Date(2026, 2, 5, 14, 12))).toBe('disbursement-2026-03-05.aba');
  });
});
