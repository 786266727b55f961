import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany } from '../companies/companies.js';
import { type TestApi, startTestApi } from '../testing/test-api.js';
import { insertUser } from '../testing/users.js';
import { addMember } from './membership.js';
import { USER_CHANGES_BY_SUPPORT } from '../contracts/users.js';
import { createStaff, supportToken } from './test-support.js';
import { userKey } from './user-key.js';

let api: TestApi;
/** Users are added, changed and removed with the super flag (spec 3 §6): support's token. */
let support: string;
beforeAll(async () => {
  api = await startTestApi();
  support = await supportToken(api);
});
afterAll(() => api.close());

const newUser = { id: 'jsmith', name: 'Jane Smith', password: 'jane-password-1', email: 'jane@seaside.example', usertype: 'USER', desktopRows: 30, mobileRows: 15, permissions: { p_dashboard: true, p_mgt: true } };
const userRows = () => api.db.control.selectFrom('app_user').selectAll().orderBy('id').execute();
const accessRows = () => api.db.control.selectFrom('user_company').selectAll().orderBy('user_id').execute();
const userLog = (id: string) => api.db.control.selectFrom('system_log').selectAll().where('routine', '=', 'app_user').where('record_key', '=', id).orderBy('id').execute();
const tinyPng = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

/** A refused user request (support's unless another token is given) changes no user and no access. */
async function refused(method: string, path: string, body: unknown, status: number, token?: string, error?: { path: string; msg: string }) {
  const before = JSON.stringify([await userRows(), await accessRows()]);
  const res = await api.call(method, path, { body, token: token ?? support });
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body).toMatchObject({ error: true, status });
  if (error) expect(res.body.errors).toContainEqual(error);
  expect(JSON.stringify([await userRows(), await accessRows()])).toBe(before);
  return res;
}

describe('creating users', () => {
  it('creates a user with access to this company, hashed password, upper-cased id, logged without the hash', async () => {
    const res = await api.call('POST', '/api/user', { token: support, body: { ...newUser, signature: tinyPng } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: 'Record Created', data: { id: 'JSMITH', name: 'Jane Smith', usertype: 'USER', desktopRows: 30, mobileRows: 15, signature: tinyPng } });
    expect(res.body.data).not.toHaveProperty('password_hash');
    const row = (await userRows()).find((u) => u.id === 'JSMITH')!;
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(await accessRows()).toContainEqual({ user_id: 'JSMITH', company_code: 'DEMOTRUST', permissions: { p_dashboard: true, p_mgt: true }, inactive: false });
    const log = await userLog('JSMITH');
    expect(log).toHaveLength(1);
    expect(JSON.stringify(log)).not.toContain('argon2');
    expect(log[0]!.after).toMatchObject({ id: 'JSMITH', signature: 'present' });
    expect((await api.signIn('jsmith', 'jane-password-1')).length).toBeGreaterThan(20);
  });

  it("refuses bad users with the spec's messages and creates nothing", async () => {
    const post = (body: object, error: { path: string; msg: string }, status = 400) => refused('POST', '/api/user', { ...newUser, id: 'NEWUSER', email: null, ...body }, status, undefined, error);
    await post({ id: '' }, { path: 'id', msg: 'Code is required' });
    await post({ id: 'ABCD' }, { path: 'id', msg: 'Must be at least 5 characters' });
    await post({ id: 'NEW USER' }, { path: 'id', msg: 'Code cannot contain spaces' });
    await post({ name: 'Jane' }, { path: 'name', msg: 'Must be at least 5 characters' });
    await post({ password: 'short' }, { path: 'password', msg: 'Password must be at least 8 characters' });
    await post({ password: undefined }, { path: 'password', msg: 'Password must be at least 8 characters' });
    await post({ email: 'jane@' }, { path: 'email', msg: 'Invalid email address format' });
    await post({ email: 'JANE@seaside.example' }, { path: 'email', msg: 'Email is already used by another user' }, 409);
    await post({ desktopRows: 5 }, { path: 'desktopRows', msg: 'Must be at least 10' });
    await post({ mobileRows: undefined }, { path: 'mobileRows', msg: 'Mobile rows is required' });
    await post({ usertype: 'BOSS' }, { path: 'usertype', msg: 'User Type must be Selected' });
    await post({ permissions: { p_mgt: true, p_everything: true } }, { path: 'permissions', msg: 'Unrecognized key: "p_everything"' });
    await post({ signature: 'data:image/gif;base64,R0lGODlhAQABAAAAACw=' }, { path: 'signature', msg: 'Signature must be a PNG or JPEG image' });
    const big = `data:image/png;base64,iVBORw0KGgo${'A'.repeat(210_000)}`;
    await post({ signature: big }, { path: 'signature', msg: 'Signature must be at most 150 KB' });
    await refused('POST', '/api/user', { ...newUser, email: null }, 409);
  });

  it("refuses every user change from an administrator without the super flag, with the Users screen's notice (spec 3 §6)", async () => {
    const admin = await api.signIn();
    const res = await refused('POST', '/api/user', { ...newUser, id: 'BYADMIN', email: null }, 403, admin);
    expect(res.body.message).toBe(USER_CHANGES_BY_SUPPORT);
    await refused('PUT', '/api/user/JSMITH', { ...newUser, email: null, password: undefined }, 403, admin);
    await refused('DELETE', '/api/user/JSMITH', undefined, 403, admin);
    // Support itself gives no god level without it.
    await refused('POST', '/api/user', { ...newUser, id: 'SUPER2', email: null, god_level: true }, 403);
  });
});

