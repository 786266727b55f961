/**
 * `npm run bench`: measures what the issues set targets for, and prints the figures.
 *  - front end (Chromium): gzip KB of JavaScript for /login, KB added by the first visit to
 *    /management/setup/banks, time until the sign-in form is usable;
 *  - API (PostgreSQL when available, else PGlite): requests/s and p95 latency under 50
 *    concurrent connections for GET /api/account/list and POST /api/lookup;
 *  - ledger (PostgreSQL only, on the big seed: `npm run seed -- --owners 1000 --units 3000
 *    --months 12`, seeded into the fresh bench database once per run, or an already seeded
 *    database named by BENCH_REUSE_DB): receipts posted per second over HTTP (50 connections,
 *    20 s), trial balance, business summary and disbursement preview (median of 5), and the
 *    receipts list over a period holding about 10,000 receipts (page 1 of 25, median of 5), and
 *    in Chromium the time until the Receipts screen is usable on a month of over 10,000;
 *  - front end also: gzip KB the first visits to Accounts and Transactions screens add.
 * The load runs only against this machine's loopback, bounded in time.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import postgres from 'postgres';

const root = fileURLToPath(new URL('..', import.meta.url));
const PORT = Number(process.env.BENCH_PORT ?? 8199);
const BASE = `http://127.0.0.1:${PORT}`;
const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PG_SERVER = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ADMIN = { code: process.env.ADMIN_USER ?? 'admin', password: process.env.ADMIN_PASSWORD ?? 'trust-admin-2026' };
const BIG = { company: 'BIGTRUST', args: ['--owners', '1000', '--units', '3000', '--months', '12', '--company', 'BIGTRUST'] };
const REUSE_DB = process.env.BENCH_REUSE_DB;
/** BENCH_ONLY=ledger measures the ledger figures alone (no front-end build, no browser). */
const ONLY_LEDGER = process.env.BENCH_ONLY === 'ledger';

const results = [];
const report = (name, value, unit, target) => {
  results.push({ name, value, unit, target });
  console.log(`${name.padEnd(58)} ${String(value).padStart(10)} ${unit.padEnd(6)} ${target ? `(target ${target})` : ''}`);
};

