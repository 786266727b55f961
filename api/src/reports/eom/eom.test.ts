import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Unzipped, unzipSync } from 'fflate';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readArchived } from '../../archive/archive.js';
import type { ReportSelection } from '../../contracts/reports.js';
import type { CompanyTables } from '../../db/schema.js';
import { openPeriod } from '../../ledger/ledger.js';
import { booksCompany, post, reverseOn } from '../../balances/books-fixture.js';
import { jsonb } from '../../db/open.js';
import { pendingCharges } from '../../charges/pending.js';
import { balancesFromTrialBalance, hledgerBalances } from '../../testing/hledger.js';
import { writeLog } from '../../log/system-log.js';
import { monthEndCompany } from '../../testing/monthend.js';
import { answerFile, callReport, centsOf, csvRows, renderedPages } from '../../testing/report-files.js';
import { type TestApi, startTestApi } from '../../testing/test-api.js';

let api: TestApi;
let db: Kysely<CompanyTables>;
let closed: { year: number; month: number };
let packId: number;
const CODE = 'EOMREP01';

/** Runs End of Month Reports as its job does for the screen: started, waited for, its file fetched by archive number. */
type Pack = { error: string } | { filename: string; zip: Unzipped };
async function endOfMonthReports(selection: ReportSelection, key: 'download' | 'auditpack' = 'download', database = CODE): Promise<Pack> {
  const started = await api.call('POST', `/api/reports/${key}`, { database, body: selection });
  expect(started.status).toBe(200);
  const id = started.body.progress.id as string;
  await api.deps.jobs.settled(database, id);
  const job = (await api.call('GET', `/api/progress/${id}`, { database })).body.data;
  if (job.result?.error) return { error: job.result.error.message as string };
  expect(job).toMatchObject({ status: 'done', percent: 100 });
  // A job's file is a ZIP, answered as `download` whatever the mode: the viewer cannot show it.
  expect(Object.keys(job.result).sort()).toEqual(['download', 'message']);
  const token = await api.signIn();
  const res = await api.app.request(`/api/reports/file/${job.result.download.archive_id}`, { headers: { Authorization: `Bearer ${token}`, 'X-Database': database } });
  expect(res.status).toBe(200);
  return { filename: job.result.download.filename as string, zip: unzipSync(new Uint8Array(await res.arrayBuffer())) };
}

/**
 * A PDF's text without the printed-at line, which differs between two printings. Everything else,
 * the statements' Pending charges included (as at the month's last day, not as at the reprint,
 * after month end raised next month's fees), must be the same.
 */