describe('reading and listing', () => {
  it('lists users of this company only, with inactive filtering and search', async () => {
    await createCompany(api.db, { code: 'OTHERCO02', companyName: 'Other Lettings', year: 2026, month: 11 });
    await insertUser(api.db, { id: 'OUTSIDER', name: 'Someone Else', usertype: 'ADMIN', password: 'outsider-1', companies: { OTHERCO02: { p_is_admin: true } } });
    const list = await api.call('GET', '/api/user/list');
    expect(list.body.data.map((u: { id: string }) => u.id)).toEqual(['ADMIN', 'JSMITH', 'SUPPORT']);
    expect(list.body.data[1]).toEqual({ id: 'JSMITH', name: 'Jane Smith', usertype: 'USER', email: 'jane@seaside.example', inactive: false, _pk: 'JSMITH' });
    expect((await api.call('GET', '/api/user/list?search=smi')).body.data.map((u: { id: string }) => u.id)).toEqual(['JSMITH']);
    expect((await api.call('GET', '/api/user/OUTSIDER')).status).toBe(404);
  });

  it('reads a user with permissions and signature, never the hash', async () => {
    const res = await api.call('GET', '/api/user/jsmith');
    expect(res.body.data).toMatchObject({ id: 'JSMITH', permissions: { p_dashboard: true, p_mgt: true }, signature: tinyPng, expiry: null, is_super: false, god_level: false, _candelete: true });
    expect(JSON.stringify(res.body)).not.toContain('argon2');
  });

  it('answers a stable user key', async () => {
    const res = await api.call('GET', '/api/user/key');
    expect(res.body).toEqual({ data: { userKey: userKey('DEMOTRUST', 'ADMIN') } });
    expect((await api.call('GET', '/api/user/key')).body.data.userKey).toBe(res.body.data.userKey);
  });
});

