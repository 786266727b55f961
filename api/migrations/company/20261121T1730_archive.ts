import { type Kysely, sql } from 'kysely';

// Frozen: migrations never import application code.
// Files the system produced (ABA bank files from disbursement, month-end report bundles), kept
// so they can be fetched again: Management / Archive.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable('archive')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('date', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('user_code', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('blob_id', 'text', (c) => c.notNull())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('content', 'bytea', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull().check(sql`size >= 0`))
    .execute();
  await db.schema.createIndex('archive_path_date').on('archive').columns(['path', 'date']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('archive').execute();
}
