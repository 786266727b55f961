import { z } from 'zod';
import { MAX_AMOUNT_CENTS, formatCents, hasAtMostTwoDecimals } from '../money/cents.js';
import { codeRef, isoDate, multilineText, optionalLine, optionalMultilineText, periodListQuery } from './common.js';
import { optionalCode } from './entity.js';

/**
 * The cash book (spec 2 §3 'Receipt', 'Payment', §5 'Receipt', 'Payment', §7 'Cash book').
 * Money is dollars on the wire (two decimals at most), cents inside.
 *
 * Sign convention of the answers: the ledger stores a payment as negative cash (money out of the
 * trust account). Lists and `read` answer the amount *in the direction of the list*: a receipt
 * or a payment is a positive amount; a reversal row in either list is negative (it undoes one).
 * `read` of a payment therefore negates the stored amount (spec 2 §3 'Payment': "When read for
 * editing, the amount of a payment is negated").
 */

export const RECEIPT_PAYER_TYPES = ['BUSINESS', 'OWNER', 'TENANT', 'OTHER'] as const;
export const PAYMENT_PAYER_TYPES = ['BUSINESS', 'OWNER', 'SUPPLIER'] as const;
export const RECEIPT_METHODS = ['CASH', 'CHQ', 'EFT', 'CARD'] as const;
export const PAYMENT_METHOD_CODES = ['EFT', 'CHQ'] as const;
export const RECEIPT_SELECTORS = ['CHARGE', 'ACCOUNT'] as const;
export const MIN_REVERSAL_REASON = 10;
export const REVERSAL_REASON_MESSAGE = 'A reason is required (min 10 chars)';

/** A new record has no id (or 0/''); an id names a posted record, which cannot be edited. */
const recordId = z.union([z.number(), z.string(), z.null()]).optional()
  .transform((v) => (v === undefined || v === null || v === '' || v === 0 || v === '0' ? null : String(v)));

/** A positive dollar amount whose absence (or null) answers the spec's 'required' message. */
const amountRequired = (message: string) =>
  z.number({ error: (issue) => (issue.input === undefined || issue.input === null ? message : 'Amount must be a number') })
    .refine(Number.isFinite, 'Amount must be a finite number')
    .refine(hasAtMostTwoDecimals, 'Amounts have at most two decimals')
    .refine((v) => Math.abs(v) <= MAX_AMOUNT_CENTS / 100, `Amount is too large (the limit is ${formatCents(MAX_AMOUNT_CENTS)})`)
    .refine((v) => v > 0, 'Amount must be greater than zero');

export const receiptItemContract = z.object({
  id: z.unknown().optional(),
  selector: z.enum(RECEIPT_SELECTORS, { error: 'Charge or Account must be selected' }),
  ref: z.union([z.string(), z.number()], { error: 'Charge or Account ID is required' })
    .transform((v) => String(v).trim())
    .refine((v) => v.length > 0, 'Charge or Account ID is required'),
  entity: codeRef('Entity is required'),
  door: optionalCode,
  description: multilineText('Description is required', 2000),
  gross: z.unknown().optional(),
  amount: amountRequired('Receipt Amount is required'),
});
export type ReceiptItemInput = z.infer<typeof receiptItemContract>;

export const receiptContract = z.object({
  id: recordId,
  date: z.string({ error: 'Date is required' }).trim().min(1, 'Date is required').pipe(isoDate),
  payer_type: z.enum(RECEIPT_PAYER_TYPES, { error: 'Payer type must be BUSINESS, OWNER, TENANT or OTHER' }),
  payer_entity: optionalCode,
  payer: optionalMultilineText(500),
  method: z.enum(RECEIPT_METHODS, { error: 'Payment Method is Required' }),
  card_type: optionalCode,
  tran_ref: optionalLine(100),
  source_ref: optionalLine(100),
  memo: multilineText('Details are required', 2000),
  items: z.array(receiptItemContract, { error: 'A receipt needs at least one item' }).min(1, 'A receipt needs at least one item'),
  _deleted: z.unknown().optional(),
}).superRefine((r, ctx) => {
  if (r.payer_type !== 'OTHER' && !r.payer_entity) ctx.addIssue({ code: 'custom', path: ['payer_entity'], message: 'Payer Entity is required' });
  if (r.payer_type === 'OTHER' && !r.payer) ctx.addIssue({ code: 'custom', path: ['payer'], message: 'Payer Name is required' });
  if (r.method === 'CARD' && !r.card_type) ctx.addIssue({ code: 'custom', path: ['card_type'], message: 'Card Type is required' });
});
export type ReceiptInput = z.infer<typeof receiptContract>;

