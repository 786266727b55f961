import { MIME } from '../../archive/archive.js';
import { monthYearStartCase } from '../../control/settings.js';
import type { Letterhead } from '../../documents/pdf.js';
import { monthEndPackZip, packDisbursement } from '../../statements/month-end-pack.js';
import type { Db, ReportDefinition } from '../definition.js';
import { ReportRefused } from '../definition.js';

/**
 * The month-end pack of a closed month made again (issue 12 'End of Month Reports'): the owner
 * statements and the report pack by the function month end used (statements/month-end-pack.ts),
 * with the ABA file and approval month end recorded on its run, so the figures are the ones month
 * end produced. A month not yet closed is refused: its pack comes from its month end. `report` is
 * called as the pack is drawn (the job's progress bar).
 */
export async function monthEndPack(
  db: Db, companyCode: string, year: number, month: number, letterhead: Letterhead, at: Date,
  report: (percent: number, message?: string) => Promise<void> = async () => {},
): Promise<{ filename: string; content: Uint8Array; statements: number }> {
  const period = monthYearStartCase(month, year);
  const [, run] = await Promise.all([
    refuseOpenMonth(db, year, month, 'End of Month Reports'),
    db.selectFrom('monthend_run').select('result').where('year', '=', year).where('month', '=', month).where('status', '=', 'DONE').executeTakeFirst(),
  ]);
  await report(5, `Owner statements for ${period}`);
  const pack = await monthEndPackZip(db, {
    companyCode, year, month, letterhead, at, disbursement: packDisbursement((run?.result ?? {}) as Record<string, unknown>),
    report: (p, m) => report(5 + p * 0.9, m),
  });
  return { filename: pack.filename, content: pack.zip, statements: pack.statements };
}

/** End of Month's reports are of closed months: a month still open gets its `what` from its month end. */
export async function refuseOpenMonth(db: Db, year: number, month: number, what: string): Promise<void> {
  const closed = await db.selectFrom('period_close').select('closed_at').where('year', '=', year).where('month', '=', month).executeTakeFirst();
  if (!closed) throw new ReportRefused(`${monthYearStartCase(month, year)} is not closed: its ${what} are made by its month end`);
}

/** End of Month Reports (spec 3 §2 'Reports', a job with a progress bar): the closed month's pack as a ZIP. */
export const endOfMonthReports: ReportDefinition = {
  key: 'download',
  async build({ db, company, selection, letterhead, printedAt, progress }) {
    const pack = await monthEndPack(db, company.code, selection.year, selection.month, letterhead, printedAt, progress);
    return {
      title: 'End of Month Reports',
      selectionLine: '',
      sections: [],
      file: { filename: pack.filename, mime: MIME.zip, content: pack.content },
    };
  },
};
