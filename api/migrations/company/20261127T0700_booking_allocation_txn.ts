import type { Kysely } from 'kysely';

// Frozen: migrations never import application code.
// An owner statement's lines look up each posting's booking revision by its txn (statements/owner.ts).
// Without this index every line scanned booking_allocation: a month's statements for the demo's 40
// owners took 7.5 s in one PGlite query, and PGlite answered no other request meanwhile.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('booking_allocation_txn').on('booking_allocation').column('txn_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('booking_allocation_txn').execute();
}
