import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany } from '../companies/companies.js';
import { type TestApi, startTestApi } from '../testing/test-api.js';
import { insertUser } from '../testing/users.js';
import { addMember } from './membership.js';
import { supportToken } from './test-support.js';

/**
 * Issue 8 item 1: a user who belongs to companies A (DEMOTRUST) and B (BCO) must be safe from
 * B's administrator in everything that touches A: the password, e-mail and name that open A, the
 * permissions and `inactive` of A's membership, and A's access on delete. Since issue 17 users are
 * changed only by support (spec 3 §6), whose changes made in B still stay in B.
 */
let api: TestApi;
let bAdmin: string;
let support: string;
const B = 'BCO';
const profile = { name: 'Shared Bookkeeper', email: 'shared@seaside.example', desktopRows: 25, mobileRows: 20 };

const snapshot = async () => JSON.stringify([
  await api.db.control.selectFrom('app_user').selectAll().where('id', '=', 'SHARED1').execute(),
  await api.db.control.selectFrom('user_company').selectAll().where('user_id', '=', 'SHARED1').orderBy('company_code').execute(),
]);
const membershipIn = (code: string) => api.db.control.selectFrom('user_company').selectAll().where('user_id', '=', 'SHARED1').where('company_code', '=', code).executeTakeFirst();

beforeAll(async () => {
  api = await startTestApi();
  await createCompany(api.db, { code: B, companyName: 'B Lettings', year: 2026, month: 11 });
  await insertUser(api.db, { id: 'BADMIN', usertype: 'ADMIN', password: 'b-admin-pass-1', companies: { [B]: { p_is_admin: true } } });
  await insertUser(api.db, { id: 'SHARED1', ...profile, password: 'shared-pass-1', companies: { DEMOTRUST: { p_accounting: true, p_entry_receipts: true }, [B]: { p_dashboard: true } } });
  bAdmin = await api.signIn('BADMIN', 'b-admin-pass-1');
  support = await supportToken(api);
});
afterAll(() => api.close());

describe("B's administrator and a user who also belongs to A", () => {
  it('cannot change the password, e-mail, name, expiry or user type, and nothing changes', async () => {
    for (const change of [{ password: 'taken-over-1' }, { email: 'attacker@b.example' }, { name: 'Renamed by B' }, { expiry: '2026-12-01' }, { usertype: 'ADMIN' }]) {
      const before = await snapshot();
      const res = await api.call('PUT', '/api/user/SHARED1', { token: bAdmin, database: B, body: { ...profile, ...change } });
      expect(res.status, JSON.stringify(change)).toBe(403);
      expect(res.body).toMatchObject({ error: true, status: 403 });
      expect(await snapshot()).toBe(before);
    }
    expect((await api.signIn('SHARED1', 'shared-pass-1')).length).toBeGreaterThan(20);
  });

  it("reads B's permissions; support's change in B leaves A as it was, B's administrator changes nothing", async () => {
    const read = await api.call('GET', '/api/user/SHARED1', { token: bAdmin, database: B });
    expect(read.body.data.permissions).toEqual({ p_dashboard: true });
    const a = await membershipIn('DEMOTRUST');
    const before = await snapshot();
    expect((await api.call('PUT', '/api/user/SHARED1', { token: bAdmin, database: B, body: { ...profile, permissions: { p_is_admin: true } } })).status).toBe(403);
    expect(await snapshot()).toBe(before);
    const res = await api.call('PUT', '/api/user/SHARED1', { token: support, database: B, body: { ...profile, permissions: { p_is_admin: true }, inactive: true } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await membershipIn(B)).toMatchObject({ permissions: { p_is_admin: true }, inactive: true });
    expect(await membershipIn('DEMOTRUST')).toEqual(a);
    const token = await api.signIn('SHARED1', 'shared-pass-1');
    expect((await api.call('GET', '/api/cashbook/receipt', { token })).status).not.toBe(401);
    expect((await api.call('GET', '/api/category', { token })).status).toBe(403);
    expect((await api.call('GET', '/api/category', { token, database: B })).status).toBe(401);
  });

  it('cannot reach A at all: not with A in X-Database, not the user seen from A', async () => {
    const before = await snapshot();
    expect((await api.call('PUT', '/api/user/SHARED1', { token: bAdmin, body: { ...profile, permissions: { p_is_admin: true } } })).status).toBe(403);
    expect((await api.call('DELETE', '/api/user/SHARED1', { token: bAdmin })).status).toBe(403);
    expect((await api.call('GET', '/api/user/SHARED1', { token: bAdmin })).status).toBe(403);
    expect((await api.call('GET', '/api/user/list', { token: bAdmin })).status).toBe(403);
    expect(await snapshot()).toBe(before);
  });

  it('deleting in B removes B only: the user and their access to A stay', async () => {
    expect((await api.call('DELETE', '/api/user/SHARED1', { token: bAdmin, database: B })).status).toBe(403);
    const res = await api.call('DELETE', '/api/user/SHARED1', { token: support, database: B });
    expect(res.body.data).toEqual({ id: 'SHARED1', removed: 'access' });
    expect(await membershipIn(B)).toBeUndefined();
    expect(await membershipIn('DEMOTRUST')).toMatchObject({ permissions: { p_accounting: true, p_entry_receipts: true }, inactive: false });
    expect((await api.signIn('SHARED1', 'shared-pass-1')).length).toBeGreaterThan(20);
  });

  it('support and the user may change the identity; not even an administrator of every company the user belongs to', async () => {
    await addMember(api.db.control, 'SHARED1', B, { p_dashboard: true });
    await addMember(api.db.control, 'ADMIN', B, { p_is_admin: true });
    expect((await api.call('PUT', '/api/user/SHARED1', { database: B, body: { ...profile, password: 'reset-by-both-1' } })).status).toBe(403);
    const reset = await api.call('PUT', '/api/user/SHARED1', { token: support, database: B, body: { ...profile, password: 'reset-by-both-1' } });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expect((await api.call('PUT', '/api/user/SHARED1', { token: support, body: { ...profile, name: 'Shared Bookkeeper Two' } })).status).toBe(200);
    const self = await api.signIn('SHARED1', 'reset-by-both-1');
    expect((await api.call('PUT', '/api/user/SHARED1', { token: self, database: B, body: { ...profile, name: 'Shared Bookkeeper Three' } })).status).toBe(200);
  });
});
