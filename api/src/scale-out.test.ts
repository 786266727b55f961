import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schemaNameFor } from './db/open.js';
import type { Database } from './db/open.js';
import { type LocalSmtp, startLocalSmtp } from './email/local-smtp.js';
import { JobRunner } from './jobs/jobs.js';
import { runPeriodically } from './jobs/single-runner.js';
import { openSecondProcess } from './testing/second-process.js';
import { openTestDatabase } from './testing/prepared-database.js';

/**
 * Issue 16, "scale out on PostgreSQL": two real API processes (npm start's server, through tsx)
 * on one PostgreSQL database, each on its own port as two machines behind a load balancer would
 * be. Whatever one process learns, the other must act on at once: a write, a sign-out, failed
 * sign-ins, a long operation's progress; and the periodic work runs in one of them at a time.
 * PGlite admits one process per data folder, so this runs on PostgreSQL only.
 */
const onPostgres = !!process.env.DATABASE_URL;
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const ADMIN = { code: 'admin', password: 'trust-admin-2026' };

const freePort = () => new Promise<number>((resolve) => {
  const s = createServer();
  s.listen(0, '127.0.0.1', () => { const { port } = s.address() as { port: number }; s.close(() => resolve(port)); });
});

interface Server { base: string; child: ChildProcess; output: () => string }

let test: { db: Database; drop(): Promise<void> };
let smtp: LocalSmtp;
const received: string[] = [];
const servers: Server[] = [];
const folders: string[] = [];

async function startServer(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'oa-scale-'));
  folders.push(dataDir);
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/src/server.ts'], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), BOOKING_SIM: 'off', TEST_MODE: '1', READ_CACHE_MS: '600000', WEB_CONCURRENCY: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const server = { base: `http://127.0.0.1:${port}`, child, output: () => output };
  servers.push(server);
  return server;
}

