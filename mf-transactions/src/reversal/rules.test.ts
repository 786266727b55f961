import { describe, expect, it } from 'vitest';
import { bankState, detailsText, postedNotice, reasonAccepted, reasonMessage, REVERSAL_REASON_MESSAGE, rowActions, rowTone } from './rules.js';

const row = {
  kind: 'RECEIPT' as 'RECEIPT' | 'VOID' | 'REVERSAL', ref: '1043', source: 'MANUAL', reversed: false, reversal_ref: null, reversal_of_ref: null,
  reconciled: false, banked: false, _readonly: false, _candelete: false, _canreverse: true,
};

describe('reversal reason', () => {
  it('needs at least 10 characters, not counting surrounding spaces', () => {
    expect(reasonAccepted('too short')).toBe(false);
    expect(reasonAccepted('   123456789   ')).toBe(false);
    expect(reasonAccepted('1234567890')).toBe(true);
  });

  it("shows the spec's message only once a short reason is typed", () => {
    expect(REVERSAL_REASON_MESSAGE).toBe('A reason is required (min 10 chars)');
    expect(reasonMessage('')).toBeNull();
    expect(reasonMessage('wrong')).toBe(REVERSAL_REASON_MESSAGE);
    expect(reasonMessage('Wrong payer entered')).toBeNull();
  });
});

describe('cash-book rows', () => {
  it('strikes reversed rows in red and greys other read-only rows', () => {
    expect(rowTone({ ...row, reversed: true, _readonly: true })).toBe('reversed');
    expect(rowTone({ ...row, _readonly: true })).toBe('readonly');
    expect(rowTone(row)).toBeNull();
  });

  it('shows reconciled before banked', () => {
    expect(bankState({ banked: true, reconciled: true })).toBe('reconciled');
    expect(bankState({ banked: true, reconciled: false })).toBe('banked');
    expect(bankState({ banked: false, reconciled: false })).toBeNull();
  });

  it('offers Delete for the deletable receipt, else Reverse as the server allows', () => {
    expect(rowActions({ ...row, _candelete: true }, 'Receipt').action).toBe('delete');
    expect(rowActions(row, 'Receipt').action).toBe('reverse');
    expect(rowActions({ ...row, _candelete: true }, 'Payment').action).toBe('reverse');
  });

  it('says why a row cannot be reversed', () => {
    const none = { ...row, _canreverse: false, _readonly: true };
    expect(rowActions({ ...none, source: 'BKG' }, 'Receipt')).toEqual({ action: null, note: 'Booking receipts must be reversed in the booking system' });
    expect(rowActions({ ...none, reversed: true, reversal_ref: '17' }, 'Payment').note).toBe('Reversed by 17');
    expect(rowActions({ ...none, kind: 'REVERSAL', reversal_of_ref: '1042' }, 'Receipt').note).toBe('This is the reversal of receipt 1042');
    expect(rowActions({ ...none, reconciled: true }, 'Payment').note).toBe('A reconciled payment cannot be reversed');
  });

  it('shows a void receipt number as a cancelled row with its reason, nothing to act on (issue 8 item 11)', () => {
    const cancelled = { ...row, kind: 'VOID' as const, memo: 'Keys deposit', cancelled_reason: 'Typed against the wrong guest', _readonly: true, _canreverse: false };
    expect(rowTone(cancelled)).toBe('cancelled');
    expect(detailsText(cancelled)).toBe('CANCELLED: Typed against the wrong guest');
    expect(rowActions(cancelled, 'Receipt')).toEqual({ action: null, note: 'Receipt number 1043 is cancelled: Typed against the wrong guest' });
    expect(detailsText({ kind: 'RECEIPT', memo: 'First line\nsecond' })).toBe('First line');
  });
});

describe('posted records (issue 17: reversed with a reason, never edited)', () => {
  it('says so for journals, receipts and payments; a receipt is not said never deleted, as the newest may be', () => {
    expect(postedNotice('Journal')).toBe('A posted journal is never edited or deleted: an amendment is a reversal with a reason and a new journal.');
    expect(postedNotice('Payment')).toBe('A posted payment is never edited or deleted: an amendment is a reversal with a reason and a new payment.');
    expect(postedNotice('Receipt')).toBe('A posted receipt is never edited: an amendment is a reversal with a reason and a new receipt.');
  });
});
