import { hashPassword } from '../auth/passwords.js';
import { createCompany, migrateCompanies } from '../companies/companies.js';
import { PERMISSION_FLAGS } from '../contracts/permissions.js';
import type { Config } from '../config.js';
import { migrateControl } from '../db/migrate.js';
import { type Database, jsonb } from '../db/open.js';

export const DEMO_COMPANY = { code: 'DEMOTRUST', name: 'Seaside Holiday Lettings Pty Ltd' };

export interface FirstStartReport {
  createdDemo: boolean;
  createdUsers: { id: string; password: string; usertype: string }[];
}

const allPermissions = () => Object.fromEntries(PERMISSION_FLAGS.map((f) => [f, true]));

/**
 * Migrates, and on a fresh database creates the demo company with its administrator and a
 * support user, so `npm start` needs nothing else.
 */
export async function prepareDatabase(db: Database, config: Config, today = new Date()): Promise<FirstStartReport> {
  await migrateControl(db.root);
  await migrateCompanies(db);
  const report: FirstStartReport = { createdDemo: false, createdUsers: [] };
  const existing = await db.control.selectFrom('company').select('code').executeTakeFirst();
  if (!existing) {
    await createCompany(db, {
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
    report.createdDemo = true;
  }
  const users = [
    { id: config.adminUser.toUpperCase(), name: 'Trust Administrator', usertype: 'ADMIN', password: config.adminPassword, isSuper: false },
    { id: config.supportUser.toUpperCase(), name: 'Provider Support', usertype: 'SUPER', password: config.supportPassword, isSuper: true },
  ];
  for (const u of users) {
    const found = await db.control.selectFrom('app_user').select('id').where('id', '=', u.id).executeTakeFirst();
    if (found) continue;
    await db.control
      .insertInto('app_user')
      .values({
        id: u.id,
        name: u.name,
        email: null,
        usertype: u.usertype,
        password_hash: await hashPassword(u.password),
        default_company: DEMO_COMPANY.code,
        is_super: u.isSuper,
        permissions: jsonb(allPermissions()),
      })
      .execute();
    if (report.createdDemo || !u.isSuper) {
      await db.control.insertInto('user_company').values({ user_id: u.id, company_code: DEMO_COMPANY.code })
        .onConflict((oc) => oc.doNothing()).execute();
    }
    report.createdUsers.push({ id: u.id, password: u.password, usertype: u.usertype });
  }
  return report;
}