async function healthy(server: Server): Promise<void> {
  for (let i = 0; i < 900 && server.child.exitCode === null; i++) {
    const res = await fetch(`${server.base}/api/health`).catch(() => null);
    if (res?.ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not start:\n${server.output()}`);
}

async function call(server: Server, method: string, route: string, options: { token?: string; body?: unknown } = {}) {
  const headers: Record<string, string> = { 'X-Database': 'DEMOTRUST' };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(`${server.base}${route}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

async function signIn(server: Server, who = ADMIN): Promise<string> {
  const res = await call(server, 'POST', '/api/auth', { body: who });
  if (res.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(res.body)}`);
  return res.body.data.token;
}

let a: Server;
let b: Server;
let token: string;

beforeAll(async () => {
  if (!onPostgres) return;
  test = await openTestDatabase();
  const books = test.db.company(schemaNameFor('DEMOTRUST'));
  await books.updateTable('entity').set({ email: 'office@seaside.example.com' }).where('code', '=', 'BUSINESS').execute();
  smtp = await startLocalSmtp({ onMessage: (m) => { received.push(m.to.join(',')); } });
  const env = { DATABASE_URL: test.db.url!, SMTP_URL: smtp.url };
  [a, b] = await Promise.all([startServer(env), startServer(env)]);
  await Promise.all([healthy(a), healthy(b)]);
  token = await signIn(a);
}, 180_000);

afterAll(async () => {
  for (const s of servers) {
    if (s.child.exitCode === null) {
      s.child.kill('SIGTERM');
      await new Promise((r) => { s.child.once('exit', r); setTimeout(r, 8_000); });
    }
  }
  await smtp?.close();
  if (test) {
    await test.db.close();
    await test.drop();
  }
  for (const f of folders) rmSync(f, { recursive: true, force: true });
}, 60_000);

describe.skipIf(!onPostgres)('two API processes on one PostgreSQL', () => {
  it("a write through one process is in the other's next cached read at once", async () => {
    const list = async (s: Server) => (await call(s, 'GET', '/api/account/list', { token })).body.data.map((r: { id: string }) => r.id);
    // B reads (and caches: READ_CACHE_MS is ten minutes here) the list, twice to be sure it is cached.
    expect(await list(b)).not.toContain('SCALE1');
    expect(await list(b)).not.toContain('SCALE1');
    // Twenty times over: a notification races the client's next request, so once proves little.
    for (let i = 1; i <= 20; i++) {
      const id = `SCALE${i}`;
      const made = await call(a, 'POST', '/api/account', { token, body: { id, type: 'OTHER', description: `Scale-out account ${i}`, gstcode: 'GST' } });
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      // No wait, no retry: the very next read through B has it.
      expect(await list(b)).toContain(id);
      // And the other way round: a change through B is in A's cached list at once.
      const changed = await call(b, 'PUT', `/api/account/${id}`, { token, body: { id, type: 'OTHER', description: `Changed ${i}`, gstcode: 'GST' } });
      expect(changed.status, JSON.stringify(changed.body)).toBe(200);
      const rows = (await call(a, 'GET', '/api/account/list', { token })).body.data as { id: string; description: string }[];
      expect(rows.find((r) => r.id === id)?.description).toBe(`Changed ${i}`);
    }
  });

  it('a session ended through one process is refused by the other at once', async () => {
    for (let i = 0; i < 3; i++) {
      const session = await signIn(a);
      // B has checked the token and remembers it as not revoked.
      expect((await call(b, 'GET', '/api/auth', { token: session })).status).toBe(200);
      expect((await call(b, 'GET', '/api/auth', { token: session })).status).toBe(200);
      expect((await call(a, 'POST', '/api/auth/logout', { token: session })).status).toBe(200);
      const refused = await call(b, 'GET', '/api/auth', { token: session });
      expect(refused.status).toBe(401);
      expect(refused.body.message).toMatch(/session ended/i);
    }
  });

  it('a password changed through one process ends the sessions the other knows', async () => {
    const made = await call(a, 'POST', '/api/user', {
      token: await signIn(a, { code: 'support', password: 'trust-support-2026' }),
      body: { id: 'SCALEU', name: 'Scale Clerk', usertype: 'USER', password: 'scale-password-1', desktopRows: 25, mobileRows: 20, permissions: { p_dashboard: true } },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const session = await signIn(b, { code: 'SCALEU', password: 'scale-password-1' });
    expect((await call(b, 'GET', '/api/auth', { token: session })).status).toBe(200);
    const put = await call(a, 'PUT', '/api/user/SCALEU', { token: session, body: { name: 'Scale Clerk', email: null, desktopRows: 25, mobileRows: 20, password: 'scale-password-2', currentPassword: 'scale-password-1' } });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect((await call(b, 'GET', '/api/auth', { token: session })).status).toBe(401);
  });

  it('failed sign-ins are counted across both processes', async () => {
    const wrong = { code: 'ADMIN', password: 'not-the-password' };
    // Five free failures per user at an address: three through A and two through B use them up.
    for (const s of [a, a, a, b, b]) expect((await call(s, 'POST', '/api/auth', { body: wrong })).status).toBe(401);
    const throttledA = await call(a, 'POST', '/api/auth', { body: wrong });
    const throttledB = await call(b, 'POST', '/api/auth', { body: ADMIN });
    expect(throttledA.status).toBe(429);
    expect(throttledB.status).toBe(429);
    expect(throttledB.body).toMatchObject({ error: true, status: 429 });
    await test.db.control.deleteFrom('login_failure').execute();
    expect((await call(b, 'POST', '/api/auth', { body: ADMIN })).status).toBe(200);
  });

  it('a long operation started through one process is polled through the other', async () => {
    const started = await call(a, 'POST', '/api/reports/emailstatements', { token, body: { year: 2026, month: 1, type: 'OWNER', entities: ['NOSUCHOWNER'] } });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const id = started.body.progress.id as string;
    let polled: { status: number; body: any } | null = null;
    for (let i = 0; i < 100; i++) {
      polled = await call(b, 'GET', `/api/progress/${id}`, { token });
      if (polled.status !== 200 || !polled.body.data.active) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(polled?.status).toBe(200);
    // Its outcome (no such owner: a refusal kept with the run) is the same through both processes.
    expect(polled?.body.data).toMatchObject({ id, active: false, status: expect.stringMatching(/^(done|failed)$/) });
    expect((await call(a, 'GET', `/api/progress/${id}`, { token })).body.data).toEqual(polled?.body.data);

    // While it runs: a job held open by a third process on the database, polled through both.
    let finish!: () => void;
    const third = new JobRunner(test.db);
    const running = await third.start({ company: 'DEMOTRUST', kind: 'scale-out-test', userId: 'ADMIN', message: 'Starting' }, async (ctx) => {
      await ctx.report(37, 'Three-process progress');
      await new Promise<void>((r) => (finish = r));
      return { message: 'Finished elsewhere' };
    });
    for (let i = 0; i < 50 && !finish; i++) await new Promise((r) => setTimeout(r, 20));
    for (const s of [a, b]) {
      let seen: any = null;
      for (let i = 0; i < 50 && seen?.percent !== 37; i++) {
        seen = (await call(s, 'GET', `/api/progress/${running.id}`, { token })).body.data;
        if (seen?.percent !== 37) await new Promise((r) => setTimeout(r, 50));
      }
      expect(seen).toMatchObject({ percent: 37, message: 'Three-process progress', active: true });
    }
    finish();
    await third.settled('DEMOTRUST', running.id);
    for (const s of [a, b]) expect((await call(s, 'GET', `/api/progress/${running.id}`, { token })).body.data).toMatchObject({ status: 'done', message: 'Finished elsewhere' });
  });

  it('the e-mail outbox sends each message once, whichever process queued it and however both are told to send', async () => {
    const before = received.length;
    const queued = await Promise.all([a, b, a, b, a, b, a, b].map((s, i) => call(s, 'POST', '/api/email/test', { token, body: { to: `scale${i}@example.com` } })));
    for (const q of queued) expect(q.status, JSON.stringify(q.body)).toBe(200);
    await Promise.all([call(a, 'POST', '/api/email/send', { token }), call(b, 'POST', '/api/email/send', { token })]);
    const books = test.db.company(schemaNameFor('DEMOTRUST'));
    const ids = queued.map((q) => String(q.body.data.id));
    for (let i = 0; i < 150; i++) {
      const rows = await books.selectFrom('email_log').select('current_status').where('id', 'in', ids).execute();
      if (rows.every((r) => r.current_status === 'Sent')) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    await new Promise((r) => setTimeout(r, 300));
    const got = received.slice(before).sort();
    expect(got).toEqual(Array.from({ length: 8 }, (_, i) => `scale${i}@example.com`).sort());
  });

  it('periodic work (the booking sync scheduler) runs in one process at a time', async () => {
    // The scheduler is runPeriodically under an advisory lock; two database handles stand for two
    // processes ticking every 20 ms: their ticks never overlap, and both get turns over time.
    const other = (await openSecondProcess(test.db))!;
    let inside = 0;
    let most = 0;
    const ticks = { a: 0, b: 0 };
    const work = (who: 'a' | 'b') => async () => {
      inside++;
      most = Math.max(most, inside);
      ticks[who]++;
      await new Promise((r) => setTimeout(r, 30));
      inside--;
    };
    const first = runPeriodically(test.db, 'scale-out-periodic', 20, work('a'), (e) => { throw e; });
    const second = runPeriodically(other, 'scale-out-periodic', 20, work('b'), (e) => { throw e; });
    await new Promise((r) => setTimeout(r, 1_500));
    first.stop();
    second.stop();
    await new Promise((r) => setTimeout(r, 200));
    await other.close();
    expect(most).toBe(1);
    expect(ticks.a + ticks.b).toBeGreaterThan(1);
  });
});

describe.skipIf(!onPostgres)('WEB_CONCURRENCY=2 (Node cluster) on PostgreSQL', () => {
  it('runs two API processes on one port, both serving, and stops them all on SIGTERM', async () => {
    const server = await startServer({ DATABASE_URL: test.db.url!, SMTP_URL: smtp.url, WEB_CONCURRENCY: '2' });
    await healthy(server);
    // Each worker prints its line when it serves; either may be first (the other waits its turn at the first-start lock).
    for (let i = 0; i < 300 && !(/process 1 of 2/.test(server.output()) && /process 2 of 2/.test(server.output())); i++) await new Promise((r) => setTimeout(r, 100));
    expect(server.output()).toMatch(/2 API processes \(WEB_CONCURRENCY\)/);
    expect(server.output()).toMatch(/process 1 of 2/);
    expect(server.output()).toMatch(/process 2 of 2/);
    // Both workers answer on the shared port (the primary hands connections out in turn).
    const session = await signIn(server);
    for (let i = 0; i < 6; i++) expect((await call(server, 'GET', '/api/account/list', { token: session })).status).toBe(200);
    server.child.kill('SIGTERM');
    const code = await new Promise((r) => { server.child.once('exit', (c) => r(c)); setTimeout(() => r('still running'), 20_000); });
    expect(code, server.output()).toBe(0);
  }, 240_000);
});
