import { type Kysely, sql } from 'kysely';

// Frozen: migrations never import application code. Month end: the record of every closed month
// (period_close), the month-end run with the steps it has committed (monthend_run), and the
// post-rollover backup item of the checklist (tp_type BACKUP: a system item that runs a backup
// into the archive and ticks itself).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable('period_close')
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('month', 'integer', (c) => c.notNull().check(sql`month between 1 and 12`))
    .addColumn('closed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('run_id', 'integer')
    .addPrimaryKeyConstraint('period_close_pk', ['year', 'month'])
    .execute();
  await db.schema.createTable('monthend_run')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('month', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('RUNNING').check(sql`status in ('RUNNING', 'DONE')`))
    .addColumn('steps', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('result', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('started_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    .execute();
  // One run per month: a second Proceed for a month already closed finds the DONE row.
  await db.schema.createIndex('monthend_run_month').on('monthend_run').columns(['year', 'month']).unique().execute();
  await sql`insert into checklist (code, description, sequence, link, tp_type)
    select 'MTHEND_POST', 'Backup of the books taken into the Archive', 5, null, 'BACKUP'
    where not exists (select 1 from checklist where tp_type = 'BACKUP')`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from checklist where tp_type = 'BACKUP'`.execute(db);
  await db.schema.dropTable('monthend_run').execute();
  await db.schema.dropTable('period_close').execute();
}
