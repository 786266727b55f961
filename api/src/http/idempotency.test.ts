import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyTables } from '../db/schema.js';
import { openPeriod } from '../ledger/ledger.js';
import { balanceDrift, trustPosition, unbalancedTxns } from '../ledger/trust-position.js';
import { monthEndCompany } from '../testing/monthend.js';
import { addTestParties } from '../testing/parties.js';
import { type TestApi, startTestApi } from '../testing/test-api.js';
import { IDEMPOTENCY_HEADER, KEEP_KEYS_MS } from './idempotency.js';

/** Idempotency-Key on posting calls (issue 8 item 10): a retried or doubled request never posts twice. */
let api: TestApi;
let db: Kysely<CompanyTables>;
let D: string;

beforeAll(async () => {
  api = await startTestApi();
  db = api.db.company('co_demotrust');
  await addTestParties(db);
  D = (await openPeriod(db)).first;
});
afterAll(() => api.close());

const receipt = (amount: number, payer = 'Guest') => ({
  date: D, payer_type: 'OTHER', payer, method: 'EFT', memo: 'Keyed receipt',
  items: [{ selector: 'ACCOUNT', ref: 'OWNFUNDS', entity: 'OWNSMITH', door: '101', description: 'Stay', amount }],
});
const keyed = (key: string, body: unknown) => ({ body, headers: { [IDEMPOTENCY_HEADER]: key } });
const txnCount = async () => Number((await db.selectFrom('txn').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);

describe('Idempotency-Key on posting calls', () => {
  it('20 identical receipts sent at once with one key post once and all answer the same receipt', async () => {
    const before = await txnCount();
    const results = await Promise.all(Array.from({ length: 20 }, () => api.call('POST', '/api/cashbook/receipt', keyed('receipt-key-0001', receipt(125)))));
    for (const res of results) expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(new Set(results.map((r) => r.body.data.ref)).size).toBe(1);
    expect(results[0]!.body.message).toBe(`Receipt ${results[0]!.body.data.ref} posted`);
    expect(await txnCount()).toBe(before + 1);
    const position = await trustPosition(db);
    expect(position.cashbook).toBe(position.ledgers);
    expect(await unbalancedTxns(db)).toEqual([]);
    expect(await balanceDrift(db)).toEqual([]);
  });

  it('a retry with the same key and body replays the first answer and posts nothing', async () => {
    const first = await api.call('POST', '/api/cashbook/payment', keyed('payment-key-0001', { date: D, payer_type: 'OWNER', payer_entity: 'OWNSMITH', door: '101', method: 'EFT', amount: 10, memo: 'Owner payment' }));
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const before = await txnCount();
    const again = await api.call('POST', '/api/cashbook/payment', keyed('payment-key-0001', { date: D, payer_type: 'OWNER', payer_entity: 'OWNSMITH', door: '101', method: 'EFT', amount: 10, memo: 'Owner payment' }));
    expect(again).toEqual(first);
    expect(await txnCount()).toBe(before);
  });

  it('the same key with another body is a 422 and posts nothing', async () => {
    await api.call('POST', '/api/cashbook/receipt', keyed('receipt-key-0002', receipt(50)));
    const before = await txnCount();
    const other = await api.call('POST', '/api/cashbook/receipt', keyed('receipt-key-0002', receipt(51)));
    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({ error: true, status: 422, message: expect.stringContaining('different request') });
    const otherRoute = await api.call('POST', '/api/journal', keyed('receipt-key-0002', { date: D, memo: 'x', items: [] }));
    expect(otherRoute.status).toBe(400);
    expect(await txnCount()).toBe(before);
  });

  it('a refused request keeps no key: the corrected retry with the same key posts', async () => {
    const refused = await api.call('POST', '/api/cashbook/receipt', keyed('receipt-key-0003', { ...receipt(20), items: [{ ...receipt(20).items[0], entity: 'NOBODY' }] }));
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    const before = await txnCount();
    const ok = await api.call('POST', '/api/cashbook/receipt', keyed('receipt-key-0003', receipt(20)));
    expect(ok.status).toBe(200);
    expect(await txnCount()).toBe(before + 1);
  });

  it('journals, charges, release and disbursement replay too', async () => {
    const journal = { date: D, memo: 'Move funds', items: [
      { entity: 'OWNSMITH', door: '101', account_id: 'OWNFUNDS', description: 'Out', debit: 5 },
      { entity: 'OWNJONES', door: '201', account_id: 'OWNFUNDS', description: 'In', credit: 5 },
    ] };
    const charge = { date: D, entity: 'OWNSMITH', door: '101', name: 'Cleaning', memo: 'Clean', items: [{ account_id: 'OWNFUNDS', amount: 3 }] };
    for (const [path, body] of [['/api/journal', journal], ['/api/charge', charge]] as const) {
      const first = await api.call('POST', path, keyed(`again-${path.slice(5)}-1`, body));
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      const before = await txnCount();
      const chargesBefore = (await db.selectFrom('charge').select('id').execute()).length;
      expect(await api.call('POST', path, keyed(`again-${path.slice(5)}-1`, body))).toEqual(first);
      expect(await txnCount()).toBe(before);
      expect((await db.selectFrom('charge').select('id').execute()).length).toBe(chargesBefore);
    }
  });

  it('refuses a malformed key and keeps keys a day, purging older ones', async () => {
    const bad = await api.call('POST', '/api/cashbook/receipt', keyed('bad key!', receipt(1)));
    expect(bad.status).toBe(400);
    const keys = db as unknown as Kysely<{ idempotency_key: { key: string; created_at: Date } }>;
    const stored = await keys.selectFrom('idempotency_key').select('key').execute();
    expect(stored.map((k) => k.key)).toContain('receipt-key-0001');
    expect(KEEP_KEYS_MS).toBeGreaterThanOrEqual(24 * 60 * 60 * 1000);
  });
});

describe('Idempotency-Key on month end (a job, not one transaction)', () => {
  const CODE = 'IDEM0001';
  let books: Kysely<CompanyTables>;
  const monthEnd = (path: string, key: string | null, body?: unknown) =>
    api.call('POST', path, { database: CODE, body, headers: key ? { [IDEMPOTENCY_HEADER]: key } : {} });
  const runs = async () => ({
    closes: (await books.selectFrom('period_close').select('year').execute()).length,
    jobs: (await api.db.control.selectFrom('job').select('id').where('company', '=', CODE).where('kind', '=', 'monthend').execute()).length,
  });

  beforeAll(async () => {
    books = await monthEndCompany(api.db, CODE, api.config.adminUser);
  }, 60_000);

  it('a retried Start and Proceed with the same key and body answer the first answer and run nothing again', async () => {
    expect((await api.call('PUT', '/api/checklist/complete', { database: CODE, body: { type: 'MTHEND_PRE' } })).status).toBe(200);
    const started = await monthEnd('/api/monthend/start', 'monthend-start-0001');
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(await monthEnd('/api/monthend/start', 'monthend-start-0001')).toEqual(started);

    const before = await runs();
    const first = await monthEnd('/api/monthend?wait=true', 'monthend-run-0001', {});
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data.message).toMatch(/is Complete!/);
    expect(await runs()).toEqual({ closes: before.closes + 1, jobs: before.jobs + 1 });
    const again = await monthEnd('/api/monthend?wait=true', 'monthend-run-0001', {});
    expect(again).toEqual(first);
    expect(await runs()).toEqual({ closes: before.closes + 1, jobs: before.jobs + 1 });
    // Without the key the same call is refused: month end is no longer active.
    expect((await monthEnd('/api/monthend?wait=true', null, {})).status).toBe(409);
  });

  it('the same key with another body, query or route is a 422 and runs nothing', async () => {
    const before = await runs();
    for (const [path, body] of [['/api/monthend?wait=true', undefined], ['/api/monthend', {}], ['/api/monthend/start', undefined]] as const) {
      const other = await monthEnd(path, 'monthend-run-0001', body);
      expect(other.status, `${path} ${JSON.stringify(other.body)}`).toBe(422);
      expect(other.body).toMatchObject({ error: true, status: 422, message: expect.stringContaining('different request') });
    }
    expect(await runs()).toEqual(before);
  });

  it('two Proceeds sent at once with one key run month end once: the other is told the first is still being answered', async () => {
    expect((await api.call('PUT', '/api/checklist/complete', { database: CODE, body: { type: 'MTHEND_PRE' } })).status).toBe(200);
    expect((await monthEnd('/api/monthend/start', 'monthend-start-0002')).status).toBe(200);
    const before = await runs();
    const results = await Promise.all([1, 2].map(() => monthEnd('/api/monthend?wait=true', 'monthend-run-0002', {})));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)!.body.message).toMatch(/still being answered/);
    expect(await runs()).toEqual({ closes: before.closes + 1, jobs: before.jobs + 1 });
    // Once answered, the retry gets the answer.
    expect(await monthEnd('/api/monthend?wait=true', 'monthend-run-0002', {})).toEqual(results.find((r) => r.status === 200));
  });

  it('a refused Proceed gives its key back: the corrected retry with the same key runs', async () => {
    const refused = await monthEnd('/api/monthend?wait=true', 'monthend-run-0003', {});
    expect(refused.status).toBe(409);
    expect((await api.call('PUT', '/api/checklist/complete', { database: CODE, body: { type: 'MTHEND_PRE' } })).status).toBe(200);
    expect((await monthEnd('/api/monthend/start', 'monthend-start-0003')).status).toBe(200);
    const before = await runs();
    const ok = await monthEnd('/api/monthend?wait=true', 'monthend-run-0003', {});
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(await runs()).toEqual({ closes: before.closes + 1, jobs: before.jobs + 1 });
  });
});
