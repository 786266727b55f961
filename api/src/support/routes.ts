import type { Context } from 'hono';
import { Hono } from 'hono';
import { type Kysely, sql } from 'kysely';
import { hashPassword } from '../auth/passwords.js';
import { BackupFormatError, dumpCompany, readBackup } from '../backup/backup.js';
import { restoreCompany } from '../backup/restore.js';
import { createCompany } from '../companies/companies.js';
import { MIME } from '../archive/archive.js';
import {
  GOD_ONLY_MESSAGE, REMOVE_COMPANY_MESSAGES, type SchemaUpdateResult, consoleUserContract, databaseCode, godRevokeContract, godUnlockContract,
  importContract, newCompanyContract, removeCompanyContract, restoreQuery,
} from '../contracts/support.js';
import { migrateCompany } from '../db/migrate.js';
import type { AppDeps } from '../deps.js';
import { ApiError, badRequest, conflict, forbidden, notFound, validationError } from '../http/errors.js';
import type { AppEnv, CompanyContext } from '../http/env.js';
import { assertNoMonthEndLock } from '../http/month-end-lock.js';
import { jsonBody, queryParams } from '../http/validate.js';
import { writeLog } from '../log/system-log.js';
import { stopMonthEnd } from '../monthend/run.js';
import { MONTH_END_JOB } from '../monthend/routes.js';
import { entityToRow } from '../reference/entity-record.js';
import { ALL_PERMISSIONS, addMember } from '../users/membership.js';
import { ImportFileError, parseImportCsv, planImport } from './entity-import.js';
import { SYNC_JOB, startSyncJob, wholeSync } from '../bookings/routes.js';
import { CURSOR_KEY } from '../bookings/sync.js';
import { SCHEMA_UPDATE_JOB, SUPPORT_JOBS } from './jobs.js';

/** A restore's body is a whole company: far above the 1 MB every other call is held to. */
export const RESTORE_BODY_LIMIT = 512 * 1024 * 1024;

/**
 * The support console's calls (spec 3 §2 'Support console', §7 'Support'; issue 15), for SUPER
 * and GOD users only: the guard refuses everyone else with 403 before a body is read. Removing a
 * company and the god utilities also need god level. Each change is written to the system log
 * with who made it.
 */
