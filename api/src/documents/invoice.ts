import { jsPDF } from 'jspdf';
import type { ChargeFull, ChargeItem } from '../contracts/charges.js';
import { type Letterhead, pdfText } from './pdf.js';
import { dateText, moneyText } from './table.js';

/**
 * Printed invoices and memos on the server (spec 2 §2 'Charges': 'Print Invoice' when the
 * business receives the charge, else 'Print Memo'): the one memo layout of every printed document,
 * so the Print buttons (GET /api/charge/print/{id}, /api/cashbook/print/{id}, reports/print.ts) and
 * a reprint from Reports are the same document. Trust Account Receipts (receipt.ts) and payments'
 * invoices and memos (payment.ts) are drawn by the same layout.
 */

export interface MemoParty {
  code?: string | null;
  name: string;
  address?: readonly string[];
  door?: string | null;
}

export interface MemoLine {
  description: string;
  account?: string | null;
  door?: string | null;
  /** The party the line is for, when it differs from the document's. */
  party?: string | null;
  /** Cents. */
  amount: number;
}

export interface MemoDocument {
  /** 'INVOICE', 'MEMO', 'Trust Account Receipt'. */
  title: string;
  /** Label and value of the document number, e.g. ['Invoice', '1042']. */
  number: [string, string];
  /** YYYY-MM-DD. */
  date: string;
  /** Who issues it: the letterhead (its name may be replaced, as receipt_name does for receipts). */
  issuer: Letterhead;
  parties: readonly { label: string; party: MemoParty }[];
  facts?: readonly [string, string][];
  lines: readonly MemoLine[];
  notes?: string | null;
  /** Blocks of label and value rows under the total (a rent receipt's rent account). */
  blocks?: readonly { title: string; rows: readonly [string, string][] }[];
  footer?: string | null;
  /** Stamped across the page (a reversed receipt: 'REVERSED'; a cancelled charge: 'CANCELLED'). */
  stamp?: string | null;
}

const MARGIN = 15;
const PAGE_WIDTH = 210;
const PAGE_HEIGHT = 297;
const RIGHT = PAGE_WIDTH - MARGIN;

export const memoTotal = (lines: readonly MemoLine[]) => lines.reduce((s, l) => s + l.amount, 0);

