import { type Kysely, sql } from 'kysely';

// Frozen: migrations never import application code.
// The cash book's own records beside the ledger:
// - cashbook_detail: who paid (party type, entity, door) and the card surcharge of a receipt or
//   payment txn; receipt_item: the receipt's lines as entered (charge or account). Both are
//   posted history like txn: the same trigger refuses updates, and deletes except the newest-
//   receipt delete, which the ledger module unlocks with `set local oa.allow_receipt_delete`.
// - deposit/deposit_item and reconciliation/reconcile_item: where banked and reconciled status
//   lives (a cash line is banked when it has a deposit_item, reconciled when it has a
//   reconcile_item). Daily banking and reconciliation fill them.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable('cashbook_detail')
    .addColumn('txn_id', 'bigint', (c) => c.primaryKey().references('txn.id'))
    .addColumn('payer_type', 'text', (c) => c.notNull())
    .addColumn('payer_entity', 'text', (c) => c.references('entity.code'))
    .addColumn('door', 'text', (c) => c.references('unit.door'))
    .addColumn('surcharge', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`surcharge >= 0`))
    .addColumn('surcharge_rate', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('cashbook_detail_payer').on('cashbook_detail').columns(['payer_entity', 'txn_id']).execute();

  await db.schema.createTable('receipt_item')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('txn_id', 'bigint', (c) => c.notNull().references('txn.id'))
    .addColumn('line', 'integer', (c) => c.notNull())
    .addColumn('selector', 'text', (c) => c.notNull().check(sql`selector in ('CHARGE', 'ACCOUNT')`))
    .addColumn('ref', 'text', (c) => c.notNull())
    .addColumn('entity', 'text', (c) => c.notNull().references('entity.code'))
    .addColumn('door', 'text', (c) => c.references('unit.door'))
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('charge_id', 'bigint', (c) => c.references('charge.id'))
    .addUniqueConstraint('receipt_item_line', ['txn_id', 'line'])
    .execute();

  for (const table of ['cashbook_detail', 'receipt_item']) {
    await sql`create trigger ${sql.id(`${table}_immutable`)} before update or delete on ${sql.id(table)}
      for each row execute function refuse_posted_change()`.execute(db);
  }

  await db.schema.createTable('deposit')
    .addColumn('banking_ref', 'text', (c) => c.primaryKey())
    .addColumn('date', 'date', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createTable('deposit_item')
    .addColumn('cashbook_id', 'bigint', (c) => c.primaryKey().references('cashbook.id'))
    .addColumn('banking_ref', 'text', (c) => c.notNull().references('deposit.banking_ref'))
    .execute();
  await db.schema.createIndex('deposit_item_ref').on('deposit_item').column('banking_ref').execute();

  await db.schema.createTable('reconciliation')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('ref', 'text', (c) => c.notNull().unique())
    .addColumn('date', 'date', (c) => c.notNull())
    .addColumn('starting_balance', 'bigint', (c) => c.notNull())
    .addColumn('ending_balance', 'bigint', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createTable('reconcile_item')
    .addColumn('cashbook_id', 'bigint', (c) => c.primaryKey().references('cashbook.id'))
    .addColumn('reconciliation_id', 'bigint', (c) => c.notNull().references('reconciliation.id'))
    .execute();
  await db.schema.createIndex('reconcile_item_rec').on('reconcile_item').column('reconciliation_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['reconcile_item', 'reconciliation', 'deposit_item', 'deposit', 'receipt_item', 'cashbook_detail']) {
    await db.schema.dropTable(t).execute();
  }
}
