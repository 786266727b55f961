import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { threeWayBalance } from '../../balances/dashboard.js';
import type { CompanyTables } from '../../db/schema.js';
import { trialBalanceRows } from '../../exports/ledger-export.js';
import { businessDate } from '../../ledger/business-date.js';
import { toCents } from '../../money/cents.js';
import { RECONCILED_AT, reportBooks } from '../../testing/report-books.js';
import { answerFile, callReport, centsOf, csvRows, pdfLayoutText, renderedPages, xlsxSheets } from '../../testing/report-files.js';
import { type TestApi, startTestApi } from '../../testing/test-api.js';

let api: TestApi;
let db: Kysely<CompanyTables>;

beforeAll(async () => {
  api = await startTestApi();
  db = await reportBooks(api, 'REPAUDIT');
});
afterAll(() => api.close());

async function csvOf(to: string) {
  const res = await callReport(api, 'threewaydetail', { to, mode: 'CSV' }, { database: 'REPAUDIT' });
  expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
  const parts = new Map<string, string[][]>();
  let current: string[][] = [];
  for (const row of csvRows(answerFile(res.body).bytes)) {
    if (row.length === 1 && row[0]) parts.set(row[0], (current = []));
    else if (row.length > 1) current.push(row);
  }
  const lines = new Map(parts.get('Three-way reconciliation')!.slice(1).map(([line, amount]) => [line!.replace(/ \(.*\)$/, ''), centsOf(amount!)]));
  return { parts, lines };
}

describe('Detailed Three Way', () => {
  it('balances to zero at the reconciliation, after it and before any, the bank side listing what is outstanding', async () => {
    for (const date of ['2025-08-15', RECONCILED_AT, '2025-10-31']) {
      const tb = await trialBalanceRows(db, date);
      const { parts, lines } = await csvOf(date);
      expect(lines.get('Cash book balance'), date).toBe(tb.cashbook);
      expect(lines.get('Trust ledgers total'), date).toBe(tb.ledgers);
      expect(lines.get('Adjusted bank balance'), date).toBe(tb.cashbook);
      expect(lines.get('Difference: bank less cash book'), date).toBe(0);
      expect(lines.get('Difference: cash book less trust ledgers'), date).toBe(0);
      const ledgers = parts.get('Trust ledgers')!;
      expect(centsOf(ledgers.at(-1)!.at(-1)!)).toBe(tb.ledgers);
      expect(centsOf(parts.get('Trust ledgers by type')!.at(-1)!.at(-1)!)).toBe(tb.ledgers);
    }

    // At 30 September: September's EFT owner receipt and every cash receipt (never banked) are
    // outstanding deposits, September's disbursement an unpresented payment.
    const { parts, lines } = await csvOf(RECONCILED_AT);
    const deposits = parts.get('Outstanding deposits')!;
    expect(deposits.slice(1, -1).map((d) => [d[0], d[3] === '' ? '' : 'x', centsOf(d[4]!)])).toEqual([
      ['2025-05-03', 'x', 60_000], ['2025-06-03', 'x', 60_000], ['2025-07-03', 'x', 60_000], ['2025-08-03', 'x', 60_000],
      ['2025-09-02', 'x', 124_000], ['2025-09-03', 'x', 60_000],
    ]);
    expect(parts.get('Unpresented payments')!.slice(1, -1).map((p) => [p[0], centsOf(p[4]!)])).toEqual([['2025-09-28', -50_000]]);
    const statement = [...lines].find(([l]) => l.startsWith('Balance per bank statement'))![1];
    expect(statement + 424_000 - 50_000).toBe(lines.get('Adjusted bank balance'));

    // Today it says what the dashboard's three-way check says.
    const today = await businessDate(db);
    const dashboard = await threeWayBalance(db, today);
    const now = await csvOf(today);
    expect(now.lines.get('Adjusted bank balance')).toBe(toCents(dashboard.bank));
    expect(now.lines.get('Trust ledgers total')).toBe(toCents(dashboard.ledgers));
    expect(dashboard.zeroBalance).toBe(true);
  });

  it('draws the PDF and the workbook', async () => {
    const pdf = answerFile((await callReport(api, 'threewaydetail', { to: RECONCILED_AT }, { database: 'REPAUDIT' })).body);
    expect(renderedPages(pdf.bytes)).toBeGreaterThan(0);
    const text = pdfLayoutText(pdf.bytes);
    expect(text).toContain('Detailed Three Way Reconciliation');
    expect(text).toContain('IN BALANCE');
    expect(text).toContain('Unpresented payments');
    const sheets = await xlsxSheets(answerFile((await callReport(api, 'threewaydetail', { to: RECONCILED_AT, mode: 'XLSX' }, { database: 'REPAUDIT' })).body).bytes);
    expect([...sheets.keys()]).toEqual(['Three-way reconciliation', 'Outstanding deposits', 'Unpresented payments', 'Trust ledgers by type', 'Trust ledgers']);
    const tb = await trialBalanceRows(db, RECONCILED_AT);
    expect(Math.round(Number(sheets.get('Trust ledgers')!.at(-1)!.at(-1)) * 100)).toBe(tb.ledgers);
  });

  it('answers on books with nothing posted, and for every Audit and Accounts report', async () => {
    for (const key of ['threewaydetail', 'bookings', 'summary', 'transactions', 'businestransactions', 'monthly', 'statement', 'eoystatement'] as const) {
      const res = await callReport(api, key, {});
      expect(res.status, `${key} ${JSON.stringify(res.body).slice(0, 200)}`).toBe(200);
      expect(renderedPages(answerFile(res.body).bytes), key).toBeGreaterThan(0);
    }
  });
});
