import { type Kysely, sql } from 'kysely';

// Frozen: migrations never import application code.
// The e-mail outbox (issue 13, spec 3 §3 'Email log'): every message queued is a row here, sent
// by the outbox worker through SMTP. current_status is New (pending), Sent, Failed, Dropped or
// Bounced; smtp_response keeps the server's answer. A message being handed to the SMTP server
// has sending_started_at set (committed before the SMTP transaction starts): a row found so by
// the next holder of the sender lock was cut short by a crash and is never resent blindly
// (api/src/email/outbox.ts). Attachments are archive rows (path 'Email Attachments').
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable('email_log')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('creation_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('user_code', 'text', (c) => c.notNull())
    .addColumn('sender_entity_code', 'text')
    .addColumn('from_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('from_address', 'text', (c) => c.notNull())
    .addColumn('to_entity_code', 'text')
    .addColumn('to_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('text_content', 'text', (c) => c.notNull())
    .addColumn('message_type', 'text', (c) => c.notNull())
    .addColumn('message_id', 'text', (c) => c.notNull().unique())
    .addColumn('current_status', 'text', (c) => c.notNull().defaultTo('New'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('sending_started_at', 'timestamptz')
    .addColumn('sent_time', 'timestamptz')
    .addColumn('smtp_response', 'text')
    .execute();
  await db.schema.createIndex('email_log_due').on('email_log').columns(['current_status', 'next_attempt_at']).execute();
  await db.schema.createIndex('email_log_to_entity').on('email_log').column('to_entity_code').execute();
  await db.schema.createIndex('email_log_sender_entity').on('email_log').column('sender_entity_code').execute();
  await db.schema.createTable('email_attachment')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('email_id', 'bigint', (c) => c.notNull().references('email_log.id').onDelete('cascade'))
    .addColumn('archive_id', 'bigint', (c) => c.notNull().references('archive.id'))
    .addColumn('filename', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('email_attachment_email').on('email_attachment').column('email_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('email_attachment').execute();
  await db.schema.dropTable('email_log').execute();
}
