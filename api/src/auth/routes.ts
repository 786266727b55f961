import type { Selectable } from 'kysely';
import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { type SessionUserView, signInRequest } from '../contracts/auth.js';
import type { ControlTables, PermissionFlags } from '../db/schema.js';
import type { AppDeps } from '../deps.js';
import { ApiError } from '../http/errors.js';
import type { AppEnv } from '../http/env.js';
import { jsonBody } from '../http/validate.js';
import { DEFAULT_TIME_ZONE, dateInZone } from '../ledger/business-date.js';
import { writeLog } from '../log/system-log.js';
import { ALL_PERMISSIONS, memberships } from '../users/membership.js';
import { hashPassword, passwordMatches } from './passwords.js';

type UserRow = Selectable<ControlTables['app_user']>;

/** The user as the shell sees them in one company: `database` is that company, `permissions` theirs there. */
export function userView(row: UserRow, company: string | null, permissions: PermissionFlags): SessionUserView {
  const days = row.expiry ? Math.floor((Date.parse(row.expiry) - Date.now()) / 86_400_000) : null;
  return {
    id: row.id,
    code: row.id,
    name: row.name,
    email: row.email,
    usertype: row.usertype,
    database: company,
    expiry: row.expiry,
    days_to_expiry: days,
    desktopRows: row.desktop_rows,
    mobileRows: row.mobile_rows,
    is_super: row.is_super,
    god_level: row.god_level,
    permissions,
  };
}

function clientAddress(c: Parameters<typeof getConnInfo>[0]): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'local';
  }
}

let dummy: Promise<string> | undefined;
const dummyHash = () => (dummy ??= hashPassword(randomBytes(16).toString('hex')));

export function authRoutes({ db, tokens, requires, throttle, directory }: AppDeps) {
  const app = new Hono<AppEnv>();

  app.post('/', requires('public'), jsonBody(signInRequest), async (c) => {
    const { code, password } = c.req.valid('json');
    const login = code.toUpperCase();
    const address = clientAddress(c);
    // Per user at an address, so an attacker elsewhere cannot make the owner wait; per address,
    // and per user from anywhere as leniently, against guessing from many addresses.
    const userKey = [`${login}@${address}`];
    const addressKey = [address, `any:${login}`];
    const wait = Math.max(await throttle.user.retryAfter(userKey), await throttle.address.retryAfter(addressKey));
    if (wait > 0) {
      const seconds = Math.ceil(wait / 1000);
      c.header('Retry-After', String(seconds));
      throw new ApiError(429, `Too many failed sign-in attempts. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`, { errors: [{ path: 'code', msg: 'Too many failed sign-in attempts' }] });
    }
    const row = await db.control
      .selectFrom('app_user')
      .selectAll()
      .where((eb) => eb.or([eb('id', '=', login), eb(eb.fn('lower', ['email']), '=', code.toLowerCase())]))
      .executeTakeFirst();
    // An unknown id costs the same argon2 verification as a known one, so timing does not tell
    // which ids exist.
    const valid = await passwordMatches(row?.password_hash ?? (await dummyHash()), password) && !!row;
    const opens = row && valid ? await companyToOpen(row) : null;
    if (!row || !valid || !opens) {
      await throttle.user.fail(userKey);
      await throttle.address.fail(addressKey);
      await writeLog(db.root, { database: null, severity: 'SECURITY', message: `Failed sign-in for ${login.slice(0, 60)}`, identity: login.slice(0, 60), routine: 'auth', method: 'POST', apicall: '/api/auth' });
      throw new ApiError(401, 'Invalid Login', { errors: [{ path: 'code', msg: 'Invalid Login' }] });
    }
    if (row.expiry && row.expiry < dateInZone(DEFAULT_TIME_ZONE)) {
      throw new ApiError(401, 'User account has expired', { errors: [{ path: 'code', msg: 'User account has expired' }] });
    }
    await throttle.user.succeed(userKey);
    await throttle.address.succeed([`any:${login}`]);
    const { token } = await tokens.issue(row);
    const user = userView(row, opens.company, opens.permissions);
    return c.json({ data: { token, usertype: row.usertype, user, permissions: opens.permissions } });
  });

  /**
   * The company the user works in after signing in: their default company while they are an
   * active member of it, else their first active membership; support users open any company.
   * Null when the user may open none (every membership inactive).
   */
  async function companyToOpen(row: UserRow, wanted?: string | null): Promise<{ company: string | null; permissions: PermissionFlags } | null> {
    const active = (await memberships(db.control, row.id)).filter((m) => !m.inactive);
    const pick = active.find((m) => m.company_code === wanted) ?? active.find((m) => m.company_code === row.default_company) ?? active[0];
    if (row.is_super) return { company: wanted ?? pick?.company_code ?? row.default_company, permissions: ALL_PERMISSIONS };
    return pick ? { company: pick.company_code, permissions: pick.permissions } : null;
  }

  /** The signed-in user in the company named by X-Database (the shell sends it), else as at sign-in. */
  app.get('/', requires('signed-in'), async (c) => {
    const row = await directory.user(c.get('user').id);
    const opens = row && (await companyToOpen(row, c.req.header('X-Database')?.trim().toUpperCase() || null));
    return c.json({ data: row && opens ? [userView(row, opens.company, opens.permissions)] : [] });
  });

  app.get('/companies', requires('signed-in'), async (c) => {
    const user = c.get('user');
    let query = db.control.selectFrom('company').select(['code', 'name']).where('inactive', '=', false).orderBy('name');
    if (!user.isSuper) {
      query = query.where('code', 'in', db.control.selectFrom('user_company').select('company_code').where('user_id', '=', user.id).where('inactive', '=', false));
    }
    return c.json({ data: await query.execute() });
  });

  app.post('/logout', requires('signed-in'), async (c) => {
    const user = c.get('user');
    await directory.revoke(user.tokenId, user.tokenExpires);
    await db.control.deleteFrom('revoked_token').where('expires_at', '<', new Date()).execute();
    return c.json({ data: { ok: true } });
  });

  return app;
}
