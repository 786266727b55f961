import { z } from 'zod';
import { isoDate, optionalEmail, requiredText } from './common.js';
import { imageDataUrl } from './images.js';
import { PERMISSION_FLAGS, type PermissionFlag, type Permissions } from './permissions.js';

/** Staff user types an administrator may give; SUPER and GOD only a support user may give. */
export const STAFF_USER_TYPES = ['USER', 'ADMIN'] as const;
export const ASSIGNABLE_USER_TYPES = ['USER', 'ADMIN', 'SUPER', 'GOD'] as const;
export const SIGNATURE_MAX_BYTES = 150 * 1024;
export const MIN_PAGE_ROWS = 10;

const userId = z.string({ error: 'Code is required' }).trim()
  .min(1, 'Code is required')
  .min(5, 'Must be at least 5 characters')
  .max(25, 'Must be at most 25 characters')
  .refine((v) => !/\s/.test(v), 'Code cannot contain spaces')
  .transform((v) => v.toUpperCase());

const password = z.string({ error: 'Password must be at least 8 characters' })
  .min(8, 'Password must be at least 8 characters')
  .max(200, 'Password must be at most 200 characters');

const rows = (label: string) => z.number({ error: `${label} is required` }).int(`${label} is a whole number`)
  .min(MIN_PAGE_ROWS, `Must be at least ${MIN_PAGE_ROWS}`).max(500, 'Must be at most 500');

/** What every user may change about themselves. */
const profile = {
  name: requiredText('Name is required').pipe(z.string().min(5, 'Must be at least 5 characters').max(60, 'Must be at most 60 characters')),
  email: optionalEmail,
  desktopRows: rows('Desktop rows'),
  mobileRows: rows('Mobile rows'),
  /** A PNG or JPEG data URL; null or '' removes it, absent keeps it. */
  signature: z.union([imageDataUrl(SIGNATURE_MAX_BYTES, 'Signature'), z.literal(''), z.null()]).optional()
    .transform((v) => (v === '' ? null : v)),
};

/** What only an administrator may change (and SUPER/GOD, is_super and god_level only support). */
const access = {
  usertype: z.enum(ASSIGNABLE_USER_TYPES, { error: 'User Type must be Selected' }),
  permissions: z.partialRecord(z.enum(PERMISSION_FLAGS as [PermissionFlag, ...PermissionFlag[]]), z.boolean()),
  is_super: z.boolean(),
  god_level: z.boolean(),
  expiry: z.union([isoDate, z.literal(''), z.null()]).transform((v) => (v === '' ? null : v)),
  inactive: z.boolean(),
};

/** POST /api/user (spec 3 §3 'User', §5 'User'). */
export const userCreateContract = z.object({
  id: userId,
  password,
  ...profile,
  usertype: access.usertype.default('USER'),
  permissions: access.permissions.default({}),
  is_super: access.is_super.default(false),
  god_level: access.god_level.default(false),
  expiry: access.expiry.optional().transform((v) => v ?? null),
  inactive: access.inactive.default(false),
});
export type UserCreateInput = z.infer<typeof userCreateContract>;

/**
 * PUT /api/user/{id}: an empty password keeps the current one; an absent access field is left
 * unchanged, so a user saving their own profile never touches their permissions.
 */
export const userUpdateContract = z.object({
  password: z.union([password, z.literal(''), z.null()]).optional().transform((v) => v || undefined),
  /** Required when users change their own password (issue 8 item 13); never stored or logged. */
  currentPassword: z.string().max(200, 'Must be at most 200 characters').optional().transform((v) => v || undefined),
  ...profile,
  usertype: access.usertype.optional(),
  permissions: access.permissions.optional(),
  is_super: access.is_super.optional(),
  god_level: access.god_level.optional(),
  expiry: access.expiry.optional(),
  inactive: access.inactive.optional(),
});
export type UserUpdateInput = z.infer<typeof userUpdateContract>;

/** GET /api/user/list row. */
export interface UserListRow {
  id: string;
  name: string;
  usertype: string;
  email: string | null;
  inactive: boolean;
  _pk: string;
}

/** GET /api/user/{id}: never the password hash. */
export interface UserRecord {
  id: string;
  code: string;
  name: string;
  email: string | null;
  usertype: string;
  permissions: Permissions;
  signature: string | null;
  desktopRows: number;
  mobileRows: number;
  expiry: string | null;
  is_super: boolean;
  god_level: boolean;
  inactive: boolean;
  _pk: string;
  _candelete: boolean;
}

/** Dashboard cards pinned per user (PUT /api/pinned/update). */
export const pinnedCardContract = z.object({
  id: z.union([z.number(), z.string(), z.null()]).optional(),
  user_id: z.string({ error: 'User is required' }).trim().min(1, 'User is required').transform((v) => v.toUpperCase()),
  card_name: requiredText('Card name is required').pipe(z.string().max(100, 'Must be at most 100 characters')),
  pinned: z.boolean({ error: 'Pinned must be true or false' }),
});
export type PinnedCardInput = z.infer<typeof pinnedCardContract>;
export interface PinnedCard {
  id: number;
  user_id: string;
  card_name: string;
  pinned: boolean;
}

/** Spec 3 §2, §6: the Users screen's 'Temporary Notice' without the super flag, and the server's refusal alike. */
export const USER_CHANGES_BY_SUPPORT = 'Changes to users and their permissions must be made through support.';
