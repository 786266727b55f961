import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany } from '../companies/companies.js';
import { jsonb } from '../db/open.js';
import { type TestApi, startTestApi } from '../testing/test-api.js';
import { insertUser } from '../testing/users.js';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

// The API's description is public: it tells what the repository's sources tell (issue 16).
const PUBLIC_ROUTES = new Set(['POST /api/auth', 'GET /api/health', 'GET /api/openapi.json']);

describe('every route is guarded on the server', () => {
  it('each registered route has exactly one guard, and only sign-in, health and the OpenAPI document are public', () => {
    const groups = new Map<string, { access?: string }[]>();
    for (const r of api.app.routes) {
      if (r.method === 'ALL') continue; // app-wide middleware (body limit)
      const key = `${r.method} ${r.path}`;
      groups.set(key, [...(groups.get(key) ?? []), r.handler as { access?: string }]);
    }
    expect(groups.size).toBeGreaterThan(5);
    const unguarded = [...groups].filter(([, handlers]) => handlers.filter((h) => h.access).length !== 1).map(([k]) => k);
    expect(unguarded).toEqual([]);
    const publicRoutes = [...groups].filter(([, hs]) => hs.some((h) => h.access === 'public')).map(([k]) => k);
    expect(publicRoutes.every((k) => PUBLIC_ROUTES.has(k))).toBe(true);
  });
});

