import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApi, startTestApi } from '../testing/test-api.js';
import { createStaff, supportToken } from '../users/test-support.js';

/** Issue 8 item 13: a session ends with the password it was opened with, and with the user. */
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const profile = { name: 'Session Clerk', email: null, desktopRows: 25, mobileRows: 20 };
const works = async (token: string) => (await api.call('GET', '/api/user/key', { token })).status;

describe('sessions', () => {
  it("support's password reset ends every session of the user", async () => {
    const token = await createStaff(api, 'SESS1', { p_dashboard: true });
    const second = await api.signIn('SESS1', 'sess1-password');
    expect(await works(token)).toBe(200);
    expect((await api.call('PUT', '/api/user/SESS1', { token: await supportToken(api), body: { ...profile, password: 'reset-by-admin-1' } })).status).toBe(200);
    expect(await works(token)).toBe(401);
    expect(await works(second)).toBe(401);
    expect(await works(await api.signIn('SESS1', 'reset-by-admin-1'))).toBe(200);
  });

  it('users changing their own password give the current one, and their old sessions end', async () => {
    const token = await createStaff(api, 'SESS2', { p_dashboard: true });
    const put = (body: object) => api.call('PUT', '/api/user/SESS2', { token, body: { ...profile, ...body } });
    const missing = await put({ password: 'new-password-22' });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toContainEqual({ path: 'currentPassword', msg: 'Current password is incorrect' });
    expect((await put({ password: 'new-password-22', currentPassword: 'wrong-password' })).status).toBe(400);
    expect(await works(token)).toBe(200);
    expect((await put({ password: 'new-password-22', currentPassword: 'sess2-password' })).status).toBe(200);
    expect(await works(token)).toBe(401);
    await expect(api.signIn('SESS2', 'sess2-password')).rejects.toThrow();
    expect(await works(await api.signIn('SESS2', 'new-password-22'))).toBe(200);
  });

  it('deactivation ends the sessions in that company', async () => {
    const token = await createStaff(api, 'SESS3', { p_dashboard: true });
    expect((await api.call('PUT', '/api/user/SESS3', { token: await supportToken(api), body: { ...profile, inactive: true } })).status).toBe(200);
    expect(await works(token)).toBe(401);
    await expect(api.signIn('SESS3', 'sess3-password')).rejects.toThrow();
  });

  it("a user deleted and created again under the same id does not inherit the old user's tokens", async () => {
    const old = await createStaff(api, 'SESS4', { p_dashboard: true });
    expect((await api.call('DELETE', '/api/user/SESS4', { token: await supportToken(api) })).body.data.removed).toBe('user');
    expect(await works(old)).toBe(401);
    const fresh = await createStaff(api, 'SESS4', { p_dashboard: true });
    expect(await works(old)).toBe(401);
    expect(await works(fresh)).toBe(200);
  });
});
