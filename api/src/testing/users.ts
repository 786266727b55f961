import { hashPassword } from '../auth/passwords.js';
import type { Permissions } from '../contracts/permissions.js';
import type { Database } from '../db/open.js';
import { ALL_PERMISSIONS, addMember } from '../users/membership.js';

export interface TestUser {
  id: string;
  password: string;
  /** Company code → the user's permissions there; the first is the default company. */
  companies: Record<string, Permissions>;
  name?: string;
  usertype?: string;
  email?: string | null;
  isSuper?: boolean;
}

/**
 * Writes a user and their memberships straight into the control schema (tests that need a user
 * before or beside the Users API). Permissions belong to each membership (issue 8 item 1).
 */
export async function insertUser(db: Pick<Database, 'control'>, user: TestUser): Promise<void> {
  const codes = Object.keys(user.companies);
  await db.control.insertInto('app_user').values({
    id: user.id.toUpperCase(), name: user.name ?? `Test user ${user.id}`, email: user.email ?? null, usertype: user.usertype ?? 'USER',
    password_hash: await hashPassword(user.password), default_company: codes[0] ?? null, is_super: user.isSuper ?? false,
  }).execute();
  for (const code of codes) await addMember(db.control, user.id.toUpperCase(), code, user.companies[code]!);
}

/** Gives the demo administrator every permission in another company (tests that make their own books). */
export const addAdminTo = (db: Pick<Database, 'control'>, adminUser: string, companyCode: string) =>
  addMember(db.control, adminUser.toUpperCase(), companyCode, ALL_PERMISSIONS);
