import { sql } from 'kysely';
import { hashPassword } from '../auth/passwords.js';
import { type NewCompany, createCompany, migrateCompanies } from '../companies/companies.js';
import { seedStarterBooks } from '../companies/starter-books.js';
import { type Config, DEMO_PASSWORDS } from '../config.js';
import { migrateCompany, migrateControl } from '../db/migrate.js';
import { type Database, schemaNameFor } from '../db/open.js';
import { businessDay } from '../ledger/business-date.js';
import { ALL_PERMISSIONS, addMember } from '../users/membership.js';

export const DEMO_COMPANY = { code: 'DEMOTRUST', name: 'Seaside Holiday Lettings Pty Ltd' };

export interface FirstStartReport {
  createdDemo: boolean;
  /** The demo company's books are still to be posted: just created, or a first start died while posting them. */
  demoBooksPending: boolean;
  createdUsers: { id: string; password: string; usertype: string; generated: boolean }[];
}

/** The control setting that marks the demo books as posted, so a first start killed half-way is redone. */
const DEMO_BOOKS_MARKER = 'demo_books';

const demoCompany = (today: Date): NewCompany => ({
  code: DEMO_COMPANY.code,
  companyName: DEMO_COMPANY.name,
  year: today.getFullYear(),
  month: today.getMonth() + 1,
  settings: {
    licencee_name: 'Seaside Holiday Lettings Pty Ltd',
    licence_no: 'LIC-2040-118',
    bank_code: 'CBA',
    bank_account_name: 'Seaside Holiday Lettings Trust Account',
    bank_bsb: '062-000',
    bank_account_number: '12345678',
    bank_account_id: '301500',
  },
});

/**
 * Outside the demo the README's public passwords would open a trust account to anyone who read
 * it (issue 8 item 9): production refuses to create users with them.
 */
export function assertNoPublicPasswords(config: Config): void {
  if (!config.production) return;
  if (config.adminPassword === DEMO_PASSWORDS.admin || config.supportPassword === DEMO_PASSWORDS.support) {
    throw new Error('ADMIN_PASSWORD or SUPPORT_PASSWORD is the public demo password: in production set your own, or leave it unset to have one generated.');
  }
}

/**
 * Migrates, and on a fresh database (no company yet) creates the demo company with its
 * administrator and a support user, so `npm start` needs nothing else. Users are created only
 * until the first start has finished: a user deleted later stays deleted, whatever the
 * environment says at the next start.
 */
export async function prepareDatabase(db: Database, config: Config, today = businessDay()): Promise<FirstStartReport> {
  await migrateControl(db.root);
  await migrateCompanies(db);
  const report: FirstStartReport = { createdDemo: false, demoBooksPending: false, createdUsers: [] };
  const existing = await db.control.selectFrom('company').select('code').executeTakeFirst();
  if (!existing) {
    // The marker goes first: a start killed anywhere after this point is finished by the next.
    await db.control.insertInto('setting').values({ key: DEMO_BOOKS_MARKER, value: 'pending' })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: 'pending' })).execute();
    await createCompany(db, demoCompany(today));
    report.createdDemo = true;
  }
  const marker = await db.control.selectFrom('setting').select('value').where('key', '=', DEMO_BOOKS_MARKER).executeTakeFirst();
  report.demoBooksPending = marker?.value === 'pending';
  if (report.demoBooksPending) report.createdUsers = await createFirstUsers(db, config);
  return report;
}

/** The administrator and the support user, while the first start is not finished (then never again). */
async function createFirstUsers(db: Database, config: Config): Promise<FirstStartReport['createdUsers']> {
  const created: FirstStartReport['createdUsers'] = [];
  const users = [
    { id: config.adminUser.toUpperCase(), name: 'Trust Administrator', usertype: 'ADMIN', password: config.adminPassword, isSuper: false, generated: config.generatedPasswords.includes('admin') },
    { id: config.supportUser.toUpperCase(), name: 'Provider Support', usertype: 'SUPER', password: config.supportPassword, isSuper: true, generated: config.generatedPasswords.includes('support') },
  ];
  for (const u of users) {
    if (await db.control.selectFrom('app_user').select('id').where('id', '=', u.id).executeTakeFirst()) continue;
    assertNoPublicPasswords(config);
    await db.control.insertInto('app_user').values({
      id: u.id, name: u.name, email: null, usertype: u.usertype, password_hash: await hashPassword(u.password),
      default_company: DEMO_COMPANY.code, is_super: u.isSuper,
    }).execute();
    await addMember(db.control, u.id, DEMO_COMPANY.code, ALL_PERMISSIONS);
    created.push({ id: u.id, password: u.password, usertype: u.usertype, generated: u.generated });
  }
  return created;
}

/**
 * Posts the demo company's books (`post`) and marks them done. A first start killed while posting
 * left them half-built: the company's schema is made again from nothing before posting anew.
 */
export async function finishDemoBooks(db: Database, report: FirstStartReport, post: () => Promise<unknown>, today = businessDay()): Promise<void> {
  if (!report.demoBooksPending) return;
  if (!report.createdDemo) {
    const schema = schemaNameFor(DEMO_COMPANY.code);
    console.log(`The demo books of ${DEMO_COMPANY.code} were left half-posted by an interrupted first start: building them again.`);
    await sql`drop schema ${sql.id(schema)} cascade`.execute(db.root);
    await migrateCompany(db.root, schema);
    await seedStarterBooks(db.company(schema), demoCompany(today));
  }
  await post();
  await db.control.updateTable('setting').set({ value: 'done' }).where('key', '=', DEMO_BOOKS_MARKER).execute();
}
