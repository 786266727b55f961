import { jsPDF } from 'jspdf';
import { autoTable } from 'jspdf-autotable';
import { type DocTable, cellText, columnTotals, hasTotals, isNumeric } from './table.js';

/** Who the document is from: the control record's business details and logo. */
export interface Letterhead {
  companyName: string;
  /** Address lines under the name (street, town state postcode, ABN, licence). */
  address: string[];
  /** The logo as a PNG data URL (control setting 'logo', already 300×150), or null. */
  logo: string | null;
  /** The company's time zone: the printed-at time is its wall clock. */
  timeZone: string;
}

export interface FrameOptions {
  letterhead: Letterhead;
  title: string;
  /** The period or selection line under the title, e.g. 'November 2026' or 'As at 30/11/2026'. */
  selection?: string;
  printedAt: Date;
  orientation?: 'portrait' | 'landscape';
}

const MARGIN = 14;
const FIRST_HEADER = 44;
const RUNNING_HEADER = 24;
const FOOTER = 12;
const CELL_PADDING = 1.2;
const GREY: [number, number, number] = [90, 90, 90];
const RULE: [number, number, number] = [180, 180, 180];
const HEAD_FILL: [number, number, number] = [33, 70, 110];

const EXTRA_LETTERS: Record<string, string> = { Ł: 'L', ł: 'l', Œ: 'OE', œ: 'oe', Đ: 'D', đ: 'd', ı: 'i', '\u2013': '-', '\u2014': '-', '\u2018': "'", '\u2019': "'", '\u201c': '"', '\u201d': '"', '\u2026': '...' };

/**
 * Text as the PDF's standard fonts can draw it (WinAnsi): Latin-1 letters kept ('Zoë' stays),
 * others decomposed to their base letter, anything left replaced by '?', so a name never turns
 * into garbage on a statement.
 */
export function pdfText(value: string): string {
  let out = '';
  for (const ch of value.replace(/[ŁłŒœĐđı\u2013\u2014\u2018\u2019\u201c\u201d\u2026]/g, (c) => EXTRA_LETTERS[c] ?? c)) {
    const code = ch.codePointAt(0)!;
    if (code === 9 || code === 10 || (code >= 32 && code <= 126) || (code >= 160 && code <= 255)) {
      out += ch;
      continue;
    }
    const base = ch.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
    out += base && [...base].every((c) => c.codePointAt(0)! >= 32 && c.codePointAt(0)! <= 255) ? base : '?';
  }
  return out;
}

/** 'DD/MM/YYYY HH:mm' on the company's wall clock. */
export function printedAtText(at: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(at);
  const part = (t: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === t)!.value;
  return `${part('day')}/${part('month')}/${part('year')} ${part('hour')}:${part('minute')}`;
}

export interface Block {
  label: string;
  value: string;
  /** Drawn bold (a closing balance, a total). */
  strong?: boolean;
}

/**
 * A PDF document on the one page frame every report and statement shares: the letterhead (logo,
 * company name and address) on the first page, the title and selection line on every page, and a
 * footer with 'Page X of Y' and the printed-at time in the company's time zone. Content flows
 * down the page and onto new pages: headings, paragraphs, label/value blocks and tables (money
 * right-aligned as $0,0.00 from cents). `bytes()` finishes it.
 */
export class PdfDocument {
  readonly doc: jsPDF;
  private y: number;
  /** Pages that have their running header (the first page has the letterhead instead). */
  private readonly headed = new Set<number>();
  private readonly width: number;
  private readonly height: number;

  constructor(private readonly options: FrameOptions) {
    this.doc = new jsPDF({ unit: 'mm', format: 'a4', orientation: options.orientation ?? 'portrait' });
    this.width = this.doc.internal.pageSize.getWidth();
    this.height = this.doc.internal.pageSize.getHeight();
    this.doc.setProperties({ title: pdfText(options.title), author: pdfText(options.letterhead.companyName), creator: 'Owner Accounting' });
    this.y = this.firstHeader();
  }

