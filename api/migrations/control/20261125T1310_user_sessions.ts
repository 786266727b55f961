import { type Kysely, sql } from 'kysely';

// Frozen: migrations never import application code.
// Sessions end with the user (issue 8 item 13): a token names the user's uid, which a user created
// again under a deleted user's id never shares, and their session generation, which a password
// change raises so every token issued before it stops working.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('app_user')
    .addColumn('uid', 'uuid', (c) => c.notNull().unique().defaultTo(sql`gen_random_uuid()`))
    .addColumn('session_generation', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('app_user').dropColumn('uid').dropColumn('session_generation').execute();
}
