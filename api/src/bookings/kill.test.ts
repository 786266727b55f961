import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { createCompany } from '../companies/companies.js';
import { createDeps } from '../deps.js';
import { dateInZone } from '../ledger/business-date.js';
import type { CompanyTables } from '../db/schema.js';
import { openPeriod } from '../ledger/ledger.js';
import { SIM_PASSWORD, SIM_USER, booksOf, linkCompanyToSimulator } from '../testing/booking-system.js';
import { openSecondProcess } from '../testing/second-process.js';
import { type TestApi, startTestApi } from '../testing/test-api.js';
import { BookingSystemClient } from './client.js';
import { BookingSimulator, type RunningSimulator } from './simulator.js';
import { addDays } from '../ledger/business-date.js';
import { syncBookings, syncUnits } from './sync.js';

/**
 * A real API process (api/src/server.ts) killed with SIGKILL in the middle of a sync, then the
 * sync run again by another process: nothing doubles, nothing is lost, and the books equal a run
 * never interrupted. PostgreSQL only: PGlite admits one process per data folder (the same reason
 * the jobs' cross-process tests run there).
 */
const onPostgres = !!process.env.DATABASE_URL;
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

let api: TestApi;
let books: Kysely<CompanyTables>;
const sim = new BookingSimulator();
let running: RunningSimulator;
let child: ChildProcess | null = null;

const freePort = () => new Promise<number>((resolve) => {
  const s = createServer();
  s.listen(0, '127.0.0.1', () => { const { port } = s.address() as { port: number }; s.close(() => resolve(port)); });
});
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  if (!onPostgres) return;
  api = await startTestApi();
  books = api.db.company('co_demotrust');
  running = await linkCompanyToSimulator(books, sim);
  const p = await openPeriod(books);
  sim.generate({ seed: 11, from: addDays(p.first, -365), to: p.last, today: dateInZone(), perUnitPerMonth: [5, 7] });
}, 120_000);
afterAll(async () => {
  if (!onPostgres) return;
  child?.kill('SIGKILL');
  await running.close();
  await api.close();
});

describe.skipIf(!onPostgres)('a sync killed with kill -9', () => {
  it('resumes from the committed cursor in another process without doubling a receipt or an allocation', async () => {
    const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(api.db.root);
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${rows[0]!.name}`;
    const port = await freePort();
    child = spawn(process.execPath, ['--import', 'tsx', 'api/src/server.ts'], { cwd: repoRoot, env: { ...process.env, DATABASE_URL: url.toString(), PORT: String(port), BOOKING_SIM: 'off' }, stdio: 'ignore' });
    const base = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 200; i++) {
      if (await fetch(`${base}/api/health`).then((r) => r.ok, () => false)) break;
      await sleep(100);
    }
    const signIn = await (await fetch(`${base}/api/auth`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ code: api.config.adminUser, password: api.config.adminPassword }) })).json() as { data: { token: string } };
    const started = await fetch(`${base}/api/sync`, { method: 'POST', headers: { Authorization: `Bearer ${signIn.data.token}`, 'X-Database': 'DEMOTRUST' } });
    expect(started.status).toBe(200);
    const total = sim.all().length;
    let synced = 0;
    for (let i = 0; i < 600 && synced < total / 4; i++) {
      await sleep(50);
      synced = Number((await books.selectFrom('booking').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
    }
    child.kill('SIGKILL');
    await new Promise((r) => child!.once('exit', r));
    child = null;
    expect(synced).toBeGreaterThan(0);
    expect(synced).toBeLessThan(total);

    // Another process syncs: the dead one's lock went with its session; its job is marked interrupted.
    let res = await api.call('POST', '/api/sync');
    for (let i = 0; i < 50 && res.status === 409; i++) {
      await sleep(100);
      res = await api.call('POST', '/api/sync');
    }
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const done = await api.deps.jobs.settled('DEMOTRUST', res.body.data.id);
    expect(done?.status, JSON.stringify(done)).toBe('done');
    const jobs = await api.db.control.selectFrom('job').select(['status']).where('kind', '=', 'booking-sync').execute();
    expect(jobs.map((j) => j.status).sort()).toEqual(['done', 'interrupted']);

    const payments = sim.all().flatMap((b) => b.payments);
    const receipted = await books.selectFrom('booking_payment').select(['payment_id']).execute();
    expect(receipted.length).toBe(payments.length);
    const bkgTxns = await books.selectFrom('txn').select((eb) => eb.fn.countAll<string>().as('n')).where('source', '=', 'BKG').where('kind', 'in', ['RECEIPT', 'PAYMENT']).executeTakeFirstOrThrow();
    expect(Number(bkgTxns.n)).toBe(payments.length);

    // The same bookings synced once, uninterrupted, into a company of their own.
    const p = await openPeriod(books);
    await createCompany(api.db, { code: 'ONCE', companyName: 'Synced Once Pty Ltd', year: p.year, month: p.month });
    const once = api.db.company('co_once');
    await linkCompanyToSimulator(once, new BookingSimulator()).then((r) => r.close());
    const client = new BookingSystemClient({ host: running.url, user: SIM_USER, password: SIM_PASSWORD });
    await syncUnits(once, client);
    await syncBookings(once, 'ADMIN', client, dateInZone());
    expect(await booksOf(books)).toEqual(await booksOf(once));
  }, 180_000);

  it('two API processes syncing the same company at once: one runs, the other answers that a sync is running', async () => {
    const second = await openSecondProcess(api.db);
    try {
      const otherApp = createApp(await createDeps(api.config, second!));
      sim.faults.slowMs = 300;
      const first = await api.call('POST', '/api/sync');
      expect(first.status).toBe(200);
      const token = await api.signIn();
      const refused = await otherApp.request('/api/sync', { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'X-Database': 'DEMOTRUST' } });
      expect(refused.status).toBe(409);
      expect(((await refused.json()) as { message: string }).message).toBe('A sync with the booking system is already running for this company');
      await api.deps.jobs.settled('DEMOTRUST', first.body.data.id);
    } finally {
      sim.faults.slowMs = 0;
      await second?.close();
    }
  }, 60_000);
});