  /** Where the next content starts on the current page (mm from the top). */
  get cursor(): number {
    return this.y;
  }

  private firstHeader(): number {
    const { doc } = this;
    const { letterhead } = this.options;
    let logoBottom = MARGIN;
    if (letterhead.logo) {
      // 300×150 logo drawn 40×20 mm at the top right.
      doc.addImage(letterhead.logo, 'PNG', this.width - MARGIN - 40, MARGIN - 4, 40, 20);
      logoBottom = MARGIN + 16;
    }
    doc.setFont('helvetica', 'bold').setFontSize(14).setTextColor(0);
    doc.text(pdfText(letterhead.companyName), MARGIN, MARGIN + 2);
    doc.setFont('helvetica', 'normal').setFontSize(8.5).setTextColor(...GREY);
    letterhead.address.filter(Boolean).slice(0, 4).forEach((line, i) => doc.text(pdfText(line), MARGIN, MARGIN + 7 + i * 3.8));
    const titleY = Math.max(FIRST_HEADER - 10, logoBottom + 6);
    this.titleLines(titleY);
    return titleY + (this.options.selection ? 10 : 5);
  }

  private titleLines(y: number) {
    const { doc } = this;
    doc.setFont('helvetica', 'bold').setFontSize(13).setTextColor(0);
    doc.text(pdfText(this.options.title), MARGIN, y);
    if (this.options.selection) {
      doc.setFont('helvetica', 'normal').setFontSize(9).setTextColor(...GREY);
      doc.text(pdfText(this.options.selection), MARGIN, y + 5);
    }
    doc.setDrawColor(...RULE).setLineWidth(0.3).line(MARGIN, y + (this.options.selection ? 7 : 2), this.width - MARGIN, y + (this.options.selection ? 7 : 2));
  }

  private runningHeader() {
    const { doc } = this;
    doc.setFont('helvetica', 'normal').setFontSize(8).setTextColor(...GREY);
    doc.text(pdfText(this.options.letterhead.companyName), MARGIN, MARGIN - 4);
    this.titleLines(MARGIN + 2);
  }

  /** A new page with the running header; content continues below it. */
  newPage(): void {
    this.doc.addPage();
    this.headed.add(this.doc.getNumberOfPages());
    this.runningHeader();
    this.y = RUNNING_HEADER;
  }

  private ensure(space: number) {
    if (this.y + space > this.height - FOOTER - 4) this.newPage();
  }

  heading(text: string): this {
    this.ensure(12);
    this.doc.setFont('helvetica', 'bold').setFontSize(10.5).setTextColor(0);
    this.doc.text(pdfText(text), MARGIN, this.y + 4);
    this.y += 7;
    return this;
  }

  /** Wrapped text (notes, messages); blank lines kept as gaps. */
  paragraph(text: string, size = 9): this {
    this.doc.setFont('helvetica', 'normal').setFontSize(size).setTextColor(40);
    const lines = this.doc.splitTextToSize(pdfText(text), this.width - 2 * MARGIN) as string[];
    const step = size * 0.45;
    for (const line of lines) {
      this.ensure(step + 1);
      this.doc.text(line, MARGIN, this.y + step);
      this.y += step;
    }
    this.y += 2;
    return this;
  }

  /** Label/value rows, values right-aligned in a box on the right (balances, totals). */
  block(rows: Block[], width = 90): this {
    const left = this.width - MARGIN - width;
    for (const r of rows) {
      this.ensure(6);
      this.doc.setFont('helvetica', r.strong ? 'bold' : 'normal').setFontSize(9.5).setTextColor(0);
      this.doc.text(pdfText(r.label), left, this.y + 4);
      // Ends where table figures end (inside the cell padding), so totals line up with their columns.
      this.doc.text(pdfText(r.value), this.width - MARGIN - CELL_PADDING, this.y + 4, { align: 'right' });
      this.y += 5.5;
    }
    this.y += 2;
    return this;
  }

