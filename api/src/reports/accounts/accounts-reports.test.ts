import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportKey, ReportSelection } from '../../contracts/reports.js';
import { trialBalanceRows } from '../../exports/ledger-export.js';
import type { Kysely } from 'kysely';
import type { CompanyTables } from '../../db/schema.js';
import { addDays } from '../../ledger/business-date.js';
import { trustBalance } from '../../ledger/ledger.js';
import { reportBooks } from '../../testing/report-books.js';
import { ReportRefused } from '../definition.js';
import { limitedPdf } from './pdf-limit.js';
import { answerFile, callReport, centsOf, csvRows, pdfLayoutText, renderedPages, xlsxSheets } from '../../testing/report-files.js';
import { type TestApi, startTestApi } from '../../testing/test-api.js';

let api: TestApi;
let db: Kysely<CompanyTables>;
const books = () => db;

beforeAll(async () => {
  api = await startTestApi();
  db = await reportBooks(api, 'REPACCTS');
});
afterAll(() => api.close());

/** Each party's balance in the trial balance at a date (cents), all parties or one type's. */
async function balancesAt(date: string, type?: string): Promise<Map<string, number>> {
  const tb = await trialBalanceRows(books(), date);
  const out = new Map<string, number>();
  for (const r of tb.rows) if (!type || r.type === type) out.set(r.code, (out.get(r.code) ?? 0) + r.cents);
  return out;
}

async function file(key: ReportKey, selection: ReportSelection) {
  const res = await callReport(api, key, selection, { database: 'REPACCTS' });
  expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
  return answerFile(res.body);
}

/** A CSV's rows as objects by header, the totals row (first cell given) apart. */
function csvTable(bytes: Uint8Array, totalsLabel?: string) {
  const [header, ...rest] = csvRows(bytes);
  const rows = rest.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i] ?? ''])));
  const totals = totalsLabel ? rows.find((r) => r[header![0]!] === totalsLabel) : undefined;
  return { header: header!, rows: rows.filter((r) => r !== totals), totals };
}

/** Cut a multi-part CSV (sections under their headings) into its parts. */
function csvParts(bytes: Uint8Array): Map<string, string[][]> {
  const parts = new Map<string, string[][]>();
  let current: string[][] | null = null;
  for (const row of csvRows(bytes)) {
    if (row.length === 1 && row[0] !== '') parts.set(row[0]!, (current = []));
    else if (row.length > 1 && current) current.push(row);
  }
  return parts;
}

