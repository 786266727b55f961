import { type Kysely, sql } from 'kysely';
import { COMPANY_MIGRATIONS, migrateCompany } from '../db/migrate.js';
import { type Database, jsonb, schemaNameFor } from '../db/open.js';
import { conflict, notFound } from '../http/errors.js';
import { type ParsedBackup, BackupFormatError, JSON_TYPES } from './backup.js';

export interface RestoreTarget {
  /** The company code to restore into. */
  code: string;
  /** Its name when it is a new company (default: the backup's). */
  name?: string;
  /** Over an existing company (the console asked for confirmation), else into a new one. */
  overwrite: boolean;
}

export interface RestoreDone { code: string; tables: number; rows: number; migrated: string[]; access: number }

/** Parameters per insert stay far below PostgreSQL's 65,535; archive rows carry files, so fewer of them. */
const CHUNK = 200;

/**
 * Restores a parsed .pgb into a company (spec 3 §7 backup; issue 15). The rows are loaded into a
 * fresh schema migrated to exactly the backup's version, so they fit the tables they came from;
 * then the schema is migrated to this build's latest (a backup older than the code is brought up
 * to date, one made by a newer build is refused). Over an existing company the new schema takes
 * the old one's name only when everything loaded, in one transaction: a failed restore leaves the
 * company as it was.
 */
export async function restoreCompany(db: Database, backup: ParsedBackup, target: RestoreTarget): Promise<RestoreDone> {
  const { header } = backup;
  const unknown = header.migrations.filter((m) => !COMPANY_MIGRATIONS.includes(m));
  if (unknown.length) throw conflict(`The backup was made by a newer build: its schema has migration ${unknown[0]}, which this build does not know`);
  if (header.migrations.some((m, i) => COMPANY_MIGRATIONS[i] !== m)) throw new BackupFormatError('The backup\'s migrations are not in this build\'s order; it cannot be restored here');
  const version = header.migrations.at(-1);
  if (!version) throw new BackupFormatError('The backup names no schema version');

  const existing = await db.control.selectFrom('company').selectAll().where('code', '=', target.code).executeTakeFirst();
  if (target.overwrite && !existing) throw notFound(`Company ${target.code} does not exist; restore it as a new company instead`);
  if (!target.overwrite && existing) throw conflict(`Company ${target.code} already exists`, { errors: [{ path: 'code', msg: 'Company already exists' }] });
  const finalSchema = existing?.schema_name ?? schemaNameFor(target.code);
  const loadSchema = target.overwrite ? `${finalSchema}_restore` : finalSchema;

  await sql`drop schema if exists ${sql.id(loadSchema)} cascade`.execute(db.root);
  try {
    await migrateCompany(db.root, loadSchema, version);
    const rows = await loadRows(db.root, loadSchema, backup);
    const migrated = await migrateCompany(db.root, loadSchema);
    let access = 0;
    await db.root.transaction().execute(async (trx) => {
      if (target.overwrite) {
        await sql`drop schema ${sql.id(finalSchema)} cascade`.execute(trx);
        await sql`alter schema ${sql.id(loadSchema)} rename to ${sql.id(finalSchema)}`.execute(trx);
      } else {
        await trx.withSchema('control').insertInto('company').values({ code: target.code, name: target.name || header.name || target.code, schema_name: finalSchema }).execute();
      }
      // The users' access as it was: memberships of users that still exist; an overwritten company keeps the ones it has.
      for (const a of header.access) {
        const user = await trx.withSchema('control').selectFrom('app_user').select('id').where('id', '=', a.user_id).executeTakeFirst();
        if (!user) continue;
        const r = await trx.withSchema('control').insertInto('user_company')
          .values({ user_id: a.user_id, company_code: target.code, permissions: jsonb(a.permissions), inactive: a.inactive })
          .onConflict((oc) => oc.columns(['user_id', 'company_code']).doNothing()).executeTakeFirst();
        access += Number(r.numInsertedOrUpdatedRows ?? 0);
      }
    });
    return { code: target.code, tables: header.tables.length, rows, migrated, access };
  } catch (e) {
    // Nothing half-restored stays behind: a new company's schema, or the load schema beside the old one.
    await sql`drop schema if exists ${sql.id(loadSchema)} cascade`.execute(db.root).catch(() => {});
    throw e;
  }
}

/** Inserts every table's rows, parents before children, in one transaction; then sets each serial's sequence past its rows. */
async function loadRows(root: Kysely<any>, schema: string, { header, rows }: ParsedBackup): Promise<number> {
  const { rows: fks } = await sql<{ child: string; parent: string }>`
    select cl.relname as child, pcl.relname as parent from pg_constraint k
    join pg_class cl on cl.oid = k.conrelid join pg_class pcl on pcl.oid = k.confrelid
    join pg_namespace n on n.oid = k.connamespace where k.contype = 'f' and n.nspname = ${schema}`.execute(root);
  const { rows: present } = await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = ${schema} and table_type = 'BASE TABLE'`.execute(root);
  const tables = new Set(present.map((t) => t.name).filter((t) => !t.startsWith('kysely_migration')));
  for (const t of header.tables) if (!tables.has(t.name)) throw new BackupFormatError(`The backup has table ${t.name}, which its schema version does not`);
  const order = parentsFirst(header.tables.map((t) => t.name), fks);
  let count = 0;
  await root.transaction().execute(async (trx) => {
    // Some migrations insert starting rows (the checklist); the backup's rows replace them.
    await sql`truncate table ${sql.join([...tables].map((t) => sql.id(schema, t)))} cascade`.execute(trx);
    for (const name of order) {
      const table = header.tables.find((t) => t.name === name)!;
      const list = rows.get(name) ?? [];
      for (let i = 0; i < list.length; i += CHUNK) {
        const values = list.slice(i, i + CHUNK).map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, bind(table.columns[k], v)])));
        await trx.withSchema(schema).insertInto(name).values(values).execute();
      }
      count += list.length;
    }
    const { rows: serials } = await sql<{ table: string; column: string }>`
      select table_name as table, column_name as column from information_schema.columns
      where table_schema = ${schema} and column_default like 'nextval%'`.execute(trx);
    for (const s of serials) {
      await sql`select setval(pg_get_serial_sequence(${`${schema}.${s.table}`}, ${s.column}), coalesce((select max(${sql.id(s.column)}) from ${sql.id(schema, s.table)}), 0) + 1, false)`.execute(trx);
    }
  });
  return count;
}

/** A value of the file as the column takes it: bytea from base64, json from its text (cast, as the two drivers bind differently). */
function bind(type: string | undefined, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (type === 'bytea') return Buffer.from(String(value), 'base64');
  if (type && JSON_TYPES.has(type)) return sql`cast(${String(value)} as text)::${sql.raw(type)}`;
  return value;
}

/** Tables ordered so that every table comes after the tables its foreign keys name (self-references aside). */
export function parentsFirst(names: string[], fks: { child: string; parent: string }[]): string[] {
  const done = new Set<string>();
  const order: string[] = [];
  const visit = (name: string, path: Set<string>) => {
    if (done.has(name) || path.has(name)) return;
    path.add(name);
    for (const fk of fks) if (fk.child === name && fk.parent !== name && names.includes(fk.parent)) visit(fk.parent, path);
    path.delete(name);
    done.add(name);
    order.push(name);
  };
  for (const n of [...names].sort()) visit(n, new Set());
  return order;
}
