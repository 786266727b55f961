import { hasPermission, isSupportUserType } from '../contracts/permissions.js';
import { STAFF_USER_TYPES, USER_CHANGES_BY_SUPPORT, type UserUpdateInput } from '../contracts/users.js';
import { ApiError, badRequest, forbidden } from '../http/errors.js';
import type { SessionUser } from '../http/env.js';

/** The parts of a stored user these rules look at. */
export interface UserAccess {
  id: string;
  usertype: string;
  is_super: boolean;
  god_level: boolean;
  permissions: Record<string, boolean>;
  expiry: string | null;
  inactive: boolean;
}

export const isAdmin = (actor: SessionUser) => hasPermission(actor.permissions, 'p_is_admin');
const samePermissions = (a: Record<string, boolean>, b: Record<string, boolean>) => {
  const on = (p: Record<string, boolean>) => Object.keys(p).filter((k) => p[k]).sort().join(',');
  return on(a) === on(b);
};

/** What an access change would set, compared with what the user has. */
export function accessChanges(target: UserAccess, input: Partial<Pick<UserUpdateInput, 'usertype' | 'permissions' | 'is_super' | 'god_level' | 'expiry' | 'inactive'>>): (keyof UserAccess)[] {
  const changed: (keyof UserAccess)[] = [];
  if (input.usertype !== undefined && input.usertype !== target.usertype) changed.push('usertype');
  if (input.permissions !== undefined && !samePermissions(input.permissions as Record<string, boolean>, target.permissions)) changed.push('permissions');
  if (input.is_super !== undefined && input.is_super !== target.is_super) changed.push('is_super');
  if (input.god_level !== undefined && input.god_level !== target.god_level) changed.push('god_level');
  if (input.expiry !== undefined && input.expiry !== target.expiry) changed.push('expiry');
  if (input.inactive !== undefined && input.inactive !== target.inactive) changed.push('inactive');
  return changed;
}

/**
 * Nobody gives more than they hold: SUPER/GOD user types and the support flags are given only
 * by support users, and god level only by a god-level user.
 */
export function assertMayGrant(actor: SessionUser, wanted: Pick<UserAccess, 'usertype' | 'is_super' | 'god_level'>): void {
  if ((isSupportUserType(wanted.usertype) || wanted.is_super) && !actor.isSuper) throw forbidden('Only support users may create or grant support access (SUPER, GOD, is_super)');
  if (wanted.god_level && !actor.godLevel) throw forbidden('Only god-level users may grant god level');
  if (!actor.isSuper && !(STAFF_USER_TYPES as readonly string[]).includes(wanted.usertype)) throw forbidden(`User type ${wanted.usertype} is given by support`);
}

/**
 * Spec 3 §6 'User editing': users are added, changed and removed only with the super flag
 * (support's is_super); everyone else edits only their own profile.
 */
export function assertMayEditUsers(actor: SessionUser): void {
  if (!actor.isSuper) throw forbidden(USER_CHANGES_BY_SUPPORT);
}

/** Who may change a user: support anyone; everyone their own profile, never their own access. */
export function assertMayUpdate(actor: SessionUser, target: UserAccess, input: Parameters<typeof accessChanges>[1]): void {
  const self = actor.id === target.id;
  if (!self) assertMayEditUsers(actor);
  const changes = accessChanges(target, input);
  if (self && changes.length && !actor.isSuper) throw forbidden(`You may not change your own ${changes.join(', ')}`);
  if (self && input.inactive === true) throw badRequest('You cannot make yourself inactive');
  if (changes.length) {
    assertMayGrant(actor, {
      usertype: input.usertype ?? target.usertype,
      is_super: input.is_super ?? target.is_super,
      god_level: (input.god_level ?? target.god_level) && !target.god_level,
    });
  }
}

/** The user as stored globally, for comparing what an update would change. */
export interface UserIdentity {
  name: string;
  email: string | null;
  desktop_rows: number;
  mobile_rows: number;
  signature: string | null;
  usertype: string;
  is_super: boolean;
  god_level: boolean;
  expiry: string | null;
}

/**
 * The identity fields an update would change: they belong to the user in every company (issue 8
 * item 1), unlike permissions and inactive, which belong to one membership.
 */
export function identityChanges(target: UserIdentity, input: Omit<UserUpdateInput, 'permissions' | 'inactive'>): string[] {
  const changed: string[] = [];
  if (input.password) changed.push('password');
  if (input.name !== target.name) changed.push('name');
  if ((input.email ?? null)?.toLowerCase() !== target.email?.toLowerCase() && (input.email ?? null) !== target.email) changed.push('e-mail');
  if (input.desktopRows !== target.desktop_rows || input.mobileRows !== target.mobile_rows) changed.push('rows per page');
  if (input.signature !== undefined && input.signature !== target.signature) changed.push('signature');
  if (input.usertype !== undefined && input.usertype !== target.usertype) changed.push('user type');
  if (input.is_super !== undefined && input.is_super !== target.is_super) changed.push('is_super');
  if (input.god_level !== undefined && input.god_level !== target.god_level) changed.push('god level');
  if (input.expiry !== undefined && input.expiry !== target.expiry) changed.push('expiry');
  return changed;
}

export function assertMayDelete(actor: SessionUser, target: UserAccess): void {
  if (actor.id === target.id) throw new ApiError(400, 'You cannot delete yourself');
}
