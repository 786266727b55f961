import { type Kysely, sql } from 'kysely';

// Frozen: migrations never import application code.
// Audit tasks (spec 3 §3 'Task or audit item'): each full audit run replaces the rows of the
// previous run. Debit occurrences are permanent: regulators ask for every date a trust ledger
// stood below zero, even after it was corrected, so the audit only ever adds to that table.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable('task')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('date', 'date', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('CRITICAL', 'INBALANCE', 'IMPORTANT', 'WARNING', 'INFO')`))
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull().defaultTo('AUDIT'))
    .addColumn('link_path', 'text')
    .addColumn('link_key', 'text')
    .addColumn('memo', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // door: the owner's door ('' = no door, and always '' for other parties, as in ledger_balance);
  // null = the owner's total across doors. balance in cents at the close of that date.
  await db.schema.createTable('ledger_debit_occurrence')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('entity', 'text', (c) => c.notNull().references('entity.code'))
    .addColumn('door', 'text')
    .addColumn('date', 'date', (c) => c.notNull())
    .addColumn('balance', 'bigint', (c) => c.notNull().check(sql`balance < 0`))
    .addColumn('txn_id', 'bigint', (c) => c.notNull().references('txn.id'))
    .addColumn('first_seen', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index ledger_debit_occurrence_once on ledger_debit_occurrence (entity, coalesce(door, '*'), date)`.execute(db);
  await sql`
    create function refuse_debit_occurrence_change() returns trigger language plpgsql as $$
    begin
      raise exception 'Ledger debit occurrences are permanent: % refused', tg_op using errcode = 'P0001';
    end $$`.execute(db);
  await sql`create trigger ledger_debit_occurrence_permanent before update or delete on ledger_debit_occurrence
    for each row execute function refuse_debit_occurrence_change()`.execute(db);

  // Postings by account, for the business summary, revenue chart and equality (per account and
  // party, filtered by txn date through the join).
  await db.schema.createIndex('posting_account_entity').on('posting').columns(['account_id', 'entity', 'txn_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('posting_account_entity').execute();
  await db.schema.dropTable('ledger_debit_occurrence').execute();
  await sql`drop function refuse_debit_occurrence_change()`.execute(db);
  await db.schema.dropTable('task').execute();
}
