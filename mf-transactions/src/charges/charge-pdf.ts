import { jsPDF } from 'jspdf';
import type { ChargeFull } from 'api/contracts/charges';
import { formatCents, formatDate, toCents } from 'shared-ui';

/**
 * Printed invoices and memos (spec 2 §2 'Charges': 'Print Invoice' when the business receives
 * the charge, else 'Print Memo'). A plain module: memoPdf() lays out any one-page memo of
 * lines and a total, so the payments screen prints its memo through the same layout.
 */

export interface PdfParty {
  code?: string | null;
  name: string;
  /** Address lines, printed under the name. */
  address?: readonly string[];
  door?: string | null;
}

export interface PdfLine {
  description: string;
  account?: string | null;
  door?: string | null;
  /** The party the line is for, when it differs from the document's. */
  party?: string | null;
  amountCents: number;
}

export interface MemoDocument {
  /** 'INVOICE', 'MEMO', 'PAYMENT MEMO'… */
  title: string;
  /** Label and value of the document number, e.g. ['Charge', '1042']. */
  number: [string, string];
  /** YYYY-MM-DD or a Date. */
  date: string | Date;
  /** The business printing the document (letterhead). */
  issuer: PdfParty & { abn?: string | null; email?: string | null; phone?: string | null };
  /** The parties, each under its own label ('Charged to', 'Payable to'). */
  parties: readonly { label: string; party: PdfParty }[];
  /** Extra header facts, e.g. ['Reference', 'INV-77']. */
  facts?: readonly [string, string][];
  lines: readonly PdfLine[];
  /** Free text printed under the lines (the charge's Details). */
  notes?: string | null;
  /** Footer line, e.g. the status. */
  footer?: string | null;
}

const MARGIN = 15;
const PAGE_WIDTH = 210;
const PAGE_HEIGHT = 297;
const RIGHT = PAGE_WIDTH - MARGIN;

export const totalCents = (lines: readonly PdfLine[]) => lines.reduce((s, l) => s + l.amountCents, 0);

/** Lays out one memo or invoice (A4 portrait, more pages when the lines need them). */
export function memoPdf(doc: MemoDocument): jsPDF {
  const pdf = new jsPDF({ unit: 'mm', format: 'a4' });
  pdf.setProperties({ title: `${doc.title} ${doc.number[1]}`, creator: 'Owner Accounting' });
  let y = MARGIN + 5;

  // Letterhead: the business on the left, the title and number on the right.
  pdf.setFont('helvetica', 'bold').setFontSize(14).text(doc.issuer.name, MARGIN, y);
  pdf.setFontSize(18).text(doc.title, RIGHT, y, { align: 'right' });
  pdf.setFont('helvetica', 'normal').setFontSize(9);
  let left = y + 5;
  for (const line of [...(doc.issuer.address ?? []), doc.issuer.abn ? `ABN ${doc.issuer.abn}` : '', doc.issuer.phone ?? '', doc.issuer.email ?? ''].filter(Boolean)) {
    pdf.text(line, MARGIN, left);
    left += 4;
  }
  let right = y + 7;
  pdf.setFontSize(10);
  for (const [label, value] of [doc.number, ['Date', formatDate(doc.date)] as [string, string], ...(doc.facts ?? [])]) {
    pdf.setFont('helvetica', 'bold').text(`${label}:`, RIGHT - 45, right);
    pdf.setFont('helvetica', 'normal').text(value, RIGHT, right, { align: 'right' });
    right += 5;
  }
  y = Math.max(left, right) + 4;
  pdf.setDrawColor(180).line(MARGIN, y, RIGHT, y);
  y += 7;

  // Parties side by side.
  const columnWidth = (RIGHT - MARGIN) / Math.max(1, doc.parties.length);
  let partiesBottom = y;
  doc.parties.forEach(({ label, party }, i) => {
    const x = MARGIN + i * columnWidth;
    let py = y;
    pdf.setFont('helvetica', 'bold').setFontSize(9).setTextColor(110).text(label.toUpperCase(), x, py);
    pdf.setTextColor(0).setFontSize(11);
    py += 5;
    pdf.text(party.name, x, py);
    pdf.setFont('helvetica', 'normal').setFontSize(9);
    const extra = [party.code && party.code !== party.name ? `Account ${party.code}` : '', party.door ? `Unit ${party.door}` : '', ...(party.address ?? [])].filter(Boolean);
    for (const line of extra) {
      py += 4;
      pdf.text(pdf.splitTextToSize(line, columnWidth - 4) as string[], x, py);
    }
    partiesBottom = Math.max(partiesBottom, py);
  });
  y = partiesBottom + 10;

  // Lines: description (wrapped), account, unit, amount.
  const cols = { description: MARGIN + 2, account: 120, door: 148, amount: RIGHT - 2 };
  const header = () => {
    pdf.setFillColor(238, 241, 245).rect(MARGIN, y - 5, RIGHT - MARGIN, 7, 'F');
    pdf.setFont('helvetica', 'bold').setFontSize(9);
    pdf.text('Description', cols.description, y);
    pdf.text('Account', cols.account, y);
    pdf.text('Unit', cols.door, y);
    pdf.text('Amount', cols.amount, y, { align: 'right' });
    pdf.setFont('helvetica', 'normal');
    y += 7;
  };
  header();
  for (const line of doc.lines) {
    const text = [line.description, line.party ? `(${line.party})` : ''].filter(Boolean).join(' ');
    const wrapped = pdf.splitTextToSize(text, cols.account - cols.description - 4) as string[];
    if (y + wrapped.length * 4 > PAGE_HEIGHT - 40) {
      pdf.addPage();
      y = MARGIN + 5;
      header();
    }
    pdf.text(wrapped, cols.description, y);
    pdf.text(line.account ?? '', cols.account, y);
    pdf.text(line.door ?? '', cols.door, y);
    pdf.text(formatCents(line.amountCents), cols.amount, y, { align: 'right' });
    y += wrapped.length * 4 + 2;
  }
  pdf.setDrawColor(180).line(MARGIN, y - 1, RIGHT, y - 1);
  y += 5;
  pdf.setFont('helvetica', 'bold').setFontSize(11);
  pdf.text('Total', cols.door, y);
  pdf.text(formatCents(totalCents(doc.lines)), cols.amount, y, { align: 'right' });
  y += 10;

  if (doc.notes?.trim()) {
    pdf.setFont('helvetica', 'bold').setFontSize(9).text('Details', MARGIN, y);
    pdf.setFont('helvetica', 'normal');
    const notes = pdf.splitTextToSize(doc.notes.trim(), RIGHT - MARGIN) as string[];
    pdf.text(notes, MARGIN, y + 5);
  }
  if (doc.footer) pdf.setFontSize(8).setTextColor(110).text(doc.footer, MARGIN, PAGE_HEIGHT - 10);
  return pdf;
}

