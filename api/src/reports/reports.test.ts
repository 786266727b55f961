import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_KEYS, type ReportKey, type ReportSelection } from '../contracts/reports.js';
import { trialBalanceRows } from '../exports/ledger-export.js';
import { booksCompany, post } from '../balances/books-fixture.js';
import { businessDate } from '../ledger/business-date.js';
import { answerFile, callReport, centsOf, csvRows, pdfLayoutText, renderedPages, xlsxByLibreOffice, xlsxSheets } from '../testing/report-files.js';
import { type TestApi, startTestApi } from '../testing/test-api.js';
import { insertUser } from '../testing/users.js';

let api: TestApi;
const books = async () => api.db.company('co_demotrust');

beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

describe('report engine', () => {
  it('draws the Balance Summary as a PDF, CSV and XLSX whose totals are the trial balance, each kept numbered in the archive', async () => {
    const today = await businessDate(await books());
    const tb = await trialBalanceRows(await books(), today);

    const view = await callReport(api, 'balances');
    expect(view.status).toBe(200);
    const pdf = answerFile(view.body);
    expect(pdf.type).toBe('application/pdf');
    expect(renderedPages(pdf.bytes)).toBeGreaterThan(0);
    const text = pdfLayoutText(pdf.bytes);
    expect(text).toContain('Balance Summary');
    expect(text).toContain(`Report ${pdf.archive_id}`);

    const csv = answerFile((await callReport(api, 'balances', { mode: 'CSV' })).body);
    const rows = csvRows(csv.bytes);
    expect(rows[0]).toEqual(['Type', 'Code', 'Name', 'Category', 'Balance']);
    expect(centsOf(rows.at(-1)!.at(-1)!)).toBe(tb.ledgers);

    const xlsx = answerFile((await callReport(api, 'balances', { mode: 'XLSX' })).body);
    const [sheet] = [...(await xlsxSheets(xlsx.bytes)).values()];
    expect(Math.round(Number(sheet!.at(-1)!.at(-1)) * 100)).toBe(tb.ledgers);

    const archived = await (await books()).selectFrom('archive').select(['id', 'report', 'selection', 'path', 'user_code', 'blob_id'])
      .where('id', '=', String(pdf.archive_id)).executeTakeFirstOrThrow();
    expect(archived).toMatchObject({ report: 'balances', path: 'Reports', blob_id: pdf.filename });
    expect((archived.selection as { to: string }).to).toBe(today);
  });

  it('gives LibreOffice an XLSX with the figures of the CSV, totals recalculated from its formulas', async () => {
    // Books with balances on both sides: an owner's funds, a commission journal, a tenant's receipt.
    const books = await booksCompany(api, 'XLSXLO01', 2025, 6);
    await post(books, 'RECEIPT', '2025-06-20', [['OWNSMITH', '101', 'OWNFUNDS', 150_000]], [['EFT', 150_000]]);
    await post(books, 'JOURNAL', '2025-06-21', [['OWNSMITH', '101', 'COMMISS', -10_005], ['BUSINESS', null, 'COMMISS', 10_005]]);
    await post(books, 'RECEIPT', '2025-06-22', [['TENBROWN', null, 'RENT', 12_345]], [['CASH', 12_345]]);
    const balances = async (mode: 'CSV' | 'XLSX') =>
      answerFile((await callReport(api, 'balances', { entity_type: 'ALL', to: '2025-06-30', mode }, { database: 'XLSXLO01' })).body).bytes;
    const csv = csvRows(await balances('CSV'));
    const sheet = xlsxByLibreOffice(await balances('XLSX'));
    expect(csv.length).toBeGreaterThan(3);
    expect(sheet).toHaveLength(csv.length);
    const money = /^-?\d+\.\d{2}$/;
    for (const [r, row] of csv.entries()) {
      // Money as cents (LibreOffice writes the numbers unformatted: 1234.5 for 1234.50), text as it is.
      const cells = row.map((cell) => (money.test(cell) ? centsOf(cell) : cell));
      const read = sheet[r]!.map((cell, c) => (money.test(row[c] ?? '') ? Math.round(Number(cell) * 100) : cell));
      expect(read, `row ${r + 1}`).toEqual(cells);
    }
  }, 120_000);

  it('makes every report of the catalogue with its default selection: a PDF that renders, or the reason it cannot be made', async () => {
    // The browser's tour (e2e/reports) views one report per tab; every report's defaults are made here.
    const catalogue = (await api.call<{ data: { key: ReportKey; job?: boolean; defaults: ReportSelection }[] }>('GET', '/api/reports')).body.data;
    expect(catalogue.map((e) => e.key).sort()).toEqual([...REPORT_KEYS].sort());
    for (const entry of catalogue.filter((e) => !e.job)) {
      const answer = await callReport(api, entry.key, { ...entry.defaults, mode: 'VIEW' });
      expect(answer.status, entry.key).toBe(200);
      if ('error' in answer.body) {
        expect(answer.body.error.message, entry.key).toMatch(/\w/);
        continue;
      }
      const pdf = answerFile(answer.body);
      expect(pdf.type, entry.key).toBe('application/pdf');
      expect(renderedPages(pdf.bytes), entry.key).toBeGreaterThan(0);
    }
  }, 180_000);

  it('refuses a bad selection with the field named and archives nothing', async () => {
    const db = await books();
    const before = await db.selectFrom('archive').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    const bad = await callReport(api, 'balances', { to: '2026-02-30' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('Not a real date');
    expect((await callReport(api, 'balances', { mode: 'ZIP' })).status).toBe(400);
    const after = await db.selectFrom('archive').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('answers 403 to a user without the tab flag and leaves the report out of their catalogue', async () => {
    await insertUser(api.db, { id: 'RPTNOACC', password: 'Secret-pass-1', companies: { DEMOTRUST: { p_reports: true, p_reports_daily: true } } });
    const token = await api.signIn('RPTNOACC', 'Secret-pass-1');
    expect((await callReport(api, 'balances', {}, { token })).status).toBe(403);
    const catalogue = await api.call('GET', '/api/reports', { token });
    expect(catalogue.status).toBe(200);
    for (const entry of catalogue.body.data) expect(entry.tab).toBe('daily');
    const admin = await api.call('GET', '/api/reports');
    expect(admin.body.data.map((e: { key: string }) => e.key)).toContain('balances');
    expect(REPORT_KEYS).toContain('balances');
  });
});
