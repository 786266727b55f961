import { Hono } from 'hono';
import { type Kysely, type Selectable, sql } from 'kysely';
import { hashPassword, passwordMatches } from '../auth/passwords.js';
import { type Permissions, hasPermission } from '../contracts/permissions.js';
import { type UserListRow, type UserRecord, userCreateContract, userUpdateContract } from '../contracts/users.js';
import { jsonb } from '../db/open.js';
import type { ControlTables } from '../db/schema.js';
import type { AppDeps } from '../deps.js';
import { badRequest, conflict, forbidden, notFound } from '../http/errors.js';
import type { AppEnv, CompanyContext, SessionUser } from '../http/env.js';
import { jsonBody } from '../http/validate.js';
import { writeLog } from '../log/system-log.js';
import { addMember } from './membership.js';
import { assertMayDelete, assertMayEditUsers, assertMayGrant, assertMayUpdate, identityChanges, isAdmin } from './rules.js';
import { userKey } from './user-key.js';

/** A user with their membership of the company asked about. */
type UserRow = Selectable<ControlTables['app_user']> & { permissions: Permissions; inactive: boolean };
type Control = Kysely<ControlTables>;

export function userRecord(row: UserRow, canDelete: boolean): UserRecord {
  return {
    id: row.id, code: row.id, name: row.name, email: row.email, usertype: row.usertype, permissions: row.permissions as Permissions,
    signature: row.signature, desktopRows: row.desktop_rows, mobileRows: row.mobile_rows, expiry: row.expiry, is_super: row.is_super,
    god_level: row.god_level, inactive: row.inactive, _pk: row.id, _candelete: canDelete,
  };
}

/** What the change log keeps of a user: never the password hash, and not the signature image. */
const logView = (row: UserRow | undefined) => row && ({ ...userRecord(row, false), signature: row.signature ? 'present' : null, _pk: undefined, _candelete: undefined });

/** A user of this company (support users reach any company, but are listed by none). */
async function findMember(db: Control, company: CompanyContext, id: string, lock = false): Promise<UserRow | undefined> {
  let q = db.selectFrom('app_user').innerJoin('user_company', 'user_company.user_id', 'app_user.id')
    .selectAll('app_user').select(['user_company.permissions', 'user_company.inactive'])
    .where('app_user.id', '=', id).where('user_company.company_code', '=', company.code);
  if (lock) q = q.forUpdate();
  return q.executeTakeFirst() as Promise<UserRow | undefined>;
}

async function assertEmailFree(db: Control, email: string | null, exceptId: string | null) {
  if (!email) return;
  let q = db.selectFrom('app_user').select('id').where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()));
  if (exceptId) q = q.where('id', '!=', exceptId);
  if (await q.executeTakeFirst()) throw conflict(`E-mail ${email} is already used by another user`, { errors: [{ path: 'email', msg: 'Email is already used by another user' }] });
}

const userId = (raw: string) => raw.trim().toUpperCase();