/** Draws one memo from the top of the current page (more pages when its lines need them). */
function drawMemo(pdf: jsPDF, doc: MemoDocument): void {
  let y = MARGIN + 5;
  const put = (text: string | string[], x: number, at: number, options?: { align: 'right' | 'center' }) =>
    pdf.text(Array.isArray(text) ? text.map(pdfText) : pdfText(text), x, at, options);

  // Letterhead: the business (and its logo) on the left, the title and number on the right.
  let left = y + 5;
  if (doc.issuer.logo) {
    pdf.addImage(doc.issuer.logo, 'PNG', MARGIN, MARGIN - 4, 30, 15);
    y += 14;
    left = y + 5;
  }
  pdf.setFont('helvetica', 'bold').setFontSize(14).setTextColor(0);
  put(doc.issuer.companyName, MARGIN, y);
  pdf.setFontSize(18);
  put(doc.title, RIGHT, MARGIN + 5, { align: 'right' });
  pdf.setFont('helvetica', 'normal').setFontSize(9);
  for (const line of doc.issuer.address.filter(Boolean)) {
    put(line, MARGIN, left);
    left += 4;
  }
  let right = MARGIN + 12;
  pdf.setFontSize(10);
  for (const [label, value] of [doc.number, ['Date', dateText(doc.date)] as [string, string], ...(doc.facts ?? [])]) {
    pdf.setFont('helvetica', 'bold');
    put(`${label}:`, RIGHT - 45, right);
    pdf.setFont('helvetica', 'normal');
    put(value, RIGHT, right, { align: 'right' });
    right += 5;
  }
  y = Math.max(left, right) + 4;
  pdf.setDrawColor(180).line(MARGIN, y, RIGHT, y);
  y += 7;

  const columnWidth = (RIGHT - MARGIN) / Math.max(1, doc.parties.length);
  let partiesBottom = y;
  doc.parties.forEach(({ label, party }, i) => {
    const x = MARGIN + i * columnWidth;
    let py = y;
    pdf.setFont('helvetica', 'bold').setFontSize(9).setTextColor(110);
    put(label.toUpperCase(), x, py);
    pdf.setTextColor(0).setFontSize(11);
    py += 5;
    put(pdf.splitTextToSize(pdfText(party.name), columnWidth - 4) as string[], x, py);
    pdf.setFont('helvetica', 'normal').setFontSize(9);
    const extra = [party.code && party.code !== party.name ? `Account ${party.code}` : '', party.door ? `Unit ${party.door}` : '', ...(party.address ?? [])].filter(Boolean);
    for (const line of extra) {
      py += 4;
      put(pdf.splitTextToSize(pdfText(line), columnWidth - 4) as string[], x, py);
    }
    partiesBottom = Math.max(partiesBottom, py);
  });
  y = partiesBottom + 10;

  const cols = { description: MARGIN + 2, account: 120, door: 148, amount: RIGHT - 2 };
  const header = () => {
    pdf.setFillColor(238, 241, 245).rect(MARGIN, y - 5, RIGHT - MARGIN, 7, 'F');
    pdf.setFont('helvetica', 'bold').setFontSize(9);
    put('Description', cols.description, y);
    put('Account', cols.account, y);
    put('Unit', cols.door, y);
    put('Amount', cols.amount, y, { align: 'right' });
    pdf.setFont('helvetica', 'normal');
    y += 7;
  };
  header();
  for (const line of doc.lines) {
    const text = [line.description, line.party ? `(${line.party})` : ''].filter(Boolean).join(' ');
    const wrapped = pdf.splitTextToSize(pdfText(text), cols.account - cols.description - 4) as string[];
    if (y + wrapped.length * 4 > PAGE_HEIGHT - 40) {
      pdf.addPage();
      y = MARGIN + 5;
      header();
    }
    put(wrapped, cols.description, y);
    put(line.account ?? '', cols.account, y);
    put(line.door ?? '', cols.door, y);
    put(moneyText(line.amount), cols.amount, y, { align: 'right' });
    y += wrapped.length * 4 + 2;
  }
  pdf.setDrawColor(180).line(MARGIN, y - 1, RIGHT, y - 1);
  y += 5;
  pdf.setFont('helvetica', 'bold').setFontSize(11);
  put('Total', cols.door, y);
  put(moneyText(memoTotal(doc.lines)), cols.amount, y, { align: 'right' });
  y += 10;

  for (const block of doc.blocks ?? []) {
    pdf.setFont('helvetica', 'bold').setFontSize(9);
    put(block.title, MARGIN, y);
    y += 5;
    for (const [label, value] of block.rows) {
      pdf.setFont('helvetica', 'normal');
      put(`${label}:`, MARGIN, y);
      pdf.setFont('helvetica', 'bold');
      put(value, MARGIN + 40, y);
      y += 4.5;
    }
    y += 4;
  }

  if (doc.notes?.trim()) {
    pdf.setFont('helvetica', 'bold').setFontSize(9);
    put('Details', MARGIN, y);
    pdf.setFont('helvetica', 'normal');
    put(pdf.splitTextToSize(pdfText(doc.notes.trim()), RIGHT - MARGIN) as string[], MARGIN, y + 5);
  }
  if (doc.stamp) {
    pdf.setFont('helvetica', 'bold').setFontSize(40).setTextColor(200, 40, 40);
    put(doc.stamp, PAGE_WIDTH / 2, 150, { align: 'center' });
    pdf.setTextColor(0);
  }
  if (doc.footer) {
    pdf.setFont('helvetica', 'normal').setFontSize(8).setTextColor(110);
    put(pdf.splitTextToSize(pdfText(doc.footer), RIGHT - MARGIN) as string[], MARGIN, PAGE_HEIGHT - 12);
    pdf.setTextColor(0);
  }
}

/**
 * One or more memos as one PDF, each starting on a new page (a range of receipts or invoices
 * printed at once); `reference` (a generated report's archive number) goes in every page's corner.
 */
