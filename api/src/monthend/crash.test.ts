import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { strFromU8, unzipSync } from 'fflate';
import type { Kysely } from 'kysely';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Config, readConfig } from '../config.js';
import { type Database, openDatabase, schemaNameFor } from '../db/open.js';
import type { CompanyTables } from '../db/schema.js';
import { prepareDatabase } from '../demo/first-start.js';
import { ownerStatements } from '../statements/owner.js';
import { monthEndCompany } from '../testing/monthend.js';
import { assertMonthEndActive, runMonthEnd, startMonthEnd, stopMonthEnd } from './run.js';

/**
 * Issue 10 'Proof', crash safety: Proceed runs in a child process that is killed with SIGKILL
 * after each step has committed, and inside a step's transaction before it commits; the books are
 * opened again, Proceed again finishes, and the end state must equal that of an uninterrupted run
 * of the same books (a copy of them): the same txns and payments, the same ABA bytes apart from
 * the creation date, the same report pack and statement totals, one period close, the lock
 * cleared. PGlite (a data folder per copy) or PostgreSQL (a database per copy, from a template)
 * under DATABASE_URL.
 */
type Db = Kysely<CompanyTables>;
const CODE = 'CRASH001';
const COMPANY = { code: CODE, name: 'Seaside Lettings' };
const config: Config = { ...readConfig({}), tokenSecret: 'test-secret-for-api-tests', dataDir: '', readCacheMs: 0 };
const onPostgres = Boolean(process.env.DATABASE_URL);
let prepared: string;
let admin: postgres.Sql | null = null;
const dropped: string[] = [];

const open = (target: string): Promise<Database> =>
  target.startsWith('postgres') ? openDatabase({ databaseUrl: target, poolSize: 4 }) : openDatabase({ dataDir: target });

function databaseUrl(name: string): string {
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A copy of the prepared books (month end started, nothing run): a data folder or a database made from the template. */
async function copyOfBooks(): Promise<string> {
  if (admin) {
    const name = `oa_test_${randomBytes(6).toString('hex')}`;
    await admin.unsafe(`create database ${name} template ${new URL(prepared).pathname.slice(1)}`);
    dropped.push(name);
    return databaseUrl(name);
  }
  const dir = mkdtempSync(join(tmpdir(), 'oa-monthend-crash-'));
  cpSync(prepared, dir, { recursive: true });
  dropped.push(dir);
  return dir;
}

beforeAll(async () => {
  if (onPostgres) {
    admin = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
    const name = `oa_test_${randomBytes(6).toString('hex')}`;
    await admin.unsafe(`create database ${name}`);
    dropped.push(name);
    prepared = databaseUrl(name);
  } else {
    prepared = mkdtempSync(join(tmpdir(), 'oa-monthend-books-'));
    dropped.push(prepared);
  }
  const db = await open(prepared);
  await prepareDatabase(db, config);
  const books = await monthEndCompany(db, CODE, config.adminUser);
  await books.updateTable('checklist').set({ complete: true }).where('code', '=', 'MTHEND_PRE').execute();
  await startMonthEnd(books, COMPANY, 'ADMIN');
  // Closed, so the folder can be copied and the database can serve as a template.
  await db.close();
}, 180_000);

afterAll(async () => {
  for (const name of dropped.reverse()) {
    if (admin) await admin.unsafe(`drop database if exists ${name} with (force)`);
    else rmSync(name, { recursive: true, force: true });
  }
  await admin?.end();
});

/** Runs Proceed in a child process on `target` and kills it with SIGKILL at `point` (after:<step> or inside:<step>). */
function proceedAndKill(target: string, point: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'api/src/testing/monthend-crash-child.ts', target, CODE, 'ADMIN', point], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => {
      out += String(d);
      if (out.includes(`STOPPED ${point}`)) child.kill('SIGKILL');
    });
    child.stderr.on('data', (d) => (err += String(d)));
    child.on('exit', (code, signal) => (signal === 'SIGKILL' ? resolve() : reject(new Error(`child ended ${code} ${signal}: ${out} ${err}`))));
  });
}

/** An ABA file with the descriptive record's processing date (positions 75–80) blanked. */
const abaWithoutDate = (aba: string) => aba.split('\r\n').map((l) => (l.startsWith('0') ? `${l.slice(0, 74)}DDMMYY${l.slice(80)}` : l)).join('\r\n');
/** File names carry the time they were made. */
const withoutStamp = (text: string) => text.replace(/ABA-(\w+)-\d{8}-\d{6}-/g, 'ABA-$1-STAMP-');

