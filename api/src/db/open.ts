import { mkdirSync } from 'node:fs';
import { PGlite, types } from '@electric-sql/pglite';
import { Kysely, sql } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import { PostgresJSDialect } from 'kysely-postgres-js';
import postgres from 'postgres';
import { InvalidationBus } from '../http/invalidation.js';
import { lockDataFolder } from './data-folder-lock.js';
import type { CompanyTables, ControlTables } from './schema.js';

export type DatabaseKind = 'pglite' | 'postgresql';

export interface Database {
  kind: DatabaseKind;
  /** The PostgreSQL server's URL (undefined on PGlite), for the few sessions of their own (single-runner locks). */
  url?: string;
  /** Kysely bound to the control schema. */
  control: Kysely<ControlTables>;
  /** Kysely bound to one company's schema. Cached: one instance per schema. */
  company(schemaName: string): Kysely<CompanyTables>;
  /** Unscoped handle, for migrations and schema management. */
  root: Kysely<any>;
  version(): Promise<string>;
  /** PGlite only: the whole database as a tarball, which `loadDataDir` opens again (the tests' prepared books). */
  dumpDataDir(): Promise<Blob>;
  /**
   * This handle's cache invalidation across API processes (PostgreSQL LISTEN/NOTIFY; on PGlite this
   * process alone), made on first use and stopped by close().
   */
  invalidation(): InvalidationBus;
  close(): Promise<void>;
}

export const CONTROL_SCHEMA = 'control';

export interface OpenOptions {
  databaseUrl?: string;
  /** PGlite data folder; omit for an in-memory database (tests). */
  dataDir?: string;
  /** Connection pool size for PostgreSQL. */
  poolSize?: number;
  /** PGlite only: start from a tarball made by dumpDataDir instead of an empty cluster. */
  loadDataDir?: Blob;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  let root: Kysely<any>;
  let kind: DatabaseKind;
  let closeDriver: () => Promise<void>;
  let dumpDataDir = async (): Promise<Blob> => {
    throw new Error('Only a PGlite database can be dumped to a tarball');
  };
  if (options.databaseUrl) {
    kind = 'postgresql';
    // int8 and numeric come back as strings (postgres.js default); dates as ISO strings so both
    // drivers return the same shapes and money is converted exactly once, in money/cents.ts.
    const client = postgres(options.databaseUrl, {
      max: options.poolSize ?? 20,
      onnotice: () => {},
      types: { date: { to: 1082, from: [1082], serialize: (x: string) => x, parse: (x: string) => x } },
    });
    root = new Kysely({ dialect: new PostgresJSDialect({ postgres: client }) });
    closeDriver = () => client.end({ timeout: 5 });
  } else {
    kind = 'pglite';
    let unlock = () => {};
    if (options.dataDir) {
      mkdirSync(options.dataDir, { recursive: true });
      unlock = lockDataFolder(options.dataDir);
    }
    const pg = await PGlite.create(options.dataDir, {
      loadDataDir: options.loadDataDir,
      parsers: { [types.INT8]: (x: string) => x, [types.NUMERIC]: (x: string) => x, [types.DATE]: (x: string) => x },
    }).catch((e) => {
      unlock();
      throw e;
    });
    root = new Kysely({ dialect: new PGliteDialect(pg as never) });
    closeDriver = () => pg.close().finally(unlock);
    dumpDataDir = async () => pg.dumpDataDir('none');
  }
  const companies = new Map<string, Kysely<CompanyTables>>();
  let bus: InvalidationBus | null = null;
  const db: Database = {
    kind,
    url: options.databaseUrl,
    root,
    control: root.withSchema(CONTROL_SCHEMA) as Kysely<ControlTables>,
    company(schemaName: string) {
      let db = companies.get(schemaName);
      if (!db) {
        db = root.withSchema(schemaName) as Kysely<CompanyTables>;
        companies.set(schemaName, db);
      }
      return db;
    },
    async version() {
      const { rows } = await sql<{ version: string }>`select version() as version`.execute(root);
      return rows[0]!.version;
    },
    dumpDataDir,
    invalidation() {
      return (bus ??= new InvalidationBus(db));
    },
    async close() {
      await bus?.stop();
      await root.destroy().catch(() => {});
      await closeDriver().catch(() => {});
    },
  };
  return db;
}

/** Schema names are derived, never taken from input: `co_` plus the company code. */
export function schemaNameFor(companyCode: string): string {
  if (!/^[A-Z0-9_]{1,20}$/.test(companyCode)) throw new Error(`Bad company code ${companyCode}`);
  return `co_${companyCode.toLowerCase()}`;
}

/**
 * A jsonb value for insert/update. Bound as text and cast, because postgres.js would encode a
 * string bound to a jsonb parameter a second time while PGlite would not.
 */
export const jsonb = (value: unknown) => sql<string>`cast(${JSON.stringify(value)} as text)::jsonb`;
