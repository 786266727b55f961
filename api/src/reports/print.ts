import type { CompanyContext, SessionUser } from '../http/env.js';
import { readLetterhead } from '../documents/letterhead.js';
import { memoPdf } from '../documents/invoice.js';
import { paymentDocument } from '../documents/payment.js';
import { readCashbook } from '../cashbook/queries.js';
import { businessDate } from '../ledger/business-date.js';
import { openPeriod } from '../ledger/ledger.js';
import { notFound } from '../http/errors.js';
import { paymentIsInvoice } from '../contracts/cashbook.js';
import { REPORT_DEFINITIONS } from './catalogue.js';
import { ReportRefused } from './definition.js';
import { partiesOf } from './receipts-payments/receipts.js';
import { resolveSelection } from './selection.js';

export interface PrintedDocument {
  filename: string;
  content: Uint8Array;
}

/** A PDF answer shown in the browser's viewer (inline), named for a save. */
export function pdfResponse(doc: PrintedDocument): Response {
  return new Response(Buffer.from(doc.content), {
    headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': `inline; filename="${doc.filename}.pdf"`, 'Content-Length': String(doc.content.length) },
  });
}

/**
 * One posted document as the clerk prints it from its own screen (the Print buttons of Charges and
 * Receipts): the same layout and content as the Reports reprint (api/src/reports/daily/invoices.ts,
 * receipts-payments/receipts.ts), built by the same definition for the one number. Not archived: it
 * is drawn again from the books whenever asked, and a reprint from Reports keeps its archive copy.
 */
export async function printOne(company: Pick<CompanyContext, 'code' | 'name' | 'db'>, user: Pick<SessionUser, 'id' | 'name'>, key: 'invoice' | 'receipts', ref: string): Promise<PrintedDocument> {
  const definition = REPORT_DEFINITIONS.get(key)!;
  const [open, today, letterhead] = await Promise.all([openPeriod(company.db), businessDate(company.db), readLetterhead(company.db, company.name)]);
  const selection = resolveSelection(key, { ref }, open, today);
  try {
    const out = await definition.build({ db: company.db, company, user, selection, letterhead, printedAt: new Date(), reference: '', open, today, progress: async () => {} });
    return { filename: out.filename ?? ref, content: await out.pdf!() };
  } catch (e) {
    if (e instanceof ReportRefused) throw notFound(e.message);
    throw e;
  }
}

/** A posted payment's invoice or memo (Payments' Print Invoice / Print Memo). */
export async function printPayment(company: Pick<CompanyContext, 'name' | 'db'>, id: string): Promise<PrintedDocument> {
  const payment = await readCashbook(company.db, id, 'PAYMENT');
  const [letterhead, parties] = await Promise.all([readLetterhead(company.db, company.name), partiesOf(company.db, ['BUSINESS', ...(payment.payer_entity ? [payment.payer_entity] : [])])]);
  const invoice = paymentIsInvoice(payment, parties.get('BUSINESS')?.name);
  return { filename: `${invoice ? 'Invoice' : 'Payment'}-${payment.ref}`, content: memoPdf([paymentDocument(payment, parties, letterhead, invoice)]) };
}
