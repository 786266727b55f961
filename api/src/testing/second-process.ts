import { sql } from 'kysely';
import { type Database, openDatabase } from '../db/open.js';

/**
 * On PostgreSQL, a second pool on the test's database, as a second API process would have;
 * null on PGlite, which admits one process per data folder.
 */
export async function openSecondProcess(db: Database): Promise<Database | null> {
  if (!process.env.DATABASE_URL) return null;
  const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(db.root);
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${rows[0]!.name}`;
  return openDatabase({ databaseUrl: url.toString(), poolSize: 4 });
}
