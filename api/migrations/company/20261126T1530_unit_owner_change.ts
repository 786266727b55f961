import type { Kysely } from 'kysely';

// Frozen: migrations never import application code.
// Each Change Owner of a unit (spec 2 §4), kept so booking distribution gives the nights before the
// change date to the owner of the time (a booking across the change is split by its nights' dates).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable('unit_owner_change')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('door', 'text', (c) => c.notNull())
    .addColumn('change_date', 'date', (c) => c.notNull())
    .addColumn('old_owner', 'text', (c) => c.notNull())
    .addColumn('new_owner', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(db.fn('now')))
    .execute();
  await db.schema.createIndex('unit_owner_change_door').on('unit_owner_change').columns(['door', 'change_date']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('unit_owner_change').execute();
}
