import type { Selectable } from 'kysely';
import { Hono } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { type SessionUserView, signInRequest } from '../contracts/auth.js';
import type { ControlTables } from '../db/schema.js';
import type { AppDeps } from '../deps.js';
import { ApiError } from '../http/errors.js';
import type { AppEnv } from '../http/env.js';
import { jsonBody } from '../http/validate.js';
import { writeLog } from '../log/system-log.js';
import { passwordMatches } from './passwords.js';

type UserRow = Selectable<ControlTables['app_user']>;

export function userView(row: UserRow): SessionUserView {
  const days = row.expiry ? Math.floor((Date.parse(row.expiry) - Date.now()) / 86_400_000) : null;
  return {
    id: row.id,
    code: row.id,
    name: row.name,
    email: row.email,
    usertype: row.usertype,
    database: row.default_company,
    expiry: row.expiry,
    days_to_expiry: days,
    desktopRows: row.desktop_rows,
    mobileRows: row.mobile_rows,
    is_super: row.is_super,
    god_level: row.god_level,
    permissions: row.permissions,
  };
}

function clientAddress(c: Parameters<typeof getConnInfo>[0]): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'local';
  }
}

export function authRoutes({ db, tokens, requires, throttle, directory }: AppDeps) {
  const app = new Hono<AppEnv>();

  app.post('/', requires('public'), jsonBody(signInRequest), async (c) => {
    const { code, password } = c.req.valid('json');
    const login = code.toUpperCase();
    const userKey = [login];
    const addressKey = [clientAddress(c)];
    const wait = Math.max(throttle.user.retryAfter(userKey), throttle.address.retryAfter(addressKey));
    if (wait > 0) {
      const minutes = Math.ceil(wait / 60_000);
      throw new ApiError(429, `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, { errors: [{ path: 'code', msg: 'Too many failed sign-in attempts' }] });
    }
    const row = await db.control
      .selectFrom('app_user')
      .selectAll()
      .where((eb) => eb.or([eb('id', '=', login), eb(eb.fn('lower', ['email']), '=', code.toLowerCase())]))
      .executeTakeFirst();
    const valid = row && !row.inactive && (await passwordMatches(row.password_hash, password));
    if (!row || !valid) {
      throttle.user.fail(userKey);
      throttle.address.fail(addressKey);
      await writeLog(db.root, { database: null, severity: 'SECURITY', message: `Failed sign-in for ${login.slice(0, 60)}`, identity: login.slice(0, 60), routine: 'auth', method: 'POST', apicall: '/api/auth' });
      throw new ApiError(401, 'Invalid Login', { errors: [{ path: 'code', msg: 'Invalid Login' }] });
    }
    if (row.expiry && row.expiry < new Date().toISOString().slice(0, 10)) {
      throw new ApiError(401, 'User account has expired', { errors: [{ path: 'code', msg: 'User account has expired' }] });
    }
    throttle.user.succeed(userKey);
    const { token } = await tokens.issue(row.id, row.usertype);
    const user = userView(row);
    return c.json({ data: { token, usertype: row.usertype, user, permissions: row.permissions } });
  });

  app.get('/', requires('signed-in'), async (c) => {
    const row = await directory.user(c.get('user').id);
    return c.json({ data: row ? [userView(row)] : [] });
  });

  app.get('/companies', requires('signed-in'), async (c) => {
    const user = c.get('user');
    let query = db.control.selectFrom('company').select(['code', 'name']).where('inactive', '=', false).orderBy('name');
    if (!user.isSuper) {
      query = query.where('code', 'in', db.control.selectFrom('user_company').select('company_code').where('user_id', '=', user.id));
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
