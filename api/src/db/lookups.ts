import { type Kysely, sql } from 'kysely';

type Table = 'entity' | 'unit' | 'account' | 'control_setting' | 'card_type';

export interface Lookup {
  table: Table;
  /** The key column matched against keys. */
  column: string;
  keys: readonly string[];
  /** The columns wanted of each row found. */
  fields: readonly string[];
}

/**
 * Several lookups by key in ONE statement: a UNION ALL of each table's matching rows, each row as
 * a jsonb object of the fields asked for. Inside a transaction Kysely sends statements one at a
 * time, each a round trip to the database, so the checks before a post read what they need at once.
 * Returns the rows found per lookup name (a lookup with no keys finds nothing, without a query).
 */
export async function lookupRows<T extends string>(db: Kysely<any>, lookups: Record<T, Lookup>): Promise<Record<T, Record<string, unknown>[]>> {
  const found = Object.fromEntries(Object.keys(lookups).map((name) => [name, []])) as unknown as Record<T, Record<string, unknown>[]>;
  let query: any = null;
  for (const [name, { table, column, keys, fields }] of Object.entries(lookups) as [T, Lookup][]) {
    if (!keys.length) continue;
    const row = sql`jsonb_build_object(${sql.join(fields.map((f) => sql`${sql.lit(f)}::text, ${sql.ref(f)}`))})`;
    const part = db.selectFrom(table).select([sql.lit(name).as('name'), row.as('row')]).where(column, 'in', keys);
    query = query ? query.unionAll(part) : part;
  }
  if (query) for (const r of (await query.execute()) as { name: T; row: Record<string, unknown> }[]) found[r.name].push(r.row);
  return found;
}
