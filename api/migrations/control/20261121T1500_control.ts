import { type Kysely, sql } from 'kysely';

// Frozen: migrations never import application code.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('company')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('schema_name', 'text', (c) => c.notNull().unique())
    .addColumn('inactive', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('app_user')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('usertype', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('signature', 'text')
    .addColumn('desktop_rows', 'integer', (c) => c.notNull().defaultTo(25))
    .addColumn('mobile_rows', 'integer', (c) => c.notNull().defaultTo(20))
    .addColumn('default_company', 'text', (c) => c.references('company.code').onDelete('set null'))
    .addColumn('is_super', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('god_level', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('permissions', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('expiry', 'date')
    .addColumn('inactive', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index app_user_email_key on app_user (lower(email)) where email is not null`.execute(db);
  await db.schema
    .createTable('user_company')
    .addColumn('user_id', 'text', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('company_code', 'text', (c) => c.notNull().references('company.code').onDelete('cascade'))
    .addPrimaryKeyConstraint('user_company_pk', ['user_id', 'company_code'])
    .execute();
  await db.schema
    .createTable('revoked_token')
    .addColumn('jti', 'text', (c) => c.primaryKey())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('setting')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('system_log')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('date', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('database', 'text')
    .addColumn('severity', 'text', (c) => c.notNull())
    .addColumn('routine', 'text')
    .addColumn('method', 'text')
    .addColumn('identity', 'text')
    .addColumn('apicall', 'text')
    .addColumn('record_key', 'text')
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('body', 'text')
    .addColumn('stack', 'text')
    .addColumn('before', 'jsonb')
    .addColumn('after', 'jsonb')
    .execute();
  await db.schema.createIndex('system_log_database_date').on('system_log').columns(['database', 'date']).execute();
  await db.schema.createIndex('system_log_routine_key').on('system_log').columns(['routine', 'record_key']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['system_log', 'setting', 'revoked_token', 'user_company', 'app_user', 'company']) {
    await db.schema.dropTable(t).execute();
  }
}