export function memoPdf(docs: readonly MemoDocument[], reference?: string): Uint8Array {
  const pdf = new jsPDF({ unit: 'mm', format: 'a4' });
  const first = docs[0];
  pdf.setProperties({ title: pdfText(first ? `${first.title} ${first.number[1]}${docs.length > 1 ? ` and ${docs.length - 1} more` : ''}` : 'Nothing to print'), creator: 'Owner Accounting' });
  docs.forEach((d, i) => {
    if (i > 0) pdf.addPage();
    drawMemo(pdf, d);
  });
  if (!docs.length) pdf.setFont('helvetica', 'normal').setFontSize(11).text('Nothing for this selection.', MARGIN, MARGIN + 10);
  if (reference) {
    for (let i = 1; i <= pdf.getNumberOfPages(); i++) {
      pdf.setPage(i);
      pdf.setFont('helvetica', 'normal').setFontSize(7).setTextColor(110).text(pdfText(reference), RIGHT, PAGE_HEIGHT - 5, { align: 'right' });
    }
  }
  return new Uint8Array(pdf.output('arraybuffer'));
}

/** Address lines of a party (street lines, then town state postcode). */
export function addressLines(e: { address?: string | null; town?: string | null; state?: string | null; postcode?: string | null } | null | undefined): string[] {
  if (!e) return [];
  const street = (e.address ?? '').split(/\r?\n/).map((l) => l.trim()).filter(Boolean);
  const town = [e.town, e.state, e.postcode].map((v) => (v ?? '').trim()).filter(Boolean).join(' ');
  return town ? [...street, town] : street;
}

export interface InvoiceParty {
  code: string;
  name: string;
  address?: string | null;
  town?: string | null;
  state?: string | null;
  postcode?: string | null;
}

/**
 * A charge as the invoice prints it: the fields of GET /api/charge/full/{id} (ChargeFull, one
 * definition in api/src/contracts/charges.ts) with the released transaction's number, and its
 * items without their ids (cents).
 */
export type InvoiceCharge = Pick<ChargeFull,
  'ref' | 'date' | 'entity' | 'door' | 'recipient_type' | 'recipient' | 'recipient_door' | 'source_ref' | 'memo' | 'name' | 'status' | 'released_ref'> & {
  items: Omit<ChargeItem, 'id'>[];
};

/**
 * A charge as its printed document: an INVOICE from the business when the business receives it,
 * otherwise a MEMO of what the payer owes the recipient; a cancelled charge is stamped so.
 */
export function invoiceDocument(charge: InvoiceCharge, parties: ReadonlyMap<string, InvoiceParty>, letterhead: Letterhead): MemoDocument {
  const invoice = charge.recipient_type === 'BUSINESS';
  const party = (code: string, door: string | null): MemoParty => {
    const e = parties.get(code);
    return { code, name: code === 'BUSINESS' ? letterhead.companyName : (e?.name ?? code), door, address: code === 'BUSINESS' ? [] : addressLines(e) };
  };
  const facts: [string, string][] = [];
  if (charge.source_ref) facts.push(['Reference', charge.source_ref]);
  if (charge.name) facts.push(['Name', charge.name]);
  return {
    title: invoice ? 'INVOICE' : 'MEMO',
    number: [invoice ? 'Invoice' : 'Charge', charge.ref],
    date: charge.date,
    issuer: letterhead,
    parties: [
      { label: 'Charged to', party: party(charge.entity, charge.door) },
      { label: 'Payable to', party: party(charge.recipient, charge.recipient_door) },
    ],
    facts,
    lines: charge.items.map((i) => ({
      description: i.description, account: i.account_id, door: i.door,
      party: i.recipient_entity !== charge.recipient ? i.recipient_entity : null, amount: i.amount,
    })),
    notes: charge.memo,
    footer: `Status: ${charge.status}${charge.released_ref ? ` (released ${charge.released_ref})` : ''}`,
    stamp: charge.status === 'CANCELLED' ? 'CANCELLED' : null,
  };
}
