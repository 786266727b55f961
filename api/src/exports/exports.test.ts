import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { booksCompany, post } from '../balances/books-fixture.js';
import type { CompanyTables } from '../db/schema.js';
import { balancesFromTrialBalance, hledgerBalances, journalFromExports } from '../testing/hledger.js';
import { type TestApi, startTestApi } from '../testing/test-api.js';
import { centsText, csvField, csvLine } from '../documents/csv.js';
import { postingsCsv } from './ledger-export.js';

/**
 * EXPTEST (open period October 2026):
 *   RECEIPT 1 02/10 OWNSMITH 101 +1000.00 OWNFUNDS, EFT
 *   JOURNAL 1 05/10 OWNSMITH 101 −100.00 COMMISS, BUSINESS +100.00 COMMISS
 *   PAYMENT 1 10/10 OWNSMITH 101 −300.05 DISBURSE, EFT
 *   RECEIPT 2 12/10 TENBROWN +0.05 RENT, CASH
 */
let api: TestApi;
let db: Kysely<CompanyTables>;
let token: string;

async function raw(path: string): Promise<{ status: number; type: string | null; disposition: string | null; text: string }> {
  const res = await api.app.request(path, { headers: { Authorization: `Bearer ${token}`, 'X-Database': 'EXPTEST' } });
  return { status: res.status, type: res.headers.get('Content-Type'), disposition: res.headers.get('Content-Disposition'), text: await res.text() };
}

beforeAll(async () => {
  api = await startTestApi();
  token = await api.signIn();
  db = await booksCompany(api, 'EXPTEST');
  await post(db, 'RECEIPT', '2026-10-02', [['OWNSMITH', '101', 'OWNFUNDS', 100_000]], [['EFT', 100_000]]);
  await post(db, 'JOURNAL', '2026-10-05', [['OWNSMITH', '101', 'COMMISS', -10_000], ['BUSINESS', null, 'COMMISS', 10_000]]);
  await post(db, 'PAYMENT', '2026-10-10', [['OWNSMITH', '101', 'DISBURSE', -30_005]], [['EFT', -30_005]]);
  await post(db, 'RECEIPT', '2026-10-12', [['TENBROWN', null, 'RENT', 5]], [['CASH', 5]]);
});
afterAll(() => api.close());

describe('CSV text', () => {
  it('quotes per RFC 4180 and writes cents as dollars', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(null)).toBe('');
    expect(csvLine(['x', 'y,z', ''])).toBe('x,"y,z",\r\n');
    expect([0, 5, -5, 100, -30_005, 123_456_789].map(centsText)).toEqual(['0.00', '0.05', '-0.05', '1.00', '-300.05', '1234567.89']);
    expect(centsText('9007199254740993')).toBe('90071992547409.93');
  });
});

describe('GET /api/ledger/trialbalance', () => {
  it('answers CSV byte for byte', async () => {
    const res = await raw('/api/ledger/trialbalance?date=2026-10-31&format=csv');
    expect(res.status).toBe(200);
    expect(res.type).toBe('text/csv; charset=utf-8');
    expect(res.disposition).toBe('attachment; filename="trialbalance-EXPTEST-2026-10-31.csv"');
    expect(res.text).toBe(
      'type,code,door,account,balance\r\n' +
        'BUSINESS,BUSINESS,,COMMISS,100.00\r\n' +
        'OWNER,OWNSMITH,101,COMMISS,-100.00\r\n' +
        'OWNER,OWNSMITH,101,DISBURSE,-300.05\r\n' +
        'OWNER,OWNSMITH,101,OWNFUNDS,1000.00\r\n' +
        'TENANT,TENBROWN,,RENT,0.05\r\n' +
        'TOTAL,LEDGERS,,,700.00\r\n' +
        'CASHBOOK,TRUST,,,700.00\r\n',
    );
  });

  it('is as at the date: only txns dated on or before it', async () => {
    const res = await raw('/api/ledger/trialbalance?date=2026-10-07&format=csv');
    expect(res.text).toBe(
      'type,code,door,account,balance\r\nBUSINESS,BUSINESS,,COMMISS,100.00\r\nOWNER,OWNSMITH,101,COMMISS,-100.00\r\nOWNER,OWNSMITH,101,OWNFUNDS,1000.00\r\nTOTAL,LEDGERS,,,1000.00\r\nCASHBOOK,TRUST,,,1000.00\r\n',
    );
    // Most txns on or before the date: every posting less those dated after it.
    const subtracted = await raw('/api/ledger/trialbalance?date=2026-10-10&format=csv');
    expect(subtracted.text).toBe(
      'type,code,door,account,balance\r\nBUSINESS,BUSINESS,,COMMISS,100.00\r\nOWNER,OWNSMITH,101,COMMISS,-100.00\r\nOWNER,OWNSMITH,101,DISBURSE,-300.05\r\nOWNER,OWNSMITH,101,OWNFUNDS,1000.00\r\nTOTAL,LEDGERS,,,699.95\r\nCASHBOOK,TRUST,,,699.95\r\n',
    );
    const before = await raw('/api/ledger/trialbalance?date=2026-09-30&format=csv');
    expect(before.text).toBe('type,code,door,account,balance\r\nTOTAL,LEDGERS,,,0.00\r\nCASHBOOK,TRUST,,,0.00\r\n');
  });

  it('answers JSON in dollars, and refuses bad dates and formats', async () => {
    const res = await api.call('GET', '/api/ledger/trialbalance?date=2026-10-31&format=json', { database: 'EXPTEST' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ date: '2026-10-31', ledgers: 700, cashbook: 700 });
    expect(res.body.data.rows).toContainEqual({ type: 'OWNER', code: 'OWNSMITH', door: '101', account: 'DISBURSE', balance: -300.05 });
    for (const q of ['date=2026-13-01', 'date=yesterday', 'format=xlsx']) {
      expect((await api.call('GET', `/api/ledger/trialbalance?${q}`, { database: 'EXPTEST' })).status, q).toBe(400);
    }
  });
});

