import { type ReportContext, type ReportOutput, ReportRefused } from '../definition.js';
import { sectionsPdf } from '../render.js';

/**
 * Lines a report draws as a PDF at most. The table writer draws 20,000 register lines (700 pages,
 * 11 MB) in 0.7 s of CPU, but the whole document is held as text until it is finished: a year
 * of the big seed's Account Transactions (100,000 lines, 58 MB) took 9 s and the API's memory to
 * 1.2 GB. A year of postings of every owner is nearer a million lines, twenty thousand pages
 * nobody prints or views. Past this the report is refused (the viewer closes and says why) and
 * CSV and XLSX, which stream, are offered instead.
 */
export const PDF_LINE_LIMIT = 50_000;

/** The report's sections as its PDF, refused when they hold more lines than a PDF should. */
export function limitedPdf(out: ReportOutput, ctx: Pick<ReportContext, 'letterhead' | 'printedAt' | 'reference'>, limit = PDF_LINE_LIMIT): () => Uint8Array {
  return () => {
    const lines = out.sections.reduce((a, s) => a + s.table.rows.length, 0);
    if (lines > limit) {
      throw new ReportRefused(`${out.title} has ${lines.toLocaleString('en-AU')} lines for this selection, too many for a PDF (at most ${limit.toLocaleString('en-AU')}): export it as CSV or XLSX, or choose fewer parties or a shorter range`);
    }
    return sectionsPdf(out, ctx);
  };
}
