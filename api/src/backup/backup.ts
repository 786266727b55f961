import { gunzipSync, gzipSync } from 'node:zlib';
import { type Kysely, sql } from 'kysely';
import { ARCHIVE_PATHS, MIME, archiveFile } from '../archive/archive.js';
import type { CompanyTables } from '../db/schema.js';

type Db = Kysely<CompanyTables>;

/**
 * The .pgb backup format (docs/backup.md): gzip of JSON lines. Line 1 is the header (format,
 * version, the company, when, the engine, the company migrations its schema had, its users'
 * access, and every table with its column types and row count); every further line is one row,
 * `{"t": table, "r": {column: value}}`, tables one after the other, rows in key order. Values are
 * as JSON gives them (timestamps as ISO text, int8 and numeric as text); bytea is base64 text and
 * json/jsonb their JSON text.
 */
export const PGB_FORMAT = 'owner-accounting-pgb';
export const PGB_VERSION = 1;

export interface PgbTable {
  name: string;
  /** column → PostgreSQL type name (udt_name): the restore decodes bytea and binds json by it. */
  columns: Record<string, string>;
  rows: number;
}

export interface PgbHeader {
  format: typeof PGB_FORMAT;
  version: number;
  company: string;
  name: string | null;
  schema: string;
  taken_at: string;
  engine: string;
  /** The company migrations applied to the schema, oldest first: the backup's schema version. */
  migrations: string[];
  /** Who had access to the company, and with what (control.user_company). */
  access: { user_id: string; permissions: unknown; inactive: boolean }[];
  tables: PgbTable[];
}

/** Columns kept as their JSON text in the file. */
export const JSON_TYPES = new Set(['json', 'jsonb']);

/** The migrations' own bookkeeping is written by the header's `migrations`, not as rows. */
const LEFT_OUT = new Set(['kysely_migration', 'kysely_migration_lock']);

/** Bytes (PGlite's Uint8Array, pg's Buffer) as base64 text, before JSON.stringify meets Buffer.toJSON. */
const jsonValue = (v: unknown) => (v instanceof Uint8Array ? Buffer.from(v).toString('base64') : typeof v === 'bigint' ? v.toString() : v);

const pad = (n: number) => String(n).padStart(2, '0');
/** '<company>-<yyyyMMdd-HHmmss>.pgb' (spec 3: the database name, a timestamp and the extension pgb). */
export const backupFilename = (company: string, at: Date) =>
  `${company}-${at.getFullYear()}${pad(at.getMonth() + 1)}${pad(at.getDate())}-${pad(at.getHours())}${pad(at.getMinutes())}${pad(at.getSeconds())}.pgb`;

export interface BackupMade { archiveId: number; filename: string; tables: number; rows: number; bytes: number }
export interface CompanyDump { filename: string; content: Uint8Array; tables: number; rows: number }

/**
 * One company's schema as a .pgb file, read through `trx`. The caller's transaction decides the
 * consistency: GET /api/util/backup reads in a REPEATABLE READ READ ONLY transaction, so every
 * table is read from one snapshot even while others post. The company's archive is included (issue
 * 13) but for its earlier backups, which would nest every earlier backup in each new one.
 */
