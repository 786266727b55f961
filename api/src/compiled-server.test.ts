import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './db/open.js';
import { openTestDatabase } from './testing/prepared-database.js';

/**
 * Issue 16: `npm run build` compiles the API to api/dist/server.js and `npm start` runs it with
 * plain Node. The compiled server is built and started here on a free port, on a copy of the
 * prepared test books (so the first start does not post the demo's year), and must answer
 * /api/health and sign in, which exercises the bundled migrations, routes and contracts.
 */
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
let child: ChildProcess | null = null;
const cleanups: (() => Promise<void> | void)[] = [];

const freePort = () => new Promise<number>((resolve) => {
  const s = createServer();
  s.listen(0, '127.0.0.1', () => { const { port } = s.address() as { port: number }; s.close(() => resolve(port)); });
});

/** The server's environment: the test's PostgreSQL database, or a PGlite folder loaded from the prepared dump. */
async function databaseEnv(): Promise<Record<string, string>> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'oa-compiled-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  if (process.env.DATABASE_URL) {
    const test = await openTestDatabase();
    const url = test.db.url!;
    await test.db.close();
    cleanups.push(() => test.drop());
    return { DATABASE_URL: url, DATA_DIR: dataDir };
  }
  const dump = process.env.OA_TEST_PGLITE_DUMP;
  const db = await openDatabase({ dataDir, ...(dump ? { loadDataDir: new Blob([readFileSync(dump)]) } : {}) });
  await db.close();
  return { DATA_DIR: dataDir };
}

afterAll(async () => {
  child?.kill('SIGKILL');
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe('the compiled server', () => {
  it('is built by scripts/build-api.mjs and answers /api/health and a sign-in under plain Node', async () => {
    const built = spawnSync(process.execPath, ['scripts/build.mjs', 'api', '--force'], { cwd: repoRoot, encoding: 'utf8' });
    expect(built.status, built.stderr).toBe(0);
    const port = await freePort();
    const env: NodeJS.ProcessEnv = { ...process.env, ...(await databaseEnv()), PORT: String(port), BOOKING_SIM: 'off', TEST_MODE: '', SMTP_URL: '' };
    delete env.OA_TEST_PGLITE_DUMP;
    let output = '';
    child = spawn(process.execPath, ['--enable-source-maps', 'api/dist/server.js'], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout!.on('data', (d) => (output += d));
    child.stderr!.on('data', (d) => (output += d));
    const base = `http://127.0.0.1:${port}`;
    let health: Response | null = null;
    for (let i = 0; i < 600 && !health && child.exitCode === null; i++) {
      health = await fetch(`${base}/api/health`).catch(() => null);
      if (!health) await new Promise((r) => setTimeout(r, 100));
    }
    expect(health?.status, output).toBe(200);
    expect(await health!.json()).toEqual({ data: { status: 'ok', database: process.env.DATABASE_URL ? 'postgresql' : 'pglite' } });
    const signIn = await fetch(`${base}/api/auth`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ code: 'admin', password: 'trust-admin-2026' }),
    });
    expect(signIn.status, output).toBe(200);
    const refused = await fetch(`${base}/api/account/list`);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ error: true, status: 401, message: expect.any(String) });
    // Stopped while a job runs (End of Month Reports of the last closed month): the job finishes
    // before the database closes, so its cache invalidation is still sent (PostgreSQL) and the
    // process exits cleanly.
    const token = ((await signIn.json()) as { data: { token: string } }).data.token;
    const job = await fetch(`${base}/api/reports/download`, {
      method: 'POST', headers: { Authorization: `Bearer ${token}`, 'X-Database': 'DEMOTRUST', 'Content-Type': 'application/json' }, body: JSON.stringify({ mode: 'ZIP' }),
    });
    expect(job.status, output).toBe(200);
    child.kill('SIGTERM');
    const code = await new Promise((r) => child!.once('exit', r));
    child = null;
    expect(code, output).toBe(0);
    expect(output).not.toMatch(/Cache invalidation not sent|driver has already been destroyed/);
  }, 120_000);

  it('draws owner statements in the worker built beside it (a thousand statements go to worker threads)', async () => {
    const worker = new Worker(path.join(repoRoot, 'api/dist/statement-pdf-worker.js'));
    try {
      const answer = new Promise<{ pdfs?: Uint8Array[]; error?: string }>((resolve, reject) => { worker.once('message', resolve); worker.once('error', reject); });
      worker.postMessage({
        statements: [{ code: 'OWNSMITH', name: 'Jane Smith', address: [], format: 'SUM', year: 2026, month: 11, opening: 0, closing: 0, lines: [], byKind: [], pending: 0, holds: [], notes: null, message: null }],
        letterhead: { companyName: 'Seaside Lettings', address: [], logo: null, timeZone: 'Australia/Sydney' },
        printedAt: new Date().toISOString(),
      });
      const { pdfs, error } = await answer;
      expect(error).toBeUndefined();
      expect(Buffer.from(pdfs![0]!).subarray(0, 5).toString()).toBe('%PDF-');
    } finally {
      await worker.terminate();
    }
  });
});
