import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, schemaNameFor } from '../db/open.js';
import { DEMO_COMPANY } from './first-start.js';

/** Issue 8 item 16: a kill -9 while the first start posts the demo books; the next start finishes them. */
const dataDir = mkdtempSync(join(tmpdir(), 'oa-first-start-'));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

function start() {
  const port = String(20_000 + Math.floor(Math.random() * 20_000));
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/src/server.ts'], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', PORT: port, HOST: '127.0.0.1', NODE_ENV: '', BOOKING_SIM: 'off' }, stdio: 'pipe',
  });
  children.push(child);
  let out = '';
  const waiters: { text: string; resolve: () => void }[] = [];
  const onData = (d: Buffer) => {
    out += d;
    for (const w of waiters) if (out.includes(w.text)) w.resolve();
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const waitFor = (text: string) => new Promise<void>((resolve, reject) => {
    waiters.push({ text, resolve });
    child.on('exit', () => reject(new Error(`server exited before "${text}": ${out}`)));
  });
  return { child, exited, waitFor, output: () => out };
}

describe('first start killed while posting the demo', () => {
  it('the next start rebuilds the half-posted demo company and finishes it once', async () => {
    const first = start();
    await first.waitFor('Posting the demo books');
    await new Promise((r) => setTimeout(r, 3000));
    first.child.kill('SIGKILL');
    await first.exited;
    expect(first.output()).not.toContain('Demo books posted');

    const second = start();
    await second.waitFor('Owner Accounting on');
    expect(second.output()).toContain('left half-posted by an interrupted first start');
    // The books, then the rentals' and the pool's receipts, each counted by what posted them.
    const posted = Number(/(\d+) transactions/.exec(second.output())![1]) + Number(/(\d+) rent receipts/.exec(second.output())![1])
      + Number(/(\d+) receipt of its income/.exec(second.output())![1]);
    second.child.kill('SIGTERM');
    await second.exited;

    const db = await openDatabase({ dataDir });
    try {
      const txn = sql.id(schemaNameFor(DEMO_COMPANY.code), 'txn');
      const { rows } = await sql<{ n: string }>`select count(*)::text as n from ${txn} where source is distinct from 'BANKREC'
        and (source is distinct from 'BKG' or year * 100 + month < (select max(year * 100 + month) from ${txn}))`.execute(db.root);
      // Everything posted once; the open month's booking sync's receipts and distributions (source BKG, each payment receipted
      // once by its key) and the bank side's card fees and unidentified deposits (source BANKREC) come after the books, whose
      // closed months' synced bookings they count.
      expect(Number(rows[0]!.n)).toBe(posted);
      expect(await db.control.selectFrom('setting').select('value').where('key', '=', 'demo_books').executeTakeFirst()).toEqual({ value: 'done' });
      expect((await db.control.selectFrom('app_user').select('id').orderBy('id').execute()).map((u) => u.id)).toEqual(['ADMIN', 'SUPPORT']);
    } finally {
      await db.close();
    }
  }, 600_000);
});