export async function dumpCompany(trx: Kysely<any>, company: { code: string; name?: string | null; schema: string }, at = new Date(), engine = 'postgresql'): Promise<CompanyDump> {
  const { rows: columns } = await sql<{ table: string; column: string; type: string }>`
    select c.table_name as table, c.column_name as column, c.udt_name as type
    from information_schema.columns c join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = ${company.schema} and t.table_type = 'BASE TABLE' order by c.table_name, c.ordinal_position`.execute(trx);
  const tables = new Map<string, PgbTable>();
  for (const c of columns) {
    if (LEFT_OUT.has(c.table)) continue;
    const t = tables.get(c.table) ?? { name: c.table, columns: {}, rows: 0 };
    t.columns[c.column] = c.type;
    tables.set(c.table, t);
  }
  const { rows: migrations } = await sql<{ name: string }>`select name from ${sql.id(company.schema, 'kysely_migration')} order by name`.execute(trx);
  const { rows: access } = await sql<{ user_id: string; permissions: unknown; inactive: boolean }>`
    select user_id, permissions, inactive from control.user_company where company_code = ${company.code} order by user_id`.execute(trx);
  const lines: string[] = [];
  let count = 0;
  for (const t of tables.values()) {
    // Key order (the first column is every table's key) puts a reversal after the transaction it reverses.
    // json as its text: a JSON null and an SQL null are different values, and the drivers parse both to null.
    const select = sql.join(Object.entries(t.columns).map(([c, type]) => (JSON_TYPES.has(type) ? sql`${sql.id(c)}::text as ${sql.id(c)}` : sql.id(c))));
    const { rows } = t.name === 'archive'
      ? await sql<Record<string, unknown>>`select ${select} from ${sql.id(company.schema, t.name)} where path <> ${ARCHIVE_PATHS.BACKUP} order by 1`.execute(trx)
      : await sql<Record<string, unknown>>`select ${select} from ${sql.id(company.schema, t.name)} order by 1`.execute(trx);
    for (const r of rows) lines.push(JSON.stringify({ t: t.name, r: Object.fromEntries(Object.entries(r).map(([k, v]) => [k, jsonValue(v)])) }));
    t.rows = rows.length;
    count += rows.length;
  }
  const header: PgbHeader = {
    format: PGB_FORMAT, version: PGB_VERSION, company: company.code, name: company.name ?? null, schema: company.schema, taken_at: at.toISOString(), engine,
    migrations: migrations.map((m) => m.name), access, tables: [...tables.values()],
  };
  const text = [JSON.stringify(header), ...lines].join('\n');
  return { filename: backupFilename(company.code, at), content: new Uint8Array(gzipSync(text)), tables: tables.size, rows: count };
}

/** The month-end checklist's backup: a .pgb into the company's archive (path Backups), in the caller's transaction. */
export async function backupCompany(trx: Db, company: { code: string; schema: string }, userCode: string, at = new Date()): Promise<BackupMade> {
  const dump = await dumpCompany(trx, company, at);
  const archiveId = await archiveFile(trx, { date: at, userCode, path: ARCHIVE_PATHS.BACKUP, name: dump.filename, mime: MIME.pgb, content: dump.content });
  return { archiveId, filename: dump.filename, tables: dump.tables, rows: dump.rows, bytes: dump.content.byteLength };
}

export interface ParsedBackup {
  header: PgbHeader;
  rows: Map<string, Record<string, unknown>[]>;
}

export class BackupFormatError extends Error {}

/** Reads a .pgb file; a file that is not one says so (BackupFormatError) instead of failing later. */
export function readBackup(file: Uint8Array): ParsedBackup {
  let text: string;
  try {
    text = gunzipSync(file).toString('utf8');
  } catch {
    throw new BackupFormatError('The file is not a .pgb backup (it is not gzip data)');
  }
  const lines = text.split('\n');
  let header: PgbHeader;
  try {
    header = JSON.parse(lines[0] ?? '') as PgbHeader;
  } catch {
    throw new BackupFormatError('The file is not a .pgb backup (no header line)');
  }
  if (header?.format !== PGB_FORMAT) throw new BackupFormatError('The file is not a .pgb backup of this product (an earlier backup format, or another file)');
  if (header.version !== PGB_VERSION) throw new BackupFormatError(`The backup is format version ${String(header.version)}; this build reads version ${PGB_VERSION}`);
  const rows = new Map<string, Record<string, unknown>[]>(header.tables.map((t) => [t.name, []]));
  for (let i = 1; i < lines.length; i++) {
    if (!lines[i]) continue;
    const { t, r } = JSON.parse(lines[i]!) as { t: string; r: Record<string, unknown> };
    const list = rows.get(t);
    if (!list) throw new BackupFormatError(`Line ${i + 1} names table ${t}, which the header does not list`);
    list.push(r);
  }
  for (const t of header.tables) {
    if (rows.get(t.name)!.length !== t.rows) throw new BackupFormatError(`The backup is incomplete: table ${t.name} has ${rows.get(t.name)!.length} of ${t.rows} rows`);
  }
  return { header, rows };
}