/** Users and their access to the current company (spec 3 §2 'Users', §6). Users live in the control schema. */
export function userRoutes({ db, requires, directory }: AppDeps) {
  const app = new Hono<AppEnv>();
  const log = (trx: Control, company: CompanyContext, actor: SessionUser, method: string, id: string, message: string, before?: UserRow, after?: UserRow) =>
    writeLog(trx as Kysely<any>, {
      database: company.code, severity: 'CHANGE', message, identity: actor.id, routine: 'app_user', method, apicall: `/user/${id}`,
      recordKey: id, before: logView(before), after: logView(after),
    });

  app.get('/list', requires('p_mgt'), async (c) => {
    const search = c.req.query('search')?.trim() ?? '';
    let q = db.control.selectFrom('app_user')
      .innerJoin('user_company', 'user_company.user_id', 'app_user.id')
      .select(['app_user.id', 'app_user.name', 'app_user.usertype', 'app_user.email', 'user_company.inactive'])
      .where('user_company.company_code', '=', c.get('company').code)
      .orderBy('app_user.id');
    if (c.req.query('inactive') !== 'true') q = q.where('user_company.inactive', '=', false);
    if (search.length >= 3) {
      const pattern = `%${search.replace(/[%_\\]/g, (m) => `\\${m}`)}%`;
      q = q.where((eb) => eb.or([eb('app_user.id', 'ilike', pattern), eb('app_user.name', 'ilike', pattern), eb('app_user.email', 'ilike', pattern)]));
    }
    const rows: UserListRow[] = (await q.execute()).map((r) => ({ ...r, _pk: r.id }));
    return c.json({ data: rows });
  });

  app.get('/key', requires('company'), (c) => c.json({ data: { userKey: userKey(c.get('company').code, c.get('user').id) } }));

  /** Anyone may read their own record (to edit their profile); others need p_mgt. */
  app.get('/:id', requires('company'), async (c) => {
    const id = userId(c.req.param('id'));
    const actor = c.get('user');
    if (id !== actor.id && !hasPermission(actor.permissions, 'p_mgt')) throw forbidden(`Permission p_mgt is required for ${c.req.method} ${c.req.path}`);
    const row = await findMember(db.control, c.get('company'), id);
    if (!row) throw notFound(`User ${id} not found`);
    return c.json({ data: userRecord(row, isAdmin(actor) && id !== actor.id) });
  });

  app.post('/', requires('p_is_admin'), jsonBody(userCreateContract), async (c) => {
    const input = c.req.valid('json');
    const actor = c.get('user');
    const company = c.get('company');
    assertMayEditUsers(actor);
    assertMayGrant(actor, input);
    const passwordHash = await hashPassword(input.password);
    const created = await db.control.transaction().execute(async (trx) => {
      if (await trx.selectFrom('app_user').select('id').where('id', '=', input.id).executeTakeFirst()) {
        throw conflict(`User ${input.id} already exists`, { errors: [{ path: 'id', msg: 'Code already exists' }] });
      }
      await assertEmailFree(trx, input.email, null);
      const user = await trx.insertInto('app_user').values({
        id: input.id, name: input.name, email: input.email, usertype: input.usertype, password_hash: passwordHash,
        signature: input.signature ?? null, desktop_rows: input.desktopRows, mobile_rows: input.mobileRows, default_company: company.code,
        is_super: input.is_super, god_level: input.god_level, expiry: input.expiry,
      }).returningAll().executeTakeFirstOrThrow();
      await addMember(trx, input.id, company.code, input.permissions, input.inactive);
      const row: UserRow = { ...user, permissions: input.permissions, inactive: input.inactive };
      await log(trx, company, actor, 'POST', input.id, `User ${input.id} created`, undefined, row);
      return row;
    });
    await directory.invalidateUser(created.id);
    return c.json({ data: userRecord(created, true), message: 'Record Created' });
  });

  /**
   * Support (the super flag) changes any user; everyone else only their own profile, never their
   * own access (spec 3 §6 'User editing'; rules.ts).
   */
  app.put('/:id', requires('company'), jsonBody(userUpdateContract), async (c) => {
    const id = userId(c.req.param('id'));
    const input = c.req.valid('json');
    const actor = c.get('user');
    const company = c.get('company');
    // Before the lookup, so a user without the super flag learns nothing about who exists.
    if (id !== actor.id) assertMayEditUsers(actor);
    const passwordHash = input.password ? await hashPassword(input.password) : undefined;
    const updated = await db.control.transaction().execute(async (trx) => {
      const before = await findMember(trx, company, id, true);
      if (!before) throw notFound(`User ${id} not found`);
      assertMayUpdate(actor, before, input);
      if (passwordHash && id === actor.id && !(input.currentPassword && (await passwordMatches(before.password_hash, input.currentPassword)))) {
        throw badRequest('Your current password is required to change it', { errors: [{ path: 'currentPassword', msg: 'Current password is incorrect' }] });
      }
      const identity = identityChanges(before, input);
      await assertEmailFree(trx, input.email, id);
      if (identity.length) {
        await trx.updateTable('app_user').set({
          name: input.name, email: input.email, desktop_rows: input.desktopRows, mobile_rows: input.mobileRows,
          ...(input.signature !== undefined && { signature: input.signature }),
          // A new password ends every session of the user, on every process (the guard compares).
          ...(passwordHash && { password_hash: passwordHash, session_generation: sql<number>`session_generation + 1` }),
          ...(input.usertype !== undefined && { usertype: input.usertype }),
          ...(input.is_super !== undefined && { is_super: input.is_super }),
          ...(input.god_level !== undefined && { god_level: input.god_level }),
          ...(input.expiry !== undefined && { expiry: input.expiry }),
        }).where('id', '=', id).execute();
      }
      if (input.permissions !== undefined || input.inactive !== undefined) {
        await trx.updateTable('user_company').set({
          ...(input.permissions !== undefined && { permissions: jsonb(input.permissions) }),
          ...(input.inactive !== undefined && { inactive: input.inactive }),
        }).where('user_id', '=', id).where('company_code', '=', company.code).execute();
      }
      const after = (await findMember(trx, company, id))!;
      await log(trx, company, actor, 'PUT', id, `User ${id} updated${passwordHash ? ' (password changed)' : ''}`, before, after);
      return after;
    });
    await directory.invalidateUser(id);
    return c.json({ data: userRecord(updated, isAdmin(actor) && id !== actor.id), message: 'Record Updated' });
  });

  /** Removes the user's access to this company, and the user once they have no company left. */
  app.delete('/:id', requires('p_is_admin'), async (c) => {
    const id = userId(c.req.param('id'));
    const actor = c.get('user');
    const company = c.get('company');
    assertMayEditUsers(actor);
    const removed = await db.control.transaction().execute(async (trx) => {
      const before = await findMember(trx, company, id, true);
      if (!before) throw notFound(`User ${id} not found`);
      assertMayDelete(actor, before);
      await trx.deleteFrom('user_company').where('user_id', '=', id).where('company_code', '=', company.code).execute();
      const other = await trx.selectFrom('user_company').select('company_code').where('user_id', '=', id).orderBy('company_code').executeTakeFirst();
      if (other) {
        if (before.default_company === company.code) await trx.updateTable('app_user').set({ default_company: other.company_code }).where('id', '=', id).execute();
      } else {
        await trx.deleteFrom('app_user').where('id', '=', id).execute();
      }
      await log(trx, company, actor, 'DELETE', id, other ? `User ${id} removed from ${company.code}` : `User ${id} deleted`, before, undefined);
      return other ? 'access' : 'user';
    });
    await directory.invalidateUser(id);
    return c.json({ data: { id, removed }, message: 'Record Deleted.' });
  });

  return app;
}
