import { type Kysely, sql } from 'kysely';

// Frozen: migrations never import application code.
// Long operations (booking sync, month end, report packs, e-mail batches): one row each, so their
// progress can be polled from any API process and their outcome outlives the process that ran
// them. A row left 'running' by a process that died (kill -9) is marked 'interrupted' by the next
// process that finds its single-runner lock free.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable('job')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('company', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('running', 'done', 'failed', 'interrupted')`))
    .addColumn('percent', 'integer', (c) => c.notNull().defaultTo(0).check(sql`percent between 0 and 100`))
    .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('input', 'jsonb')
    .addColumn('result', 'jsonb')
    .addColumn('error', 'jsonb')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('job_company_kind_status').on('job').columns(['company', 'kind', 'status']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('job').execute();
}
