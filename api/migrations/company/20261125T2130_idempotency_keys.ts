import { type Kysely, sql } from 'kysely';

// Frozen: migrations never import application code.
// idempotency_key: the answer of each posting call made with an Idempotency-Key header (issue 8
// item 10), written in the transaction of the posting itself, so a key is stored exactly when its
// posting committed. request_hash is sha256 of method, path, user and body: the same key with
// another request is refused. Rows older than a day are purged by the API (kept at least 24 h).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable('idempotency_key')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('idempotency_key_created').on('idempotency_key').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('idempotency_key').execute();
}