export const paymentContract = z.object({
  id: recordId,
  date: z.string({ error: 'Date is required' }).trim().min(1, 'Date is required').pipe(isoDate),
  payer_type: z.enum(PAYMENT_PAYER_TYPES, { error: 'Payer type must be BUSINESS, OWNER or SUPPLIER' }),
  payer_entity: optionalCode.refine((v) => v !== null, 'Payer Entity is required'),
  door: optionalCode,
  method: z.enum(PAYMENT_METHOD_CODES, { error: 'Payment Method is Required' }),
  amount: amountRequired('Amount is required'),
  memo: multilineText('Details are required', 2000),
  tran_ref: optionalLine(100),
  source_ref: optionalLine(100),
  payee: optionalMultilineText(500),
  _deleted: z.unknown().optional(),
});
export type PaymentInput = z.infer<typeof paymentContract>;

export const cashbookListQuery = periodListQuery;
export type CashbookListQuery = z.infer<typeof cashbookListQuery>;

export const receiptRangeQuery = z.object({
  year: z.coerce.number({ error: 'year is required' }).int().min(1900).max(2999),
  month: z.coerce.number({ error: 'month is required' }).int().min(1).max(12),
});

export const reversalBody = z.object({ reason: multilineText(REVERSAL_REASON_MESSAGE, 1000).optional() }).partial();

/** One row of the receipts or payments list (spec 2 §2 'Receipts', 'Payments'). */
export interface CashbookRow {
  /** The transaction's id; a VOID row has none and carries its receipt number negated. */
  id: number;
  _pk: number;
  /** VOID: a deleted receipt's number, kept void and listed as cancelled with its reason (issue 8 item 11). */
  kind: 'RECEIPT' | 'PAYMENT' | 'REVERSAL' | 'VOID';
  date: string;
  ref: string;
  banked: boolean;
  reconciled: boolean;
  source: string;
  method: string;
  card_type: string | null;
  payer_type: string | null;
  payer_entity: string | null;
  payer: string | null;
  payee: string | null;
  memo: string;
  tran_ref: string | null;
  source_ref: string | null;
  /** Doors of the ledger lines, comma separated. */
  properties: string;
  /** Entities credited (receipts) or debited (payments), comma separated. */
  recipients: string;
  /** Dollars, in the direction of the list (see the sign convention above). */
  amount: number;
  reversed: boolean;
  reversal_ref: string | null;
  /** For a reversal row: the ref of the receipt or payment it reverses. */
  reversal_of_ref: string | null;
  /** A VOID row: why the receipt was deleted. */
  cancelled_reason?: string;
  _readonly: boolean;
  _candelete: boolean;
  _canreverse: boolean;
  /** A VOID row opens no editor. */
  _editordisabled?: boolean;
}

export interface CashbookList {
  data: CashbookRow[];
  total: number;
  totalAmount: number;
}

export interface ReceiptItemView {
  id: number;
  selector: 'CHARGE' | 'ACCOUNT';
  ref: string;
  entity: string;
  door: string | null;
  description: string;
  gross: number;
  amount: number;
}

export interface CashbookRecord extends CashbookRow {
  items?: ReceiptItemView[];
  /** Receipts: the card surcharge (dollars) and its percentage; receiptTotal = items + surcharge. */
  surcharge?: number;
  surchargeAmount?: number;
  receiptTotal?: number;
  door?: string | null;
  /**
   * POST /api/cashbook/receipt only: the rent account of each tenancy whose rent the receipt paid,
   * as the receipt left it (dollars), for the screens' confirmation.
   */
  rent?: ReceiptRentView[];
}

export interface ReceiptRentView {
  tenancy_id: number;
  door: string;
  paid_to: string;
  arrears: number;
  next_due: { date: string; amount: number } | null;
}

/** One line per tenancy: 'Rent for 101 paid to 21/12/2026; arrears $0.00; next rent due $500.00 on 22/12/2026'. */
export function rentStateText(r: ReceiptRentView, date: (iso: string) => string, money: (dollars: number) => string): string {
  const next = r.next_due ? `next rent due ${money(r.next_due.amount)} on ${date(r.next_due.date)}` : 'paid to the end of the lease';
  return `Rent for ${r.door} paid to ${date(r.paid_to)}; arrears ${money(r.arrears)}; ${next}`;
}

export interface EntityBalance {
  ledger: number;
  balance: number;
  charge: number;
}

/**
 * Whether a payment prints as an INVOICE ('Print Invoice') rather than a PAYMENT MEMO ('Print
 * Memo'): spec 2 §2 'Payments' prints an invoice when the recipient is BUSINESS. A payment's
 * recipient is its payee; it is the business when the payee is the code BUSINESS or the business
 * entity's name (any case). A payment without a payee is paid to no-one named: a memo.
 */
export function paymentIsInvoice(payment: { payee?: string | null }, businessName?: string | null): boolean {
  const payee = (payment.payee ?? '').trim().toLowerCase();
  if (!payee) return false;
  return payee === 'business' || (!!businessName?.trim() && payee === businessName.trim().toLowerCase());
}
