import { MIME } from '../archive/archive.js';
import { tableCsv } from '../documents/csv.js';
import { PdfDocument } from '../documents/pdf.js';
import { xlsxWorkbook } from '../documents/xlsx.js';
import { type ZipEntry, zipFiles } from '../documents/zip.js';
import type { ReportContext, ReportOutput, ReportSection } from './definition.js';

export type ReportFormat = 'pdf' | 'csv' | 'xlsx' | 'zip';

export interface RenderedReport {
  filename: string;
  mime: string;
  content: Uint8Array;
}

/** A file name from the report's title and selection: letters, digits, '-' only. */
export function reportFilename(out: ReportOutput, chosen?: string): string {
  const base = chosen ?? out.filename ?? `${out.title} ${out.selectionLine}`;
  return base.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 80) || 'Report';
}

/** The sections drawn on the shared page frame (letterhead, title, page X of Y, report number). */
export function sectionsPdf(out: ReportOutput, ctx: Pick<ReportContext, 'letterhead' | 'printedAt' | 'reference'>): Uint8Array {
  const widest = Math.max(0, ...out.sections.map((s) => s.table.columns.length));
  const pdf = new PdfDocument({
    letterhead: ctx.letterhead, title: out.title, selection: out.selectionLine, printedAt: ctx.printedAt,
    orientation: out.orientation ?? (widest > 6 ? 'landscape' : 'portrait'), reference: ctx.reference,
  });
  for (const section of out.sections) drawSection(pdf, section);
  return pdf.bytes();
}

export function drawSection(pdf: PdfDocument, section: ReportSection): void {
  if (section.heading) pdf.heading(section.heading);
  pdf.table(section.table, { emptyText: section.emptyText ?? 'Nothing for this selection.' });
  if (section.notes?.length) pdf.block(section.notes);
}

/**
 * The sections as CSV (RFC 4180, dollars with two decimals): one table as it is; several one
 * after another, each under a line with its heading and after an empty line, as accountants'
 * packs lay out a multi-part report in one sheet.
 */
export function sectionsCsv(out: ReportOutput): string {
  if (out.sections.length === 1) return tableCsv(out.sections[0]!.table);
  return out.sections.map((s, i) => `${s.heading ?? `Part ${i + 1}`}\r\n${tableCsv(s.table)}`).join('\r\n');
}

/** Draws a report in one format; the PDF, CSV and XLSX all come from the same output. */
export async function renderReport(out: ReportOutput, format: ReportFormat, ctx: Pick<ReportContext, 'letterhead' | 'printedAt' | 'reference'>, chosenName?: string): Promise<RenderedReport> {
  if (out.file) return { filename: out.file.filename, mime: out.file.mime, content: out.file.content };
  const name = reportFilename(out, chosenName);
  switch (format) {
    case 'pdf':
      return { filename: `${name}.pdf`, mime: MIME.pdf, content: out.pdf ? await out.pdf() : sectionsPdf(out, ctx) };
    case 'csv':
      return { filename: `${name}.csv`, mime: MIME.csv, content: new TextEncoder().encode(sectionsCsv(out)) };
    case 'xlsx':
      return {
        filename: `${name}.xlsx`, mime: MIME.xlsx,
        content: await xlsxWorkbook(out.sections.map((s, i) => ({ name: s.heading ?? (out.sections.length === 1 ? out.title : `Part ${i + 1}`), table: s.table }))),
      };
    case 'zip': {
      const entries: ZipEntry[] = [];
      if (out.documents) for await (const d of out.documents()) entries.push({ name: `${d.name}.pdf`, data: await d.pdf(), date: ctx.printedAt });
      else entries.push({ name: `${name}.pdf`, data: out.pdf ? await out.pdf() : sectionsPdf(out, ctx), date: ctx.printedAt });
      if (out.sections.length) entries.push({ name: `${name}.csv`, data: sectionsCsv(out), date: ctx.printedAt });
      return { filename: `${name}.zip`, mime: MIME.zip, content: await zipFiles(entries) };
    }
  }
}