/** The PDF file's bytes. */
export function pdfBytes(pdf: jsPDF): Uint8Array {
  return new Uint8Array(pdf.output('arraybuffer'));
}

/** Opens the PDF in a new browser tab (the browser's viewer prints it). */
export function openPdf(pdf: jsPDF): Window | null {
  return window.open(pdf.output('bloburl').toString(), '_blank');
}

/** Address lines of a lookup entity (address, then town state postcode). */
export function addressLines(e: { address?: unknown; town?: unknown; state?: unknown; postcode?: unknown } | null | undefined): string[] {
  if (!e) return [];
  const text = (v: unknown) => (v === null || v === undefined ? '' : String(v).trim());
  const street = text(e.address).split(/\r?\n/).map((l) => l.trim()).filter(Boolean);
  const town = [text(e.town), text(e.state), text(e.postcode)].filter(Boolean).join(' ');
  return town ? [...street, town] : street;
}

export type LookupEntity = { code?: unknown; name?: unknown; address?: unknown; town?: unknown; state?: unknown; postcode?: unknown; abn?: unknown; email?: unknown; phone1?: unknown };

function partyFrom(code: string, door: string | null, entities: readonly LookupEntity[], business: LookupEntity | null): PdfParty {
  const e = code === 'BUSINESS' && business ? business : entities.find((x) => x.code === code);
  return { code, name: e?.name ? String(e.name) : code, door, address: addressLines(e) };
}

/**
 * A charge as a printed document: an invoice from the business when it is the recipient,
 * otherwise a memo of what the payer owes the recipient.
 */
export function chargeDocument(charge: ChargeFull, entities: readonly LookupEntity[], business: LookupEntity | null): MemoDocument {
  const invoice = charge.recipient_type === 'BUSINESS';
  const issuer = business
    ? { code: 'BUSINESS', name: String(business.name ?? 'BUSINESS'), address: addressLines(business), abn: business.abn ? String(business.abn) : null, email: business.email ? String(business.email) : null, phone: business.phone1 ? String(business.phone1) : null }
    : { code: 'BUSINESS', name: 'BUSINESS' };
  const facts: [string, string][] = [];
  if (charge.source_ref) facts.push(['Reference', charge.source_ref]);
  if (charge.name) facts.push(['Name', charge.name]);
  return {
    title: invoice ? 'INVOICE' : 'MEMO',
    number: [invoice ? 'Invoice' : 'Charge', charge.ref],
    date: charge.date,
    issuer,
    parties: [
      { label: 'Charged to', party: partyFrom(charge.entity, charge.door, entities, business) },
      { label: 'Payable to', party: partyFrom(charge.recipient, charge.recipient_door, entities, business) },
    ],
    facts,
    lines: charge.items.map((i) => ({
      description: i.description,
      account: i.account_id,
      door: i.door,
      party: i.recipient_entity !== charge.recipient ? i.recipient_entity : null,
      amountCents: toCents(i.amount),
    })),
    notes: charge.memo,
    footer: `Status: ${charge.status}${charge.released_ref ? ` (released ${charge.released_ref})` : ''}`,
  };
}

/** The charge's invoice or memo as a PDF. */
export function chargePdf(charge: ChargeFull, entities: readonly LookupEntity[], business: LookupEntity | null): jsPDF {
  return memoPdf(chargeDocument(charge, entities, business));
}