async function startServer() {
  let databaseUrl;
  let dropDatabase = async () => {};
  try {
    const admin = postgres(PG_SERVER, { max: 1, onnotice: () => {}, connect_timeout: 3 });
    const name = REUSE_DB ?? `oa_bench_${Date.now()}`;
    if (!REUSE_DB) await admin.unsafe(`create database ${name}`);
    else await admin.unsafe('select 1');
    const url = new URL(PG_SERVER);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      if (!REUSE_DB) await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
    if (!REUSE_DB) await seedBig(databaseUrl);
  } catch (e) {
    console.log(`PostgreSQL not reachable (${e.message}); measuring on PGlite instead.`);
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'oa-bench-'));
  const env = { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };
  const server = spawn(process.execPath, ['--import', 'tsx', 'api/src/server.ts'], { cwd: root, env, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((resolve, reject) => {
    server.stdout.on('data', (d) => String(d).includes('Owner Accounting on') && resolve());
    server.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  return {
    database: databaseUrl ? 'PostgreSQL' : 'PGlite',
    databaseUrl,
    async stop() {
      server.kill('SIGTERM');
      await new Promise((r) => server.on('exit', r));
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The big seed into the bench database (once per run), with its own progress lines. */
async function seedBig(databaseUrl) {
  console.log(`Seeding ${BIG.company} (${BIG.args.join(' ')}) into the bench database...`);
  const started = Date.now();
  const seed = spawn(process.execPath, ['--import', 'tsx', 'api/src/demo/seed-cli.ts', ...BIG.args], { cwd: root, env: { ...process.env, DATABASE_URL: databaseUrl }, stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  seed.stdout.on('data', (d) => {
    out += d;
    process.stdout.write(d);
  });
  const code = await new Promise((r) => seed.on('exit', r));
  if (code !== 0) throw new Error(`the seed failed (${code})`);
  const postings = /([\d,]+) postings in/.exec(out)?.[1];
  seeded = { seconds: Math.round((Date.now() - started) / 1000), postings: Number((postings ?? '0').replace(/,/g, '')), rate: /\(([\d,]+) postings\/s\)/.exec(out)?.[1] };
}
let seeded = null;

async function measureFrontEnd() {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const gzipKb = async (urls) => {
    let bytes = 0;
    for (const url of new Set(urls)) bytes += gzipSync(Buffer.from(await (await fetch(url)).arrayBuffer()), { level: 9 }).length;
    return Math.round(bytes / 102.4) / 10;
  };
  try {
    const timings = [];
    let loginScripts = [];
    for (let i = 0; i < 5; i++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const scripts = [];
      page.on('response', (r) => r.request().resourceType() === 'script' && scripts.push(r.url()));
      const started = Date.now();
      await page.goto(`${BASE}/login`);
      await page.getByLabel('Password').waitFor({ state: 'visible' });
      timings.push(Date.now() - started);
      loginScripts = scripts;
      await context.close();
    }
    timings.sort((a, b) => a - b);
    report('JavaScript downloaded for /login', await gzipKb(loginScripts), 'KB gz', '<= 350');
    report('Time to the sign-in form in Chromium (median of 5)', timings[2], 'ms');

    // What a remote adds on its first visit: the scripts of a fresh signed-in visit to a Setup
    // screen, less those of a fresh visit to the dashboard (shell, chrome and mf-accounts).
    const session = await signIn();
    const scriptsOf = async (path, ready) => {
      const context = await browser.newContext();
      await context.addInitScript(([token, database]) => {
        sessionStorage.setItem('oa.token', token);
        sessionStorage.setItem('oa.database', database);
      }, [session.Authorization.slice(7), session['X-Database']]);
      const page = await context.newPage();
      const scripts = [];
      page.on('response', (r) => r.request().resourceType() === 'script' && scripts.push(r.url()));
      await page.goto(`${BASE}${path}`);
      await ready(page);
      await page.waitForLoadState('networkidle');
      await context.close();
      return new Set(scripts);
    };
    const dashboard = await scriptsOf('/dashboard', (p) => p.getByRole('navigation').first().waitFor());
    const banks = await scriptsOf('/management/setup/banks', (p) => p.getByRole('button', { name: /add record/i }).waitFor());
    const added = [...banks].filter((url) => !dashboard.has(url));
    report('JavaScript added by the first visit to /management/setup/banks', await gzipKb(added), 'KB gz', '<= 150');
    // The two accounting remotes: Accounts against a Setup visit (the dashboard already is mf-accounts),
    // Transactions against the dashboard.
    const owners = await scriptsOf('/accounts/owners', (p) => p.getByRole('button', { name: /add record/i }).waitFor());
    report('JavaScript added by the first visit to /accounts/owners (mf-accounts)', await gzipKb([...owners].filter((url) => !banks.has(url))), 'KB gz');
    const receipts = await scriptsOf('/management/transactions/receipts', (p) => p.getByRole('button', { name: /add record/i }).waitFor());
    report('JavaScript added by the first visit to /management/transactions/receipts (mf-transactions)', await gzipKb([...receipts].filter((url) => !dashboard.has(url))), 'KB gz');
    report('JavaScript downloaded for a signed-in /dashboard', await gzipKb([...dashboard]), 'KB gz');
  } finally {
    await browser.close();
  }
}

async function signIn() {
  const res = await fetch(`${BASE}/api/auth`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(ADMIN) });
  const body = await res.json();
  return { Authorization: `Bearer ${body.data.token}`, 'X-Database': body.data.user.database };
}

/** CONNECTIONS workers calling one route back to back for SECONDS; latencies of every call. */
async function load(name, request, { seconds = SECONDS, rateTarget, p95Target = '<= 20', unit = 'req/s', label = 'requests/s' } = {}) {
  const latencies = [];
  let failures = 0;
  let firstFailure = null;
  const deadline = Date.now() + seconds * 1000;
  const worker = async () => {
    while (Date.now() < deadline) {
      const t = performance.now();
      const res = await request();
      const body = await res.arrayBuffer();
      latencies.push(performance.now() - t);
      if (res.status !== 200) {
        failures++;
        firstFailure ??= `${res.status} ${Buffer.from(body).toString().slice(0, 200)}`;
      }
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const p95 = latencies[Math.floor(latencies.length * 0.95)] ?? 0;
  report(`${name}: ${label} (${CONNECTIONS} connections)`, Math.round((latencies.length - failures) / elapsed), unit, rateTarget);
  report(`${name}: p95 latency`, Math.round(p95 * 10) / 10, 'ms', p95Target);
  if (failures) {
    report(`${name}: non-200 answers`, failures, 'calls', '0');
    console.log(`  first failure: ${firstFailure}`);
  }
}

/** Median of 5 timed calls (after one warm-up), in ms; every answer must be 200. */
async function median5(name, url, headers, target) {
  const times = [];
  for (let i = 0; i < 6; i++) {
    const t = performance.now();
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${url}: HTTP ${res.status}`);
    if (i > 0) times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  report(name, Math.round(times[2]), 'ms', target);
}

/**
 * Time until the Receipts screen is usable in Chromium on the big seed's open month (its seeded
 * receipts plus those the receipts/s run just posted: well over 10,000): from navigation to the
 * first page of rows and the server's count on screen. The server pages, so the browser never
 * loads the month. Median of 5.
 */
async function measureReceiptsScreen(headers) {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const times = [];
    let shown = '';
    for (let i = 0; i < 5; i++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      await context.addInitScript(([token, database]) => {
        sessionStorage.setItem('oa.token', token);
        sessionStorage.setItem('oa.database', database);
      }, [headers.Authorization.slice(7), BIG.company]);
      const page = await context.newPage();
      const started = Date.now();
      await page.goto(`${BASE}/management/transactions/receipts`);
      await page.getByTestId('list-count').getByText(/^\d+ rows$/).waitFor({ timeout: 60_000 });
      await page.getByTestId('list-row').first().waitFor();
      times.push(Date.now() - started);
      shown = await page.getByTestId('list-count').innerText();
      await context.close();
    }
    times.sort((a, b) => a - b);
    report(`Receipts screen usable, open month of ${BIG.company} (${shown}), Chromium (median of 5)`, times[2], 'ms');
  } finally {
    await browser.close();
  }
}

/** The ledger figures on the big seed (PostgreSQL). */
async function measureLedger(databaseUrl) {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const schema = `co_${BIG.company.toLowerCase()}`;
    const [{ n: postings }] = await sql.unsafe(`select count(*)::int as n from ${schema}.posting`);
    report(`Big seed ${BIG.company}: postings in the books`, postings, 'rows', '>= 1,000,000');
    if (seeded) {
      report('Big seed: time to seed (npm run seed, 1,000 owners, 3,000 units, 12 months)', seeded.seconds, 's');
      report('Big seed: postings posted per second through postTxns', Number((seeded.rate ?? '0').replace(/,/g, '')), 'post/s');
    }
    const doors = await sql.unsafe(`select u.door, u.entity from ${schema}.unit u where u.class = 'HOLIDAY' order by u.door`);
    const headers = { ...(await signIn()), 'X-Database': BIG.company };
    const today = new Date();
    const pad = (n) => String(n).padStart(2, '0');
    const date = `${today.getFullYear()}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}`;

    let i = 0;
    await load('POST /api/cashbook/receipt (big seed)', () => {
      const d = doors[(i = (i * 7 + 13) % doors.length)];
      const cents = 5_000 + ((i * 7919) % 150_000);
      return fetch(`${BASE}/api/cashbook/receipt`, {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          date, payer_type: 'OTHER', payer: 'Bench Guest', method: 'EFT', memo: 'Benchmark booking receipt',
          items: [{ selector: 'ACCOUNT', ref: 'ROOMCHG', entity: d.entity, door: d.door, description: 'Room charges', amount: cents / 100 }],
        }),
      });
    }, { seconds: 20, rateTarget: '>= 1,000', unit: 'rcpt/s', label: 'receipts posted/s', p95Target: '' });

    await median5('GET /api/ledger/trialbalance?date=today&format=json (median of 5)', `${BASE}/api/ledger/trialbalance?date=${date}&format=json`, headers, '<= 1000');
    await median5('GET /api/ledger/business/summary?period=current (median of 5)', `${BASE}/api/ledger/business/summary?period=current`, headers, '<= 2000');
    await median5('GET /api/disburse (median of 5)', `${BASE}/api/disburse`, headers, '<= 2000');

    // A period holding about 10,000 receipts: from the first day of the first month to the day
    // the running count of receipts reaches 10,000.
    const days = await sql.unsafe(`select date::text as date, count(*)::int as n from ${schema}.txn where kind = 'RECEIPT' and year = (select min(year * 100 + month) / 100 from ${schema}.txn) and month = (select min(year * 100 + month) % 100 from ${schema}.txn) group by date order by date`);
    let total = 0;
    let to = days[days.length - 1]?.date;
    for (const d of days) {
      total += d.n;
      if (total >= 10_000) {
        to = d.date;
        break;
      }
    }
    const from = days[0]?.date;
    if (!ONLY_LEDGER) await measureReceiptsScreen(headers);
    await median5(`Receipts list, ${from}..${to} (${total.toLocaleString('en-AU')} receipts), page 1 of 25 (median of 5)`, `${BASE}/api/cashbook/receipt/list?from=${from}&to=${to}&page=1&pageSize=25`, headers, '<= 1000');
  } finally {
    await sql.end();
  }
}

if (!ONLY_LEDGER) {
  const build = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(1);
}
const server = await startServer();
console.log(`\nOwner Accounting benchmark (${server.database}, ${new Date().toISOString()})\n`);
try {
  if (!ONLY_LEDGER) {
    await measureFrontEnd();
    const headers = await signIn();
    await load('GET /api/account/list', () => fetch(`${BASE}/api/account/list`, { headers }));
    await load('POST /api/lookup', () =>
      fetch(`${BASE}/api/lookup`, { method: 'POST', headers: { ...headers, 'Content-Type': 'application/json' }, body: '{"lists":"ALL"}' }),
    );
  }
  if (server.databaseUrl) await measureLedger(server.databaseUrl);
  else console.log('Ledger figures need PostgreSQL (the big seed): skipped.');
} finally {
  await server.stop();
}
mkdirSync(join(root, 'bench-results'), { recursive: true });
writeFileSync(join(root, 'bench-results', 'latest.json'), JSON.stringify({ database: server.database, at: new Date().toISOString(), results }, null, 2));