const zipNames = (bytes: Uint8Array) => {
  const dir = mkdtempSync(join(tmpdir(), 'report-zip-'));
  try {
    writeFileSync(join(dir, 'r.zip'), bytes);
    expect(execFileSync('unzip', ['-t', join(dir, 'r.zip')], { encoding: 'utf8' })).toContain('No errors detected');
    return execFileSync('unzip', ['-Z1', join(dir, 'r.zip')], { encoding: 'utf8' }).trim().split('\n');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

const sumOf = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);

describe('Accounts reports on May to October 2025 of a letting business', () => {
  it('Account Summary: each party opens and closes at its trial balance, in less out is the movement', async () => {
    const [from, to] = ['2025-07-01', '2025-09-30'];
    const [before, after] = [await balancesAt(addDays(from, -1)), await balancesAt(to)];
    const csv = csvTable((await file('summary', { from, to, mode: 'CSV' })).bytes, 'Total');
    expect(csv.header).toEqual(['Type', 'Code', 'Name', 'Opening', 'Money in', 'Money out', 'Closing']);
    expect(csv.rows.map((r) => r.Code)).toEqual(['BUSINESS', 'OWNJONES', 'OWNSMITH', 'SUPCLEAN', 'TENBROWN']);
    for (const r of csv.rows) {
      expect(centsOf(r.Opening!), r.Code).toBe(before.get(r.Code!) ?? 0);
      expect(centsOf(r.Closing!), r.Code).toBe(after.get(r.Code!) ?? 0);
      expect(centsOf(r.Opening!) + centsOf(r['Money in']!) - centsOf(r['Money out']!)).toBe(centsOf(r.Closing!));
    }
    expect(centsOf(csv.totals!.Closing!)).toBe(sumOf(after));

    const pdf = await file('summary', { from, to });
    expect(renderedPages(pdf.bytes)).toBeGreaterThan(0);
    expect(pdfLayoutText(pdf.bytes)).toContain('Account Summary');
    const [sheet] = [...(await xlsxSheets((await file('summary', { from, to, entity_type: 'OWNER', mode: 'XLSX' })).bytes)).values()];
    expect(Math.round(Number(sheet!.at(-1)!.at(-1)) * 100)).toBe(sumOf(await balancesAt(to, 'OWNER')));
  });

  it('Account Transactions: every owner posting of the month with a running balance from opening to the ledger at the end', async () => {
    const [from, to] = ['2025-07-01', '2025-08-31'];
    const [before, after] = [await balancesAt(addDays(from, -1), 'OWNER'), await balancesAt(to, 'OWNER')];
    const csv = csvTable((await file('transactions', { from, to, entity_type: 'OWNER', mode: 'CSV' })).bytes, 'Movement');
    expect(csv.header).toEqual(['Code', 'Date', 'Ref', 'Type', 'Door', 'Details', 'Amount', 'Balance']);
    const closing = new Map<string, number>();
    let running = 0;
    for (const r of csv.rows) {
      if (r.Details!.startsWith('Opening balance')) {
        running = centsOf(r.Balance!);
        expect(running, r.Code).toBe(before.get(r.Code!) ?? 0);
      } else if (r.Details === 'Closing balance') closing.set(r.Code!, centsOf(r.Balance!));
      else {
        running += centsOf(r.Amount!);
        expect(centsOf(r.Balance!)).toBe(running);
        expect(r.Date).toMatch(/^2025-0[78]-/);
      }
    }
    expect([...closing.keys()]).toEqual(['OWNJONES', 'OWNSMITH']);
    expect(csv.rows.filter((r) => r.Ref).length).toBe(2 * (2 + 1 + 2 + 1 + 1 + 1) + 2);
    for (const [code, cents] of after) expect(closing.get(code) ?? 0, code).toBe(cents);
    for (const [code, cents] of closing) expect(after.get(code) ?? 0, code).toBe(cents);
    expect(centsOf(csv.totals!.Amount!)).toBe(sumOf(after) - sumOf(before));

    const pdf = await file('transactions', { from, to, entity_type: 'OWNER', entity_to: csv.rows[0]!.Code });
    expect(renderedPages(pdf.bytes)).toBeGreaterThan(0);
    expect(pdfLayoutText(pdf.bytes)).toContain('Closing balance');
    const [sheet] = [...(await xlsxSheets((await file('transactions', { from, to, entity_type: 'OWNER', mode: 'XLSX' })).bytes)).values()];
    expect(sheet!.length).toBe(csv.rows.length + 2);
    expect(Math.round(Number(sheet!.at(-1)!.at(6)) * 100)).toBe(sumOf(after) - sumOf(before));
  });

  it('Business Transactions: the business ledger by account ties to the trial balance', async () => {
    const [from, to] = ['2025-07-01', '2025-10-31'];
    const tbRows = async (date: string) => {
      const m = new Map<string, number>();
      for (const r of (await trialBalanceRows(books(), date)).rows) if (r.type === 'BUSINESS') m.set(r.account, (m.get(r.account) ?? 0) + r.cents);
      return m;
    };
    const [before, after] = [await tbRows(addDays(from, -1)), await tbRows(to)];
    const parts = csvParts((await file('businestransactions', { from, to, mode: 'CSV' })).bytes);
    const [header, ...accounts] = parts.get('By account')!;
    expect(header).toEqual(['Account', 'Description', 'Type', 'Opening', 'Income (credits)', 'Paid out (debits)', 'Closing']);
    const totals = accounts.pop()!;
    expect(accounts.map((a) => a[0])).toEqual(['COMMISS', 'RENTCOMM']);
    expect(accounts.map((a) => a[0])).toContain('COMMISS');
    for (const a of accounts) {
      expect(centsOf(a[3]!), a[0]).toBe(before.get(a[0]!) ?? 0);
      expect(centsOf(a[6]!), a[0]).toBe(after.get(a[0]!) ?? 0);
    }
    expect(centsOf(totals[6]!)).toBe(sumOf(after));
    const txns = parts.get('Transactions')!;
    expect(centsOf(txns.at(-1)!.at(-1)!)).toBe(sumOf(after) - sumOf(before));
    expect(renderedPages((await file('businestransactions', { from, to })).bytes)).toBeGreaterThan(0);
    const sheets = await xlsxSheets((await file('businestransactions', { from, to, mode: 'XLSX' })).bytes);
    expect([...sheets.keys()]).toEqual(['By account', 'Transactions']);
  });

  it('Entity Monthly: each month end column is the trial balance at that month end', async () => {
    const year = 2026;
    const csv = csvTable((await file('monthly', { year, mode: 'CSV' })).bytes, 'Total');
    expect(csv.header.slice(0, 5)).toEqual(['Code', 'Name', 'Opening', `Jul ${String(year - 1).slice(2)}`, `Aug ${String(year - 1).slice(2)}`]);
    expect(csv.header.at(-1)).toBe(`Jun ${String(year).slice(2)}`);
    const ends = [`${year - 1}-07-31`, `${year - 1}-09-30`, `${year - 1}-12-31`, `${year}-06-30`];
    for (const end of ends) {
      const at = await balancesAt(end);
      const column = csv.header[3 + ((Number(end.slice(5, 7)) + 5) % 12)]!;
      for (const r of csv.rows) expect(centsOf(r[column]!), `${r.Code} ${column}`).toBe(at.get(r.Code!) ?? 0);
      expect(centsOf(csv.totals![column]!)).toBe((await trialBalanceRows(books(), end)).ledgers);
    }
    const pdf = await file('monthly', { year });
    expect(renderedPages(pdf.bytes)).toBeGreaterThan(0);
    const [sheet] = [...(await xlsxSheets((await file('monthly', { year, mode: 'XLSX' })).bytes)).values()];
    expect(sheet![0]).toHaveLength(15);
  });

  it('Statements: one PDF of every owner, a ZIP of one each, and closing balances equal to the owners ledgers', async () => {
    const open = { year: 2025, month: 10 };
    const selection = { year: open.year, month: open.month };
    const csv = csvTable((await file('statement', { ...selection, mode: 'CSV' })).bytes, 'Owners');
    const owners = await books().selectFrom('entity').select('code').where('type', '=', 'OWNER').execute();
    expect(csv.rows).toHaveLength(owners.length);
    for (const r of csv.rows) {
      expect(centsOf(r.Closing!), r.Code).toBe(await trustBalance(books(), r.Code!));
      expect(centsOf(r.Opening!) + centsOf(r['Money in']!) - centsOf(r['Money out']!)).toBe(centsOf(r.Closing!));
    }
    const first = csv.rows.map((r) => r.Code!);
    const pdf = await file('statement', { ...selection, type: 'SUMMARY' });
    expect(renderedPages(pdf.bytes)).toBeGreaterThanOrEqual(2);
    const text = pdfLayoutText(pdf.bytes);
    for (const code of first) expect(text).toContain(`(${code})`);
    expect(text.match(/Owner Statement - /g)).toHaveLength(2);
    expect(text).toContain('Receipts');
    expect(text).toContain('Closing balance');

    const zip = await file('statement', { ...selection, mode: 'ZIP' });
    const names = zipNames(zip.bytes);
    const mm = String(open.month).padStart(2, '0');
    expect(names.filter((n) => n.endsWith('.pdf'))).toEqual(first.map((c) => `Statement-${c}-${open.year}-${mm}.pdf`));
    expect(names.filter((n) => n.endsWith('.csv'))).toHaveLength(1);
  });

  it('End of Year: per owner, income less expenses less paid out is the year\'s postings, closing the ledger at 30 June', async () => {
    const year = 2026;
    const [before, after] = [await balancesAt(`${year - 1}-06-30`, 'OWNER'), await balancesAt(`${year}-06-30`, 'OWNER')];
    const yearPostings = new Map((await books().selectFrom('posting as p').innerJoin('txn as t', 't.id', 'p.txn_id').innerJoin('entity as e', 'e.code', 'p.entity')
      .select(['p.entity', (eb) => eb.fn.sum<string>('p.amount').as('total')]).where('e.type', '=', 'OWNER')
      .where('t.date', '>=', `${year - 1}-07-01`).where('t.date', '<=', `${year}-06-30`).groupBy('p.entity').execute()).map((r) => [r.entity, Number(r.total)]));
    const parts = csvParts((await file('eoystatement', { year, mode: 'CSV' })).bytes);
    const [header, ...owners] = parts.get('Owners')!;
    expect(header).toEqual(['Code', 'Name', 'Opening', 'Income', 'Expenses', 'Paid to owner', 'Closing']);
    owners.pop();
    expect(owners.map((o) => o[0])).toEqual(['OWNJONES', 'OWNSMITH']);
    for (const [code, , opening, income, expenses, paid, closing] of owners) {
      expect(centsOf(opening!), code).toBe(before.get(code!) ?? 0);
      expect(centsOf(closing!), code).toBe(after.get(code!) ?? 0);
      expect(centsOf(income!) - centsOf(expenses!) - centsOf(paid!), code).toBe(yearPostings.get(code!) ?? 0);
    }
    const byAccount = parts.get('By account')!;
    const ownerIncome = byAccount.filter((r) => r[0] === owners[0]![0] && r[1] === 'Income').reduce((a, r) => a + centsOf(r[4]!), 0);
    expect(ownerIncome).toBe(centsOf(owners[0]![3]!));

    const some = { year, entity_from: owners[0]![0], entity_to: owners[1]![0] };
    const pdf = await file('eoystatement', some);
    expect(renderedPages(pdf.bytes)).toBeGreaterThanOrEqual(2);
    const text = pdfLayoutText(pdf.bytes);
    expect(text.match(/End of Year Statement - /g)).toHaveLength(2);
    expect(text).toContain('Total income');
    expect(text).toContain(`Closing balance 30 June ${year}`);
    const names = zipNames((await file('eoystatement', { ...some, mode: 'ZIP' })).bytes);
    expect(names.filter((n) => n.endsWith('.pdf'))).toEqual([`EndOfYear-${owners[0]![0]}-${year}.pdf`, `EndOfYear-${owners[1]![0]}-${year}.pdf`]);
  });

  it('refuses a PDF of more lines than a PDF should hold, naming CSV and XLSX', () => {
    const out = { title: 'Account Transactions', selectionLine: 'July', sections: [{ table: { columns: [{ header: 'N', value: (r: number) => r }], rows: [1, 2, 3] } }] };
    const ctx = { letterhead: { companyName: 'Books', address: [], logo: null, timeZone: 'Australia/Sydney' }, printedAt: new Date(), reference: 'Report 1' };
    expect(() => limitedPdf(out, ctx, 2)()).toThrow(ReportRefused);
    expect(() => limitedPdf(out, ctx, 2)()).toThrow('Account Transactions has 3 lines for this selection, too many for a PDF (at most 2): export it as CSV or XLSX');
    expect(renderedPages(limitedPdf(out, ctx, 3)())).toBe(1);
  });
});
