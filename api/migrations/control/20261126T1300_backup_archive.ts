import { type Kysely, sql } from 'kysely';

// Frozen: migrations never import application code.
// The control area's own archive (issue 15): a company's backup taken before the company is
// removed outlives the company's schema (and the company's own archive inside it), so it is kept
// here, where a support user can download it and restore it under any code.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable('backup_archive')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('date', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('user_code', 'text', (c) => c.notNull())
    .addColumn('company', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('blob_id', 'text', (c) => c.notNull())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('content', 'bytea', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('backup_archive').execute();
}
