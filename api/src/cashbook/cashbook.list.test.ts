import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyTables } from '../db/schema.js';
import { openPeriod, postTxns } from '../ledger/ledger.js';
import type { TxnDraft } from '../ledger/posting-rules.js';
import { addTestParties } from '../testing/parties.js';
import { type TestApi, startTestApi } from '../testing/test-api.js';

/** The receipts list pages on the server: 10,000 receipts, page 3 of 25, exact totals (timed in npm run bench, not here). */
const COUNT = 10_000;
let api: TestApi;
let db: Kysely<CompanyTables>;
let period: { year: number; month: number; first: string; last: string };
const expected: { id: number; date: string; cents: number }[] = [];

beforeAll(async () => {
  api = await startTestApi();
  db = api.db.company('co_demotrust');
  await addTestParties(db);
  period = await openPeriod(db);
  const days = Number(period.last.slice(8));
  const drafts: TxnDraft[] = [];
  for (let i = 0; i < COUNT; i++) {
    const date = `${period.first.slice(0, 8)}${String((i % days) + 1).padStart(2, '0')}`;
    const cents = 100 + ((i * 7919) % 100_000);
    const to = i % 3 === 0 ? { entity: 'OWNSMITH', door: i % 2 ? '101' : '102' } : i % 3 === 1 ? { entity: 'OWNJONES', door: '201' } : { entity: 'TENBROWN', door: null };
    drafts.push({
      kind: 'RECEIPT', date, memo: `Bulk receipt ${i}`,
      postings: [{ ...to, accountId: 'OWNFUNDS', amount: cents, description: 'bulk' }],
      cashbook: [{ date, method: 'EFT', amount: cents, payer: i === 4242 ? 'Needle Haystack Pty' : 'Bulk payer' }],
    });
  }
  const posted = await db.transaction().execute((trx) => postTxns(trx, 'TEST', drafts));
  posted.forEach((p, i) => expected.push({ id: p.id, date: drafts[i]!.date, cents: drafts[i]!.postings[0]!.amount }));
}, 600_000);
afterAll(() => api.close());

describe('GET /api/cashbook/receipt/list with 10,000 receipts', () => {
  it('answers page 3 of 25 with exact totals', async () => {
    const res = await api.call('GET', `/api/cashbook/receipt/list?year=${period.year}&month=${period.month}&page=3&pageSize=25`);
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(COUNT);
    expect(Math.round(res.body.totalAmount * 100)).toBe(expected.reduce((a, e) => a + e.cents, 0));
    const order = [...expected].sort((a, b) => (a.date === b.date ? b.id - a.id : a.date < b.date ? 1 : -1));
    expect(res.body.data.map((r: { id: number }) => r.id)).toEqual(order.slice(50, 75).map((e) => e.id));
    expect(res.body.data.map((r: { amount: number }) => Math.round(r.amount * 100))).toEqual(order.slice(50, 75).map((e) => e.cents));
    expect(res.body.data.every((r: { _candelete: boolean }) => !r._candelete)).toBe(true);
  });

  it('searches the whole set on the server and still pages', async () => {
    const res = await api.call('GET', '/api/cashbook/receipt/list?search=haystack');
    expect(res.body.total).toBe(1);
    expect(res.body.data[0]).toMatchObject({ payer: 'Needle Haystack Pty', memo: 'Bulk receipt 4242' });
    const last = await api.call('GET', `/api/cashbook/receipt/list?page=${COUNT / 500}&pageSize=500`);
    expect(last.body.data).toHaveLength(500);
    expect(last.body.data.at(-1).ref).toBe('1');
    expect(last.body.data.some((r: { _candelete: boolean }) => r._candelete)).toBe(false);
    const first = await api.call('GET', '/api/cashbook/receipt/list?pageSize=1');
    expect(first.body.total).toBe(COUNT);
    const tooBig = await api.call('GET', '/api/cashbook/receipt/list?pageSize=10000');
    expect(tooBig.status).toBe(400);
  });
});