function pdfFigures(pdf: Uint8Array): string {
  const dir = mkdtempSync(join(tmpdir(), 'eom-'));
  try {
    writeFileSync(join(dir, 'f.pdf'), pdf);
    return execFileSync('pdftotext', ['-layout', join(dir, 'f.pdf'), '-'], { encoding: 'utf8' }).split('\n').filter((l) => !l.includes('Printed ')).join('\n');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

beforeAll(async () => {
  api = await startTestApi();
  db = await monthEndCompany(api.db, CODE, api.config.adminUser);
  closed = await openPeriod(db);
  expect((await api.call('PUT', '/api/checklist/complete', { database: CODE, body: { type: 'MTHEND_PRE' } })).status).toBe(200);
  expect((await api.call('POST', '/api/monthend/start', { database: CODE })).status).toBe(200);
  const done = await api.call('POST', '/api/monthend?wait=true', { database: CODE });
  expect(done.status).toBe(200);
  packId = done.body.data.reports.archive_id;
}, 120_000);
afterAll(() => api.close());

describe('End of Month Reports', () => {
  it('makes the closed month’s pack again with the figures month end produced', async () => {
    // The books moved on since: month end raised next month's fees, pending now but not at the month's end.
    const last = new Date(Date.UTC(closed.year, closed.month, 0)).toISOString().slice(0, 10);
    expect(await pendingCharges(db)).not.toEqual(await pendingCharges(db, { asAt: last }));
    const again = await endOfMonthReports({ year: closed.year, month: closed.month, mode: 'ZIP' });
    if (!('zip' in again)) throw new Error(again.error);
    expect(again.filename).toBe(`MonthEnd-${CODE}-${closed.year}-${String(closed.month).padStart(2, '0')}.zip`);
    const original = unzipSync((await readArchived(db, packId))!.content);
    expect(Object.keys(again.zip).sort()).toEqual(Object.keys(original).sort());
    for (const name of Object.keys(original).filter((n) => n.endsWith('.csv'))) {
      expect(Buffer.from(again.zip[name]!).toString('utf8'), name).toBe(Buffer.from(original[name]!).toString('utf8'));
    }
    const trial = csvRows(again.zip['Reports/TrialBalance.csv']!);
    expect(trial.length).toBeGreaterThan(2);
    for (const name of Object.keys(original).filter((n) => n.endsWith('.pdf'))) {
      expect(renderedPages(again.zip[name]!)).toBeGreaterThan(0);
      expect(pdfFigures(again.zip[name]!), name).toBe(pdfFigures(original[name]!));
    }
  });

  it('answers the pack as a download when asked to view it or with no mode', async () => {
    for (const mode of ['VIEW', undefined] as const) {
      const pack = await endOfMonthReports({ year: closed.year, month: closed.month, ...(mode ? { mode } : {}) });
      if (!('zip' in pack)) throw new Error(pack.error);
      expect(pack.filename).toMatch(/\.zip$/);
      expect(Object.keys(pack.zip)).toContain('Reports/TrialBalance.csv');
    }
  });

  it('refuses a month not yet closed, with the reason, and archives nothing for it', async () => {
    const open = await openPeriod(db);
    const before = await db.selectFrom('archive').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    const refused = await endOfMonthReports({ year: open.year, month: open.month });
    expect(refused).toEqual({ error: expect.stringMatching(/is not closed: its End of Month Reports are made by its month end/) });
    const after = await db.selectFrom('archive').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });
});

describe('End of Month Statements', () => {
  it('gives the closed month\'s owner statements as month end filed them: the same files in the ZIP, closings that tie to the ledgers in the CSV', async () => {
    const catalogue = (await api.call('GET', '/api/reports', { database: CODE })).body.data as { key: string; defaults: ReportSelection }[];
    const defaults = catalogue.find((e) => e.key === 'statements')!.defaults;
    expect({ year: defaults.year, month: defaults.month }).toEqual({ year: closed.year, month: closed.month });

    const original = unzipSync((await readArchived(db, packId))!.content);
    const filed = Object.keys(original).filter((n) => n.startsWith('Statements/')).sort();
    expect(filed.length).toBeGreaterThan(0);
    const zip = answerFile((await callReport(api, 'statements', { ...defaults, mode: 'ZIP' }, { database: CODE })).body);
    const again = unzipSync(zip.bytes);
    // Beside the PDFs the ZIP holds the figures as CSV, as every statements ZIP does.
    expect(Object.keys(again).filter((n) => n.endsWith('.pdf')).map((n) => `Statements/${n}`).sort()).toEqual(filed);
    for (const name of filed) expect(pdfFigures(again[name.slice('Statements/'.length)]!), name).toBe(pdfFigures(original[name]!));

    const last = new Date(Date.UTC(closed.year, closed.month, 0)).toISOString().slice(0, 10);
    const ledgers = new Map((await db.selectFrom('posting as p').innerJoin('txn as t', 't.id', 'p.txn_id').innerJoin('entity as e', 'e.code', 'p.entity')
      .select(['p.entity', (eb) => eb.fn.sum<string>('p.amount').as('total')]).where('e.type', '=', 'OWNER').where('t.date', '<=', last).groupBy('p.entity').execute())
      .map((r) => [r.entity, Number(r.total)]));
    const rows = csvRows(answerFile((await callReport(api, 'statements', { ...defaults, mode: 'CSV' }, { database: CODE })).body).bytes);
    const owners = rows.slice(1, -1);
    expect(owners).toHaveLength(filed.length);
    const closing = rows[0]!.indexOf('Closing');
    for (const row of owners) expect(centsOf(row[closing]!), row[0]).toBe(ledgers.get(row[0]!) ?? 0);

    const view = answerFile((await callReport(api, 'statements', { ...defaults, mode: 'VIEW' }, { database: CODE })).body);
    expect(renderedPages(view.bytes)).toBeGreaterThanOrEqual(filed.length);
  });

  it('refuses a month not yet closed, with the reason', async () => {
    const open = await openPeriod(db);
    const refused = await callReport(api, 'statements', { year: open.year, month: open.month }, { database: CODE });
    expect(refused.body).toEqual({ error: { message: expect.stringMatching(/is not closed: its statements are made by its month end/) } });
  });
});

describe("the auditor's pack", () => {
  const AUDIT = 'AUDPACK1';
  let books: Kysely<CompanyTables>;
  const setPeriod = async (year: number, month: number) => {
    await books.updateTable('control_setting').set({ value: jsonb(month) }).where('key', '=', 'current_month').execute();
    await books.updateTable('control_setting').set({ value: jsonb(year) }).where('key', '=', 'current_year').execute();
  };

  beforeAll(async () => {
    // A year the books have moved through: money carried in from June 2025, then July and August of FY2026.
    books = await booksCompany(api, AUDIT, 2025, 6);
    await post(books, 'RECEIPT', '2025-06-20', [['OWNSMITH', '101', 'OWNFUNDS', 150_000]], [['EFT', 150_000]]);
    await setPeriod(2025, 7);
    await post(books, 'RECEIPT', '2025-07-02', [['OWNJONES', '201', 'OWNFUNDS', 80_000]], [['CHQ', 80_000]]);
    await post(books, 'JOURNAL', '2025-07-05', [['OWNSMITH', '101', 'COMMISS', -10_000], ['BUSINESS', null, 'COMMISS', 10_000]]);
    const wrong = await post(books, 'RECEIPT', '2025-07-09', [['TENBROWN', null, 'RENT', 12_345]], [['CASH', 12_345]]);
    await reverseOn(books, wrong.id, '2025-07-10');
    await setPeriod(2025, 8);
    await post(books, 'PAYMENT', '2025-08-14', [['OWNSMITH', '101', 'DISBURSE', -30_005]], [['EFT', -30_005]]);
    await setPeriod(2025, 9);
    // An owner's bank details changed in the year, as the entity routes log it.
    const smith = await books.selectFrom('entity').selectAll().where('code', '=', 'OWNSMITH').executeTakeFirstOrThrow();
    await writeLog(api.db.control, {
      database: AUDIT, severity: 'CHANGE', routine: 'entity', method: 'PUT', apicall: '/entity/OWNSMITH', recordKey: 'OWNSMITH', identity: 'CLERK1',
      message: 'Entity OWNSMITH updated', before: smith, after: { ...smith, bank_account_number: '99998888', address: '9 Hill St' },
    });
    await api.db.control.updateTable('system_log').set({ date: new Date('2025-08-20T03:00:00Z') }).where('database', '=', AUDIT).where('routine', '=', 'entity').execute();
  }, 60_000);

  it('packs the year: trial balances at each month end, postings, an hledger journal hledger checks with the trial balance, registers, change log and index', async () => {
    const pack = await endOfMonthReports({ year: 2026, mode: 'ZIP' }, 'auditpack', AUDIT);
    if (!('zip' in pack)) throw new Error(pack.error);
    expect(pack.filename).toBe(`AuditorsPack-${AUDIT}-FY2026.zip`);
    const names = Object.keys(pack.zip);
    expect(names.filter((n) => n.startsWith('TrialBalances/TrialBalance-'))).toHaveLength(12);
    expect(names).toEqual(expect.arrayContaining(['Index.pdf', 'Index.csv', 'Ledger/Postings.csv', 'Ledger/CashLines.csv', 'Ledger/trust-FY2026.journal',
      'Registers/ReceiptRegister.csv', 'Registers/PaymentRegister.csv', 'Registers/BankingRegister.csv', 'Registers/ReceiptReversals.csv',
      'Reconciliations/Reconciliations.csv', 'Reconciliations/Reconciliations.pdf', 'DebitOccurrences.csv', 'ChangeLog.csv']));
    const textOf = (name: string) => Buffer.from(pack.zip[name]!).toString('utf8');

    // The journal opens with June's balance carried in; hledger accepts it and its balances are our trial balances.
    const journal = textOf('Ledger/trust-FY2026.journal');
    expect(journal).toContain('2025-07-01 Opening balances');
    for (const [end, day] of [['2025-08-01', '2025-07-31'], ['2026-07-01', '2026-06-30']] as const) {
      const hledger = hledgerBalances(journal, end);
      if (!hledger) continue;
      expect(hledger.balances, `balances before ${end}`).toEqual(balancesFromTrialBalance(textOf(`TrialBalances/TrialBalance-${day}.csv`)));
    }
    const postings = csvRows(pack.zip['Ledger/Postings.csv']!);
    expect(postings.slice(1).every((r) => r[0]! >= '2025-07-01' && r[0]! <= '2026-06-30')).toBe(true);
    expect(postings).toHaveLength(1 + 6);

    // Registers are the cash book of the year: 80,000 + 12,345 in; 12,345 + 30,005 out.
    const receipts = csvRows(pack.zip['Registers/ReceiptRegister.csv']!);
    expect(receipts.at(-1)!.at(-1)).toBe('923.45');
    const payments = csvRows(pack.zip['Registers/PaymentRegister.csv']!);
    expect(payments.at(-1)!.at(-1)).toBe('423.50');

    const changes = csvRows(pack.zip['ChangeLog.csv']!);
    expect(changes.slice(1).map((r) => [r[1], r[2], r[4], r[5], r[6]])).toEqual([
      ['CLERK1', 'OWNSMITH', 'address', '1 Beach Rd', '9 Hill St'],
      ['CLERK1', 'OWNSMITH', 'bank_account_number', '11112222', '99998888'],
    ]);
    expect(renderedPages(pack.zip['Index.pdf']!)).toBeGreaterThan(0);
    expect(pdfFigures(pack.zip['Index.pdf']!)).toMatch(/Cash book at 2026-06-30\s+\$1,999\.95/);
    const index = csvRows(pack.zip['Index.csv']!);
    expect(index.map((r) => r[0]).slice(1)).toEqual(names.filter((n) => !n.startsWith('Index.')));
  });

  it('answers the pack as a download when asked to view it', async () => {
    const pack = await endOfMonthReports({ year: 2026, mode: 'VIEW' }, 'auditpack', AUDIT);
    if (!('zip' in pack)) throw new Error(pack.error);
    expect(Object.keys(pack.zip)).toContain('Index.csv');
  });

  it('refuses a financial year that has not started', async () => {
    expect(await endOfMonthReports({ year: 2099 }, 'auditpack', AUDIT)).toEqual({ error: 'The financial year 2098–2099 has not started' });
  });
});
