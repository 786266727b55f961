import type { Context, MiddlewareHandler } from 'hono';
import { type PermissionFlag, hasAnyPermission, hasPermission } from '../contracts/permissions.js';
import type { Database } from '../db/open.js';
import type { PermissionFlags } from '../db/schema.js';
import { ALL_PERMISSIONS } from '../users/membership.js';
import type { TokenService } from '../auth/tokens.js';
import { DEFAULT_TIME_ZONE, dateInZone } from '../ledger/business-date.js';
import { ApiError, badRequest, forbidden } from './errors.js';
import type { AppEnv, CompanyContext, SessionUser } from './env.js';
import type { Directory } from './directory.js';
import type { InvalidationBus } from './invalidation.js';
import { assertNoMonthEndLock } from './month-end-lock.js';
import type { ReadCache } from './read-cache.js';

/**
 * Who may call a route: 'public' (sign-in, health), 'signed-in' (any valid token, no company),
 * 'support' (SUPER/GOD), 'company' (any user of the company in X-Database), or a permission flag
 * of spec 1 §6 (checked within that company).
 */
export type RouteAccess = PermissionFlag | 'public' | 'signed-in' | 'support' | 'company';

/** Every route carries one of these; a test walks app.routes and fails on any route without. */
export type Guard = MiddlewareHandler<AppEnv> & { access: RouteAccess; readOnly: boolean };

export interface GuardOptions {
  /**
   * A POST that only reads (lookups, previews, balance queries: the body is a question, not a
   * change): it is served during month end and does not invalidate cached reads.
   */
  readOnly?: boolean;
  /**
   * The route checks the month-end lock itself, inside the database transaction that writes
   * (monthEndLockRefusal): the receipt queue reads it with the open period in one query per
   * batch instead of one query per request.
   */
  lockCheckedInTransaction?: boolean;
}

export interface GuardDeps {
  db: Database;
  tokens: TokenService;
  directory: Directory;
  reads: ReadCache;
  bus: InvalidationBus;
}

const unauthorized = (message: string) => new ApiError(401, message);
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function createGuard({ db, tokens, directory, reads, bus }: GuardDeps) {
  async function authenticate(c: Context<AppEnv>): Promise<SessionUser> {
    const header = c.req.header('Authorization') ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) throw unauthorized('Authorization token is missing');
    const check = await tokens.check(match[1]!);
    if (!check.ok) throw unauthorized(check.reason === 'expired' ? 'User session expired - please sign in again' : 'Authorization token is invalid');
    const { claims } = check;
    if (await directory.isRevoked(claims.tokenId)) throw unauthorized('User session ended - please sign in again');
    const user = await directory.user(claims.userId);
    if (!user) throw unauthorized('User account is not active');
    // A user deleted and created again under the same id, or whose password changed since.
    if (user.uid !== claims.uid || user.session_generation !== claims.generation) throw unauthorized('User session ended - please sign in again');
    if (user.expiry && user.expiry < dateInZone(DEFAULT_TIME_ZONE)) throw unauthorized('User account has expired');
    return {
      id: user.id,
      name: user.name,
      usertype: user.usertype,
      isSuper: user.is_super,
      godLevel: user.god_level,
      // What the user may do depends on the company: set by resolveCompany from the membership.
      permissions: {},
      tokenId: claims.tokenId,
      tokenExpires: claims.expires,
    };
  }

  /** The company in X-Database, and what this user may do there (support users: everything). */
  async function resolveCompany(c: Context<AppEnv>, user: SessionUser): Promise<{ company: CompanyContext; permissions: PermissionFlags }> {
    const header = c.req.header('X-Database')?.trim().toUpperCase();
    if (!header) throw badRequest('The X-Database header (the company) is required');
    if (!/^[A-Z0-9_]{1,20}$/.test(header)) throw badRequest(`X-Database '${header.slice(0, 40)}' is not a valid company code`);
    const company = await directory.company(header);
    const member = company && !company.inactive ? await directory.membership(user.id, company.code) : undefined;
    if (!company || company.inactive || (!member && !user.isSuper)) throw forbidden(`User ${user.id} may not open company ${header}`);
    if (member?.inactive && !user.isSuper) throw unauthorized('User account is not active');
    const permissions = user.isSuper ? ALL_PERMISSIONS : member!.permissions;
    return { company: { code: company.code, name: company.name, schema: company.schema_name, db: db.company(company.schema_name) }, permissions };
  }

  return function requires(access: RouteAccess, options: GuardOptions = {}): Guard {
    const readOnly = options.readOnly ?? false;
    const lockCheckedInTransaction = options.lockCheckedInTransaction ?? false;
    const guard: MiddlewareHandler<AppEnv> = async (c, next) => {
      if (access === 'public') return next();
      // What another API process changed before this request arrived (a sign-out, a write) is known
      // here before any cache answers (http/invalidation.ts).
      await bus.catchUp();
      const user = await authenticate(c);
      c.set('user', user);
      if (access === 'signed-in') return next();
      if (access === 'support') {
        if (!user.isSuper) throw forbidden('Only support users may use the support console');
        return next();
      }
      const { company, permissions } = await resolveCompany(c, user);
      user.permissions = permissions;
      c.set('company', company);
      if (access !== 'company' && !hasPermission(user.permissions, access)) {
        throw forbidden(`Permission ${access} is required for ${c.req.method} ${c.req.path}`);
      }
      if (readOnly || READ_METHODS.has(c.req.method)) return next();
      if (!lockCheckedInTransaction) await assertNoMonthEndLock(company.db, user.id);
      await next();
      // Whatever a write changed, cached reads of this company are now stale here and, before the
      // answer goes out, in every other API process (http/invalidation.ts).
      if (c.res.status < 400) await reads.written(company.code);
    };
    return Object.assign(guard, { access, readOnly });
  };
}

export type Requires = ReturnType<typeof createGuard>;

/**
 * The flag check of a route shared by the screens of several flags: its guard is 'company' and
 * this refuses, as the guard would, a user holding none of them.
 */
export function assertAnyPermission(c: Context<AppEnv>, flags: readonly PermissionFlag[]): void {
  if (!hasAnyPermission(c.get('user').permissions, flags)) throw forbidden(`Permission ${flags.join(' or ')} is required for ${c.req.method} ${c.req.path}`);
}
