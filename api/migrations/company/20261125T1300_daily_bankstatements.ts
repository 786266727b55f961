import { type Kysely, sql } from 'kysely';

// Frozen: migrations never import application code.
// Bank statements (issue 11): imported statements and their lines, and the matches that pair
// statement lines with bank items. A bank item is a deposit (its banking_ref, 'DEP…') or one cash
// line that reaches the bank alone ('CB' + cashbook id: EFT receipts, payments, reversals).
// - bank_statement_line.fingerprint is unique: the same line imported again (the same file, or a
//   statement overlapping an earlier one) is not stored twice.
// - bank_match groups one or more lines with one or more items; lines point to their match and
//   each item belongs to at most one match. Matches are working state, not posted history.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable('bank_statement')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('account', 'text')
    .addColumn('date_from', 'date')
    .addColumn('date_to', 'date')
    .addColumn('opening_balance', 'bigint')
    .addColumn('closing_balance', 'bigint')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('imported_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createTable('bank_match')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('difference', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createTable('bank_statement_line')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('statement_id', 'bigint', (c) => c.notNull().references('bank_statement.id'))
    .addColumn('date', 'date', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('reference', 'text')
    .addColumn('fingerprint', 'text', (c) => c.notNull().unique())
    .addColumn('match_id', 'bigint', (c) => c.references('bank_match.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('bank_statement_line_date').on('bank_statement_line').columns(['date', 'id']).execute();
  await db.schema.createIndex('bank_statement_line_match').on('bank_statement_line').column('match_id').execute();
  await db.schema.createTable('bank_match_item')
    .addColumn('item', 'text', (c) => c.primaryKey())
    .addColumn('match_id', 'bigint', (c) => c.notNull().references('bank_match.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('bank_match_item_match').on('bank_match_item').column('match_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['bank_match_item', 'bank_statement_line', 'bank_match', 'bank_statement']) await db.schema.dropTable(t).execute();
}
