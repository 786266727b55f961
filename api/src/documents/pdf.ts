import { jsPDF } from 'jspdf';
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
  /** The document's number in the footer (a generated report's archive number: 'Report 123'). */
  reference?: string;
}

const MARGIN = 14;
const FIRST_HEADER = 44;
const RUNNING_HEADER = 24;
const FOOTER = 12;
const CELL_PADDING = 1.2;
const GREY: [number, number, number] = [90, 90, 90];
const RULE: [number, number, number] = [180, 180, 180];
const HEAD_FILL: [number, number, number] = [33, 70, 110];
const FOOT_FILL: [number, number, number] = [235, 239, 244];
const STRIPE_FILL: [number, number, number] = [247, 248, 250];
/** A table line's height as a multiple of the font size (what autotable used). */
const LINE_HEIGHT = 1.15;
/** Rows read to size the columns without a width. */
const AUTO_WIDTH_SAMPLE = 500;

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

/** Formatters by time zone: making one costs more than the rest of a statement's footer. */
const wallClocks = new Map<string, Intl.DateTimeFormat>();

/** 'DD/MM/YYYY HH:mm' on the company's wall clock. */
export function printedAtText(at: Date, timeZone: string): string {
  let format = wallClocks.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    wallClocks.set(timeZone, format);
  }
  const parts = format.formatToParts(at);
  const part = (t: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === t)!.value;
  return `${part('day')}/${part('month')}/${part('year')} ${part('hour')}:${part('minute')}`;
}

/**
 * Takes jsPDF's right-to-left processing off a document's text: Arabic shaping and the
 * bidirectional reordering examine every string drawn (half the time a table's text took) and
 * never apply, as every string goes through `pdfText` first and holds WinAnsi letters only.
 */
function withoutRightToLeft(doc: jsPDF) {
  const api = jsPDF.API as unknown as { __arabicParser__?: { processArabic?: unknown }; events: [string, unknown][] };
  const shaping = api.__arabicParser__?.processArabic;
  const reordering = new Set(api.events.filter(([topic, fn]) => topic === 'postProcessText' && String(fn).includes('doBidiReorder')).map(([, fn]) => fn));
  const events = doc.internal.events as unknown as { getTopics(): Record<string, Record<string, [unknown, boolean]>>; unsubscribe(token: string): boolean };
  const topics = events.getTopics();
  for (const [token, [callback]] of Object.entries(topics.preProcessText ?? {})) if (callback === shaping) events.unsubscribe(token);
  for (const [token, [callback]] of Object.entries(topics.postProcessText ?? {})) if (reordering.has(callback)) events.unsubscribe(token);
}

/** What jsPDF keeps of a standard font's metrics (widths and kerning pairs, in fractions `fof`). */
interface FontMetrics {
  metadata: {
    widthOfString?: unknown;
    Unicode: { widths: Record<number, number> & { fof?: number }; kerning: Record<number, Record<number, number>> & { fof?: number } };
  };
}

/** What a row of table text is written with: the font's metrics and the operators that select font, size and colour. */
interface Pen {
  font: FontMetrics;
  start: string;
}

/** An image as jsPDF holds it once processed: decoded, its alpha split off, deflated. */
type ProcessedImage = Record<string, unknown>;
type ProcessPng = (data: Uint8Array, index: number, alias: string, compression: string) => ProcessedImage;

/** Logos processed so far, by data URL (a process serves few companies; the oldest goes first). */
const processedLogos = new Map<string, ProcessedImage>();
const PROCESSED_LOGOS_KEPT = 8;

/**
 * Adds the letterhead logo, processing its PNG once per process instead of once per document:
 * jsPDF decodes the PNG and splits its alpha on every addImage (8 ms of an owner statement's
 * 25 ms) and, uncompressed, wrote 180 KB of pixels into each statement. Deflated once ('FAST'),
 * the same pixels cost a few KB; every document still gets its own copy of the image object,
 * as jsPDF numbers it per document.
 */
function addLogo(doc: jsPDF, dataUrl: string, x: number, y: number, w: number, h: number) {
  const api = doc as unknown as { processPNG: ProcessPng };
  const process = api.processPNG;
  api.processPNG = (data, index, alias, compression) => {
    let image = processedLogos.get(dataUrl);
    if (!image) {
      image = process.call(doc, data, index, alias, compression);
      if (processedLogos.size >= PROCESSED_LOGOS_KEPT) processedLogos.delete(processedLogos.keys().next().value!);
      processedLogos.set(dataUrl, image);
    }
    return { ...image, index, alias };
  };
  try {
    doc.addImage(dataUrl, 'PNG', x, y, w, h, 'letterhead-logo', 'FAST');
  } finally {
    api.processPNG = process;
  }
}

