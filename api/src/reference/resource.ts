import { Hono } from 'hono';
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { ZodType } from 'zod';
import type { CompanyTables } from '../db/schema.js';
import type { AppDeps } from '../deps.js';
import { conflict, notFound } from '../http/errors.js';
import type { AppEnv, CompanyContext, SessionUser } from '../http/env.js';
import type { RouteAccess } from '../http/guard.js';
import { jsonBody } from '../http/validate.js';
import { writeLog } from '../log/system-log.js';

type TableName = keyof CompanyTables;
type Row = Record<string, unknown>;

/**
 * A reference-data list (spec 3 §2 'Reference data editors'): list, read, create, update and
 * delete, with the change log written in the same transaction as the change.
 */
export interface ResourceConfig<Input> {
  /** Singular name used in messages, e.g. 'Category'. */
  label: string;
  table: TableName;
  /** Primary key column. */
  key: string;
  /** Serial keys are numbers and are assigned by the database. */
  keyKind: 'code' | 'serial';
  /** The contract the screen's form uses; the same schema validates create and update. */
  schema: ZodType<Input>;
  /** Contract value → table row. */
  toRow: (input: Input) => Row;
  /** Table row → wire record (money back to dollars etc.). */
  toView: (row: Row) => Row;
  access: RouteAccess;
  /** GET list path: '/' (most) or '/list' (accounts, users). */
  listPath?: '/' | '/list';
  orderBy: string;
  /** Columns searched by ?search= (3+ characters, case-insensitive). */
  searchColumns: string[];
  /** Why a row may not be deleted (still referenced), or null when it may. */
  inUse?: (db: Kysely<any>, key: string | number) => Promise<string | null>;
  /** Extra rule checks before insert/update (e.g. a referenced code must exist). */
  check?: (db: Kysely<any>, row: Row, existing: Row | undefined, input: Input) => Promise<void>;
  /** Adds display columns from other tables (e.g. a fee's account name) to list and read answers. */
  withNames?: (query: SelectQueryBuilder<any, any, any>) => SelectQueryBuilder<any, any, any>;
  /** The list is also answered under this name (the checklist screen reads `list`). */
  listAlias?: string;
}

export function parseKey(kind: 'code' | 'serial', raw: string, label: string): string | number {
  if (kind === 'serial') {
    const n = Number(raw);
    if (!Number.isSafeInteger(n) || n <= 0) throw notFound(`${label} ${raw.slice(0, 40)} not found`);
    return n;
  }
  // Hono's c.req.param has already decoded the path once; decoding again turned X%2541 into XA (issue 8 item 7).
  return raw.trim().toUpperCase();
}

