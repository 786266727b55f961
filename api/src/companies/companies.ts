import { migrateCompany } from '../db/migrate.js';
import { type Database, schemaNameFor } from '../db/open.js';
import { type StarterBooksOptions, seedStarterBooks } from './starter-books.js';

export interface NewCompany extends StarterBooksOptions {
  code: string;
}

/** Creates a company: its row in the control schema, its own migrated schema, its starter books. */
export async function createCompany(db: Database, company: NewCompany): Promise<void> {
  const schema = schemaNameFor(company.code);
  await db.control.insertInto('company').values({ code: company.code, name: company.companyName, schema_name: schema }).execute();
  await migrateCompany(db.root, schema);
  await seedStarterBooks(db.company(schema), company);
}

/** Brings every company schema to the latest migration (run at every start). */
export async function migrateCompanies(db: Database): Promise<void> {
  const companies = await db.control.selectFrom('company').select('schema_name').execute();
  for (const { schema_name } of companies) await migrateCompany(db.root, schema_name);
}