/** The PDF operator setting a text colour given as '#rrggbb' (grey when the channels are equal). */
const textColourOperators = new Map<string, string>();
function textColourOperator(hex: string): string {
  let op = textColourOperators.get(hex);
  if (!op) {
    const [r, g, b] = [1, 3, 5].map((i) => (parseInt(hex.slice(i, i + 2), 16) / 255).toFixed(3));
    op = r === g && g === b ? `${r} g` : `${r} ${g} ${b} rg`;
    textColourOperators.set(hex, op);
  }
  return op;
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
  private readonly width: number;
  private readonly height: number;

  constructor(private readonly options: FrameOptions) {
    this.doc = new jsPDF({ unit: 'mm', format: 'a4', orientation: options.orientation ?? 'portrait' });
    this.width = this.doc.internal.pageSize.getWidth();
    this.height = this.doc.internal.pageSize.getHeight();
    withoutRightToLeft(this.doc);
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
      addLogo(doc, letterhead.logo, this.width - MARGIN - 40, MARGIN - 4, 40, 20);
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

  /**
   * A table of the shared description: numeric columns (and their headers) right-aligned, the
   * header row repeated on every page the table breaks onto, a bold totals row when asked.
   * Drawn row by row with jsPDF directly: jspdf-autotable laid every table out whole first and
   * set every cell's styles one by one, 10 of an owner statement's 25 ms and 5.6 s for 10,000
   * lines. Cells wrap (splitTextToSize) only when they hold a line break or are wider than their
   * column.
   */
  table<Row>(table: DocTable<Row>, options: { emptyText?: string; fontSize?: number } = {}): this {
    if (!table.rows.length && options.emptyText) return this.paragraph(options.emptyText);
    const { doc } = this;
    const fontSize = options.fontSize ?? 8.5;
    const columns = table.columns;
    const right = columns.map((c) => isNumeric(c.kind));
    const head = columns.map((c) => pdfText(c.header));
    const body = table.rows.map((r) => columns.map((c) => pdfText(cellText(c.kind, c.value(r)))));
    let foot: string[] | null = null;
    if (hasTotals(table)) {
      const totals = columnTotals(table);
      foot = columns.map((c, i) => (totals[i] !== null ? cellText(c.kind, totals[i]) : i === 0 ? pdfText(table.totalsLabel ?? 'Total') : ''));
    }
    const widths = this.columnWidths(table, head, body, fontSize);
    const k = doc.internal.scaleFactor;
    const size = fontSize / k;
    const lineHeight = size * LINE_HEIGHT;
    const bottom = this.height - FOOTER - 4;

    const cellLines = (text: string, width: number, font: FontMetrics): string[] => {
      if (text.includes('\n') || this.unitWidth(text, font) * size > width) return doc.splitTextToSize(text, width) as string[];
      return [text];
    };
    // A point of slack, as autotable gave, so a text that just fits is not wrapped by rounding.
    const layout = (cells: string[]) => {
      const font = doc.getFont() as unknown as FontMetrics;
      const lines = cells.map((t, i) => cellLines(t, widths[i]! - 2 * CELL_PADDING + 1 / k, font));
      return { lines, height: Math.max(...lines.map((l) => l.length)) * lineHeight + 2 * CELL_PADDING };
    };
    const draw = (row: { lines: string[][]; height: number }, fill: readonly [number, number, number] | null) => {
      if (fill) doc.setFillColor(...fill).rect(MARGIN, this.y, widths.reduce((a, w) => a + w, 0), row.height, 'F');
      const pen = this.pen();
      let x = MARGIN;
      row.lines.forEach((lines, i) => {
        let y = this.y + CELL_PADDING + size * (2 - LINE_HEIGHT);
        for (const line of lines) {
          if (line) this.writeLine(pen, line, right[i] ? x + widths[i]! - CELL_PADDING - this.unitWidth(line, pen.font) * size : x + CELL_PADDING, y);
          y += lineHeight;
        }
        x += widths[i]!;
      });
      this.y += row.height;
    };
    // Text is measured in the font it is drawn in: the header bold, the body normal.
    doc.setFont('helvetica', 'bold').setFontSize(fontSize);
    const header = layout(head);
    const drawHeader = () => {
      doc.setFont('helvetica', 'bold').setFontSize(fontSize).setTextColor(255);
      draw(header, HEAD_FILL);
      doc.setFont('helvetica', 'normal').setTextColor(20);
    };

    doc.setFont('helvetica', 'normal');
    const first = body[0] ? layout(body[0]) : null;
    if (this.y + header.height + (first?.height ?? 0) > bottom) this.newPage();
    drawHeader();
    body.forEach((cells, i) => {
      const row = i === 0 && first ? first : layout(cells);
      if (this.y + row.height > bottom) {
        this.newPage();
        drawHeader();
      }
      draw(row, i % 2 === 1 ? STRIPE_FILL : null);
    });
    if (foot) {
      doc.setFont('helvetica', 'bold').setFontSize(fontSize).setTextColor(0);
      const row = layout(foot);
      if (this.y + row.height > bottom) {
        this.newPage();
        drawHeader();
        doc.setFont('helvetica', 'bold').setTextColor(0);
      }
      draw(row, FOOT_FILL);
    }
    this.y += 5;
    return this;
  }

  /** The current font, size and text colour, read once for a row of cells rather than per cell. */
  private pen(): Pen {
    const { doc } = this;
    const font = doc.getFont() as unknown as FontMetrics & { id: string };
    return { font, start: `BT\n/${font.id} ${doc.getFontSize()} Tf\n${textColourOperator(doc.getTextColor())}\n` };
  }

  /**
   * One line of table text at (x, y) in mm (its baseline) with the pen: the operators doc.text
   * writes for a plain string, written straight into the page without the option handling, text
   * events and allocations doc.text runs per call (half of a long register's drawing time). The
   * text is WinAnsi already (pdfText), so it only needs escaping.
   */
  private writeLine(pen: Pen, text: string, x: number, y: number) {
    const k = this.doc.internal.scaleFactor;
    const escaped = text.replace(/[\\()]/g, (c) => `\\${c}`);
    (this.doc.internal as unknown as { write(text: string): void }).write(`${pen.start}${(x * k).toFixed(2)} ${((this.height - y) * k).toFixed(2)} Td\n(${escaped}) Tj\nET`);
  }

  /**
   * A text's width in the current font as a multiple of the font size: what jsPDF's
   * getStringUnitWidth answers (widths and kerning of the font's metrics, summed alike, so table
   * figures end where `text(…, { align: 'right' })` ends the blocks' values) without the Arabic
   * shaping it first runs every text through, half its cost.
   */
  private unitWidth(text: string, font = this.doc.getFont() as unknown as FontMetrics): number {
    if (typeof font.metadata.widthOfString === 'function') return this.doc.getStringUnitWidth(text);
    const { widths, kerning } = font.metadata.Unicode;
    const widthsOf = widths.fof || 1;
    const kerningOf = kerning.fof || 1;
    const standard = widths[0] || widthsOf;
    let width = 0;
    let prior = 0;
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      const pair = kerning[code]?.[prior];
      width += (widths[code] || standard) / widthsOf + (typeof pair === 'number' ? pair / kerningOf : 0);
      prior = code;
    }
    return width;
  }

  /**
   * Column widths in mm: a column with a width gets its share of the page (of 100, or of the
   * widths' sum when larger); the others share what is left by their widest text (header and
   * the first rows); when every column has a width the table is as wide as their sum.
   */
  private columnWidths<Row>(table: DocTable<Row>, head: string[], body: string[][], fontSize: number): number[] {
    const available = this.width - 2 * MARGIN;
    const totalWidth = table.columns.reduce((a, c) => a + (c.width ?? 0), 0);
    const fixed = table.columns.map((c) => (c.width && totalWidth ? (available * c.width) / Math.max(totalWidth, 100) : null));
    const auto = fixed.flatMap((w, i) => (w === null ? [i] : []));
    if (!auto.length) return fixed as number[];
    const left = available - fixed.reduce<number>((a, w) => a + (w ?? 0), 0);
    const size = fontSize / this.doc.internal.scaleFactor;
    const natural = auto.map((i) => {
      this.doc.setFont('helvetica', 'bold').setFontSize(fontSize);
      let widest = this.unitWidth(head[i]!);
      this.doc.setFont('helvetica', 'normal');
      for (const cells of body.slice(0, AUTO_WIDTH_SAMPLE)) widest = Math.max(widest, ...cells[i]!.split('\n').map((l) => this.unitWidth(l)));
      return widest * size + 2 * CELL_PADDING;
    });
    const sum = natural.reduce((a, w) => a + w, 0) || 1;
    const widths = [...fixed];
    auto.forEach((col, j) => {
      widths[col] = (left * natural[j]!) / sum;
    });
    return widths as number[];
  }

  /** Finishes the footers ('Page X of Y', printed-at) and answers the file. */
  bytes(): Uint8Array {
    const { doc } = this;
    const pages = doc.getNumberOfPages();
    const printed = `Printed ${printedAtText(this.options.printedAt, this.options.letterhead.timeZone)}${this.options.reference ? `  ${this.options.reference}` : ''}`;
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

/**
 * Several statements as one document (a report's View of a set of owners): each from a new page
 * under its heading, or a line saying the selection holds none.
 */
export function statementSetPdf<S>(frame: FrameOptions, statements: S[], heading: (s: S) => string, draw: (pdf: PdfDocument, s: S) => void): Uint8Array {
  const pdf = new PdfDocument(frame);
  if (!statements.length) pdf.paragraph('No owners for this selection.');
  statements.forEach((s, i) => {
    if (i > 0) pdf.newPage();
    pdf.heading(heading(s));
    draw(pdf, s);
  });
  return pdf.bytes();
}
