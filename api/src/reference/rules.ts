import { type Kysely, sql } from 'kysely';
import { type FieldError, badRequest } from '../http/errors.js';
import { jsonb } from '../db/open.js';
import { referencedBy } from './resource.js';

/** A field naming another record: the record must exist, else the field carries `message`. */
export interface Reference {
  field: string;
  value: unknown;
  table: string;
  column: string;
  message: string;
}

/** Checks every reference at once so the form can mark all wrong fields, then refuses with 400. */
export async function assertReferencesExist(db: Kysely<any>, references: Reference[]): Promise<void> {
  const given = references.filter((r) => r.value !== null && r.value !== undefined && r.value !== '');
  const missing = await Promise.all(given.map(async (r) => {
    const found = await db.selectFrom(r.table).select(r.column).where(r.column, '=', r.value).executeTakeFirst();
    return found ? null : ({ path: r.field, msg: r.message } satisfies FieldError);
  }));
  const errors = missing.filter((e): e is FieldError => e !== null);
  if (errors.length) throw badRequest(errors.map((e) => e.msg).join('; '), { errors });
}

/** Joins the reasons a record is still in use ('used by 2 fees and 1 control setting'), or null. */
export async function inUseReasons(checks: Promise<string | null>[]): Promise<string | null> {
  const reasons = (await Promise.all(checks)).filter((r): r is string => r !== null);
  return reasons.length ? reasons.join('; ') : null;
}

/** Rows whose jsonb array column contains `key` (a fee's apply_to naming a unit class). */
export async function listedIn(db: Kysely<any>, table: string, column: string, key: string, noun: string): Promise<string | null> {
  const row = (await db.selectFrom(table).select((eb) => eb.fn.countAll<string>().as('n'))
    .where(sql.ref(column), '@>', jsonb([key])).executeTakeFirstOrThrow()) as { n: string | number };
  const n = Number(row.n);
  return n > 0 ? `it is used by ${n} ${noun}${n === 1 ? '' : 's'}` : null;
}

/** Control settings (keys among `keys`) whose value names `key`. */
export async function namedBySettings(db: Kysely<any>, keys: readonly string[], key: string): Promise<string | null> {
  const rows = (await db.selectFrom('control_setting').select('key')
    .where('key', 'in', keys).where(sql`value #>> '{}'`, '=', key).orderBy('key').execute()) as { key: string }[];
  return rows.length ? `it is named by the control setting${rows.length === 1 ? '' : 's'} ${rows.map((r) => r.key).join(', ')}` : null;
}

export { referencedBy };

/**
 * `reason` when any row of `table` names `key` in `column` (one indexed probe, not a count: the
 * posted history can be millions of rows), else null. Posted history is kept for ever, so a
 * record it names can never be deleted (issue 8 item 15).
 */
export async function namedInHistory(db: Kysely<any>, table: string, column: string, key: string | number, reason: string): Promise<string | null> {
  const row = await db.selectFrom(table).select(sql<number>`1`.as('one')).where(column, '=', key).limit(1).executeTakeFirst();
  return row ? reason : null;
}
