import type { Kysely } from 'kysely';

// Frozen: migrations never import application code.
// Failed sign-ins per throttle key (issue 16): kept in the control schema so every API process
// sharing the database counts the same failures (a guesser cannot multiply their tries by the
// number of processes behind the load balancer).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable('login_failure')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('last_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('login_failure_last_at').on('login_failure').column('last_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('login_failure').execute();
}
