import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { type Config, readConfig } from '../config.js';
import { type Database, openDatabase } from '../db/open.js';
import { finishDemoBooks, prepareDatabase } from '../demo/first-start.js';

/** The configuration every API test runs with. */
export function testConfig(): Config {
  // Tests write rows behind the API's back, so reads are never served from the cache here.
  return { ...readConfig({}), tokenSecret: 'test-secret-for-api-tests', dataDir: '', readCacheMs: 0 };
}

/**
 * Migrated control and company schemas with the test company on its starter books, the state every
 * API test begins from. The first start is marked finished, so a server started on the database
 * (the kill tests) does not post the demo's year of books.
 */
async function prepareTestBooks(db: Database): Promise<void> {
  const config = testConfig();
  await finishDemoBooks(db, await prepareDatabase(db, config), async () => {});
}

/** Where the global setup left the prepared database: a PGlite data folder dump, or a template database. */
const PGLITE_DUMP = 'OA_TEST_PGLITE_DUMP';
const PG_TEMPLATE = 'OA_TEST_PG_TEMPLATE';

function adminClient(serverUrl: string) {
  return postgres(serverUrl, { max: 1, onnotice: () => {} });
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Vitest global setup of the API project: the test books are prepared once per run instead of once
 * per test file. A fresh in-memory PGlite spends about ten seconds in initdb, loading a dump about
 * one; on PostgreSQL a database copied from a template skips the migrations. Test workers inherit
 * the environment variable that says where the prepared copy is.
 */
export async function setup(): Promise<() => Promise<void>> {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const name = `oa_template_${randomBytes(6).toString('hex')}`;
    const admin = adminClient(serverUrl);
    await admin.unsafe(`create database ${name}`);
    const db = await openDatabase({ databaseUrl: databaseUrl(serverUrl, name), poolSize: 2 });
    await prepareTestBooks(db);
    await db.close();
    process.env[PG_TEMPLATE] = name;
    return async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }
  const db = await openDatabase({});
  await prepareTestBooks(db);
  const dump = await db.dumpDataDir();
  await db.close();
  const file = path.join(tmpdir(), `oa-test-books-${process.pid}-${randomBytes(4).toString('hex')}.tar`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  process.env[PGLITE_DUMP] = file;
  return async () => rmSync(file, { force: true });
}

export interface TestDatabase {
  db: Database;
  drop(): Promise<void>;
}

/**
 * A database of its own for one test file, holding the prepared test books: PGlite in memory by
 * default, or a fresh database on the PostgreSQL server named by DATABASE_URL. Without the global
 * setup (a script using the test API) the books are prepared here.
 */
export async function openTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const name = `oa_test_${randomBytes(6).toString('hex')}`;
    const admin = adminClient(serverUrl);
    const template = process.env[PG_TEMPLATE];
    await admin.unsafe(template ? `create database ${name} template ${template}` : `create database ${name}`);
    const db = await openDatabase({ databaseUrl: databaseUrl(serverUrl, name), poolSize: 10 });
    if (!template) await prepareTestBooks(db);
    return {
      db,
      drop: async () => {
        await admin.unsafe(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  const dump = process.env[PGLITE_DUMP];
  const db = await openDatabase(dump ? { loadDataDir: new Blob([readFileSync(dump)]) } : {});
  if (!dump) await prepareTestBooks(db);
  return { db, drop: async () => {} };
}