describe('updating users', () => {
  it('support changes name, permissions and password; the old password stops working', async () => {
    const res = await api.call('PUT', '/api/user/JSMITH', { token: support, body: { name: 'Jane Smith-Jones', email: 'jane@seaside.example', desktopRows: 40, mobileRows: 12, permissions: { p_dashboard: true, p_mgt: true, p_reports: true }, password: 'jane-password-2' } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'Jane Smith-Jones', desktopRows: 40, permissions: { p_reports: true }, signature: tinyPng });
    await expect(api.signIn('JSMITH', 'jane-password-1')).rejects.toThrow();
    expect((await api.signIn('JSMITH', 'jane-password-2')).length).toBeGreaterThan(20);
    const log = await userLog('JSMITH');
    expect(log.at(-1)!.message).toBe('User JSMITH updated (password changed)');
    expect(log.at(-1)!.before).toMatchObject({ name: 'Jane Smith' });
    expect(log.at(-1)!.after).toMatchObject({ name: 'Jane Smith-Jones' });
  });

  it('a user edits their own profile but not their own access', async () => {
    const token = await api.signIn('JSMITH', 'jane-password-2');
    const profile = { name: 'Jane S Jones', email: 'jane.jones@seaside.example', desktopRows: 50, mobileRows: 20, signature: null };
    const own = await api.call('PUT', '/api/user/jsmith', { token, body: { ...profile, permissions: { p_reports: true, p_mgt: true, p_dashboard: true } } });
    expect(own.status).toBe(200);
    expect(own.body.data).toMatchObject({ name: 'Jane S Jones', signature: null, _candelete: false });
    expect((await api.call('GET', '/api/user/JSMITH', { token })).status).toBe(200);
    await refused('PUT', '/api/user/JSMITH', { ...profile, permissions: { p_is_admin: true } }, 403, token);
    await refused('PUT', '/api/user/JSMITH', { ...profile, usertype: 'ADMIN' }, 403, token);
    await refused('PUT', '/api/user/JSMITH', { ...profile, is_super: true }, 403, token);
    await refused('PUT', '/api/user/ADMIN', { ...profile, name: 'Hijacked admin' }, 403, token);
    await refused('DELETE', '/api/user/ADMIN', undefined, 403, token);
    await refused('POST', '/api/user', { ...newUser, id: 'SNEAKY', email: null }, 403, token);
  });

  it('refuses god level from support without it, edits of support by an administrator, and making yourself inactive', async () => {
    const base = { name: 'Jane S Jones', email: 'jane.jones@seaside.example', desktopRows: 50, mobileRows: 20 };
    await refused('PUT', '/api/user/JSMITH', { ...base, god_level: true }, 403);
    await refused('PUT', '/api/user/SUPPORT', { name: 'Provider Support', desktopRows: 25, mobileRows: 20 }, 403, await api.signIn());
    await refused('PUT', '/api/user/SUPPORT', { name: 'Provider Support', desktopRows: 25, mobileRows: 20, inactive: true }, 400);
    await refused('PUT', '/api/user/JSMITH', { ...base, password: 'short' }, 400, undefined, { path: 'password', msg: 'Password must be at least 8 characters' });
    await refused('PUT', '/api/user/NOBODY1', base, 404);
  });

  it('a support user may give support access', async () => {
    const res = await api.call('PUT', '/api/user/JSMITH', { token: support, body: { name: 'Jane S Jones', desktopRows: 50, mobileRows: 20, usertype: 'SUPER', is_super: true } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ usertype: 'SUPER', is_super: true });
    await refused('PUT', '/api/user/JSMITH', { name: 'Jane S Jones', desktopRows: 50, mobileRows: 20, god_level: true }, 403, support);
    await api.call('PUT', '/api/user/JSMITH', { token: support, body: { name: 'Jane S Jones', desktopRows: 50, mobileRows: 20, usertype: 'USER', is_super: false } });
  });
});

describe('deleting users', () => {
  it('refuses deleting yourself, and support users to an administrator', async () => {
    await refused('DELETE', '/api/user/SUPPORT', undefined, 400);
    await refused('DELETE', '/api/user/SUPPORT', undefined, 403, await api.signIn());
    await refused('DELETE', '/api/user/NOBODY1', undefined, 404);
  });

  it('removes access to this company only, and deletes the user with no company left', async () => {
    await addMember(api.db.control, 'JSMITH', 'OTHERCO02', { p_dashboard: true });
    const token = await api.signIn('JSMITH', 'jane-password-2');
    const first = await api.call('DELETE', '/api/user/JSMITH', { token: support });
    expect(first.body).toMatchObject({ data: { id: 'JSMITH', removed: 'access' }, message: 'Record Deleted.' });
    expect((await api.call('GET', '/api/user/key', { token })).status).toBe(403);
    expect((await userRows()).find((u) => u.id === 'JSMITH')!.default_company).toBe('OTHERCO02');
    await addMember(api.db.control, 'JSMITH', 'DEMOTRUST', { p_dashboard: true });
    await api.db.control.deleteFrom('user_company').where('user_id', '=', 'JSMITH').where('company_code', '=', 'OTHERCO02').execute();
    const second = await api.call('DELETE', '/api/user/JSMITH', { token: support });
    expect(second.body.data.removed).toBe('user');
    expect((await userRows()).map((u) => u.id)).not.toContain('JSMITH');
    expect((await api.call('GET', '/api/user/key', { token })).status).toBe(401);
    expect((await userLog('JSMITH')).map((l) => l.method).slice(-2)).toEqual(['DELETE', 'DELETE']);
  });

  it('a user created here signs in with only the permissions given', async () => {
    const token = await createStaff(api, 'CLERK9', { p_dashboard: true });
    expect((await api.call('GET', '/api/user/CLERK9', { token })).status).toBe(200);
    expect((await api.call('GET', '/api/user/ADMIN', { token })).status).toBe(403);
  });
});
