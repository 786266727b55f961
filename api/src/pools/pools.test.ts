import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityDefaults } from '../companies/starter-books.js';
import { jsonb } from '../db/open.js';
import type { CompanyTables } from '../db/schema.js';
import { openPeriod, postTxn } from '../ledger/ledger.js';
import { trustPosition } from '../ledger/trust-position.js';
import { addTestParties } from '../testing/parties.js';
import { type TestApi, startTestApi } from '../testing/test-api.js';
import { insertUser } from '../testing/users.js';

let api: TestApi;
let db: Kysely<CompanyTables>;

const balanceOf = async (entity: string) => (await db.selectFrom('ledger_balance').select(['door', 'balance']).where('entity', '=', entity).execute())
  .reduce((a, b) => a + Number(b.balance), 0);
const txns = async () => Number((await db.selectFrom('txn').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
const setPools = (on: boolean) => db.updateTable('control_setting').set({ value: jsonb(on) }).where('key', '=', 'enable_pools').execute();
const fund = async (entity: string, cents: number) => {
  const { first } = await openPeriod(db);
  await db.transaction().execute((trx) => postTxn(trx, 'TEST', { kind: 'RECEIPT', date: first, memo: 'pool income', postings: [{ entity, door: null, accountId: 'OWNFUNDS', amount: cents, description: 'income' }], cashbook: [{ date: first, method: 'EFT', amount: cents }] }));
};
const rowOf = async (code: string) => ((await api.call('GET', '/api/control/poolrelease')).body.data as { code: string }[]).find((r) => r.code === code) as any;

beforeAll(async () => {
  api = await startTestApi();
  db = api.db.company('co_demotrust');
  await addTestParties(db);
  await db.insertInto('entity').values([
    { ...entityDefaults, code: 'POOLRES', type: 'POOL', category: 'POOLS', name: 'Resort Pool' },
    { ...entityDefaults, code: 'POOLBAY', type: 'POOL', category: 'POOLS', name: 'Bay Pool' },
  ]).execute();
  await db.updateTable('unit').set({ pool_owner: 'POOLRES', days_in_pool: 200 }).where('door', 'in', ['101', '102']).execute();
  await db.updateTable('unit').set({ pool_owner: 'POOLRES', days_in_pool: 100 }).where('door', '=', '201').execute();
});
afterAll(() => api.close());

describe('owner pools', () => {
  it('are refused while enable_pools is off', async () => {
    await setPools(false);
    const res = await api.call('GET', '/api/control/poolrelease');
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: true, message: expect.stringContaining('not enabled') });
    expect((await api.call('PUT', '/api/pool/POOLRES', { body: { basis: 'UNITS', members: [] } })).status).toBe(409);
    await setPools(true);
  });

  it('saves a pool\'s basis and members and reads their units and nights', async () => {
    const res = await api.call('PUT', '/api/pool/POOLRES', { body: { basis: 'UNITS', members: [{ entity: 'OWNSMITH' }, { entity: 'ownjones' }] } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ code: 'POOLRES', basis: 'UNITS', members: [
      { entity: 'OWNJONES', units: 1, nights: 100 }, { entity: 'OWNSMITH', units: 2, nights: 400 },
    ] });
  });

  it('refuses members who are not owners, percentages not totalling 100, and unknown pools', async () => {
    const notOwner = await api.call('PUT', '/api/pool/POOLRES', { body: { members: [{ entity: 'SUPCLEAN' }] } });
    expect(notOwner).toMatchObject({ status: 400, body: { message: 'SUPCLEAN is not an owner' } });
    const percent = await api.call('PUT', '/api/pool/POOLRES', { body: { basis: 'PERCENT', members: [{ entity: 'OWNSMITH', percent: 60 }, { entity: 'OWNJONES', percent: 30 }] } });
    expect(percent).toMatchObject({ status: 400, body: { message: "Members' percentages total 90.00, not 100.00" } });
    expect((await api.call('PUT', '/api/pool/OWNSMITH', { body: { members: [] } })).status).toBe(404);
    expect((await api.call('GET', '/api/pool/POOLRES')).body.data.basis).toBe('UNITS');
  });

  it('releases a pool to its members pro rata by units, to the cent, in one balanced journal', async () => {
    await fund('POOLRES', 100_00);
    const position = await trustPosition(db);
    const row = await rowOf('POOLRES');
    expect(row).toMatchObject({ funds: 100, charges: 0, disburse: 100, members: [{ entity: 'OWNJONES', share: 33.33 }, { entity: 'OWNSMITH', share: 66.67 }] });
    const [smith, jones] = [await balanceOf('OWNSMITH'), await balanceOf('OWNJONES')];
    const res = await api.call('POST', '/api/control/poolrelease', { body: [{ pool: { entity: 'POOLRES', amount: 100 }, members: row.members }] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ error: false, message: '1 pool released: $100.00 to members' });
    expect(await balanceOf('POOLRES')).toBe(0);
    expect(await balanceOf('OWNSMITH') - smith).toBe(66_67);
    expect(await balanceOf('OWNJONES') - jones).toBe(33_33);
    // Smith's share is posted to his first unit in the pool.
    const posting = await db.selectFrom('posting').select(['door', 'amount']).where('entity', '=', 'OWNSMITH').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(posting).toMatchObject({ door: '101' });
    expect(await trustPosition(db)).toEqual(position);
  });

  it('splits by nights or set percent when the pool says so', async () => {
    await fund('POOLRES', 10_00);
    await api.call('PUT', '/api/pool/POOLRES', { body: { basis: 'NIGHTS', members: [{ entity: 'OWNSMITH' }, { entity: 'OWNJONES' }] } });
    expect((await rowOf('POOLRES')).members.map((m: any) => m.share)).toEqual([2, 8]);
    await api.call('PUT', '/api/pool/POOLRES', { body: { basis: 'PERCENT', members: [{ entity: 'OWNSMITH', percent: 12.5 }, { entity: 'OWNJONES', percent: 87.5 }] } });
    expect((await rowOf('POOLRES')).members.map((m: any) => m.share)).toEqual([8.75, 1.25]);
    expect((await api.call('POST', '/api/control/poolrelease', { body: [{ pool: { entity: 'POOLRES', amount: 10 }, members: [] }] })).status).toBe(200);
    expect(await balanceOf('POOLRES')).toBe(0);
  });

  it('keeps holds back, refuses a pool with charges or a stale amount, and posts nothing then', async () => {
    // No units in this pool: under UNITS nobody would share, so its one member has a set 100 %.
    await api.call('PUT', '/api/pool/POOLBAY', { body: { basis: 'PERCENT', members: [{ entity: 'OWNSMITH', percent: 100 }] } });
    await fund('POOLBAY', 50_00);
    await db.updateTable('entity').set({ hold_always: '1000', hold_this_month: '500' }).where('code', '=', 'POOLBAY').execute();
    expect(await rowOf('POOLBAY')).toMatchObject({ funds: 50, hold_always: 10, hold_this_month: 5, disburse: 35 });
    const before = await txns();
    const stale = await api.call('POST', '/api/control/poolrelease', { body: [{ pool: { entity: 'POOLBAY', amount: 50 }, members: [] }] });
    expect(stale).toMatchObject({ status: 409, body: { message: expect.stringContaining('differs from what can be released now ($35.00)') } });

    // A pending charge the pool pays (inserted here as month end's fees or a booking would raise it).
    const { id } = await db.insertInto('charge').values({ ref: 'PC1', date: (await openPeriod(db)).first, payer_type: 'POOL', entity: 'POOLBAY', door: null, recipient_type: 'SUPPLIER', recipient: 'SUPCLEAN', recipient_door: null, source_ref: null, memo: 'Pool cleaning', name: 'Pool cleaning', released_txn: null, user_id: 'TEST', created_at: new Date() }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('charge_item').values({ charge_id: id, account_id: 'CLEAN', recipient_entity: 'SUPCLEAN', door: null, description: 'Clean', amount: 500 }).execute();
    expect(await rowOf('POOLBAY')).toMatchObject({ charges: 5, disburse: 0, balance: 30 });
    const charged = await api.call('POST', '/api/control/poolrelease', { body: [{ pool: { entity: 'POOLBAY', amount: 35 }, members: [] }] });
    expect(charged).toMatchObject({ status: 409, body: { message: expect.stringContaining('unreleased charges of $5.00') } });
    expect(await txns()).toBe(before);
  });

  it('takes a charge payable by a pool on the Charges route (payer type POOL) only while pools are enabled, from no door', async () => {
    const charge = (over: Record<string, unknown> = {}) => ({
      date: '', payer_type: 'POOL', entity: 'POOLBAY', door: null, recipient_type: 'SUPPLIER', recipient: 'SUPCLEAN', memo: 'Pool fence repair', name: 'Bay Pool',
      items: [{ account_id: 'CLEAN', description: 'Fence', amount: 20 }], ...over,
    });
    const date = (await openPeriod(db)).first;
    const before = (await rowOf('POOLBAY')).charges;
    const ok = await api.call('POST', '/api/charge', { body: charge({ date }) });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(await db.selectFrom('charge').select(['payer_type', 'entity', 'door', 'status']).where('ref', '=', ok.body.data.ref).executeTakeFirstOrThrow())
      .toEqual({ payer_type: 'POOL', entity: 'POOLBAY', door: null, status: 'PENDING' });
    // Release Pool Funds counts it: the pool is not released while it has charges.
    expect((await rowOf('POOLBAY')).charges).toBe(before + 20);
    const withDoor = await api.call('POST', '/api/charge', { body: charge({ date, door: '101' }) });
    expect(withDoor).toMatchObject({ status: 400, body: { errors: [{ path: 'door' }] } });
    const notPool = await api.call('POST', '/api/charge', { body: charge({ date, entity: 'OWNSMITH' }) });
    expect(notPool).toMatchObject({ status: 400, body: { message: 'OWNSMITH is a OWNER, not a POOL' } });
    await setPools(false);
    try {
      const off = await api.call('POST', '/api/charge', { body: charge({ date }) });
      expect(off).toMatchObject({ status: 409, body: { message: expect.stringContaining('not enabled') } });
    } finally {
      await setPools(true);
    }
  });

  it('needs p_entry_disbursement to release and p_entities to edit members', async () => {
    await insertUser(api.db, { id: 'POOLVIEW', password: 'pool-view-2026', companies: { DEMOTRUST: { p_accounting: true } } });
    const token = await api.signIn('POOLVIEW', 'pool-view-2026');
    expect((await api.call('GET', '/api/control/poolrelease', { token })).status).toBe(403);
    expect((await api.call('POST', '/api/control/poolrelease', { token, body: [{ pool: { entity: 'POOLBAY', amount: 1 }, members: [] }] })).status).toBe(403);
    expect((await api.call('PUT', '/api/pool/POOLBAY', { token, body: { members: [] } })).status).toBe(403);
  });

  it('is refused during month end (the lock)', async () => {
    await db.insertInto('control_setting').values([{ key: 'monthend_lock_uuid', value: jsonb('lock-1') }, { key: 'monthend_lock_user', value: jsonb('SOMEONE') }]).execute();
    try {
      const res = await api.call('POST', '/api/control/poolrelease', { body: [{ pool: { entity: 'POOLBAY', amount: 1 }, members: [] }] });
      expect(res.status).toBe(423);
    } finally {
      await db.deleteFrom('control_setting').where('key', 'in', ['monthend_lock_uuid', 'monthend_lock_user']).execute();
    }
  });
});
