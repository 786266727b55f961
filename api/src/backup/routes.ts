import { Hono } from 'hono';
import { sql } from 'kysely';
import { z } from 'zod';
import { ARCHIVE_PATHS, MIME, archiveFile } from '../archive/archive.js';
import { CONTROL_SECRET_KEYS } from '../contracts/control.js';
import type { AppDeps } from '../deps.js';
import { forbidden } from '../http/errors.js';
import type { AppEnv } from '../http/env.js';
import { queryParams } from '../http/validate.js';
import { writeLog } from '../log/system-log.js';
import { backupFilename, dumpCompany } from './backup.js';

const download = (content: BodyInit, filename: string, type: string) =>
  new Response(content, { status: 200, headers: { 'Content-Type': type, 'Content-Disposition': `attachment; filename="${filename}"` } });

/** Tables an export leaves out: the migrations' bookkeeping, and retry keys that mean nothing outside the API. */
const NOT_EXPORTED = new Set(['kysely_migration', 'kysely_migration_lock', 'idempotency_key']);

/**
 * GET /api/util/backup and GET /api/util/export (spec 3 §2 'System Backup and Export', §7).
 */
export function utilRoutes({ db, requires }: AppDeps) {
  const app = new Hono<AppEnv>();

  /**
   * One company's backup as a .pgb download (docs/backup.md), for support users only (a backup
   * holds the booking-system password and every party's bank details; spec 3 §4 'Archive'). The
   * schema is read in one REPEATABLE READ READ ONLY transaction: on PostgreSQL every table comes
   * from the same snapshot while others keep posting. The file is also kept in the company's
   * Archive (Backups), which records who took it.
   */
  app.get('/backup', requires('company'), async (c) => {
    const user = c.get('user');
    if (!user.isSuper) throw forbidden('Only support users may take a backup');
    const company = c.get('company');
    const at = new Date();
    const dump = await company.db.transaction().setIsolationLevel('repeatable read').execute(async (trx) => {
      await sql`set transaction read only`.execute(trx);
      return dumpCompany(trx, company, at, db.kind);
    });
    await archiveFile(company.db, { date: at, userCode: user.id, path: ARCHIVE_PATHS.BACKUP, name: dump.filename, mime: MIME.pgb, content: dump.content });
    await writeLog(db.root, { database: company.code, severity: 'INFO', message: `Backup ${dump.filename} taken (${dump.tables} tables, ${dump.rows} rows)`, identity: user.id, routine: 'backup', method: 'GET', apicall: '/api/util/backup' });
    return download(new Uint8Array(dump.content), backupFilename(company.code, at), MIME.pgb);
  });

  /**
   * 'GET EXPORT DATA NOW': every model of the company as one JSON file, read from one snapshot.
   * Money is in cents as stored; the booking-system password is left out and archive documents
   * are listed without their bytes (the backup carries those).
   */
  app.get('/export', requires('p_mgt'), queryParams(z.object({ model: z.literal('all', { error: 'model=all is the only export' }).default('all') })), async (c) => {
    const company = c.get('company');
    const at = new Date();
    const models = await company.db.transaction().setIsolationLevel('repeatable read').execute(async (trx) => {
      await sql`set transaction read only`.execute(trx);
      const { rows: tables } = await sql<{ name: string }>`select table_name as name from information_schema.tables
        where table_schema = ${company.schema} and table_type = 'BASE TABLE' order by table_name`.execute(trx);
      const out: Record<string, unknown[]> = {};
      for (const { name } of tables) {
        if (NOT_EXPORTED.has(name)) continue;
        const { rows } = name === 'archive'
          ? await sql<Record<string, unknown>>`select id, date, user_code, path, blob_id, mime, size, report from ${sql.id(company.schema, name)} order by 1`.execute(trx)
          : name === 'control_setting'
            ? await sql<Record<string, unknown>>`select * from ${sql.id(company.schema, name)} where key not in (${sql.join([...CONTROL_SECRET_KEYS])}) order by 1`.execute(trx)
            : await sql<Record<string, unknown>>`select * from ${sql.id(company.schema, name)} order by 1`.execute(trx);
        out[name] = rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, v instanceof Uint8Array ? Buffer.from(v).toString('base64') : v])));
      }
      return out;
    });
    const stamp = backupFilename(company.code, at).replace(/\.pgb$/, '');
    const body = JSON.stringify({ company: company.code, name: company.name, exported_at: at.toISOString(), amounts: 'cents', models }, null, 1);
    return download(body, `export-${stamp}.json`, 'application/json');
  });

  return app;
}
