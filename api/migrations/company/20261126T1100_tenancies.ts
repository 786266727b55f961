import { type Kysely, sql } from 'kysely';

// Frozen: migrations never import application code. Permanent rentals (spec 3 §3 'Tenancy'):
// one row per tenancy agreement of a door and a tenant. value (rent per period) and bond are
// bigint cents; commission is hundredths of a percent (880 = 8.8%). last_charge_date is the last
// day advance rent has been charged to (null before the first charge). tenancy_charge ties each
// charge the tenancy raised (kind RENT for a rent period, BOND for the bond) to its period, so
// arrears, the paid-to date and Undo Charges read the periods without parsing descriptions.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable('tenancy')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('door', 'text', (c) => c.notNull().references('unit.door'))
    .addColumn('account_id', 'text', (c) => c.notNull().references('account.id'))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo('Rent'))
    .addColumn('entity', 'text', (c) => c.notNull().references('entity.code'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('commission', 'integer', (c) => c.notNull().defaultTo(0).check(sql`commission between 0 and 10000`))
    .addColumn('start_date', 'date', (c) => c.notNull())
    .addColumn('duration', 'integer', (c) => c.notNull().check(sql`duration >= 0`))
    .addColumn('expiry_date', 'date', (c) => c.notNull())
    .addColumn('schedule_termination', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('end_date', 'date', (c) => c.notNull())
    .addColumn('frequency', 'text', (c) => c.notNull().defaultTo('W').check(sql`frequency in ('W', 'F', 'M')`))
    .addColumn('advance_days', 'integer', (c) => c.notNull().defaultTo(14).check(sql`advance_days between 0 and 366`))
    .addColumn('value', 'bigint', (c) => c.notNull().check(sql`value > 0`))
    .addColumn('last_charge_date', 'date')
    .addColumn('bond_applies', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('bond', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`bond >= 0`))
    .addColumn('bond_date', 'date')
    .addColumn('bond_entity', 'text', (c) => c.references('entity.code'))
    .addColumn('enter_bond_entity', 'text')
    .addColumn('bond_notes', 'text')
    .addColumn('bond_create_charge', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('bond_charge_id', 'bigint', (c) => c.references('charge.id'))
    .addColumn('lease_reference', 'text')
    .addColumn('lease_start_date', 'date')
    .addColumn('lease_end_date', 'date')
    .addColumn('notes', 'text')
    .addColumn('inactive', 'boolean', (c) => c.notNull().defaultTo(false))
    .addCheckConstraint('tenancy_expiry_after_start', sql`expiry_date >= start_date`)
    .execute();
  await db.schema.createIndex('tenancy_door').on('tenancy').column('door').execute();
  await db.schema.createIndex('tenancy_entity').on('tenancy').column('entity').execute();
  await db.schema.createTable('tenancy_charge')
    .addColumn('charge_id', 'bigint', (c) => c.primaryKey().references('charge.id'))
    .addColumn('tenancy_id', 'integer', (c) => c.notNull().references('tenancy.id'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('RENT', 'BOND')`))
    .addColumn('period_from', 'date')
    .addColumn('period_to', 'date')
    .execute();
  await db.schema.createIndex('tenancy_charge_tenancy').on('tenancy_charge').columns(['tenancy_id', 'period_from']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('tenancy_charge').execute();
  await db.schema.dropTable('tenancy').execute();
}
