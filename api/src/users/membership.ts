import type { Kysely } from 'kysely';
import { PERMISSION_FLAGS, type Permissions } from '../contracts/permissions.js';
import { jsonb } from '../db/open.js';
import type { ControlTables } from '../db/schema.js';

type Control = Kysely<ControlTables>;

/** What a user may do in one company (issue 8 item 1: permissions belong to the membership). */
export interface Membership {
  permissions: Permissions;
  inactive: boolean;
}

export const ALL_PERMISSIONS: Permissions = Object.fromEntries(PERMISSION_FLAGS.map((f) => [f, true]));

/**
 * Gives a user access to a company with these permissions; an existing membership keeps its own
 * permissions (adding a company never changes what the user may do elsewhere or there).
 */
export async function addMember(db: Control, userId: string, companyCode: string, permissions: Permissions, inactive = false): Promise<void> {
  await db.insertInto('user_company').values({ user_id: userId, company_code: companyCode, permissions: jsonb(permissions), inactive })
    .onConflict((oc) => oc.columns(['user_id', 'company_code']).doNothing()).execute();
}

export async function membership(db: Control, userId: string, companyCode: string): Promise<Membership | undefined> {
  return db.selectFrom('user_company').select(['permissions', 'inactive'])
    .where('user_id', '=', userId).where('company_code', '=', companyCode).executeTakeFirst() as Promise<Membership | undefined>;
}

/** Every company the user belongs to, oldest code first. */
export async function memberships(db: Control, userId: string): Promise<(Membership & { company_code: string })[]> {
  return db.selectFrom('user_company').select(['company_code', 'permissions', 'inactive'])
    .where('user_id', '=', userId).orderBy('company_code').execute() as Promise<(Membership & { company_code: string })[]>;
}