export function referenceResource<Input>(deps: AppDeps, config: ResourceConfig<Input>) {
  const app = new Hono<AppEnv>();
  const { requires } = deps;
  const table = config.table as string;
  const db = (c: { get(k: 'company'): CompanyContext }) => c.get('company').db as unknown as Kysely<any>;
  // Qualified, because withNames may join tables with columns of the same name.
  const col = (name: string) => (name.includes('.') ? name : `${table}.${name}`);
  const keyColumn = col(config.key);

  async function find(executor: Kysely<any>, key: string | number, lock = false): Promise<Row | undefined> {
    let q = executor.selectFrom(table).selectAll().where(config.key, '=', key);
    if (lock) q = q.forUpdate();
    return (await q.executeTakeFirst()) as Row | undefined;
  }

  /** The rows as answered: the table's columns plus any display names. */
  function viewQuery(executor: Kysely<any>) {
    const q = executor.selectFrom(table).selectAll(table);
    return config.withNames ? config.withNames(q) : q;
  }

  async function findView(executor: Kysely<any>, key: string | number): Promise<Row | undefined> {
    return (await viewQuery(executor).where(keyColumn, '=', key).executeTakeFirst()) as Row | undefined;
  }

  const logChange = (trx: Kysely<any>, company: CompanyContext, user: SessionUser, method: string, key: string | number, before: Row | undefined, after: Row | undefined) =>
    writeLog(trx, {
      database: company.code,
      severity: 'CHANGE',
      message: `${config.label} ${key} ${method === 'POST' ? 'created' : method === 'PUT' ? 'updated' : 'deleted'}`,
      identity: user.id,
      routine: table,
      method,
      apicall: `/${table}/${key}`,
      recordKey: String(key),
      before: before && config.toView(before),
      after: after && config.toView(after),
    });

  app.get(config.listPath ?? '/', requires(config.access), async (c) => {
    const search = c.req.query('search')?.trim() ?? '';
    const showInactive = c.req.query('inactive') === 'true';
    // Kept as the answer's JSON text: a cached list is not serialised again per request, and its
    // query is built only when the list is loaded.
    const body = await deps.reads.json(c.get('company').code, `${table}:${showInactive}:${search.length >= 3 ? search : ''}`, async () => {
      let q = viewQuery(db(c)).orderBy(col(config.orderBy));
      if (!showInactive) q = q.where(col('inactive'), '=', false);
      if (search.length >= 3) {
        const pattern = `%${search.replace(/[%_\\]/g, (m) => `\\${m}`)}%`;
        q = q.where((eb) => eb.or(config.searchColumns.map((name) => eb(sql`${sql.ref(col(name))}::text`, 'ilike', pattern))));
      }
      const rows = ((await q.execute()) as Row[]).map((r) => ({ ...config.toView(r), _pk: r[config.key] }));
      return config.listAlias ? { data: rows, [config.listAlias]: rows } : { data: rows };
    });
    return c.body(body, 200, { 'Content-Type': 'application/json' });
  });

  app.get('/:key', requires(config.access), async (c) => {
    const key = parseKey(config.keyKind, c.req.param('key'), config.label);
    const row = await findView(db(c), key);
    if (!row) throw notFound(`${config.label} ${key} not found`);
    const inUse = config.inUse ? await config.inUse(c.get('company').db, key) : null;
    return c.json({ data: { ...config.toView(row), _pk: row[config.key], _candelete: inUse === null } });
  });

  app.post('/', requires(config.access), jsonBody(config.schema), async (c) => {
    const input = c.req.valid('json') as Input;
    const row = config.toRow(input);
    if (config.keyKind === 'serial') delete row[config.key];
    const created = await db(c).transaction().execute(async (trx) => {
      if (config.keyKind === 'code' && (await find(trx, row[config.key] as string))) {
        throw conflict(`${config.label} ${String(row[config.key])} already exists`, { errors: [{ path: config.key, msg: 'Code already exists' }] });
      }
      await config.check?.(trx, row, undefined, input);
      const inserted = (await trx.insertInto(table).values(row).returningAll().executeTakeFirstOrThrow()) as Row;
      await logChange(trx, c.get('company'), c.get('user'), 'POST', inserted[config.key] as string, undefined, inserted);
      return config.withNames ? ((await findView(trx, inserted[config.key] as string | number)) ?? inserted) : inserted;
    });
    return c.json({ data: { ...config.toView(created), _pk: created[config.key] }, message: 'Record Created' });
  });

  app.put('/:key', requires(config.access), jsonBody(config.schema), async (c) => {
    const key = parseKey(config.keyKind, c.req.param('key'), config.label);
    const input = c.req.valid('json') as Input;
    const row = config.toRow(input);
    delete row[config.key];
    const updated = await db(c).transaction().execute(async (trx) => {
      const before = await find(trx, key, true);
      if (!before) throw notFound(`${config.label} ${key} not found`);
      await config.check?.(trx, row, before, input);
      const after = (await trx.updateTable(table).set(row).where(config.key, '=', key).returningAll().executeTakeFirstOrThrow()) as Row;
      await logChange(trx, c.get('company'), c.get('user'), 'PUT', key, before, after);
      return config.withNames ? ((await findView(trx, key)) ?? after) : after;
    });
    return c.json({ data: { ...config.toView(updated), _pk: updated[config.key] }, message: 'Record Updated' });
  });

  app.delete('/:key', requires(config.access), async (c) => {
    const key = parseKey(config.keyKind, c.req.param('key'), config.label);
    await db(c).transaction().execute(async (trx) => {
      const before = await find(trx, key, true);
      if (!before) throw notFound(`${config.label} ${key} not found`);
      const reason = config.inUse ? await config.inUse(trx, key) : null;
      if (reason) throw conflict(`${config.label} ${key} cannot be deleted: ${reason}. Make it inactive instead.`);
      await trx.deleteFrom(table).where(config.key, '=', key).execute();
      await logChange(trx, c.get('company'), c.get('user'), 'DELETE', key, before, undefined);
    });
    return c.json({ data: { [config.key]: key }, message: 'Record Deleted.' });
  });

  return app;
}

/** 'used by 3 entities' when any rows of `table` reference `key` in `column`, else null. */
export async function referencedBy(db: Kysely<any>, table: string, column: string, key: string | number, noun: string): Promise<string | null> {
  const row = (await db.selectFrom(table).select((eb) => eb.fn.countAll<string>().as('n')).where(column, '=', key).executeTakeFirstOrThrow()) as { n: string | number };
  const n = Number(row.n);
  return n > 0 ? `it is used by ${n} ${noun}${n === 1 ? '' : 's'}` : null;
}
