import { gzipSync } from 'node:zlib';
import { type Kysely, sql } from 'kysely';
import { ARCHIVE_PATHS, MIME, archiveFile } from '../archive/archive.js';
import type { CompanyTables } from '../db/schema.js';

type Db = Kysely<CompanyTables>;

/** The migrations' own bookkeeping is the code's, not the company's. */
const LEFT_OUT = new Set(['kysely_migration', 'kysely_migration_lock']);

/** Bytes (PGlite's Uint8Array, pg's Buffer) as base64 text, before JSON.stringify meets Buffer.toJSON. */
const jsonValue = (v: unknown) => (v instanceof Uint8Array ? Buffer.from(v).toString('base64') : v);

const pad = (n: number) => String(n).padStart(2, '0');
/** '<company>-<yyyyMMdd-HHmmss>.pgb' (spec 3: the database name, a timestamp and the extension pgb). */
export const backupFilename = (company: string, at: Date) =>
  `${company}-${at.getFullYear()}${pad(at.getMonth() + 1)}${pad(at.getDate())}-${pad(at.getHours())}${pad(at.getMinutes())}${pad(at.getSeconds())}.pgb`;

export interface BackupMade { archiveId: number; filename: string; tables: number; rows: number; bytes: number }

/**
 * A backup of one company's books into its archive (path Backups): every table of its schema,
 * its archive included (issue 13: a company's archive is part of its backup: reports, e-mail
 * attachments, month-end packs, bank files, their bytes as base64) but for the earlier backups
 * themselves, which would nest every earlier backup in each new one; as gzipped JSON ({ company, schema, taken_at, tables: { name: rows } }), read
 * in one repeatable-read snapshot by the caller's transaction so the tables agree with each other.
 */
export async function backupCompany(trx: Db, company: { code: string; schema: string }, userCode: string, at = new Date()): Promise<BackupMade> {
  const { rows: tables } = await sql<{ name: string }>`select table_name as name from information_schema.tables
    where table_schema = ${company.schema} and table_type = 'BASE TABLE' order by table_name`.execute(trx);
  const dump: Record<string, unknown[]> = {};
  let count = 0;
  for (const { name } of tables) {
    if (LEFT_OUT.has(name)) continue;
    const { rows } = name === 'archive'
      ? await sql<Record<string, unknown>>`select * from ${sql.id(company.schema, name)} where path <> ${ARCHIVE_PATHS.BACKUP} order by id`.execute(trx)
      : await sql<Record<string, unknown>>`select * from ${sql.id(company.schema, name)}`.execute(trx);
    dump[name] = rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, jsonValue(v)])));
    count += rows.length;
  }
  const json = JSON.stringify({ company: company.code, schema: company.schema, taken_at: at.toISOString(), tables: dump },
    (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
  const content = new Uint8Array(gzipSync(json));
  const filename = backupFilename(company.code, at);
  const archiveId = await archiveFile(trx, { date: at, userCode, path: ARCHIVE_PATHS.BACKUP, name: filename, mime: MIME.pgb, content });
  return { archiveId, filename, tables: Object.keys(dump).length, rows: count, bytes: content.byteLength };
}
