import type { Kysely } from 'kysely';

// Frozen: migrations never import application code.
// Owner pools (issue 14, spec 3 §2 'Pools and pool release'): a POOL party (entity.type POOL)
// gets its release basis here (UNITS, NIGHTS or PERCENT; api/src/pools/shares.ts) and its
// members, the owners its funds are released to. percent_bp is the set percentage in basis
// points (2500 = 25.00 %), read only under the PERCENT basis.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable('owner_pool')
    .addColumn('code', 'text', (c) => c.primaryKey().references('entity.code').onDelete('cascade'))
    .addColumn('basis', 'text', (c) => c.notNull().defaultTo('UNITS'))
    .execute();
  await db.schema.createTable('owner_pool_member')
    .addColumn('pool', 'text', (c) => c.notNull().references('owner_pool.code').onDelete('cascade'))
    .addColumn('entity', 'text', (c) => c.notNull().references('entity.code').onDelete('cascade'))
    .addColumn('percent_bp', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('owner_pool_member_pk', ['pool', 'entity'])
    .execute();
  await db.schema.createIndex('owner_pool_member_entity').on('owner_pool_member').column('entity').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('owner_pool_member').execute();
  await db.schema.dropTable('owner_pool').execute();
}
