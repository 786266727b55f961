import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany } from '../companies/companies.js';
import { schemaNameFor } from '../db/open.js';
import { postTxn } from '../ledger/ledger.js';
import { type TestApi, startTestApi } from '../testing/test-api.js';

/**
 * Size check (run with BENCH=1): 1,000 owners with 3 doors each, 2,000 pending charges. The
 * preview reads ledger_balance and grouped charges only, never postings, so the number of
 * postings does not change its cost. Target: GET under 2 s.
 */
const OWNERS = Number(process.env.BENCH_OWNERS ?? 1000);
let api: TestApi;
beforeAll(async () => {
  if (process.env.BENCH) api = await startTestApi();
});
afterAll(() => api?.close());

describe.skipIf(!process.env.BENCH)('disbursement on a big company', () => {
  it(`previews ${OWNERS} owners within 2 s and posts them all`, { timeout: 900_000 }, async () => {
    const now = new Date();
    await createCompany(api.db, {
      code: 'BIGCO', companyName: 'Big Lettings', year: now.getFullYear(), month: now.getMonth() + 1,
      settings: { bank_code: 'WBC', bank_account_name: 'Big Trust', bank_bsb: '032-000', bank_account_number: '999999', bank_account_id: '123456' },
    });
    await api.db.control.insertInto('user_company').values({ user_id: api.config.adminUser.toUpperCase(), company_code: 'BIGCO' }).execute();
    const db = api.db.company(schemaNameFor('BIGCO'));
    const today = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
    const codes = Array.from({ length: OWNERS }, (_, i) => `OWN${String(i).padStart(5, '0')}`);
    const base = { type: 'OWNER', disburse_method: 'EFT', hold_this_month: 0, hold_always: 0, statement_format: 'DET', statement_show_pending: true, statement_show_summary: true,
      is_agent: false, commission: 0, room_rate_has_commission_deducted: false, apply_fees_to_gross: false, budget: 0, charge_release_override: false };
    await db.insertInto('entity').values(codes.map((code, i) => ({ ...base, code, name: `Owner ${i}`, bank_bsb: '062-001', bank_account_number: String(10000000 + i), bank_account_name: `Owner ${i}` }))).execute();
    await db.insertInto('unit').values(codes.flatMap((code, i) => [0, 1, 2].map((d) => ({ door: `D${i}-${d}`, name: `Unit ${i}-${d}`, entity: code })))).execute();
    for (const [i, code] of codes.entries()) {
      const postings = [0, 1, 2].map((d) => ({ entity: code, door: `D${i}-${d}`, accountId: 'OWNFUNDS', amount: 100_000 + d * 1_000 + i, description: 'rent' }));
      await db.transaction().execute((trx) => postTxn(trx, 'BENCH', { kind: 'RECEIPT', date: today, memo: 'rent', postings, cashbook: [{ date: today, method: 'EFT', amount: postings.reduce((a, p) => a + p.amount, 0) }] }));
    }
    for (const [i, code] of codes.entries()) {
      for (const d of [0, 1]) {
        const row = await db.insertInto('charge').values({ ref: `B${i}-${d}`, date: today, payer_type: 'OWNER', entity: code, door: `D${i}-${d}`, recipient_type: 'BUSINESS', recipient: 'BUSINESS', memo: 'Fee', user_id: 'BENCH' }).returning('id').executeTakeFirstOrThrow();
        await db.insertInto('charge_item').values({ charge_id: row.id, account_id: 'MGMTFEE', recipient_entity: 'BUSINESS', door: `D${i}-${d}`, description: 'Fee', amount: 5_000 }).execute();
      }
    }
    const call = (method: string, body?: unknown) => api.call(method, '/api/disburse', { database: 'BIGCO', body });
    await call('GET');
    const started = performance.now();
    const res = await call('GET');
    const ms = performance.now() - started;
    console.log(`GET /api/disburse: ${res.body.data.length} rows in ${ms.toFixed(0)} ms on ${api.db.kind}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(OWNERS);
    expect(ms).toBeLessThan(2000);

    const postStarted = performance.now();
    const posted = await call('POST', res.body.data);
    console.log(`POST /api/disburse: ${posted.body.data?.count} payees in ${(performance.now() - postStarted).toFixed(0)} ms`);
    expect(posted.status).toBe(200);
    expect(posted.body.data.count).toBe(OWNERS);
  });
});
