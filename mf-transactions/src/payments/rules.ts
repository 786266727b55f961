import { PAYMENT_METHOD_CODES, PAYMENT_PAYER_TYPES, paymentIsInvoice } from 'api/contracts/cashbook';
import { PAYMENT_METHODS } from 'api/contracts/common';
import { formatCents, toCents, toIsoDate, type PartyType } from 'shared-ui';

/** Payment rules of spec 2 §3 'Payment', §4 and §5 'Payment', in integer cents. */

export const PAYER_TYPES: readonly PartyType[] = PAYMENT_PAYER_TYPES;
export const METHOD_OPTIONS = PAYMENT_METHOD_CODES.map((m) => ({ value: m, label: PAYMENT_METHODS[m] }));

/** Spec 2 §9: a saved payment's message stays 8 seconds. */
export const SAVED_MESSAGE_MS = 8000;

export interface PaymentForm {
  date: Date | string | null;
  payer_type: string;
  payer_entity: string | null;
  door: string | null;
  method: string;
  amount: number | '' | null;
  memo: string;
  tran_ref: string | null;
  source_ref: string | null;
  /** Who is paid: the name on the transfer or cheque (the payer's bank account name when blank). */
  payee: string | null;
}

export function newPayment(today: Date | string | null | undefined): PaymentForm {
  return { date: today ?? new Date(), payer_type: 'OWNER', payer_entity: null, door: null, method: 'EFT', amount: '', memo: '', tran_ref: null, source_ref: null, payee: null };
}

/**
 * Save is enabled only when the record is not read-only, the amount is above 0 and the payer's
 * ledger balance is at least the amount (spec 2 §5); the reason says which condition fails.
 */
export function paymentSaveState(p: { readOnly: boolean; amountCents: number; ledgerCents: number | null }): { enabled: boolean; reason: string | null } {
  if (p.readOnly) return { enabled: false, reason: null };
  if (p.amountCents <= 0) return { enabled: false, reason: 'Enter an amount above $0.00' };
  if (p.ledgerCents === null) return { enabled: false, reason: 'Choose the payer to read its balance' };
  if (p.ledgerCents < p.amountCents) return { enabled: false, reason: `The amount is more than the payer's ledger balance of ${formatCents(p.ledgerCents)}` };
  return { enabled: true, reason: null };
}

/**
 * The print action after a save: 'Print Invoice' when the business is the recipient, else
 * 'Print Memo' (spec 2 §2 'Payments'), whoever the payer is. A payment's recipient is its payee
 * (paymentIsInvoice, shared with the server's printed document, which is titled to match).
 */
export function printActionLabel(payment: { payee?: string | null }, businessName?: string | null): 'Print Invoice' | 'Print Memo' {
  return paymentIsInvoice(payment, businessName) ? 'Print Invoice' : 'Print Memo';
}

const blankToNull = (v: string | null | undefined) => (v === null || v === undefined || v.trim() === '' ? null : v.trim());

/** Form values as POST /api/cashbook/payment takes them; a blank amount is left out so the contract asks for it. */
export function paymentWire(values: PaymentForm): Record<string, unknown> {
  return {
    date: toIsoDate(values.date) ?? undefined,
    payer_type: values.payer_type,
    payer_entity: blankToNull(values.payer_entity),
    door: values.payer_type === 'OWNER' ? blankToNull(values.door) : null,
    method: values.method || undefined,
    amount: values.amount === '' || values.amount === null ? undefined : values.amount,
    memo: values.memo ?? '',
    tran_ref: blankToNull(values.tran_ref),
    source_ref: blankToNull(values.source_ref),
    payee: blankToNull(values.payee),
  };
}

export const amountCents = (amount: PaymentForm['amount']) => toCents(amount);
