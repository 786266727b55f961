import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyTables } from '../db/schema.js';
import { openPeriod, postTxn } from '../ledger/ledger.js';
import { shiftMonth } from '../balances/summary.js';
import { type TestApi, startTestApi } from '../testing/test-api.js';
import { insertUser } from '../testing/users.js';
import { SNAPSHOT_MESSAGES } from './csv.js';

let api: TestApi;
let db: Kysely<CompanyTables>;
let open: { year: number; month: number; first: string };
/** A year wholly before the books (the test books start in the open period). */
let Y = 0;

const rows = async () => (await db.selectFrom('snapshot').selectAll().orderBy('year').orderBy('month').orderBy('account_id').execute())
  .map((r) => `${r.year}-${r.month} ${r.account_id}=${r.amount}`);
const importCsv = (lines: string[]) => api.call('POST', '/api/snapshot', { body: lines });
const summary = async (year: number) => (await api.call('GET', `/api/snapshot/summary/${year}`)).body.data as Record<string, unknown>[];

beforeAll(async () => {
  api = await startTestApi();
  db = api.db.company('co_demotrust');
  open = await openPeriod(db);
  Y = open.year - 1;
});
afterAll(() => api.close());

describe('snapshot import', () => {
  it('imports a good CSV: accounts by month, the years list, the summary Jan to Dec', async () => {
    const res = await importCsv([
      'Account,' + Array.from({ length: 12 }, () => Y).join(','),
      'Month,1,2,3,4,5,6,7,8,9,10,11,12',
      'COMMISS,1000,1100.50,"1,200.00",,,,,,,,,-5',
      'advert,10,20,30,40,50,60,70,80,90,100,110,120',
    ]);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ error: false, message: `Snapshot imported: 2 accounts for 12 months (Jan ${Y} to Dec ${Y})` });
    expect((await api.call('GET', '/api/snapshot/years')).body.data).toEqual([{ year: Y }]);
    expect(await summary(Y)).toEqual([
      { account_id: 'ADVERT', description: 'Advertising Levy', jan: 10, feb: 20, mar: 30, apr: 40, may: 50, jun: 60, jul: 70, aug: 80, sep: 90, oct: 100, nov: 110, dec: 120 },
      { account_id: 'COMMISS', description: 'Letting Commission', jan: 1000, feb: 1100.5, mar: 1200, apr: 0, may: 0, jun: 0, jul: 0, aug: 0, sep: 0, oct: 0, nov: 0, dec: -5 },
    ]);
  });

  it('refuses each malformed file with its message and imports nothing', async () => {
    const before = await rows();
    const future = shiftMonth(open.year, open.month, 1);
    const tooOld = shiftMonth(open.year, open.month, -61);
    const cases: [string[], string][] = [
      [['Year,2025'], SNAPSHOT_MESSAGES.empty],
      [['Year,25', 'Month,1', 'COMMISS,1'], SNAPSHOT_MESSAGES.year(2, '25')],
      [[`Year,${Y}`, 'Month,13', 'COMMISS,1'], SNAPSHOT_MESSAGES.month(2, '13')],
      [[`Year,${open.year}`, `Month,${open.month}`, 'COMMISS,1'], `Only past months, up to 5 years back, are accepted: ${['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][open.month - 1]} ${open.year} is not`],
      [[`Year,${future.year}`, `Month,${future.month}`, 'COMMISS,1'], 'Only past months, up to 5 years back, are accepted'],
      [[`Year,${tooOld.year}`, `Month,${tooOld.month}`, 'COMMISS,1'], 'Only past months, up to 5 years back, are accepted'],
      [[`Year,${Y},${Y}`, 'Month,3,3', 'COMMISS,1,2'], SNAPSHOT_MESSAGES.twice(`Mar ${Y}`)],
      [[`Year,${Y}`, 'Month,3'], SNAPSHOT_MESSAGES.noAccounts],
      [[`Year,${Y}`, 'Month,3', 'NOSUCH,1'], SNAPSHOT_MESSAGES.account(3, 'NOSUCH')],
      [[`Year,${Y}`, 'Month,3', 'COMMISS,1', 'COMMISS,2'], SNAPSHOT_MESSAGES.accountTwice(4, 'COMMISS')],
      [[`Year,${Y}`, 'Month,3', 'COMMISS,12.345'], SNAPSHOT_MESSAGES.amount(3, 2, '12.345')],
      [[`Year,${Y}`, 'Month,3', 'COMMISS,abc'], SNAPSHOT_MESSAGES.amount(3, 2, 'abc')],
      [[`Year,${Y}`, 'Month,3', 'COMMISS,1,2'], SNAPSHOT_MESSAGES.columns(3, 2, 1)],
      [['Year', 'Month', 'COMMISS'], SNAPSHOT_MESSAGES.noMonths],
    ];
    for (const [lines, message] of cases) {
      const res = await importCsv(lines);
      expect(res.status, lines.join(' | ')).toBe(400);
      expect(res.body.message, lines.join(' | ')).toContain(message);
      expect(res.body.error).toBe(true);
    }
    // A bad row after good ones imports none of them.
    const mixed = await importCsv([`Year,${Y}`, 'Month,6', 'COMMISS,999', 'ADVERT,1', 'NOSUCH,1']);
    expect(mixed.status).toBe(400);
    expect((await importCsv([])).status).toBe(400);
    expect(await rows()).toEqual(before);
  });

  it('replaces the months a new file names, and only those', async () => {
    const res = await importCsv([`Year,${Y},${Y}`, 'Month,2,3', 'COMMISS,7,8']);
    expect(res.status).toBe(200);
    const data = await summary(Y);
    expect(data.find((r) => r.account_id === 'COMMISS')).toMatchObject({ jan: 1000, feb: 7, mar: 8, dec: -5 });
    // ADVERT was not in the file: its February and March are gone (the month is replaced whole).
    expect(data.find((r) => r.account_id === 'ADVERT')).toMatchObject({ jan: 10, feb: 0, mar: 0, apr: 40 });
    expect(await rows()).not.toContain(`${Y}-2 ADVERT=20`);
  });

  it('feeds the revenue chart and Business Accounts where the ledger has no months', async () => {
    const chart = (await api.call('GET', '/api/control/revenuechart')).body.data;
    const y = chart.years.indexOf(Y);
    expect(y).toBeGreaterThanOrEqual(0);
    // January: COMMISS 1000 + ADVERT 10 (both income accounts); February: COMMISS 7 only.
    expect(chart.totals[y].slice(0, 3)).toEqual([1010, 7, 8]);
    const compared = await api.call('GET', `/api/ledger/business/summary?year=${open.year}&month=${open.month}&compare1=${Y}-01&compare2=${Y}-12`);
    expect(compared.status).toBe(200);
    expect(compared.body.data.rows.find((r: any) => r.account_id === 'COMMISS')).toMatchObject({ funds_compare1: 1000, funds_compare2: -5 });
  });

  it('rebuilds a year from the ledger for support users only', async () => {
    await db.transaction().execute((trx) => postTxn(trx, 'TEST', { kind: 'RECEIPT', date: open.first, memo: 'commission', postings: [{ entity: 'BUSINESS', door: null, accountId: 'COMMISS', amount: 123_45, description: 'commission' }], cashbook: [{ date: open.first, method: 'EFT', amount: 123_45 }] }));
    const admin = await api.call('POST', '/api/snapshot/rebuild', { body: { year: open.year, month: open.month } });
    expect(admin.status).toBe(403);
    const support = await api.signIn(api.config.supportUser, api.config.supportPassword);
    expect((await api.call('POST', '/api/snapshot/rebuild', { token: support, body: { year: open.year } })).body.message).toContain('Month must be chosen');
    const res = await api.call('POST', '/api/snapshot/rebuild', { token: support, body: { year: open.year, month: open.month } });
    expect(res.status).toBe(200);
    expect((await summary(open.year)).find((r) => r.account_id === 'COMMISS')).toMatchObject({ [['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'][open.month - 1]!]: 123.45 });
  });

  it('needs p_mgt', async () => {
    await insertUser(api.db, { id: 'SNAPVIEW', password: 'snap-view-2026', companies: { DEMOTRUST: { p_accounting: true } } });
    const token = await api.signIn('SNAPVIEW', 'snap-view-2026');
    expect((await api.call('GET', '/api/snapshot/years', { token })).status).toBe(403);
    expect((await api.call('POST', '/api/snapshot', { token, body: [`Year,${Y}`, 'Month,1', 'COMMISS,1'] })).status).toBe(403);
  });
});
