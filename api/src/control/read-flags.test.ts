import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { ReadCache } from '../http/read-cache.js';
import { addTestParties } from '../testing/parties.js';
import { type TestApi, startTestApi } from '../testing/test-api.js';
import { insertUser } from '../testing/users.js';

/** Issue 8 item 20: a user with only the dashboard reads what the shell needs, nothing more. */
let api: TestApi;
let viewer: string;
let clerk: string;
let setup: string;
beforeAll(async () => {
  api = await startTestApi();
  await addTestParties(api.db.company('co_demotrust'));
  await insertUser(api.db, { id: 'VIEWER1', password: 'viewer-pass-1', companies: { DEMOTRUST: { p_dashboard: true } } });
  // What the menu asks of the Receipts screen: Management (p_mgt), Transactions, Receipts.
  await insertUser(api.db, { id: 'CLERK1', password: 'clerk-pass-1', companies: { DEMOTRUST: { p_mgt: true, p_transaction: true, p_entry_receipts: true } } });
  await insertUser(api.db, { id: 'SETUP1', password: 'setup-pass-1', companies: { DEMOTRUST: { p_mgt: true, p_set_up: true } } });
  viewer = await api.signIn('VIEWER1', 'viewer-pass-1');
  clerk = await api.signIn('CLERK1', 'clerk-pass-1');
  setup = await api.signIn('SETUP1', 'setup-pass-1');
});

/** The refusal of spec 1 §8: the error shape with status 403, naming the flags that would do. */
const refusedForFlags = (res: { status: number; body: any }) => {
  expect(res.status).toBe(403);
  expect(res.body).toMatchObject({ error: true, status: 403, message: expect.stringMatching(/^Permission p_entities or .* is required for /) });
};
afterAll(() => api.close());

describe('reads by flag', () => {
  it('control settings: the start-up fields for everyone, the trust bank account and booking link with the Control Settings flags only', async () => {
    const mine = await api.call('GET', '/api/control', { token: viewer });
    expect(mine.status).toBe(200);
    expect(mine.body.data).toMatchObject({ current_year: expect.any(Number), current_month: expect.any(Number) });
    for (const key of ['bank_bsb', 'bank_account_number', 'bank_account_name', 'bank_code', 'bank_account_id', 'gp_host', 'gp_user', 'gp_pwd_set', 'gp_pwd']) {
      expect(mine.body.data).not.toHaveProperty(key);
    }
    // What the receipts screen prints stays readable by those who enter receipts; p_mgt, which
    // every Management screen needs, does not show the trust account.
    const clerks = await api.call('GET', '/api/control', { token: clerk });
    expect(clerks.body.data).toHaveProperty('receipt_text');
    expect(clerks.body.data).not.toHaveProperty('bank_account_number');
    expect(clerks.body.data).not.toHaveProperty('gp_host');
    // The Control Settings screen's flags (the Setup tab and its item) do, as p_is_admin does.
    expect((await api.call('GET', '/api/control', { token: setup })).body.data).toMatchObject({ bank_bsb: '062-000', bank_account_number: '12345678', gp_pwd_set: expect.any(Boolean) });
    expect((await api.call('GET', '/api/control')).body.data).toMatchObject({ bank_bsb: '062-000', bank_account_number: '12345678', gp_pwd_set: expect.any(Boolean) });
  });

  it("a party's balance needs the flag of a screen that shows it, one party or many", async () => {
    refusedForFlags(await api.call('GET', '/api/entity/balance/OWNSMITH', { token: viewer }));
    // Setup's Business screen shows the business's own balance, no other party's.
    expect((await api.call('GET', '/api/entity/balance/BUSINESS', { token: setup })).status).toBe(200);
    refusedForFlags(await api.call('GET', '/api/entity/balance/OWNSMITH', { token: setup }));
    refusedForFlags(await api.call('GET', '/api/entity/balance/BUSINESS', { token: viewer }));
    refusedForFlags(await api.call('POST', '/api/entity/balances', { token: viewer, body: { entities: ['OWNSMITH', 'OWNJONES'] } }));
    expect((await api.call('GET', '/api/entity/balance/OWNSMITH', { token: clerk })).status).toBe(200);
    const many = await api.call('POST', '/api/entity/balances', { token: clerk, body: { entities: ['OWNSMITH', 'OWNJONES'] } });
    expect(many.status).toBe(200);
    expect(Object.keys(many.body.data).sort()).toEqual(['OWNJONES', 'OWNSMITH']);
  });

  it("the parties' addresses in the lookups only for screens that show them; code and name for everyone", async () => {
    const full = await api.call('POST', '/api/lookup', { body: { lists: ['ENTITY'] } });
    expect(full.body.data.entity.find((e: { code: string }) => e.code === 'OWNSMITH')).toMatchObject({ address: '1 Beach Rd', town: 'Noosa', postcode: '4567' });
    for (const path of ['/api/lookup', '/api/control/info']) {
      for (const lists of [['ENTITY'], 'ALL']) {
        const mine = await api.call('POST', path, { token: viewer, body: { lists } });
        expect(mine.status).toBe(200);
        const smith = mine.body.data.entity.find((e: { code: string }) => e.code === 'OWNSMITH');
        expect(smith).toEqual({ code: 'OWNSMITH', type: 'OWNER', name: 'Jane Smith', inactive: false });
      }
    }
    // Receipt entry prints the payer's address on the Trust Account Receipt (as the payment memo and the invoice do).
    const clerks = await api.call('POST', '/api/lookup', { token: clerk, body: { lists: 'ALL' } });
    expect(clerks.body.data.entity.find((e: { code: string }) => e.code === 'OWNSMITH')).toMatchObject({ name: 'Jane Smith', address: '1 Beach Rd' });
  });

  it('keeps the answers with and without addresses apart in the read cache', async () => {
    // The test API reads around its cache (tests write behind its back): this app caches.
    const cached = createApp({ ...api.deps, reads: new ReadCache(60_000) });
    const admin = await api.signIn();
    const smith = async (token: string) => {
      const res = await cached.request('/api/lookup', {
        method: 'POST', body: JSON.stringify({ lists: ['ENTITY'] }),
        headers: { Authorization: `Bearer ${token}`, 'X-Database': 'DEMOTRUST', 'Content-Type': 'application/json' },
      });
      return ((await res.json()) as { data: { entity: { code: string }[] } }).data.entity.find((e) => e.code === 'OWNSMITH');
    };
    expect(await smith(admin)).toHaveProperty('address', '1 Beach Rd');
    expect(await smith(viewer)).not.toHaveProperty('address');
    expect(await smith(clerk)).toHaveProperty('address', '1 Beach Rd');
    expect(await smith(viewer)).toEqual({ code: 'OWNSMITH', type: 'OWNER', name: 'Jane Smith', inactive: false });
  });

  it('start of day with force=true runs only with p_daily_task; others get the state, not a refusal', async () => {
    await sql`insert into co_demotrust.control_setting (key, value) values ('last_start_date', '"2020-01-01"'::jsonb)
      on conflict (key) do update set value = excluded.value`.execute(api.db.root);
    const res = await api.call('GET', '/api/control/start?force=true', { token: viewer });
    expect(res.status).toBe(200);
    expect(res.body.data.ran).toBe(false);
    expect((await api.call('GET', '/api/control/start?force=true')).body.data.ran).toBe(true);
  });
});
