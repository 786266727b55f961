import type { Kysely } from 'kysely';

// Frozen: migrations never import application code.
// Tax codes carry the payer's surcharge (spec 3 §3 'Tax code'), in hundredths of a percent like
// card types' (120 = 1.20%).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('gst_code').addColumn('surcharge_payer', 'integer', (c) => c.notNull().defaultTo(0)).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('gst_code').dropColumn('surcharge_payer').execute();
}
