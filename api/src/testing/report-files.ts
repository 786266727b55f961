import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import type { ReportAnswer, ReportFile, ReportKey, ReportSelection } from '../contracts/reports.js';
import type { TestApi } from './test-api.js';

/**
 * Report tests check the real files: PDFs through poppler (pdftotext, pdftoppm), XLSX read back
 * with exceljs, CSV with a standard parser. Each helper works in a temporary folder it removes.
 */
function inTemp<T>(work: (dir: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'report-'));
  try {
    return work(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** POST /api/reports/{key} as the demo administrator (or the given token). */
export async function callReport(api: TestApi, key: ReportKey, selection: ReportSelection = {}, options: { token?: string; database?: string } = {}) {
  return api.call<ReportAnswer>('POST', `/api/reports/${key}`, { body: selection, ...options });
}

/** The one file of an answer (view, download or csv), failing on anything else. */
export function answerFile(answer: ReportAnswer): ReportFile & { bytes: Uint8Array } {
  const file = 'view' in answer ? answer.view : 'download' in answer ? answer.download : 'csv' in answer ? answer.csv : undefined;
  if (!file?.data) throw new Error(`Expected a file, got ${JSON.stringify(answer).slice(0, 300)}`);
  return { ...file, bytes: new Uint8Array(Buffer.from(file.data, 'base64')) };
}

/** The PDF's text laid out as on the page (pdftotext -layout). */
export const pdfLayoutText = (pdf: Uint8Array) =>
  inTemp((dir) => {
    writeFileSync(join(dir, 'r.pdf'), pdf);
    return execFileSync('pdftotext', ['-layout', join(dir, 'r.pdf'), '-'], { encoding: 'utf8' });
  });

/** How many pages pdftoppm renders (it fails on a PDF it cannot draw). */
export const renderedPages = (pdf: Uint8Array) =>
  inTemp((dir) => {
    writeFileSync(join(dir, 'r.pdf'), pdf);
    execFileSync('pdftoppm', ['-png', '-r', '30', join(dir, 'r.pdf'), join(dir, 'page')]);
    return readdirSync(dir).filter((f) => f.startsWith('page')).length;
  });

/** CSV rows as arrays of strings (rows may differ in length: multi-part reports). */
export const csvRows = (bytes: Uint8Array | string): string[][] =>
  parse(typeof bytes === 'string' ? bytes : Buffer.from(bytes).toString('utf8'), { relax_column_count: true });

/** Each sheet's rows as cell values (formula cells give their cached result). */
export async function xlsxSheets(bytes: Uint8Array): Promise<Map<string, unknown[][]>> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
  const sheets = new Map<string, unknown[][]>();
  book.eachSheet((ws) => {
    const rows: unknown[][] = [];
    ws.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => (v && typeof v === 'object' && 'result' in v ? (v as { result: unknown }).result : v))));
    sheets.set(ws.name, rows);
  });
  return sheets;
}

/** Dollars as a CSV or PDF shows them ('1234.56', '$1,234.56', '-$1.00') → cents. */
export const centsOf = (text: string) => {
  const negative = /^\(.*\)$/.test(text.trim()) || text.includes('-');
  const digits = text.replace(/[^0-9.]/g, '');
  const [whole = '0', part = ''] = digits.split('.');
  return (negative ? -1 : 1) * (Number(whole) * 100 + Number(part.padEnd(2, '0').slice(0, 2)));
};

/**
 * The XLSX's first sheet as LibreOffice reads it (`soffice --headless --convert-to csv`), values
 * unformatted, formulas recalculated by LibreOffice. A private user profile per call lets tests
 * convert in parallel. Fails with a clear message when LibreOffice is not installed: CI installs
 * it (.ci/run, Debian libreoffice-calc-nogui), so this check is never skipped.
 */
export function xlsxByLibreOffice(bytes: Uint8Array): string[][] {
  try {
    execFileSync('soffice', ['--version'], { stdio: 'ignore' });
  } catch {
    throw new Error('LibreOffice (soffice) is not installed: apt-get install libreoffice-calc-nogui');
  }
  return inTemp((dir) => {
    writeFileSync(join(dir, 'r.xlsx'), bytes);
    // Field separator ',', quote '"', UTF-8, from line 1; token 9 false: the values, not as formatted.
    const filter = 'csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,false,false';
    execFileSync('soffice', [`-env:UserInstallation=file://${join(dir, 'profile')}`, '--headless', '--convert-to', filter, '--outdir', join(dir, 'out'), join(dir, 'r.xlsx')], { stdio: 'ignore', timeout: 120_000 });
    return csvRows(readFileSync(join(dir, 'out', 'r.csv')));
  });
}
