import type { CashbookRecord } from '../contracts/cashbook.js';
import { toCents } from '../money/cents.js';
import { type InvoiceParty, type MemoDocument, addressLines } from './invoice.js';
import type { Letterhead } from './pdf.js';
import { methodName } from './receipt.js';

/** The title of a payment's printed document: an INVOICE when the business is paid, else a PAYMENT MEMO. */
export const paymentTitle = (invoice: boolean) => (invoice ? 'INVOICE' : 'PAYMENT MEMO');

/**
 * A posted payment as its printed invoice or memo (spec 2 §2 'Payments'), in the layout of the
 * charges' invoices and memos: paid from the payer's ledger, paid to the payee, one line of the
 * details and the amount; a reversed payment is stamped REVERSED with its reversal's number.
 */
export function paymentDocument(payment: CashbookRecord & { door?: string | null }, parties: ReadonlyMap<string, InvoiceParty>, letterhead: Letterhead, invoice: boolean): MemoDocument {
  const code = payment.payer_entity ?? '';
  const payer = parties.get(code);
  const payerName = code === 'BUSINESS' ? letterhead.companyName : (payer?.name ?? code);
  const facts: [string, string][] = [['Method', methodName(payment.method, null)]];
  if (payment.tran_ref) facts.push([payment.method === 'CHQ' ? 'Cheque No' : 'Reference', payment.tran_ref]);
  if (payment.reversed) facts.push(['Reversed by', payment.reversal_ref ?? '']);
  return {
    title: paymentTitle(invoice),
    number: ['Payment', payment.ref],
    date: payment.date,
    issuer: letterhead,
    parties: [
      { label: 'Paid from', party: { code, name: payerName, door: payment.door ?? null, address: code === 'BUSINESS' ? [] : addressLines(payer) } },
      { label: 'Paid to', party: { name: payment.payee?.trim() || (invoice ? letterhead.companyName : payerName) } },
    ],
    facts,
    lines: [{ description: payment.memo.split(/\r?\n/)[0] ?? '', account: null, door: payment.door ?? null, amount: toCents(Math.abs(payment.amount)) }],
    notes: payment.memo,
    stamp: payment.reversed ? 'REVERSED' : null,
  };
}