describe('errors have one shape and change nothing', () => {
  const categoryCount = async () => (await api.deps.db.company('co_demotrust').selectFrom('category').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n;

  it('unknown routes answer 404 Invalid API Route', async () => {
    const res = await api.call('GET', '/api/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: true, status: 404, message: 'Invalid API Route GET:/api/no-such-thing' });
  });

  it('malformed JSON is a 400', async () => {
    const before = await categoryCount();
    const res = await api.call('POST', '/api/category', { rawBody: '{"code": "ABC", ' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: true, status: 400 });
    expect(await categoryCount()).toBe(before);
  });

  it('a wrong type is a 400 naming the field', async () => {
    const res = await api.call('POST', '/api/category', { body: { code: 12, name: 'Some name', type: 'OWNER' } });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].path).toBe('code');
  });

  it('a 2 MB body is refused with 413 before it is read', async () => {
    const res = await api.call('POST', '/api/category', { rawBody: JSON.stringify({ code: 'BIG', name: 'x'.repeat(2 * 1024 * 1024), type: 'OWNER' }) });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ error: true, status: 413, message: 'Request body is too large (limit 1 MB)' });
  });

  it('over real HTTP, a declared length over 1 MB and a chunked body over 1 MB are both 413, and nothing is written', async () => {
    const server = serve({ fetch: api.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((r) => server.once('listening', r));
    const { port } = server.address() as AddressInfo;
    const categoryCount = async () => Number((await api.db.company('co_demotrust').selectFrom('category').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
    const before = await categoryCount();
    const token = await api.signIn();
    const post = (body: string | ReadableStream<Uint8Array>) => fetch(`http://127.0.0.1:${port}/api/category`, {
      method: 'POST', body, duplex: 'half', headers: { Authorization: `Bearer ${token}`, 'X-Database': 'DEMOTRUST', 'Content-Type': 'application/json' },
    } as RequestInit);
    try {
      const big = JSON.stringify({ code: 'BIGHTTP', name: 'x'.repeat(2 * 1024 * 1024), type: 'OWNER' });
      const declared = await post(big);
      expect(declared.status).toBe(413);
      expect(await declared.json()).toMatchObject({ error: true, status: 413, message: 'Request body is too large (limit 1 MB)' });
      const bytes = new TextEncoder().encode(big);
      const chunked = await post(new ReadableStream({ start(c) { for (let i = 0; i < bytes.length; i += 65_536) c.enqueue(bytes.subarray(i, i + 65_536)); c.close(); } }));
      expect(chunked.status).toBe(413);
      const small = await post(JSON.stringify({ code: 'SMALLHTTP', name: 'Small body', type: 'OWNER' }));
      expect(small.status).toBe(200);
      expect(await categoryCount()).toBe(before + 1);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });

  it('a missing company header is a 400; an unknown one a 403', async () => {
    const missing = await api.call('GET', '/api/category', { database: null });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/X-Database/);
    const unknown = await api.call('GET', '/api/category', { database: 'NOSUCHCO' });
    expect(unknown.status).toBe(403);
    const garbage = await api.call('GET', '/api/category', { database: "x'; drop table" });
    expect(garbage.status).toBe(400);
  });
});

describe('company isolation', () => {
  let otherToken: string;
  beforeAll(async () => {
    await createCompany(api.db, { code: 'OTHERCO01', companyName: 'Other Lettings', year: 2026, month: 11 });
    await insertUser(api.db, { id: 'OTHERADMIN', name: 'Other Admin', usertype: 'ADMIN', password: 'other-pass-1', companies: { OTHERCO01: { p_is_admin: true } } });
    otherToken = await api.signIn('otheradmin', 'other-pass-1');
  });

  it("company A's token with company B's header is refused and nothing changes in either", async () => {
    const demo = api.db.company('co_demotrust');
    const other = api.db.company('co_otherco01');
    const count = async () => [
      (await demo.selectFrom('category').selectAll().execute()).length,
      (await other.selectFrom('category').selectAll().execute()).length,
    ];
    const before = await count();
    const read = await api.call('GET', '/api/category', { token: otherToken, database: 'DEMOTRUST' });
    expect(read.status).toBe(403);
    const write = await api.call('POST', '/api/category', { token: otherToken, database: 'DEMOTRUST', body: { code: 'SNEAK', name: 'Sneaky category', type: 'OWNER' } });
    expect(write.status).toBe(403);
    const adminIntoOther = await api.call('DELETE', '/api/category/HOLIDAY', { database: 'OTHERCO01' });
    expect(adminIntoOther.status).toBe(403);
    expect(await count()).toEqual(before);
  });

  it('each company sees only its own rows', async () => {
    const created = await api.call('POST', '/api/category', { token: otherToken, database: 'OTHERCO01', body: { code: 'ONLYOTHER', name: 'Only in other', type: 'OWNER' } });
    expect(created.status).toBe(200);
    const demoList = await api.call('GET', '/api/category');
    expect(demoList.body.data.map((c: { code: string }) => c.code)).not.toContain('ONLYOTHER');
  });
});

describe('permissions and the month-end lock are enforced by the server', () => {
  it('a user without p_mgt gets 403 from a setup route', async () => {
    await insertUser(api.db, { id: 'CLERK1', name: 'Desk Clerk', password: 'clerk-pass-1', companies: { DEMOTRUST: { p_dashboard: true, p_accounting: true } } });
    const token = await api.signIn('clerk1', 'clerk-pass-1');
    const res = await api.call('GET', '/api/category', { token });
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/p_mgt/);
  });

  it('while month end holds the lock, writes by anyone else get 423 and reads still work', async () => {
    const demo = api.db.company('co_demotrust');
    await demo.insertInto('control_setting').values([
      { key: 'monthend_lock_uuid', value: jsonb('lock-1') },
      { key: 'monthend_lock_user', value: jsonb('SOMEONE') },
    ]).execute();
    try {
      const write = await api.call('POST', '/api/category', { body: { code: 'LOCKED', name: 'Written while locked', type: 'OWNER' } });
      expect(write.status).toBe(423);
      expect(write.body.message).toMatch(/Exclusive Month End Mode is active/);
      expect((await api.call('GET', '/api/category')).status).toBe(200);
      expect((await api.call('GET', '/api/category/LOCKED')).status).toBe(404);
      // POSTs that only ask a question (the startup lookups) still answer for everyone.
      expect((await api.call('POST', '/api/lookup', { body: { lists: 'ALL' } })).status).toBe(200);
    } finally {
      await demo.deleteFrom('control_setting').where('key', 'in', ['monthend_lock_uuid', 'monthend_lock_user']).execute();
    }
  });
});
