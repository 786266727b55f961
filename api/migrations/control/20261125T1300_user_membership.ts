import { type Kysely, sql } from 'kysely';

// Frozen: migrations never import application code.
// Permissions and `inactive` belong to a user's membership of one company (issue 8 item 1): an
// administrator of company B changes what the user may do in B, never in A. The old global values
// become every membership's starting values; then the global columns go, so nothing reads them.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('user_company')
    .addColumn('permissions', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('inactive', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await sql`update user_company m set permissions = u.permissions, inactive = u.inactive from app_user u where u.id = m.user_id`.execute(db);
  await db.schema.alterTable('app_user').dropColumn('permissions').dropColumn('inactive').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('app_user')
    .addColumn('permissions', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('inactive', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await sql`update app_user u set permissions = m.permissions, inactive = m.inactive
    from (select distinct on (user_id) user_id, permissions, inactive from user_company order by user_id, company_code) m where m.user_id = u.id`.execute(db);
  await db.schema.alterTable('user_company').dropColumn('permissions').dropColumn('inactive').execute();
}
