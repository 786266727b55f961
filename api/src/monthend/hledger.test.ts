import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyTables } from '../db/schema.js';
import { openPeriod } from '../ledger/ledger.js';
import { balancesFromTrialBalance, hledgerAvailable, hledgerBalances, journalFromExports } from '../testing/hledger.js';
import { monthEndCompany } from '../testing/monthend.js';
import { type TestApi, startTestApi } from '../testing/test-api.js';

/**
 * Issue 10 'Proof': the books a month end leaves, exported as postings and cash lines and read by
 * hledger, show the same balances as our trial balance, as at the closed month's last day and
 * as at the end of the month it opened (the monthly fees of start of day included).
 */
type Db = Kysely<CompanyTables>;
let api: TestApi;
let db: Db;
const CODE = 'MEND0003';
const text = async (path: string) => {
  const res = await api.call('GET', path, { database: CODE });
  expect(res.status, path).toBe(200);
  return res.body as string;
};

/** The books as at `date`, twice: from our trial balance, and from the exports through hledger. */
async function booksAt(date: string) {
  const journal = journalFromExports(await text(`/api/ledger/postings?from=2000-01-01&to=${date}`), await text(`/api/ledger/cashlines?from=2000-01-01&to=${date}`));
  const trial = balancesFromTrialBalance(await text(`/api/ledger/trialbalance?date=${date}&format=csv`));
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return { journal, trial, hledger: hledgerBalances(journal.journal, next.toISOString().slice(0, 10)) };
}

beforeAll(async () => {
  api = await startTestApi();
  db = await monthEndCompany(api.db, CODE, api.config.adminUser);
}, 60_000);
afterAll(() => api.close());

describe('month end read by hledger', () => {
  it("agrees with our trial balance at the closed month's end and at the next month's end", async () => {
    const closed = await openPeriod(db);
    await api.call('PUT', '/api/checklist/complete', { database: CODE, body: { type: 'MTHEND_PRE' } });
    expect((await api.call('POST', '/api/monthend/start', { database: CODE })).status).toBe(200);
    const run = await api.call('POST', '/api/monthend?wait=true', { database: CODE });
    expect(run.status, JSON.stringify(run.body)).toBe(200);
    const opened = await openPeriod(db);
    expect(opened.first > closed.last).toBe(true);

    for (const date of [closed.last, opened.last]) {
      const books = await booksAt(date);
      // Every txn balances, and the journal's sums are the trial balance, whatever is installed.
      for (const [name, t] of books.journal.txns) expect(t.lines.reduce((s, [, c]) => s + c, 0), name).toBe(0);
      expect(books.journal.sums).toEqual(books.trial);
      if (!books.hledger) continue;
      expect(books.hledger.total).toBe('0');
      expect(books.hledger.balances).toEqual(books.trial);
    }
    // The month end's own postings are in what hledger read: the release and the disbursement.
    const kinds = new Set([...(await booksAt(closed.last)).journal.txns.keys()].map((k) => k.split(' ')[0]));
    expect(kinds).toEqual(new Set(['RECEIPT', 'RELEASE', 'DISBURSE']));
    if (!hledgerAvailable()) console.warn('hledger is not installed: the balances were checked in the test only');
  });
});
