/**
 * `npm run bench`: measures what the issues set targets for, and prints the figures.
 *  - front end (Chromium): gzip KB of JavaScript for /login, KB added by the first visit to
 *    /management/setup/banks, time until the sign-in form is usable;
 *  - API (PostgreSQL when available, else PGlite): requests/s and p95 latency under 50
 *    concurrent connections for GET /api/account/list and POST /api/lookup, with one and two API
 *    processes (BENCH_ONLY=api measures these alone);
 *  - ledger (PostgreSQL only, on the big seed: `npm run seed -- --owners 1000 --units 3000
 *    --months 12`, seeded into the fresh bench database once per run, or an already seeded
 *    database named by BENCH_REUSE_DB): receipts posted per second over HTTP (50 connections,
 *    20 s), trial balance, business summary and disbursement preview (median of 5), and the
 *    receipts list over a period holding about 10,000 receipts (page 1 of 25, median of 5), and
 *    in Chromium the time until the Receipts screen is usable on a month of over 10,000;
 *  - front end also: gzip KB the first visits to Accounts and Transactions screens add;
 *  - Daily (issue 11), on the demo company: the Daily screens' lists (median of 5), and importing
 *    the shipped sample statement with its suggestions accepted; on the big seed also accepting
 *    the 5,000-line statement's suggestions and the unreconciled bank items;
 *  - month end on the big seed, last (it closes the month for good): Start (the full audit) and
 *    Proceed timed, and the share of Proceed spent on the owner statements, from its progress.
 *    BENCH_ONLY=monthend measures month end alone (after the seed);
 *  - booking sync (issue 9), on the demo company and its simulator: an incremental sync after up
 *    to 500 bookings changed in the booking system (Sync Now to the end of its progress); on the
 *    big seed, last, a first whole sync of some 30,000 bookings of its 3,000 units from a
 *    simulator (scripts/bench-first-sync.mts). BENCH_ONLY=firstsync measures that alone;
 *  - reports (issue 12), on the big seed: Account Transactions over a year (every entity) as PDF,
 *    XLSX and CSV, with the API process's peak memory during each (VmHWM, reset before each), and
 *    all owner statements for a month (Statements, ZIP). BENCH_ONLY=reports measures these alone.
 *  - the API's start-up time to /api/health, compiled and through tsx (issue 16), first; the
 *    signed-in dashboard's first-paint JavaScript (before the chart library) and its total.
 * The load runs only against this machine's loopback, bounded in time.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { unzipSync } from 'fflate';
import postgres from 'postgres';
import { chromiumPath } from './chromium-path.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const PORT = Number(process.env.BENCH_PORT ?? 8199);
const BASE = `http://127.0.0.1:${PORT}`;
const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PG_SERVER = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CHROMIUM = chromiumPath;
const ADMIN = { code: process.env.ADMIN_USER ?? 'admin', password: process.env.ADMIN_PASSWORD ?? 'trust-admin-2026' };
const BIG = { company: 'BIGTRUST', args: ['--owners', '1000', '--units', '3000', '--months', '12', '--company', 'BIGTRUST'] };
const REUSE_DB = process.env.BENCH_REUSE_DB;
const BUILT_SERVER = ['--enable-source-maps', 'api/dist/server.js'];
/**
 * BENCH_ONLY=<part> measures one part alone (after the API's start-up time); without it every part
 * runs, in this order. Month end closes the month for good, so it follows the parts that read the
 * open month, and the big seed's first sync comes last: its receipts would change the rest.
 *   frontend  the browser figures, on the demo company (PGlite) when alone
 *   api       list and lookup under load, with one and two API processes
 *   daily     the Daily screens' lists and a statement import
 *   sync      an incremental booking sync, on the demo company (PGlite, no big seed)
 *   pack      the demo's month-end pack made again, and how long the API kept others waiting meanwhile
 *   ledger    receipts posted, trial balance and the other ledger figures (big seed)
 *   reports   Account Transactions and the statements ZIP (big seed)
 *   email     1,000 statement e-mails (big seed)
 *   monthend  Start and Proceed (big seed)
 *   firstsync the big seed's first whole booking sync
 */
const PARTS = ['frontend', 'api', 'daily', 'sync', 'pack', 'ledger', 'reports', 'email', 'monthend', 'firstsync'];
const ONLY = process.env.BENCH_ONLY;
if (ONLY && !PARTS.includes(ONLY)) {
  console.error(`BENCH_ONLY is one of ${PARTS.join(', ')}.`);
  process.exit(2);
}
const runs = (part) => !ONLY || ONLY === part;
/** Parts that need no big seed run alone on the demo company. */
const ON_DEMO = ONLY === 'sync' || ONLY === 'frontend' || ONLY === 'pack';
const BIG_SEED_PARTS = ['ledger', 'reports', 'email', 'monthend', 'firstsync'];

