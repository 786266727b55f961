import { type Kysely, sql } from 'kysely';

// Frozen: migrations never import application code. Bookings from the booking system
// (docs/booking-system.md): the booking as last synced (its doors and charges as JSON, the sums
// the list shows as bigint cents), each guest payment tied once to the receipt that posted it,
// and the allocation items (spec 2 §3 'Allocation item') each distribution txn posted.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable('booking')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('ref', 'text', (c) => c.notNull())
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('modified_at', 'text', (c) => c.notNull())
    .addColumn('check_in', 'text', (c) => c.notNull())
    .addColumn('check_out', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('', 'I', 'C', 'Z')`))
    .addColumn('guest_name', 'text', (c) => c.notNull())
    .addColumn('guests', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('owner_stay', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('doors', 'jsonb', (c) => c.notNull())
    .addColumn('receipts', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('room_charges', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('other_charges', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('early_disburse', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('manual_allocation', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('error', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('warn', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('message', 'text')
    .addColumn('synced_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('booking_check_out').on('booking').column('check_out').execute();
  await db.schema.createTable('booking_payment')
    .addColumn('booking_id', 'text', (c) => c.notNull().references('booking.id'))
    .addColumn('payment_id', 'text', (c) => c.notNull())
    .addColumn('txn_id', 'bigint', (c) => c.notNull().references('txn.id'))
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('booking_payment_pk', ['booking_id', 'payment_id'])
    .execute();
  await db.schema.createTable('booking_allocation')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('booking_id', 'text', (c) => c.notNull().references('booking.id'))
    .addColumn('txn_id', 'bigint', (c) => c.notNull().references('txn.id'))
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('door', 'text', (c) => c.notNull())
    .addColumn('ord', 'integer', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('sub_type', 'text', (c) => c.notNull().check(sql`sub_type in ('OWNER', 'CHG', 'DED', 'FEE', 'UNALLOC')`))
    .addColumn('account_id', 'text', (c) => c.notNull().references('account.id'))
    .addColumn('entity', 'text', (c) => c.notNull().references('entity.code'))
    .addColumn('owner', 'text', (c) => c.references('entity.code'))
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('statement_amount', 'bigint', (c) => c.notNull())
    .addColumn('statement_percent_of_room_charge', 'integer')
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('room_charge', 'bigint', (c) => c.notNull())
    .addColumn('disburse_flag', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('commission_addback', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('is_reversed', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('early', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('manual', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema.createIndex('booking_allocation_booking').on('booking_allocation').columns(['booking_id', 'door']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('booking_allocation').execute();
  await db.schema.dropTable('booking_payment').execute();
  await db.schema.dropTable('booking').execute();
}