describe('GET /api/ledger/postings and /api/ledger/cashlines', () => {
  const POSTINGS =
    'date,ref,kind,party,door,account,amount\r\n' +
    '2026-10-02,1,RECEIPT,OWNSMITH,101,OWNFUNDS,1000.00\r\n' +
    '2026-10-05,1,JOURNAL,OWNSMITH,101,COMMISS,-100.00\r\n' +
    '2026-10-05,1,JOURNAL,BUSINESS,,COMMISS,100.00\r\n' +
    '2026-10-10,1,PAYMENT,OWNSMITH,101,DISBURSE,-300.05\r\n' +
    '2026-10-12,2,RECEIPT,TENBROWN,,RENT,0.05\r\n';
  const CASHLINES = 'date,ref,kind,method,amount\r\n2026-10-02,1,RECEIPT,EFT,1000.00\r\n2026-10-10,1,PAYMENT,EFT,-300.05\r\n2026-10-12,2,RECEIPT,CASH,0.05\r\n';

  it('answers every posting of the range byte for byte', async () => {
    const res = await raw('/api/ledger/postings?from=2026-10-01&to=2026-10-31&format=csv');
    expect(res.status).toBe(200);
    expect(res.type).toBe('text/csv; charset=utf-8');
    expect(res.disposition).toBe('attachment; filename="postings-EXPTEST-2026-10-01-2026-10-31.csv"');
    expect(res.text).toBe(POSTINGS);
    expect((await raw('/api/ledger/postings?from=2026-10-05&to=2026-10-10')).text).toBe(
      'date,ref,kind,party,door,account,amount\r\n2026-10-05,1,JOURNAL,OWNSMITH,101,COMMISS,-100.00\r\n2026-10-05,1,JOURNAL,BUSINESS,,COMMISS,100.00\r\n2026-10-10,1,PAYMENT,OWNSMITH,101,DISBURSE,-300.05\r\n',
    );
    expect((await raw('/api/ledger/cashlines?from=2026-10-01&to=2026-10-31')).text).toBe(CASHLINES);
  });

  it('streams page by page with the same result', async () => {
    const text = await new Response(await postingsCsv(db, '2026-10-01', '2026-10-31', 1)).text();
    expect(text).toBe(POSTINGS);
  });

  it('refuses a missing or reversed range', async () => {
    for (const q of ['from=2026-10-01', 'from=2026-10-31&to=2026-10-01', 'from=2026-10-01&to=2026-10-31&format=json']) {
      expect((await api.call('GET', `/api/ledger/postings?${q}`, { database: 'EXPTEST' })).status, q).toBe(400);
    }
  });
});

describe("an outsider's double-entry tool checks the books from the exports", () => {
  it('balances every txn, and its balances match the trial balance (hledger when installed, and here)', async () => {
    const asAt = '2026-10-31';
    // Journal text (testing/hledger.ts): a ledger amount is money held for the party (a liability
    // of the trust), a cash line money in the trust bank account (an asset).
    const { txns, journal, sums } = journalFromExports(
      (await raw(`/api/ledger/postings?from=2000-01-01&to=${asAt}`)).text,
      (await raw(`/api/ledger/cashlines?from=2000-01-01&to=${asAt}`)).text,
    );
    const expected = balancesFromTrialBalance((await raw(`/api/ledger/trialbalance?date=${asAt}&format=csv`)).text);

    // The equalities, checked here whatever is installed.
    for (const [name, t] of txns) expect(t.lines.reduce((s, [, c]) => s + c, 0), name).toBe(0);
    expect(sums).toEqual(expected);

    const tool = hledgerBalances(journal, '2026-11-01');
    if (!tool) {
      console.warn('hledger is not installed: the balance equalities were checked in the test only');
      return;
    }
    expect(tool.total).toBe('0');
    expect(tool.balances).toEqual(expected);
  });
});