const results = [];
const report = (name, value, unit, target) => {
  results.push({ name, value, unit, target });
  console.log(`${name.padEnd(58)} ${String(value).padStart(10)} ${unit.padEnd(6)} ${target ? `(target ${target})` : ''}`);
};

/** A GET's JSON body. */
const getJson = async (path, headers) => (await fetch(`${BASE}${path}`, { headers })).json();

/** Polls a long operation's progress (GET /api/progress/{id}) until it is no longer active, and answers its last state. */
async function progressDone(id, headers, everyMs = 100) {
  for (;;) {
    const p = (await getJson(`/api/progress/${id}`, headers)).data;
    if (!p?.active) return p;
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

async function startServer() {
  let databaseUrl;
  let dropDatabase = async () => {};
  if (!ON_DEMO) try {
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
  const spawnServer = async (args) => {
    const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise((resolve, reject) => {
      child.stdout.on('data', (d) => String(d).includes('Owner Accounting on') && resolve());
      child.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
    });
    return child;
  };
  const stopServer = async (child) => {
    child.kill('SIGTERM');
    await new Promise((r) => child.on('exit', r));
  };
  // The compiled server, as `npm start` runs it (the bench builds it first).
  let server = await spawnServer(BUILT_SERVER);
  const handle = {
    database: databaseUrl ? 'PostgreSQL' : 'PGlite',
    databaseUrl,
    pid: server.pid,
    /**
     * Stops the server and starts it again with `args` on the same database (no first start):
     * the ms from spawning the process to the first 200 from /api/health.
     */
    async restartTimed(args, extraEnv = {}) {
      await stopServer(server);
      const started = performance.now();
      const child = spawn(process.execPath, args, { cwd: root, env: { ...env, ...extraEnv }, stdio: ['ignore', 'ignore', 'inherit'] });
      for (;;) {
        if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
        if (await fetch(`${BASE}/api/health`).then((r) => r.ok, () => false)) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      const ms = performance.now() - started;
      server = child;
      handle.pid = child.pid;
      return Math.round(ms);
    },
    async stop() {
      await stopServer(server);
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return handle;
}

/**
 * Issue 16: start-up time to /api/health of the compiled server (api/dist/server.js, what
 * `npm start` runs), beside the same sources through tsx; each a restart on the same database, so
 * no first start (demo books) is timed. The compiled server is left running.
 */
async function measureStartup(server) {
  const tsx = await server.restartTimed(['--import', 'tsx', 'api/src/server.ts']);
  const built = await server.restartTimed(BUILT_SERVER);
  report(`API start-up to /api/health, compiled (api/dist/server.js, ${server.database})`, built, 'ms');
  report('API start-up to /api/health, from TypeScript through tsx (for comparison)', tsx, 'ms');
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
    await measureDashboardFirstPaint(browser, session, gzipKb);
  } finally {
    await browser.close();
  }
}

/**
 * Issue 16: the JavaScript the signed-in dashboard needs for its first paint: every script the
 * page requested before the dashboard's cards first appeared (the Revenue card's frame, drawn
 * before its figures and chart), by the browser's own resource timing; the chart library loads
 * after that. Also checks that React, Fluent and shared-ui are each fetched once.
 */
async function measureDashboardFirstPaint(browser, session, gzipKb) {
  const context = await browser.newContext();
  await context.addInitScript(([token, database]) => {
    sessionStorage.setItem('oa.token', token);
    sessionStorage.setItem('oa.database', database);
    new MutationObserver((_, observer) => {
      if (!document.querySelector('[data-testid="revenue-card"]')) return;
      window.__dashboardPaintedAt = performance.now();
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  }, [session.Authorization.slice(7), session['X-Database']]);
  const page = await context.newPage();
  await page.goto(`${BASE}/dashboard`);
  await page.getByTestId('revenue-chart').locator('svg').first().waitFor({ timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  const { paintedAt, scripts } = await page.evaluate(() => ({
    paintedAt: window.__dashboardPaintedAt,
    scripts: performance.getEntriesByType('resource').filter((e) => e.initiatorType === 'script').map((e) => ({ url: e.name, at: e.startTime })),
  }));
  await context.close();
  const firstPaint = scripts.filter((s) => s.at <= paintedAt).map((s) => s.url);
  report('JavaScript for the signed-in /dashboard\'s first paint (charts load after)', await gzipKb(firstPaint), 'KB gz', '<= 450');
  report('JavaScript of the signed-in /dashboard with its charts drawn', await gzipKb(scripts.map((s) => s.url)), 'KB gz');
  const count = (pattern) => scripts.filter((s) => pattern.test(s.url)).length;
  report('Dashboard: React DOM, Fluent (provider, tabster) and shared-ui core chunks fetched', `${count(/react-dom_client/)}/${count(/fluentui_react-provider_lib_index/)}/${count(/tabster_dist_esm_index/)}/${count(/shared-ui_src_core/)}`, 'times', '1/1/1/1');
}

async function signIn() {
  const res = await fetch(`${BASE}/api/auth`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(ADMIN) });
  const body = await res.json();
  return { Authorization: `Bearer ${body.data.token}`, 'X-Database': body.data.user.database };
}

/**
 * CONNECTIONS connections calling one route back to back for SECONDS, driven by `wrk` (C, its own
 * process, one thread: Debian's `wrk` package), so the load generator's own work does not sit in
 * the server's event loop or compete as a Node process. `request` is Lua returning the next call
 * (wrk.format); the figures come from wrk's own latency histogram.
 */
/** Checked once: every load needs it. */
const WRK_INSTALLED = !spawnSync('wrk', ['--version']).error;

async function load(name, { method = 'GET', path, body, headers, request }, { seconds = SECONDS, rateTarget, p95Target = '<= 20', unit = 'req/s', label = 'requests/s', warmUpSeconds = 0 } = {}) {
  if (!WRK_INSTALLED) {
    console.log(`${name}: wrk is not installed (apt-get install -y wrk): skipped.`);
    return;
  }
  const lua = [
    `wrk.method = ${JSON.stringify(method)}`,
    ...Object.entries({ ...headers, ...(body || request ? { 'Content-Type': 'application/json' } : {}) }).map(([k, v]) => `wrk.headers[${JSON.stringify(k)}] = ${JSON.stringify(v)}`),
    ...(body ? [`wrk.body = ${JSON.stringify(body)}`] : []),
    ...(request ? [request] : []),
    `done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('WRK {"requests":%d,"non2xx":%d,"socket":%d,"seconds":%.3f,"p95":%d,"p99":%d}\\n',
    summary.requests, e.status, e.connect + e.read + e.write + e.timeout, summary.duration / 1e6,
    latency:percentile(95), latency:percentile(99)))
end`,
  ].join('\n');
  const dir = mkdtempSync(join(tmpdir(), 'oa-wrk-'));
  writeFileSync(join(dir, 'load.lua'), lua);
  const wrk = (duration) => spawn('wrk', ['-t1', `-c${CONNECTIONS}`, `-d${duration}s`, '--timeout', '10s', '-s', join(dir, 'load.lua'), `${BASE}${path}`], { stdio: ['ignore', 'pipe', 'inherit'] });
  // Reads are measured warm: after a restart their first seconds time the JIT compiling the
  // route, not the server a user meets (writes are not warmed: that would post more).
  if (warmUpSeconds) await new Promise((r) => wrk(warmUpSeconds).on('exit', r));
  const child = wrk(seconds);
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  await new Promise((r) => child.on('exit', r));
  rmSync(dir, { recursive: true, force: true });
  const line = /WRK (\{.*\})/.exec(out)?.[1];
  if (!line) return console.log(`${name}: wrk gave no figures:\n${out}`);
  const f = JSON.parse(line);
  report(`${name}: ${label} (${CONNECTIONS} connections, wrk)`, Math.round((f.requests - f.non2xx - f.socket) / f.seconds), unit, rateTarget);
  report(`${name}: p95 latency`, Math.round(f.p95 / 100) / 10, 'ms', p95Target);
  if (f.non2xx || f.socket) report(`${name}: non-2xx answers and socket errors`, f.non2xx + f.socket, 'calls', '0');
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

/**
 * Daily banking and reconciliation (issue 11) on the demo company, on either database: the lists
 * the Daily screens open with (median of 5), then what a newcomer does on Bank Reconciliation:
 * import the shipped sample statement and accept the matcher's suggestions, timed once.
 */
async function measureDaily(headers) {
  for (const [name, path] of [
    ['Daily Banking: unbanked cards', '/api/cashbook/unbanked/CARD'],
    ['Bank Reconciliation: unreconciled bank items', '/api/bankrec/banked'],
    ['Bank Reconciliation: statement lines', '/api/bankstatements/lines'],
    ['Bank Reconciliation: match suggestions', '/api/bankstatements/suggestions'],
    ['Banking Review: deposits, first ledger date to today', '/api/cashbook/banking'],
  ]) await median5(`${name}, demo company (GET ${path}, median of 5)`, `${BASE}${path}`, headers, '<= 500');
  const sample = (await (await fetch(`${BASE}/api/bankstatements/sample`, { headers })).json()).data;
  if (!sample) return console.log('The demo company ships no sample statement: import and matching skipped.');
  const post = (path, body) => fetch(`${BASE}${path}`, { method: 'POST', headers: { ...headers, 'Content-Type': 'application/json' }, body: JSON.stringify(body ?? {}) });
  const started = performance.now();
  const imported = await (await post('/api/bankstatements/import', sample)).json();
  const accepted = await (await post('/api/bankstatements/match/suggested')).json();
  report(`Sample statement ${sample.name}: import (${imported.data?.added ?? 0} new lines) and accept ${accepted.data?.matches ?? 0} suggestions`, Math.round(performance.now() - started), 'ms', '<= 3000');
}

/** The ledger figures on the big seed (PostgreSQL). */
/** Receipts of booking income to the big seed's holiday doors, each a different door and amount (wrk's Lua makes the calls). */
async function postReceipts(name, doors, headers, date) {
  const table = doors.map((d) => `{${JSON.stringify(d.door)},${JSON.stringify(d.entity)}}`).join(',');
  const request = `local doors = {${table}}
local i = 0
request = function()
  i = (i * 7 + 13) % #doors
  local d = doors[i + 1]
  local cents = 5000 + ((i * 7919) % 150000)
  local body = string.format('{"date":"${date}","payer_type":"OTHER","payer":"Bench Guest","method":"EFT","memo":"Benchmark booking receipt","items":[{"selector":"ACCOUNT","ref":"ROOMCHG","entity":"%s","door":"%s","description":"Room charges","amount":%d.%02d}]}', d[2], d[1], math.floor(cents / 100), cents % 100)
  return wrk.format(nil, nil, nil, body)
end`;
  await load(name, { method: 'POST', path: '/api/cashbook/receipt', headers, request }, { seconds: 20, rateTarget: '>= 1,000', unit: 'rcpt/s', label: 'receipts posted/s', p95Target: '' });
}

async function measureLedger(server) {
  const { databaseUrl } = server;
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

    await postReceipts('POST /api/cashbook/receipt (big seed)', doors, headers, date);
    if (server.databaseUrl) {
      // Issue 16: the same with two API processes on the database, then back to one.
      await server.restartTimed(BUILT_SERVER, { WEB_CONCURRENCY: '2' });
      await new Promise((r) => setTimeout(r, 3_000));
      await postReceipts('POST /api/cashbook/receipt (big seed, 2 processes)', doors, headers, date);
      await server.restartTimed(BUILT_SERVER);
    }

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
    if (!ONLY) await measureReceiptsScreen(headers);
    await median5(`Receipts list, ${from}..${to} (${total.toLocaleString('en-AU')} receipts), page 1 of 25 (median of 5)`, `${BASE}/api/cashbook/receipt/list?from=${from}&to=${to}&page=1&pageSize=25`, headers, '<= 1000');

    // Issue 11: a bank statement of 5,000 lines for the open month's EFT receipts and payments,
    // imported as a CommBank CSV and matched against the month's bank items.
    const cash = await sql.unsafe(`select c.date::text as date, c.amount::bigint as amount, t.ref from ${schema}.cashbook c join ${schema}.txn t on t.id = c.txn_id
      where c.method = 'EFT' and c.date >= date_trunc('month', (select max(date) from ${schema}.cashbook))::date order by c.date, c.id limit 5000`);
    const csv = cash.map((l) => `${l.date.split('-').reverse().join('/')},"${(Number(l.amount) / 100).toFixed(2)}","${Number(l.amount) > 0 ? 'DIRECT CREDIT' : 'TRANSFER TO'} ${l.ref}","0.00"`).join('\n');
    const post = (path, body) => fetch(`${BASE}${path}`, { method: 'POST', headers: { ...headers, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    let started = performance.now();
    const imported = await post('/api/bankstatements/import', { name: `bench-${Date.now()}.csv`, layout: 'CBA', content: csv });
    const importMs = performance.now() - started;
    started = performance.now();
    const suggested = await (await fetch(`${BASE}/api/bankstatements/suggestions`, { headers })).json();
    const matchMs = performance.now() - started;
    report(`Statement of ${cash.length.toLocaleString('en-AU')} lines: import (status ${imported.status}) and suggest ${suggested.data?.length ?? 0} matches`, Math.round(importMs + matchMs), 'ms', '<= 3000');
    started = performance.now();
    const confirmed = await (await post('/api/bankstatements/match/suggested')).json();
    report(`Statement of ${cash.length.toLocaleString('en-AU')} lines: accept ${confirmed.data?.matches ?? 0} suggested matches`, Math.round(performance.now() - started), 'ms');
    await median5('Bank Reconciliation: unreconciled bank items, big seed (median of 5)', `${BASE}/api/bankrec/banked`, headers, '<= 2000');
  } finally {
    await sql.end();
  }
}

/**
 * Issue 10: month end of the big company over HTTP, as the screen runs it. Proceed's steps report
 * their progress (release, disbursement, documents, close, start of day); polled every 100 ms,
 * the time from the documents step's start to the last 'Owner statements' report is the
 * statements' share (the report pack and ZIP follow it inside the same step).
 */
async function measureMonthEnd() {
  const headers = { ...(await signIn()), 'X-Database': BIG.company, 'Content-Type': 'application/json' };
  const call = async (method, path, body) => {
    const res = await fetch(`${BASE}${path}`, { method, headers, ...(body ? { body: JSON.stringify(body) } : {}) });
    return { status: res.status, body: await res.json() };
  };
  // One ABA file carries at most $99,999,999.99 (a 10-digit total), and a big seed reused by
  // several runs gathers more receipts in its open month than that: as its accountant would, pay
  // some owners first on the Disbursement screen (not timed), leaving $80 million for month end.
  const payable = (await call('GET', '/api/disburse')).body.data.filter((r) => r.disburse_allowed && r.disburse > 0);
  const cents = (row) => Math.round(row.disburse * 100);
  const first = [];
  let rest = payable.reduce((a, r) => a + cents(r), 0);
  for (const row of payable) {
    if (rest <= 8_000_000_000) break;
    first.push(row);
    rest -= cents(row);
  }
  if (first.length) {
    const paid = await call('POST', '/api/disburse', first);
    if (paid.status !== 200) return console.log(`  Disbursement before month end refused: ${paid.body.message}`);
    console.log(`  ${first.length} payees paid first on the Disbursement screen ($${paid.body.data.total.toLocaleString('en-AU')}), so that month end's bank file fits`);
  }
  await call('PUT', '/api/checklist/complete', { type: 'MTHEND_PRE' });
  let started = performance.now();
  const start = await call('POST', '/api/monthend/start');
  report(`Month end: Start (full audit, lock) on ${BIG.company}, status ${start.status}`, Math.round(performance.now() - started), 'ms');
  if (start.status !== 200) {
    console.log(`  Start refused: ${start.body.message}`);
    return;
  }
  started = performance.now();
  const job = await call('POST', '/api/monthend', {});
  if (job.status !== 200) {
    console.log(`  Proceed refused: ${job.status} ${job.body.message}`);
    return;
  }
  const marks = {};
  let last;
  let message = '';
  for (;;) {
    const { body } = await call('GET', `/api/progress/${job.body.data.id}`);
    last = body.data;
    const at = performance.now() - started;
    const step = /\((\d) of \d\)$/.exec(last.message ?? '')?.[1];
    if (step) marks[`step${step}`] ??= at;
    // When the last statements message first shows: the report pack follows under the same message.
    if (/^Owner statements: /.test(last.message ?? '') && last.message !== message) marks.statements = at;
    message = last.message ?? '';
    if (!last.active) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const total = performance.now() - started;
  if (last.status !== 'done') {
    console.log(`  Proceed failed: ${last.error?.message ?? last.status}`);
    return;
  }
  const statementsMs = (marks.statements ?? marks.step4 ?? total) - (marks.step3 ?? 0);
  const documentsMs = (marks.step4 ?? total) - (marks.step3 ?? 0);
  report(`Month end: Proceed, ${last.result.reports.statements} owner statements (${last.result.message.slice(0, 40)}...)`, Math.round(total / 100) / 10, 's', '<= 15');
  report('Month end: owner statements (share of Proceed)', Math.round((statementsMs / total) * 100), '%');
  report('Month end: documents step (statements, report pack, ZIP)', Math.round(documentsMs / 100) / 10, 's');
}

/**
 * Issue 9: up to 500 of the demo company's bookings are changed in its simulator (a new revision
 * each), then one whole sync runs to the end of its progress; its figures are printed.
 */
async function measureSync() {
  // The server prints its address while the demo company is still being built: wait until it answers.
  for (let i = 0; i < 600; i++) {
    if (await fetch(`${BASE}/mf-manifest.json`).then(() => true, () => false)) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  const headers = { ...(await signIn()), 'X-Database': 'DEMOTRUST' };
  const runSync = async () => {
    for (;;) {
      const res = await fetch(`${BASE}/api/sync`, { method: 'POST', headers });
      if (res.status === 200) return progressDone((await res.json()).data.id, headers);
      await new Promise((r) => setTimeout(r, 500));
    }
  };
  await runSync();
  const control = (await getJson('/api/control', headers)).data;
  const sim = control.gp_host;
  const pad = (n) => String(n).padStart(2, '0');
  const day = (offset) => { const d = new Date(Date.now() + offset * 86_400_000); return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`; };
  // The running simulator holds the open month's stays (ids BK<yymm>); the closed months' came
  // from simulators of their own, built while the demo was, and can no longer change.
  const openMonth = `BK${pad(control.current_year % 100)}${pad(control.current_month)}`;
  const from = `${control.current_year}-${pad(control.current_month)}-01`;
  const bookings = (await getJson(`/api/booking?from=${from}&to=${day(400)}`, headers)).data
    .filter((b) => b.id.startsWith(openMonth) && b.status < 'Z')
    .slice(0, 500);
  for (const b of bookings) {
    await fetch(`${sim}/sim/bookings/${encodeURIComponent(b.id)}/status`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ status: b.status }) });
  }
  const started = performance.now();
  const done = await runSync();
  report(`Incremental booking sync of ${bookings.length} changed bookings (${done?.error ? 'failed' : 'done'})`, Math.round(performance.now() - started), 'ms', bookings.length >= 500 ? '<= 5000' : '');
}

/**
 * The demo's End of Month pack (every owner's statement, the report pack, one ZIP) made again for
 * its last closed month, with /api/health called every 50 ms meanwhile: a long job must leave the
 * API answering. On PGlite a query runs on the API's only thread, so one slow query stalls everyone.
 */
async function measureDemoPack() {
  const headers = { ...(await signIn()), 'X-Database': 'DEMOTRUST', 'Content-Type': 'application/json' };
  const download = (await getJson('/api/reports', headers)).data.find((e) => e.key === 'download');
  const started = performance.now();
  const { progress } = await (await fetch(`${BASE}/api/reports/download`, { method: 'POST', headers, body: JSON.stringify({ ...download.defaults, mode: 'DOWNLOAD' }) })).json();
  let finished = false;
  let longestHealth = 0;
  const health = (async () => {
    while (!finished) {
      const asked = performance.now();
      await fetch(`${BASE}/api/health`);
      longestHealth = Math.max(longestHealth, performance.now() - asked);
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  const job = await progressDone(progress.id, headers);
  finished = true;
  await health;
  report(`Demo month-end pack made again (${job?.status})`, Math.round(performance.now() - started), 'ms');
  report('Longest /api/health answer while it was made', Math.round(longestHealth), 'ms');
}

/**
 * Issue 9 on the big seed: a booking system with its 3,000 units' bookings (about 30,000) linked
 * to BIGTRUST and one whole first sync through the API, timed by scripts/bench-first-sync.mts in
 * its own process (the simulator's work stays out of the bench's and the API's event loops).
 */
async function measureFirstSync(databaseUrl) {
  const { Authorization } = await signIn();
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/bench-first-sync.mts', BASE, databaseUrl, Authorization.replace(/^Bearer /, '')], { cwd: root, encoding: 'utf8', timeout: 900_000 });
  const line = /FIRST-SYNC (\{.*\})/.exec(run.stdout ?? '')?.[1];
  if (!line) return console.log(`First booking sync gave no figure:\n${run.stdout}${run.stderr}`);
  const f = JSON.parse(line);
  if (f.status !== 'done') console.log(`  First sync ${f.status}: ${f.message}`);
  report(`First whole booking sync of ${BIG.company}: ${f.bookings.toLocaleString('en-AU')} bookings of its units (${f.status})`, Math.round(f.ms / 100) / 10, 's', f.bookings >= 30_000 ? '<= 120' : '');
}

/** The API process's peak resident memory in MB since the last reset (Linux /proc; null elsewhere). */
function peakMb(pid) {
  try {
    const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Math.round(Number(kb) / 1024) : null;
  } catch {
    return null;
  }
}
/** Resets the peak (VmHWM) to the current RSS, so the next reading is one report's peak. */
function resetPeak(pid) {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    // Not Linux, or not allowed: the reading is then the peak since the server started.
  }
}

/**
 * The owner range (by code) whose postings dated from..to first reach `lines`: issue 12 aims at a
 * 100,000-line XLSX, and the whole big seed's year for every party is some 1.1 million lines.
 */
async function ownersHolding(databaseUrl, from, to, lines) {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const schema = `co_${BIG.company.toLowerCase()}`;
    const rows = await sql.unsafe(`select p.entity, count(*)::int as n from ${schema}.posting p join ${schema}.txn t on t.id = p.txn_id
      join ${schema}.entity e on e.code = p.entity where e.type = 'OWNER' and t.date between $1 and $2 group by p.entity order by p.entity collate "C"`, [from, to]);
    let total = 0;
    for (const r of rows) {
      total += r.n;
      if (total >= lines) return { entity_from: rows[0].entity, entity_to: r.entity, postings: total };
    }
    return { entity_from: rows[0]?.entity, entity_to: rows.at(-1)?.entity, postings: total };
  } finally {
    await sql.end();
  }
}

/**
 * Issue 12 on the big seed: Account Transactions over the year up to the report's default end,
 * for the owners (by code) whose year holds 100,000 postings (CSV, XLSX; the CSV counts the
 * lines) and 45,000 (PDF, which holds at most 50,000 lines), and every owner's statement of the
 * open month (Statements, ZIP), each timed once with the API's peak memory.
 */
async function measureReports(pid, databaseUrl) {
  const headers = { ...(await signIn()), 'X-Database': BIG.company, 'Content-Type': 'application/json' };
  const catalogue = (await (await fetch(`${BASE}/api/reports`, { headers })).json()).data;
  const defaults = (key) => catalogue.find((e) => e.key === key)?.defaults ?? {};
  const run = async (key, selection) => {
    resetPeak(pid);
    const started = performance.now();
    const res = await fetch(`${BASE}/api/reports/${key}`, { method: 'POST', headers, body: JSON.stringify(selection) });
    const body = await res.json();
    const ms = Math.round(performance.now() - started);
    const file = body.view ?? body.download ?? body.csv;
    if (!file) console.log(`  ${key} answered ${res.status}: ${JSON.stringify(body).slice(0, 200)}`);
    return { ms, mb: peakMb(pid), bytes: file ? Buffer.from(file.data, 'base64') : Buffer.alloc(0) };
  };
  const to = defaults('transactions').to;
  const [y, m] = to.split('-').map(Number);
  const from = m === 12 ? `${y}-01-01` : `${y - 1}-${String(m + 1).padStart(2, '0')}-01`;
  const owners = await ownersHolding(databaseUrl, from, to, 100_000);
  const year = { from, to, entity_type: 'OWNER', entity_from: owners.entity_from, entity_to: owners.entity_to };
  console.log(`  Account Transactions: owners ${owners.entity_from} to ${owners.entity_to}, ${owners.postings.toLocaleString('en-AU')} postings from ${from} to ${to}`);
  const csv = await run('transactions', { ...year, mode: 'CSV' });
  const lines = csv.bytes.toString('utf8').split('\n').length - 1;
  report(`Reports: Account Transactions, a year, CSV (${lines.toLocaleString('en-AU')} lines)`, Math.round(csv.ms / 100) / 10, 's');
  report('Reports: Account Transactions, CSV: API peak memory', csv.mb ?? 'n/a', 'MB');
  const xlsx = await run('transactions', { ...year, mode: 'XLSX' });
  report(`Reports: Account Transactions, XLSX (${(xlsx.bytes.length / 1e6).toFixed(1)} MB)`, Math.round(xlsx.ms / 100) / 10, 's', lines >= 100_000 ? '<= 10' : '');
  report('Reports: Account Transactions, XLSX: API peak memory', xlsx.mb ?? 'n/a', 'MB', '< 500');
  const period = defaults('statement');
  const zip = await run('statement', { year: period.year, month: period.month, entity_type: 'OWNER', mode: 'ZIP' });
  let count = 0;
  if (zip.bytes.length) unzipSync(new Uint8Array(zip.bytes), { filter: (f) => { count += f.name.endsWith('.pdf') ? 1 : 0; return false; } });
  report(`Reports: Statements ${period.year}-${String(period.month).padStart(2, '0')}, ZIP (${count} statements)`, Math.round(zip.ms / 100) / 10, 's', '<= 8');
  report('Reports: Statements, ZIP: API peak memory', zip.mb ?? 'n/a', 'MB');
  // A PDF holds at most 50,000 lines (the report refuses more and says to export CSV or XLSX).
  const pdfOwners = await ownersHolding(databaseUrl, from, to, 45_000);
  const pdf = await run('transactions', { ...year, entity_from: pdfOwners.entity_from, entity_to: pdfOwners.entity_to, mode: 'DOWNLOAD' });
  report(`Reports: Account Transactions, PDF of ${pdfOwners.postings.toLocaleString('en-AU')} postings (${(pdf.bytes.length / 1e6).toFixed(1)} MB)`, Math.round(pdf.ms / 100) / 10, 's');
  report('Reports: Account Transactions, PDF: API peak memory', pdf.mb ?? 'n/a', 'MB');
}

/**
 * Issue 13: 1,000 owners' statement e-mails, each with its statement PDF, queued through
 * POST /api/reports/emailstatements (a job) and sent by the outbox to the loopback SMTP server
 * the API runs without SMTP_URL. Times: queued (the job done), and all Sent (nothing left New).
 */
async function measureEmail() {
  const headers = { ...(await signIn()), 'X-Database': BIG.company, 'Content-Type': 'application/json' };
  const listed = await (await fetch(`${BASE}/api/entity/emaillist/type=OWNER`, { headers })).json();
  const owners = listed.data.filter((r) => r.email).slice(0, 1000).map((r) => r.code);
  const { year, month } = listed.selection;
  const started = performance.now();
  const res = await fetch(`${BASE}/api/reports/emailstatements`, { method: 'POST', headers, body: JSON.stringify({ year, month, type: 'OWNER', entities: owners }) });
  const body = await res.json();
  if (!body.progress) { console.log(`  emailstatements answered ${res.status}: ${JSON.stringify(body).slice(0, 200)}`); return; }
  const job = await progressDone(body.progress.id, headers, 200);
  const queuedMs = performance.now() - started;
  let unsent;
  do {
    await new Promise((r) => setTimeout(r, 250));
    unsent = (await (await fetch(`${BASE}/api/email?limit=1`, { headers })).json()).data.unsent;
  } while (unsent > 0 && performance.now() - started < 600_000);
  const sentMs = performance.now() - started;
  report(`E-mail: ${job.result?.queued ?? 0} statement e-mails with PDFs queued`, Math.round(queuedMs / 100) / 10, 's');
  report(`E-mail: the same sent to the local SMTP server (${unsent} left)`, Math.round(sentMs / 100) / 10, 's', '<= 30');
}

// The API is always compiled (about a second); the front end only when the browser measures it.
const build = spawnSync(process.execPath, ['scripts/build.mjs', ...(runs('frontend') ? [] : ['api'])], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(1);
const server = await startServer();
console.log(`\nOwner Accounting benchmark (${server.database}, ${new Date().toISOString()})\n`);
try {
  await measureStartup(server);
  if (runs('frontend')) await measureFrontEnd();
  const headers = await signIn();
  if (runs('api')) {
    await load('GET /api/account/list', { path: '/api/account/list', headers }, { warmUpSeconds: 3 });
    await load('POST /api/lookup', { method: 'POST', path: '/api/lookup', headers, body: '{"lists":"ALL"}' }, { warmUpSeconds: 3 });
    // Issue 16: the same with two API processes on the database (WEB_CONCURRENCY=2), then back to one.
    if (server.databaseUrl) {
      await server.restartTimed(BUILT_SERVER, { WEB_CONCURRENCY: '2' });
      // /api/health answers once the first worker listens; the second is given a moment.
      await new Promise((r) => setTimeout(r, 3_000));
      await load('GET /api/account/list (2 processes)', { path: '/api/account/list', headers }, { warmUpSeconds: 3 });
      await load('POST /api/lookup (2 processes)', { method: 'POST', path: '/api/lookup', headers, body: '{"lists":"ALL"}' }, { warmUpSeconds: 3 });
      await server.restartTimed(BUILT_SERVER);
    }
  }
  if (runs('daily')) await measureDaily(headers);
  if (runs('sync')) await measureSync();
  if (runs('pack')) await measureDemoPack();
  if (!server.databaseUrl && BIG_SEED_PARTS.some(runs)) console.log('Ledger, report, e-mail, month-end and first-sync figures need PostgreSQL (the big seed): skipped.');
  else if (server.databaseUrl) {
    if (runs('ledger')) await measureLedger(server);
    if (runs('reports')) await measureReports(server.pid, server.databaseUrl);
    if (runs('email')) await measureEmail();
    if (runs('monthend')) await measureMonthEnd();
    if (runs('firstsync')) await measureFirstSync(server.databaseUrl);
  }
} finally {
  await server.stop();
}
mkdirSync(join(root, 'bench-results'), { recursive: true });
writeFileSync(join(root, 'bench-results', 'latest.json'), JSON.stringify({ database: server.database, at: new Date().toISOString(), results }, null, 2));
