import type { Kysely } from 'kysely';
import type { ReportKey, ReportSelection } from '../contracts/reports.js';
import type { CompanyTables } from '../db/schema.js';
import type { Block, Letterhead } from '../documents/pdf.js';
import type { DocTable } from '../documents/table.js';

export type Db = Kysely<CompanyTables>;

/** A selection with its defaults filled in (reports/selection.ts): every report reads these. */
export interface ResolvedSelection extends ReportSelection {
  year: number;
  month: number;
  /** First and last day the report covers (ISO dates). */
  from: string;
  to: string;
  entity_type: NonNullable<ReportSelection['entity_type']>;
  type: NonNullable<ReportSelection['type']>;
}

export interface ReportContext {
  db: Db;
  company: { code: string; name: string };
  user: { id: string; name: string };
  selection: ResolvedSelection;
  letterhead: Letterhead;
  printedAt: Date;
  /** The report's number in the archive, printed in every page's footer ('Report 123'). */
  reference: string;
  /** The open period (current_year/current_month) when the report ran. */
  open: { year: number; month: number; first: string; last: string };
  /** The business date (today in the company's time zone). */
  today: string;
  /** How far a long report is (job reports only; 0–100). */
  progress: (percent: number, message?: string) => Promise<void>;
}

/** One table of a report with an optional heading above and label/value notes below it. */
export interface ReportSection {
  heading?: string;
  table: DocTable<any>;
  notes?: Block[];
  /** What the PDF says when the table has no rows (default 'Nothing for this selection.'). */
  emptyText?: string;
}

/** One document of a multi-document report (a statement, a receipt, an invoice): a PDF file of the ZIP. */
export interface ReportDocument {
  /** File name without extension. */
  name: string;
  pdf: () => Uint8Array | Promise<Uint8Array>;
}

/**
 * What a report definition builds: the tables every format draws (PDF, CSV, XLSX), or, for
 * documents with a layout of their own (statements, receipts, invoices, slips), a `pdf` drawn by
 * their module and `documents` for the ZIP of one file each. CSV and XLSX always come from the
 * sections, so every report can be exported as figures.
 */
export interface ReportOutput {
  title: string;
  /** The line under the title: the period, the date range or 'As at …'. */
  selectionLine: string;
  orientation?: 'portrait' | 'landscape';
  sections: ReportSection[];
  pdf?: () => Uint8Array | Promise<Uint8Array>;
  documents?: () => AsyncIterable<ReportDocument> | Iterable<ReportDocument>;
  /** A ready file instead of anything drawn here (End of Month Reports: the month-end pack ZIP). */
  file?: { filename: string; mime: string; content: Uint8Array };
  /** File name without extension (default: title and selection). */
  filename?: string;
}

/** A report that cannot be made for this selection: answered as { error: { message } } (spec 3 §7). */
export class ReportRefused extends Error {}

export interface ReportDefinition {
  key: ReportKey;
  build: (ctx: ReportContext) => Promise<ReportOutput>;
}