/** Everything a month end decides, without ids, timestamps and the files' creation dates. */
async function endState(books: Db) {
  const txns = await books.selectFrom('txn').select(['id', 'kind', 'ref', 'date', 'year', 'month', 'memo', 'source_ref']).orderBy('kind').orderBy('ref').execute();
  const postings = await books.selectFrom('posting').select(['txn_id', 'entity', 'door', 'account_id', 'amount', 'description']).execute();
  const cash = await books.selectFrom('cashbook').select(['txn_id', 'date', 'method', 'amount', 'payee', 'payer']).execute();
  const ledger = txns.map(({ id, ...t }) => ({
    ...t,
    postings: postings.filter((p) => p.txn_id === id).map(({ txn_id: _, ...p }) => ({ ...p, amount: Number(p.amount) }))
      .sort((a, b) => `${a.entity}${a.door}${a.account_id}${a.amount}`.localeCompare(`${b.entity}${b.door}${b.account_id}${b.amount}`)),
    cash: cash.filter((c) => c.txn_id === id).map(({ txn_id: _, ...c }) => ({ ...c, amount: Number(c.amount) })),
  }));
  const payments = ledger.filter((t) => t.kind === 'DISBURSE').map((t) => ({ party: t.source_ref, amount: t.cash.reduce((s, c) => s + c.amount, 0) }));
  const run = await books.selectFrom('monthend_run').select(['year', 'month', 'status', 'steps', 'result']).executeTakeFirstOrThrow();
  const result = run.result as Record<string, any>;
  const files = await books.selectFrom('archive').select(['path', 'blob_id', 'mime', 'content']).where('path', '=', 'Month End').orderBy('id').execute();
  const aba = files.find((f) => f.blob_id.endsWith('.aba'));
  const zip = files.find((f) => f.blob_id.endsWith('.zip'));
  const pack = unzipSync(zip!.content);
  const statements = await ownerStatements(books, run.year, run.month);
  const control = await books.selectFrom('control_setting').select(['key', 'value'])
    .where('key', 'in', ['current_year', 'current_month', 'monthend_lock_uuid', 'monthend_lock_user']).orderBy('key').execute();
  return {
    ledger,
    payments,
    numbers: await books.selectFrom('number_sequence').select(['kind', 'last_value']).orderBy('kind').execute().then((r) => r.map((n) => ({ ...n, last_value: Number(n.last_value) }))),
    charges: await books.selectFrom('charge').select(['ref', 'status']).orderBy('ref').execute(),
    run: { year: run.year, month: run.month, status: run.status, steps: run.steps },
    // The file the run answers is the one kept, and it is made once.
    aba: { answered: abaWithoutDate(String(result.aba)), kept: abaWithoutDate(strFromU8(aba!.content)), same: result.aba === strFromU8(aba!.content) },
    files: files.map((f) => ({ path: f.path, name: withoutStamp(f.blob_id), mime: f.mime })),
    pack: Object.keys(pack).sort(),
    reports: Object.fromEntries(Object.entries(pack).filter(([n]) => n.endsWith('.csv')).map(([n, data]) => [n, withoutStamp(strFromU8(data))])),
    statements: statements.map((s) => ({ code: s.code, opening: s.opening, closing: s.closing, lines: s.lines.reduce((a, l) => a + l.amount, 0), pending: s.pending, holds: s.holds })),
    closes: await books.selectFrom('period_close').select(['year', 'month', 'user_id']).execute(),
    control,
  };
}

type EndState = Awaited<ReturnType<typeof endState>>;

/** Opens the books again (a restart), runs Proceed to the end when the lock says it is still active, and reads the end state. */
async function finish(target: string): Promise<EndState> {
  const db = await open(target);
  try {
    const books = db.company(schemaNameFor(CODE));
    const run = await books.selectFrom('monthend_run').select(['status', 'steps']).executeTakeFirst();
    if (run?.status === 'DONE') {
      // Killed after its last step committed: the lock is gone, so a second Proceed is refused (the route's check).
      await expect(assertMonthEndActive(books, 'ADMIN')).rejects.toMatchObject({ status: 409 });
    } else {
      // Past the close, Abort is no way out (the month is closed): only Proceed finishes it.
      if (run?.steps.includes('close')) await expect(stopMonthEnd(books, COMPANY, 'ADMIN', false)).rejects.toMatchObject({ status: 409 });
      await assertMonthEndActive(books, 'ADMIN');
      await runMonthEnd(books, { company: COMPANY, userId: 'ADMIN', report: async () => {} });
    }
    return await endState(books);
  } finally {
    await db.close();
  }
}

describe('month end after kill -9', () => {
  let reference: EndState;

  beforeAll(async () => {
    reference = await finish(await copyOfBooks());
    // The reference run did what month end does: something released, paid by an ABA file, closed once.
    expect(reference.payments.length).toBeGreaterThan(0);
    expect(reference.ledger.filter((t) => t.kind === 'RELEASE')).toHaveLength(1);
    expect(reference.aba.same).toBe(true);
    expect(reference.closes).toHaveLength(1);
    expect(reference.run.status).toBe('DONE');
    expect(reference.control.find((c) => c.key === 'monthend_lock_uuid')?.value ?? null).toBeNull();
  }, 180_000);

  // Two cases at a time: a case is mostly a child process starting and a restart, and the API
  // suite runs its files one after another, so a second core would otherwise sit idle.
  const pairs = [['after:release', 'inside:disbursement'], ['after:disbursement', 'after:documents'], ['after:close', 'after:start_of_day']];
  for (const pair of pairs) {
    describe.concurrent(pair.join(', '), () => {
      it.each(pair)('killed %s, restarted and finished, ends as the uninterrupted run', async (point) => {
        const target = await copyOfBooks();
        await proceedAndKill(target, point);
        expect(await finish(target)).toEqual(reference);
      }, 120_000);
    });
  }
});
