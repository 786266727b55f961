import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { type DocTable, columnTotals, hasTotals, isNumeric } from './table.js';

/** Excel's currency format for dollars: $1,234.56 and -$1,234.56. */
export const MONEY_FORMAT = '"$"#,##0.00;-"$"#,##0.00';
const COUNT_FORMAT = '#,##0';

export interface Sheet<Row> {
  /** The worksheet's tab name (Excel allows 31 characters, no []:*?/\). */
  name: string;
  table: DocTable<Row>;
}

const columnLetter = (index: number) => {
  let n = index + 1;
  let s = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    s = String.fromCharCode(65 + r) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
};

export const sheetName = (name: string) => name.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Sheet';

/**
 * Report tables as an XLSX workbook, one sheet each: the header row frozen and bold, money as
 * number cells in dollars with a currency format (the cents become a number only here), dates as
 * date cells, and a totals row whose cells are SUM formulas carrying the exact total as their
 * cached result (so a reader that does not recalculate still sees it). Written with exceljs's
 * streaming writer, each row committed as it is added, so a sheet of a year of postings is not
 * held as a workbook model besides the report's rows (Account Transactions, issue 12).
 */
export async function xlsxWorkbook(sheets: Sheet<any>[], creator = 'Owner Accounting'): Promise<Uint8Array> {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  book.creator = creator;
  book.created = new Date(0);
  for (const { name, table } of sheets) {
    const ws = book.addWorksheet(sheetName(name), { views: [{ state: 'frozen', ySplit: 1 }] });
    ws.columns = table.columns.map((c) => ({
      header: c.header,
      width: Math.max(c.header.length + 2, !c.kind || c.kind === 'text' ? 28 : c.kind === 'date' ? 12 : 15),
      style: c.kind === 'money' || c.kind === 'moneyBrackets' ? { numFmt: MONEY_FORMAT } : c.kind === 'count' ? { numFmt: COUNT_FORMAT } : c.kind === 'date' ? { numFmt: 'dd/mm/yyyy' } : {},
    }));
    ws.getRow(1).font = { bold: true };
    ws.getRow(1).commit();
    for (const r of table.rows) {
      ws.addRow(table.columns.map((c) => {
        const v = c.value(r);
        if (v === null || v === undefined || v === '') return null;
        if (c.kind === 'money' || c.kind === 'moneyBrackets') return Number(v) / 100;
        if (c.kind === 'count') return Number(v);
        if (c.kind === 'date') {
          const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(String(v));
          return m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : String(v);
        }
        return String(v);
      })).commit();
    }
    if (hasTotals(table)) {
      const totals = columnTotals(table);
      const last = table.rows.length + 1;
      const row = ws.addRow(table.columns.map((c, i) => {
        const t = totals[i];
        if (t === null || t === undefined) return i === 0 && !isNumeric(c.kind) ? (table.totalsLabel ?? 'Total') : null;
        const cached = c.kind === 'count' ? t : t / 100;
        return table.rows.length ? { formula: `SUM(${columnLetter(i)}2:${columnLetter(i)}${last})`, result: cached } : cached;
      }));
      row.font = { bold: true };
      row.commit();
    }
    ws.commit();
  }
  await book.commit();
  return new Uint8Array(Buffer.concat(chunks));
}
