import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApi, startTestApi } from '../testing/test-api.js';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

describe('POST /api/auth', () => {
  it('signs in by user id, case-insensitively, and answers the user, company and permissions', async () => {
    const res = await api.call('POST', '/api/auth', { token: null, body: { code: 'Admin', password: api.config.adminPassword } });
    expect(res.status).toBe(200);
    expect(res.body.data.token).toMatch(/^ey/);
    expect(res.body.data.user).toMatchObject({ id: 'ADMIN', usertype: 'ADMIN', database: 'DEMOTRUST', desktopRows: 25, mobileRows: 20 });
    expect(res.body.data.permissions.p_is_admin).toBe(true);
  });

  it('refuses a wrong password with the spec message and logs the attempt', async () => {
    const res = await api.call('POST', '/api/auth', { token: null, body: { code: 'admin', password: 'wrong-password' } });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ error: true, status: 401, message: 'Invalid Login', errors: [{ msg: 'Invalid Login' }] });
    const logged = await api.db.control.selectFrom('system_log').selectAll().where('severity', '=', 'SECURITY').execute();
    expect(logged.length).toBeGreaterThan(0);
  });

  it('validates the body', async () => {
    const res = await api.call('POST', '/api/auth', { token: null, body: { code: '', password: 'x' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('Valid User ID or Email is required');
  });

  it('rate-limits repeated failures for one user', async () => {
    let last = 0;
    for (let i = 0; i < 7; i++) {
      last = (await api.call('POST', '/api/auth', { token: null, body: { code: 'nobody', password: 'guessing-1' } })).status;
    }
    expect(last).toBe(429);
    const res = await api.call('POST', '/api/auth', { token: null, body: { code: 'nobody', password: 'guessing-1' } });
    expect(res.body.message).toMatch(/Too many failed sign-in attempts/);
  });
});

describe('session', () => {
  it('GET /api/auth answers the current user', async () => {
    const res = await api.call('GET', '/api/auth', { database: null });
    expect(res.status).toBe(200);
    expect(res.body.data[0]).toMatchObject({ id: 'ADMIN', name: 'Trust Administrator' });
  });

  it('lists the companies the user may open', async () => {
    const res = await api.call('GET', '/api/auth/companies', { database: null });
    expect(res.body.data).toEqual([{ code: 'DEMOTRUST', name: 'Seaside Holiday Lettings Pty Ltd' }]);
  });

  it('refuses a missing, tampered or revoked token with 401', async () => {
    expect((await api.call('GET', '/api/category', { token: null })).status).toBe(401);
    const token = await api.signIn();
    const tampered = `${token.slice(0, -4)}AAAA`;
    const bad = await api.call('GET', '/api/category', { token: tampered });
    expect(bad.status).toBe(401);
    expect(bad.body.message).toBe('Authorization token is invalid');
    expect((await api.call('POST', '/api/auth/logout', { token, database: null })).status).toBe(200);
    const after = await api.call('GET', '/api/category', { token });
    expect(after.status).toBe(401);
    expect(after.body.message).toMatch(/session ended/);
  });

  it('refuses an expired token with its reason', async () => {
    const { SignJWT } = await import('jose');
    const key = new TextEncoder().encode(api.config.tokenSecret);
    const expired = await new SignJWT({ typ: 'ADMIN' }).setProtectedHeader({ alg: 'HS256' }).setSubject('ADMIN').setJti('x1')
      .setIssuer('owner-accounting').setIssuedAt(1_700_000_000).setExpirationTime(1_700_000_100).sign(key);
    const res = await api.call('GET', '/api/category', { token: expired });
    expect(res.status).toBe(401);
    expect(res.body.message).toMatch(/session expired/);
  });
});

describe('sign-in timing (issue 8 item 14)', () => {
  it('an unknown user id costs the same password verification as a known one', async () => {
    const timed = async (code: string) => {
      const started = performance.now();
      await api.call('POST', '/api/auth', { token: null, body: { code, password: 'wrong-password' } });
      return performance.now() - started;
    };
    await timed('nobody-warmup');
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[1]!;
    const unknown = median([await timed('ghost1'), await timed('ghost2'), await timed('ghost3')]);
    const known = median([await timed('admin'), await timed('support'), await timed('admin')]);
    expect(unknown).toBeGreaterThan(known / 3);
  });
});
