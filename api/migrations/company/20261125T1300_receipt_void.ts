import { type Kysely, sql } from 'kysely';

// Frozen: migrations never import application code. A deleted receipt's number stays used: the
// void keeps it, with the reason, so a printed Trust Account Receipt never denotes two receipts
// (issue 8 item 11). Amounts are bigint cents.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable('receipt_void')
    .addColumn('ref', 'text', (c) => c.primaryKey())
    .addColumn('date', 'date', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('payer', 'text')
    .addColumn('memo', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('voided_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('receipt_void_date').on('receipt_void').column('date').execute();
  await sql`create trigger receipt_void_immutable before update or delete on receipt_void
    for each row execute function refuse_posted_change()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('receipt_void').execute();
}
