import type { Kysely } from 'kysely';

// Frozen: migrations never import application code.
// A generated report is kept in the archive with what made it (issue 12 'Numbered and
// reproducible'): the report's key and the selection it ran with, so it can be run again and the
// archive says who asked for what. The archive id is the report's number printed on its pages.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('archive').addColumn('report', 'text').execute();
  await db.schema.alterTable('archive').addColumn('selection', 'jsonb').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('archive').dropColumn('selection').execute();
  await db.schema.alterTable('archive').dropColumn('report').execute();
}