  /** A table of the shared description: numeric columns right-aligned, a bold totals row when asked. */
  table<Row>(table: DocTable<Row>, options: { emptyText?: string; fontSize?: number } = {}): this {
    if (!table.rows.length && options.emptyText) return this.paragraph(options.emptyText);
    const body = table.rows.map((r) => table.columns.map((c) => pdfText(cellText(c.kind, c.value(r)))));
    const foot: string[][] = [];
    if (hasTotals(table)) {
      const totals = columnTotals(table);
      foot.push(table.columns.map((c, i) => (totals[i] !== null ? cellText(c.kind, totals[i]) : i === 0 ? pdfText(table.totalsLabel ?? 'Total') : '')));
    }
    const totalWidth = table.columns.reduce((a, c) => a + (c.width ?? 0), 0);
    const available = this.width - 2 * MARGIN;
    const columnStyles = Object.fromEntries(table.columns.map((c, i) => [i, {
      halign: isNumeric(c.kind) ? ('right' as const) : ('left' as const),
      ...(c.width && totalWidth ? { cellWidth: (available * c.width) / Math.max(totalWidth, 100) } : {}),
    }]));
    autoTable(this.doc, {
      startY: this.y,
      head: [table.columns.map((c) => pdfText(c.header))],
      body,
      foot,
      showFoot: 'lastPage',
      margin: { left: MARGIN, right: MARGIN, top: RUNNING_HEADER, bottom: FOOTER + 4 },
      styles: { font: 'helvetica', fontSize: options.fontSize ?? 8.5, cellPadding: CELL_PADDING, overflow: 'linebreak', textColor: 20 },
      headStyles: { fillColor: HEAD_FILL, textColor: 255, fontStyle: 'bold' },
      footStyles: { fillColor: [235, 239, 244], textColor: 0, fontStyle: 'bold' },
      alternateRowStyles: { fillColor: [247, 248, 250] },
      columnStyles,
      // Headers of numeric columns line up with their figures.
      didParseCell: (data) => {
        if (data.section !== 'body' && isNumeric(table.columns[data.column.index]?.kind)) data.cell.styles.halign = 'right';
      },
      // A page the table breaks onto gets the running header.
      didDrawPage: () => {
        const page = this.doc.getCurrentPageInfo().pageNumber;
        if (page > 1 && !this.headed.has(page)) {
          this.headed.add(page);
          this.runningHeader();
        }
      },
    });
    this.y = ((this.doc as unknown as { lastAutoTable: { finalY: number } }).lastAutoTable.finalY ?? this.y) + 5;
    return this;
  }

  /** Finishes the footers ('Page X of Y', printed-at) and answers the file. */
  bytes(): Uint8Array {
    const { doc } = this;
    const pages = doc.getNumberOfPages();
    const printed = `Printed ${printedAtText(this.options.printedAt, this.options.letterhead.timeZone)}`;
    for (let i = 1; i <= pages; i++) {
      doc.setPage(i);
      doc.setDrawColor(...RULE).setLineWidth(0.2).line(MARGIN, this.height - FOOTER, this.width - MARGIN, this.height - FOOTER);
      doc.setFont('helvetica', 'normal').setFontSize(7.5).setTextColor(...GREY);
      doc.text(pdfText(`${this.options.letterhead.companyName} - ${this.options.title}`), MARGIN, this.height - FOOTER + 4.5);
      doc.text(printed, this.width / 2, this.height - FOOTER + 4.5, { align: 'center' });
      doc.text(`Page ${i} of ${pages}`, this.width - MARGIN, this.height - FOOTER + 4.5, { align: 'right' });
    }
    return new Uint8Array(doc.output('arraybuffer'));
  }
}