export function supportRoutes({ db, requires, directory, jobs, reads }: AppDeps) {
  const app = new Hono<AppEnv>();

  const log = (c: Context<AppEnv>, database: string | null, message: string, severity: 'CHANGE' | 'SECURITY' | 'INFO' = 'CHANGE') =>
    writeLog(db.root, { database, severity, message, identity: c.get('user').id, routine: 'support', method: c.req.method, apicall: c.req.path });

  const assertGod = (c: Context<AppEnv>, message: string) => {
    if (!c.get('user').godLevel) throw forbidden(message);
  };

  /** A company by code (the console's selection or a body's db_name), as a route's company context. */
  async function companyOf(code: string | undefined, path = 'database'): Promise<CompanyContext> {
    const wanted = code?.trim().toUpperCase();
    if (!wanted) throw badRequest('Company is Required', { errors: [{ path, msg: 'Company is Required' }] });
    const row = await db.control.selectFrom('company').selectAll().where('code', '=', wanted).executeTakeFirst();
    if (!row) throw notFound(`Company ${wanted.slice(0, 20)} does not exist`);
    return { code: row.code, name: row.name, schema: row.schema_name, db: db.company(row.schema_name) };
  }
  const selectedCompany = (c: Context<AppEnv>) => companyOf(c.req.header('X-Database'));

  app.post('/createdb', requires('support'), jsonBody(newCompanyContract), async (c) => {
    const input = c.req.valid('json');
    if (await db.control.selectFrom('company').select('code').where('code', '=', input.database).executeTakeFirst()) {
      throw conflict(`Company ${input.database} already exists`, { errors: [{ path: 'database', msg: 'Company already exists' }] });
    }
    if (await db.control.selectFrom('app_user').select('id').where('id', '=', input.code).executeTakeFirst()) {
      throw conflict(`User ${input.code} already exists`, { errors: [{ path: 'code', msg: 'User already exists' }] });
    }
    if (input.email && await db.control.selectFrom('app_user').select('id').where(sql`lower(email)`, '=', input.email.toLowerCase()).executeTakeFirst()) {
      throw conflict(`E-mail ${input.email} belongs to another user`, { errors: [{ path: 'email', msg: 'E-mail belongs to another user' }] });
    }
    const passwordHash = await hashPassword(input.password);
    await createCompany(db, {
      code: input.database, companyName: input.company_name, year: input.year, month: input.month,
      settings: { gp_host: input.gp_host, gp_user: input.gp_user, gp_pwd: input.gp_pwd },
    });
    await db.control.insertInto('app_user').values({
      id: input.code, name: input.name, email: input.email, usertype: 'ADMIN', password_hash: passwordHash, default_company: input.database,
    }).execute();
    await addMember(db.control, input.code, input.database, ALL_PERMISSIONS);
    await directory.invalidateCompanies();
    await log(c, input.database, `Company ${input.database} (${input.company_name}) created, open month ${input.month}/${input.year}, administrator ${input.code}`);
    return c.json({ data: { code: input.database, name: input.company_name, admin: input.code }, message: `Company ${input.database} created` });
  });

  /**
   * Remove company (spec 3 §5): god level only, never the company the console has selected. Its
   * backup goes into the control area's archive first (the company's own archive goes with its
   * schema); then the schema and every user's access to the company.
   */
  app.post('/removedb', requires('support'), jsonBody(removeCompanyContract), async (c) => {
    assertGod(c, REMOVE_COMPANY_MESSAGES.notGod);
    const { db_name } = c.req.valid('json');
    if (c.req.header('X-Database')?.trim().toUpperCase() === db_name) {
      throw badRequest(REMOVE_COMPANY_MESSAGES.current, { errors: [{ path: 'db_name', msg: REMOVE_COMPANY_MESSAGES.current }] });
    }
    const company = await companyOf(db_name, 'db_name');
    const at = new Date();
    const dump = await company.db.transaction().setIsolationLevel('repeatable read').execute(async (trx) => {
      await sql`set transaction read only`.execute(trx);
      return dumpCompany(trx, company, at, db.kind);
    });
    const user = c.get('user');
    await db.root.transaction().execute(async (trx) => {
      await trx.withSchema('control').insertInto('backup_archive').values({
        date: at, user_code: user.id, company: company.code, reason: 'Before the company was removed', blob_id: dump.filename, mime: MIME.pgb, size: dump.content.byteLength, content: dump.content,
      }).execute();
      await sql`drop schema ${sql.id(company.schema)} cascade`.execute(trx);
      // Memberships go with the company row (on delete cascade); a default company becomes none.
      await trx.withSchema('control').deleteFrom('company').where('code', '=', company.code).execute();
    });
    await directory.invalidateCompanies();
    await reads.written(company.code);
    await log(c, company.code, `Company ${company.code} (${company.name}) removed; its backup ${dump.filename} is kept in the control archive`);
    return c.json({ data: { code: company.code, backup: dump.filename }, message: `Company ${company.code} removed` });
  });

  /** New user (console): an administrator of the company (spec 3 §6); support access opens every company. */
  app.post('/user', requires('support'), jsonBody(consoleUserContract), async (c) => {
    const input = c.req.valid('json');
    await companyOf(input.company, 'company');
    if (await db.control.selectFrom('app_user').select('id').where('id', '=', input.code).executeTakeFirst()) {
      throw conflict(`User ${input.code} already exists`, { errors: [{ path: 'code', msg: 'User already exists' }] });
    }
    if (input.email && await db.control.selectFrom('app_user').select('id').where(sql`lower(email)`, '=', input.email.toLowerCase()).executeTakeFirst()) {
      throw conflict(`E-mail ${input.email} belongs to another user`, { errors: [{ path: 'email', msg: 'E-mail belongs to another user' }] });
    }
    await db.control.insertInto('app_user').values({
      id: input.code, name: input.name, email: input.email, usertype: input.is_super ? 'SUPER' : 'ADMIN', password_hash: await hashPassword(input.password),
      default_company: input.company, is_super: input.is_super,
    }).execute();
    await addMember(db.control, input.code, input.company, ALL_PERMISSIONS);
    await log(c, input.company, `User ${input.code} created from the console${input.is_super ? ' with support access' : ''}, default company ${input.company}`);
    return c.json({ data: { code: input.code, company: input.company, is_super: input.is_super }, message: `User ${input.code} created` });
  });

  /** Schema update: the newest run, with its per-company results once finished. */
  app.get('/table_update', requires('support'), async (c) => {
    const job = await jobs.latest(SUPPORT_JOBS, SCHEMA_UPDATE_JOB);
    const results = (job?.result as { results?: SchemaUpdateResult[] } | null)?.results ?? [];
    return c.json({ data: job ?? null, results, message: job ? job.message : 'No schema update has run' });
  });

  /**
   * Schema update: every company schema to this build's latest migrations, one after the other,
   * as a job with progress (GET /api/progress/support/{id}). A company that fails is reported with
   * its error and the others carry on.
   */
  app.post('/table_update', requires('support'), async (c) => {
    const user = c.get('user');
    const job = await jobs.start({ company: SUPPORT_JOBS, kind: SCHEMA_UPDATE_JOB, userId: user.id, message: 'Schema update starting', busyMessage: 'A schema update is already running' }, async (run) => {
      const companies = await db.control.selectFrom('company').select(['code', 'schema_name']).orderBy('code').execute();
      const results: SchemaUpdateResult[] = [];
      for (const [i, co] of companies.entries()) {
        await run.report((i / Math.max(1, companies.length)) * 100, `Updating ${co.code} (${i + 1} of ${companies.length})`);
        try {
          const applied = await migrateCompany(db.root, co.schema_name);
          results.push({ code: co.code, status: 'ok', applied, message: applied.length ? `${applied.length} migration${applied.length === 1 ? '' : 's'} applied` : 'Already up to date' });
        } catch (e) {
          results.push({ code: co.code, status: 'failed', applied: [], message: e instanceof Error ? e.message : String(e) });
        }
      }
      const failed = results.filter((r) => r.status === 'failed');
      await writeLog(db.root, {
        database: null, severity: failed.length ? 'ERROR' : 'CHANGE', identity: user.id, routine: 'support', method: 'POST', apicall: '/api/support/table_update',
        message: `Schema update: ${results.length - failed.length} of ${results.length} companies up to date${failed.length ? `; failed: ${failed.map((f) => f.code).join(', ')}` : ''}`,
        body: JSON.stringify(failed),
      });
      return { results };
    });
    return c.json({ data: job, message: 'Schema update started' });
  });

  app.post('/imports/preview', requires('support', { readOnly: true }), jsonBody(importContract), async (c) => {
    const { entityType, importData } = c.req.valid('json');
    const company = await selectedCompany(c);
    const records = parseOrRefuse(importData);
    const existing = Number((await company.db.selectFrom('entity').select((eb) => eb.fn.countAll().as('n')).where('type', '=', entityType).executeTakeFirstOrThrow()).n);
    return c.json({
      data: { company: company.code, type: entityType, records: records.length, existing },
      message: existing ? `There are already ${existing} records for ${entityType}. These may be overriden by this import` : `${records.length} records to import`,
    });
  });

  /** Import (spec 3 §5): every record checked first; all are imported in one transaction, or none with the list of rows at fault. */
  app.post('/imports', requires('support'), jsonBody(importContract), async (c) => {
    const { entityType, importData } = c.req.valid('json');
    const company = await selectedCompany(c);
    const user = c.get('user');
    const records = parseOrRefuse(importData);
    if (!records.length) throw badRequest('The file has no records to import', { errors: [{ path: 'importData', msg: 'The file has no records to import' }] });
    await assertNoMonthEndLock(company.db, user.id);
    const count = await company.db.transaction().execute(async (trx) => {
      const [entities, categories, banks] = await Promise.all([
        trx.selectFrom('entity').select('code').execute(),
        trx.selectFrom('category').select(['code', 'type']).where('inactive', '=', false).orderBy('code').execute(),
        trx.selectFrom('bank').select('id').execute(),
      ]);
      const defaultCategory = new Map<string, string>();
      for (const cat of categories) if (!defaultCategory.has(cat.type)) defaultCategory.set(cat.type, cat.code);
      const plan = planImport(records, entityType, {
        codes: new Set(entities.map((e) => e.code)), categories: new Map(categories.map((k) => [k.code, k.type])), banks: new Set(banks.map((b) => b.id)), defaultCategory,
      });
      if (plan.errors.length) {
        throw new ApiError(400, `${plan.errors.length} of ${records.length} records have errors; nothing was imported`, {
          rows: plan.errors, errors: plan.errors.flatMap((r) => r.errors.map((e) => ({ path: `line ${r.line}${e.path ? `.${e.path}` : ''}`, msg: e.msg }))).slice(0, 50),
        });
      }
      // entityToRow answers the editor's untyped row, as POST /api/entity inserts it.
      const writer = trx as unknown as Kysely<any>;
      for (let i = 0; i < plan.entities.length; i += 200) await writer.insertInto('entity').values(plan.entities.slice(i, i + 200).map(entityToRow)).execute();
      for (const e of plan.entities) {
        await writeLog(trx, { database: company.code, severity: 'CHANGE', message: `Entity ${e.code} imported`, identity: user.id, routine: 'entity', method: 'POST', apicall: `/entity/${e.code}`, recordKey: e.code, after: e });
      }
      return plan.entities.length;
    });
    await reads.written(company.code);
    await log(c, company.code, `Imported ${count} ${entityType} entities`);
    return c.json({ data: { imported: count, type: entityType }, message: `${count} ${entityType} records imported` });
  });

  /**
   * Booking System Import (spec 3 §2 'Support console', issue 15): the chosen company's first full
   * sync from the booking system of its Control Settings (units and unit types, accounts, then
   * every booking from the start of its feed, not only those changed since the last sync), as the
   * company's sync job: one at a time with Sync Now and the timer, with progress at
   * GET /api/support/booking_import/{id}. 409 when the company has no booking system set up.
   */
  app.post('/booking_import', requires('support'), async (c) => {
    const company = await selectedCompany(c);
    const user = c.get('user');
    const job = await startSyncJob({ jobs, db }, { code: company.code, db: company.db as never }, user.id, 'Booking system import starting', async (companyDb, client, run) => {
      // From the start of the feed: the cursor goes, so every booking is read and brought up to date.
      await companyDb.deleteFrom('control_setting').where('key', '=', CURSOR_KEY).execute();
      return wholeSync(companyDb, client, run);
    });
    await log(c, company.code, `Booking system import of ${company.code} started`);
    return c.json({ data: job, message: 'Booking system import started' });
  });

  app.get('/booking_import/:id', requires('support'), async (c) => {
    const company = await selectedCompany(c);
    const job = await jobs.read(company.code, c.req.param('id'));
    if (!job || job.kind !== SYNC_JOB) throw notFound(`No booking system import ${c.req.param('id').slice(0, 40)} is known for ${company.code}`);
    const { id, kind, status, percent, message, active, result, error } = job;
    return c.json({ data: { id, kind, status, percent, message, active, result, error } });
  });

  /** God utility: clears a month-end lock left by a user who cannot finish (the abort itself, with the reason logged). */
  app.post('/god/unlock', requires('support'), jsonBody(godUnlockContract), async (c) => {
    assertGod(c, GOD_ONLY_MESSAGE);
    const { db_name, reason } = c.req.valid('json');
    const company = await companyOf(db_name, 'db_name');
    const latest = await jobs.latest(company.code, MONTH_END_JOB);
    await stopMonthEnd(company.db, company, c.get('user').id, latest?.status === 'running');
    await log(c, company.code, `Month-end lock of ${company.code} cleared by god utility: ${reason}`, 'SECURITY');
    return c.json({ data: { code: company.code }, message: `Month-end lock of ${company.code} cleared` });
  });

  /**
   * God utility: ends every session of the company's users (a leaked password, a departing
   * manager): their session generation is raised, so their tokens stop working in every company.
   * Support users' sessions are left alone.
   */
  app.post('/god/revoke', requires('support'), jsonBody(godRevokeContract), async (c) => {
    assertGod(c, GOD_ONLY_MESSAGE);
    const { db_name, reason } = c.req.valid('json');
    const company = await companyOf(db_name, 'db_name');
    const users = await db.control.updateTable('app_user').set((eb) => ({ session_generation: eb('session_generation', '+', 1) }))
      .where('is_super', '=', false)
      .where('id', 'in', db.control.selectFrom('user_company').select('user_id').where('company_code', '=', company.code))
      .returning('id').execute();
    for (const u of users) await directory.invalidateUser(u.id);
    await log(c, company.code, `Sessions of ${users.length} users of ${company.code} ended by god utility: ${reason}`, 'SECURITY');
    return c.json({ data: { code: company.code, users: users.map((u) => u.id) }, message: `Sessions of ${users.length} users ended` });
  });

  /**
   * Restore (issue 15): the body is a .pgb file. Into a new company code, or over an existing
   * company when overwrite=true (the console asks for confirmation first).
   */
  app.post('/restore', requires('support'), queryParams(restoreQuery), async (c) => {
    const { code, name, overwrite } = c.req.valid('query');
    if (!overwrite) {
      const checked = databaseCode.safeParse(code);
      if (!checked.success) throw validationError(checked.error);
    }
    const file = new Uint8Array(await c.req.arrayBuffer());
    if (!file.byteLength) throw badRequest('Choose a .pgb backup file to restore', { errors: [{ path: 'file', msg: 'Choose a .pgb backup file to restore' }] });
    let done;
    try {
      done = await restoreCompany(db, readBackup(file), { code, name, overwrite });
    } catch (e) {
      if (e instanceof BackupFormatError) throw badRequest(e.message, { errors: [{ path: 'file', msg: e.message }] });
      throw e;
    }
    await directory.invalidateCompanies();
    await reads.written(code);
    await log(c, code, `Backup restored ${overwrite ? 'over' : 'as new company'} ${code}: ${done.tables} tables, ${done.rows} rows${done.migrated.length ? `, ${done.migrated.length} migrations applied` : ''}`);
    return c.json({ data: done, message: `Backup restored into ${code}` });
  });

  /** The control area's backups (removed companies), newest first; their bytes by id. */
  app.get('/backups', requires('support'), async (c) => {
    const rows = await db.control.selectFrom('backup_archive').select(['id', 'date', 'user_code', 'company', 'reason', 'blob_id', 'size']).orderBy('id', 'desc').execute();
    return c.json({ data: rows.map((r) => ({ ...r, id: Number(r.id) })) });
  });

  app.get('/backups/:id{[0-9]{1,12}}', requires('support'), async (c) => {
    const row = await db.control.selectFrom('backup_archive').selectAll().where('id', '=', c.req.param('id')).executeTakeFirst();
    if (!row) throw notFound(`Backup ${c.req.param('id')} not found`);
    return new Response(new Uint8Array(row.content), { status: 200, headers: { 'Content-Type': MIME.pgb, 'Content-Disposition': `attachment; filename="${row.blob_id}"` } });
  });

  return app;
}

function parseOrRefuse(text: string) {
  try {
    return parseImportCsv(text);
  } catch (e) {
    if (e instanceof ImportFileError) throw badRequest(e.message, { errors: [{ path: 'importData', msg: e.message }] });
    throw e;
  }
}

