import { z } from 'zod';
import { CONTROL_CHARACTER_MESSAGE, isSingleLine, optionalEmail, requiredText } from './common.js';

/**
 * The support console's calls (spec 3 §2 'Support console', §5 'New company', 'New user
 * (console)', 'Remove company', 'Import'; §7 'Support'). The console's forms validate with these
 * same schemas, so the messages the screen shows are the server's.
 */

/** Database code: upper-cased, 8 to 20 (the spec's label says 8 to 15; its rule says 20), a schema name's letters. */
export const databaseCode = z.string({ error: 'Database is Required' }).trim()
  .min(1, 'Database is Required')
  .min(8, 'Must be at least 8 characters')
  .max(20, 'Must not be more than 20 characters')
  .transform((v) => v.toUpperCase())
  .refine((v) => /^[A-Z0-9_]+$/.test(v), 'Use letters, digits and _ only');

/** Console login name: 5 to 25, no spaces, upper-cased like every user id. */
const loginName = z.string({ error: 'Name is Required' }).trim()
  .min(1, 'Name is Required')
  .min(5, 'Must be at least 5 characters')
  .max(25, 'Must not be more than 25 characters')
  .refine((v) => !/\s/.test(v), 'Name cannot contain spaces')
  .transform((v) => v.toUpperCase());

const displayName = requiredText('Display Name is Required').pipe(z.string().min(5, 'Must be at least 5 characters').max(60, 'Must be at most 60 characters'));
const password = z.string({ error: 'Password must be at least 8 characters' }).min(8, 'Password must be at least 8 characters').max(200, 'Password must be at most 200 characters');
const line = (required: string, max: number) => z.string({ error: required }).refine(isSingleLine, CONTROL_CHARACTER_MESSAGE).trim().min(1, required).max(max, `Must be at most ${max} characters`);

/** POST /api/support/createdb: the company, its administrator, its first open month, its booking-system link. */
export const newCompanyContract = z.object({
  database: databaseCode,
  company_name: requiredText('Company Name is Required').pipe(z.string().min(5, 'Must be at least 5 characters').max(80, 'Must be at most 80 characters')),
  code: loginName,
  name: displayName,
  email: optionalEmail,
  password,
  year: z.coerce.number({ error: 'Year is Required' }).int('Year is Required').min(2000, 'Year is Required').max(2100, 'Year is Required'),
  month: z.coerce.number({ error: 'Month is Required' }).int('Month is Required').min(1, 'Month is Required').max(12, 'Month is Required'),
  gp_host: line('Endpoint URL is Required', 200).refine((v) => /^https?:\/\/[^\s/]+/i.test(v), 'Endpoint URL must start with http:// or https://'),
  gp_user: line('Endpoint is Required', 100),
  gp_pwd: z.string({ error: 'Endpoint password is Required' }).min(1, 'Endpoint password is Required').max(200, 'Must be at most 200 characters'),
});
export type NewCompanyInput = z.infer<typeof newCompanyContract>;

/** The new-company form's prefilled endpoint (spec 3 §9: a default endpoint user and host): the booking simulator's. */
export const DEFAULT_ENDPOINT = { gp_host: 'http://127.0.0.1:7411', gp_user: 'sim' } as const;

/** POST /api/support/user: created as an administrator of the company (spec 3 §6); support access opens every company. */
export const consoleUserContract = z.object({
  code: loginName,
  name: displayName,
  email: optionalEmail,
  password,
  company: z.string({ error: 'Company is Required' }).trim().min(1, 'Company is Required').max(20, 'Company is Required').transform((v) => v.toUpperCase()),
  is_super: z.boolean().default(false),
});
export type ConsoleUserInput = z.infer<typeof consoleUserContract>;

/** POST /api/support/removedb. */
export const removeCompanyContract = z.object({ db_name: z.string({ error: 'Company is Required' }).trim().min(1, 'Company is Required').max(20).transform((v) => v.toUpperCase()) });

/** The spec's two refusals of Remove company (§5), word for word. */
export const REMOVE_COMPANY_MESSAGES = {
  notGod: 'Only users with GOD level access can delete companies.',
  current: 'You cannot delete the currently selected comapny. Choose another.',
} as const;

/** Entity import fields (spec 3 §3), the CSV's header names. */
export const ENTITY_IMPORT_FIELDS = ['Code', 'Door', 'Name', 'Title', 'Surname', 'FirstName', 'Type', 'Category', 'Salutation', 'ABN', 'Phone1', 'Phone2',
  'Address', 'Address1', 'Address2', 'Town', 'State', 'Postcode', 'Disburse_Method', 'Bank', 'Bank_Account_Name', 'Bank_BSB', 'Bank_Account_Number', 'Email', 'Notes'] as const;

export const IMPORT_ENTITY_TYPES = ['OWNER', 'SUPPLIER', 'TENANT', 'POOL'] as const;
/** Large enough for some thousands of parties; the body limit (1 MB) bounds it anyway. */
export const IMPORT_MAX_ROWS = 5000;

/** POST /api/support/imports (and /imports/preview): only ENTITY exists; the default entity type is OWNER. */
export const importContract = z.object({
  type: z.literal('ENTITY', { error: 'Only the ENTITY import exists' }).default('ENTITY'),
  entityType: z.enum(IMPORT_ENTITY_TYPES, { error: `Entity type is ${IMPORT_ENTITY_TYPES.join(', ')}` }).default('OWNER'),
  /** The CSV text, header row first. */
  importData: z.string({ error: 'Choose a CSV file to import' }).min(1, 'Choose a CSV file to import'),
});
export type ImportInput = z.infer<typeof importContract>;

/** One row the import refused: its line in the file and what is wrong with it. */
export interface ImportRowError {
  line: number;
  code: string | null;
  errors: { path: string; msg: string }[];
}

/** God Mode Utilities chosen for this build (issue 15): each names the company and says why. */
const reason = requiredText('Reason is Required').pipe(z.string().min(5, 'Must be at least 5 characters').max(300, 'Must be at most 300 characters'));
export const godUnlockContract = z.object({ db_name: removeCompanyContract.shape.db_name, reason });
export const godRevokeContract = z.object({ db_name: removeCompanyContract.shape.db_name, reason });
export const GOD_ONLY_MESSAGE = 'Only users with GOD level access can use God Mode Utilities.';

/** POST /api/support/restore?code=&name=&overwrite= (the .pgb file is the body). */
export const restoreQuery = z.object({
  code: databaseCode,
  name: z.string().max(80).optional(),
  overwrite: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
});

/** One company's outcome of Schema update. */
export interface SchemaUpdateResult {
  code: string;
  status: 'ok' | 'failed';
  applied: string[];
  message: string;
}
