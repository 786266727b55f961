import type { jsPDF } from 'jspdf';
import type { CashbookRecord } from 'api/contracts/cashbook';
import { toCents } from 'shared-ui';
import { addressLines, memoPdf, type LookupEntity, type MemoDocument } from '../charges/charge-pdf.js';
import { methodName } from '../receipts/receipt-pdf.js';
import { printActionLabel } from './rules.js';

/** A posted payment as its printed invoice or memo, in the layout of the charge invoices and memos. */
export function paymentDocument(payment: CashbookRecord, entities: readonly LookupEntity[], business: LookupEntity | null): MemoDocument {
  const code = payment.payer_entity ?? '';
  const payer = code === 'BUSINESS' && business ? business : entities.find((e) => e.code === code);
  const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));
  const facts: [string, string][] = [['Method', methodName(payment.method, null)]];
  if (payment.tran_ref) facts.push([payment.method === 'CHQ' ? 'Cheque No' : 'Reference', payment.tran_ref]);
  if (payment.reversed) facts.push(['Reversed by', payment.reversal_ref ?? '']);
  return {
    title: printActionLabel(payment.payer_type) === 'Print Invoice' ? 'INVOICE' : 'PAYMENT MEMO',
    number: ['Payment', payment.ref],
    date: payment.date,
    issuer: {
      code: 'BUSINESS',
      name: text(business?.name) || 'BUSINESS',
      address: addressLines(business),
      abn: business?.abn ? text(business.abn) : null,
      email: business?.email ? text(business.email) : null,
      phone: business?.phone1 ? text(business.phone1) : null,
    },
    parties: [
      { label: 'Paid from', party: { code, name: text(payer?.name) || code, door: payment.door ?? null, address: addressLines(payer) } },
      { label: 'Paid to', party: { name: payment.payee || text(payer?.name) || code } },
    ],
    facts,
    lines: [{ description: payment.memo.split(/\r?\n/)[0]!, account: null, door: payment.door ?? null, amountCents: toCents(payment.amount) }],
    notes: payment.memo,
  };
}

export function paymentPdf(payment: CashbookRecord, entities: readonly LookupEntity[], business: LookupEntity | null): jsPDF {
  return memoPdf(paymentDocument(payment, entities, business));
}
