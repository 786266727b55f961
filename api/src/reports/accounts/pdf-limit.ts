import { type ReportContext, type ReportOutput, ReportRefused } from '../definition.js';
import { sectionsPdf } from '../render.js';

/**
 * Lines a report draws as a PDF at most. The table writer draws about 10,000 lines (286 pages,
 * 7 MB) in 1.6 s of CPU, so 50,000 is some 8 s and 35 MB; a year of postings of a thousand owners
 * is nearer a million lines, twenty thousand pages nobody prints or views. Past this the report
 * is refused (the viewer closes and says why) and CSV and XLSX, which stream, are offered instead.
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
