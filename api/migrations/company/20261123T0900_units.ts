import { type Kysely, sql } from 'kysely';

// Frozen: migrations never import application code. Units: the letting, pool and agreement
// fields of spec 2 §3 'Unit', and the fee, leaseback and rental sub-lists. Money is bigint cents.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('unit')
    .addColumn('leaseback', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('letting_pool', 'text', (c) => c.check(sql`letting_pool in ('BOOKINGS', 'TENANCY')`))
    .addColumn('letting_pool_start', 'text')
    .addColumn('is_virtual_room', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('master_unit', 'text')
    .addColumn('letting_agreement', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_pool', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('agreement_date', 'text')
    .addColumn('agreement_expiry', 'text')
    .addColumn('agreement_details', 'text')
    .addColumn('pool_owner', 'text', (c) => c.references('entity.code'))
    .addColumn('days_in_pool', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createTable('unit_fee')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('door', 'text', (c) => c.notNull().references('unit.door').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull().defaultTo('F'))
    .addColumn('account_id', 'text', (c) => c.notNull().references('account.id'))
    .addColumn('entity', 'text', (c) => c.notNull().references('entity.code'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('value', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`value >= 0`))
    .execute();
  await db.schema.createIndex('unit_fee_door').on('unit_fee').column('door').execute();
  await db.schema.createTable('unit_leaseback')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('door', 'text', (c) => c.notNull().references('unit.door').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull().defaultTo('L'))
    .addColumn('account_id', 'text', (c) => c.notNull().references('account.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('value', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`value >= 0`))
    .execute();
  await db.schema.createIndex('unit_leaseback_door').on('unit_leaseback').column('door').execute();
  await db.schema.createTable('unit_rental')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('door', 'text', (c) => c.notNull().references('unit.door').onDelete('cascade'))
    .addColumn('start_date', 'text', (c) => c.notNull())
    .addColumn('end_date', 'text')
    .addColumn('expiry_date', 'text')
    .execute();
  await db.schema.createIndex('unit_rental_door').on('unit_rental').column('door').execute();
  // Monthly unit-fee charges are found by source 'UNITFEE' and source_ref 'FEES <door> <yyyy-mm>'.
  await db.schema.createIndex('charge_source_ref').on('charge').columns(['source', 'source_ref']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('charge_source_ref').execute();
  for (const t of ['unit_rental', 'unit_leaseback', 'unit_fee']) await db.schema.dropTable(t).execute();
  for (const c of ['leaseback', 'letting_pool', 'letting_pool_start', 'is_virtual_room', 'master_unit', 'letting_agreement', 'is_pool',
    'agreement_date', 'agreement_expiry', 'agreement_details', 'pool_owner', 'days_in_pool']) {
    await db.schema.alterTable('unit').dropColumn(c).execute();
  }
}
