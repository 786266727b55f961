import type { Kysely } from 'kysely';
import type { CompanyTables } from '../db/schema.js';
import type { Letterhead } from '../documents/pdf.js';
import { type ZipEntry, zipFiles } from '../documents/zip.js';
import { ownerStatements, statementFilename } from './owner.js';
import { ownerStatementPdfs } from './statement-pdfs.js';
import { monthEndReports, reportEntries } from './report-pack.js';

type Db = Kysely<CompanyTables>;

/** The disbursement month end made, as its run recorded it (the Disbursement Register's notes). */
export interface PackDisbursement {
  filename: string | null;
  total: number;
  approval: { by: string; at: string } | null;
}

/** The disbursement figures from a month-end run's result (monthend_run.result). */
export function packDisbursement(result: Record<string, unknown>): PackDisbursement {
  return {
    filename: (result.filename as string | null | undefined) ?? null,
    total: Number(result.aba_total ?? 0),
    approval: result.approved_by ? { by: String(result.approved_by), at: String(result.approved_at) } : null,
  };
}

/**
 * The month-end pack of one month (spec 2 §4, issue 10): each owner's statement as a PDF and the
 * report pack (statements/report-pack.ts) as PDF, CSV and one workbook, in one ZIP. Month end
 * builds it at its documents step and End of Month Reports builds it again for a closed month with
 * this same function, so a reprint has the figures month end produced. `report` says how far it is
 * (0–100).
 */
export async function monthEndPackZip(
  db: Db, p: {
    companyCode: string; year: number; month: number; letterhead: Letterhead; at: Date; disbursement: PackDisbursement;
    report?: (percent: number, message: string) => Promise<void>;
  },
): Promise<{ filename: string; zip: Uint8Array; statements: number }> {
  const { year, month, letterhead, at } = p;
  const report = p.report ?? (async () => {});
  const statements = await ownerStatements(db, year, month);
  const pdfs = await ownerStatementPdfs(statements, letterhead, at, (done) => report((done / statements.length) * 80, `Owner statements: ${done} of ${statements.length}`));
  const entries: ZipEntry[] = statements.map((st, i) => ({ name: `Statements/${statementFilename(st)}`, data: pdfs[i]!, date: at }));
  await report(80, 'Month-end reports');
  entries.push(...(await reportEntries(await monthEndReports(db, year, month, p.disbursement), letterhead, year, month, at)));
  await report(95, 'Packing the ZIP');
  const filename = `MonthEnd-${p.companyCode}-${year}-${String(month).padStart(2, '0')}.zip`;
  return { filename, zip: await zipFiles(entries), statements: statements.length };
}
