import { type Kysely, sql } from 'kysely';

// Frozen: migrations never import application code.
// The ledger model of design/ledger.md. Posted history (txn, posting, cashbook) is immutable:
// triggers refuse updates, and deletes except the one the spec allows (the newest receipt,
// not banked or reconciled), which the application unlocks with `set local oa.allow_receipt_delete`.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable('number_sequence')
    .addColumn('kind', 'text', (c) => c.primaryKey())
    .addColumn('last_value', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`last_value >= 0`))
    .execute();
  await db.insertInto('number_sequence')
    .values(['RECEIPT', 'PAYMENT', 'JOURNAL', 'CHARGE', 'RELEASE', 'DISBURSE', 'REVERSAL', 'TRANSFER', 'ADJUSTMENT', 'BOOKING', 'DEPOSIT', 'RECONCILE']
      .map((kind) => ({ kind, last_value: 0 })))
    .execute();

  await db.schema.createTable('txn')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('ref', 'text', (c) => c.notNull())
    .addColumn('date', 'date', (c) => c.notNull())
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('month', 'integer', (c) => c.notNull().check(sql`month between 1 and 12`))
    .addColumn('memo', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('source', 'text', (c) => c.notNull().defaultTo('MANUAL'))
    .addColumn('source_ref', 'text')
    .addColumn('reversal_of', 'bigint', (c) => c.references('txn.id').unique())
    .addColumn('reason', 'text')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('txn_kind_ref', ['kind', 'ref'])
    .addCheckConstraint('txn_reversal_has_reason', sql`reversal_of is null or length(reason) >= 10`)
    .execute();
  await db.schema.createIndex('txn_period').on('txn').columns(['year', 'month']).execute();
  await db.schema.createIndex('txn_date').on('txn').columns(['date', 'id']).execute();

  await db.schema.createTable('charge')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('ref', 'text', (c) => c.notNull().unique())
    .addColumn('date', 'date', (c) => c.notNull())
    .addColumn('payer_type', 'text', (c) => c.notNull())
    .addColumn('entity', 'text', (c) => c.notNull().references('entity.code'))
    .addColumn('door', 'text', (c) => c.references('unit.door'))
    .addColumn('recipient_type', 'text', (c) => c.notNull())
    .addColumn('recipient', 'text', (c) => c.notNull().references('entity.code'))
    .addColumn('recipient_door', 'text', (c) => c.references('unit.door'))
    .addColumn('source_ref', 'text')
    .addColumn('memo', 'text', (c) => c.notNull())
    .addColumn('name', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('PENDING').check(sql`status in ('PENDING', 'RELEASED', 'CANCELLED')`))
    .addColumn('released_txn', 'bigint', (c) => c.references('txn.id'))
    .addColumn('source', 'text', (c) => c.notNull().defaultTo('MANUAL'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('charge_payer_status').on('charge').columns(['entity', 'status']).execute();
  await db.schema.createTable('charge_item')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('charge_id', 'bigint', (c) => c.notNull().references('charge.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (c) => c.notNull().references('account.id'))
    .addColumn('recipient_entity', 'text', (c) => c.notNull().references('entity.code'))
    .addColumn('door', 'text', (c) => c.references('unit.door'))
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .execute();
  await db.schema.createIndex('charge_item_charge').on('charge_item').column('charge_id').execute();
  await db.schema.createTable('charge_link')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('charge_id', 'bigint', (c) => c.notNull().references('charge.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('link', 'text', (c) => c.notNull())
    .execute();

  await db.schema.createTable('posting')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('txn_id', 'bigint', (c) => c.notNull().references('txn.id'))
    .addColumn('entity', 'text', (c) => c.notNull().references('entity.code'))
    .addColumn('door', 'text', (c) => c.references('unit.door'))
    .addColumn('account_id', 'text', (c) => c.notNull().references('account.id'))
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount <> 0`))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('charge_id', 'bigint', (c) => c.references('charge.id'))
    .execute();
  await db.schema.createIndex('posting_txn').on('posting').column('txn_id').execute();
  await db.schema.createIndex('posting_entity_door').on('posting').columns(['entity', 'door', 'txn_id']).execute();
  await db.schema.createIndex('posting_charge').on('posting').column('charge_id').execute();

  await db.schema.createTable('cashbook')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('txn_id', 'bigint', (c) => c.notNull().references('txn.id'))
    .addColumn('date', 'date', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull().check(sql`method in ('CASH', 'CHQ', 'EFT', 'CARD')`))
    .addColumn('card_type', 'text')
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount <> 0`))
    .addColumn('payer', 'text')
    .addColumn('payee', 'text')
    .addColumn('tran_ref', 'text')
    .addColumn('source_ref', 'text')
    .execute();
  await db.schema.createIndex('cashbook_txn').on('cashbook').column('txn_id').execute();
  await db.schema.createIndex('cashbook_date').on('cashbook').columns(['date', 'id']).execute();

  // One row per party and door ('' = no door), kept by the ledger module in the same
  // transaction as the postings; rows are locked in key order before any overdraw check.
  await db.schema.createTable('ledger_balance')
    .addColumn('entity', 'text', (c) => c.notNull().references('entity.code'))
    .addColumn('door', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('balance', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('ledger_balance_pk', ['entity', 'door'])
    .execute();

  await sql`
    create function refuse_posted_change() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' and current_setting('oa.allow_receipt_delete', true) = 'on' then
        return old;
      end if;
      raise exception 'Posted history is immutable: % on % refused; post a reversal instead', tg_op, tg_table_name
        using errcode = 'P0001';
    end $$`.execute(db);
  for (const table of ['txn', 'posting', 'cashbook']) {
    await sql`create trigger ${sql.id(`${table}_immutable`)} before update or delete on ${sql.id(table)}
      for each row execute function refuse_posted_change()`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['ledger_balance', 'cashbook', 'posting', 'charge_link', 'charge_item', 'charge', 'txn', 'number_sequence']) {
    await db.schema.dropTable(t).execute();
  }
  await sql`drop function refuse_posted_change()`.execute(db);
}
