/**
 * `npm run bench`: measures what the issues set targets for, and prints the figures.
 *  - front end (Chromium): gzip KB of JavaScript for /login, KB added by the first visit to
 *    /management/setup/banks, time until the sign-in form is usable;
 *  - API (PostgreSQL when available, else PGlite): requests/s and p95 latency under 50
 *    concurrent connections for GET /api/account/list and POST /api/lookup.
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
    const name = `oa_bench_${Date.now()}`;
    await admin.unsafe(`create database ${name}`);
    const url = new URL(PG_SERVER);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
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
    async stop() {
      server.kill('SIGTERM');
      await new Promise((r) => server.on('exit', r));
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

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
async function load(name, request) {
  const latencies = [];
  let failures = 0;
  const deadline = Date.now() + SECONDS * 1000;
  const worker = async () => {
    while (Date.now() < deadline) {
      const t = performance.now();
      const res = await request();
      await res.arrayBuffer();
      latencies.push(performance.now() - t);
      if (res.status !== 200) failures++;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const p95 = latencies[Math.floor(latencies.length * 0.95)] ?? 0;
  report(`${name}: requests/s (${CONNECTIONS} connections)`, Math.round(latencies.length / elapsed), 'req/s');
  report(`${name}: p95 latency`, Math.round(p95 * 10) / 10, 'ms', '<= 20');
  if (failures) report(`${name}: non-200 answers`, failures, 'calls', '0');
}

const build = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(1);
const server = await startServer();
console.log(`\nOwner Accounting benchmark (${server.database}, ${new Date().toISOString()})\n`);
try {
  await measureFrontEnd();
  const headers = await signIn();
  await load('GET /api/account/list', () => fetch(`${BASE}/api/account/list`, { headers }));
  await load('POST /api/lookup', () =>
    fetch(`${BASE}/api/lookup`, { method: 'POST', headers: { ...headers, 'Content-Type': 'application/json' }, body: '{"lists":"ALL"}' }),
  );
} finally {
  await server.stop();
}
mkdirSync(join(root, 'bench-results'), { recursive: true });
writeFileSync(join(root, 'bench-results', 'latest.json'), JSON.stringify({ database: server.database, at: new Date().toISOString(), results }, null, 2));
