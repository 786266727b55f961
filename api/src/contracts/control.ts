import { z } from 'zod';
import { SYNC_FREQUENCIES, STATEMENT_FORMATS, optionalText, percent } from './common.js';

const accountCode = optionalText;
const year = z.number({ error: 'Year is Required' }).int().min(2000, 'Year is Required').max(2100);
const month = z.number({ error: 'Month is Required' }).int().min(1, 'Month is Required').max(12, 'Month is Required');

/**
 * Control settings (spec 3 §3 'Control settings'): the company-wide settings edited on the
 * Control Settings screen. Read-only values (ledger dates, bank balance, sync dates, the
 * month-end lock) are computed or set by the processes that own them and never accepted here.
 */
export const controlSettingsContract = z.object({
  // Information / position
  current_year: year,
  current_month: month,
  unallocated_entity: optionalText,
  licencee_name: optionalText,
  licence_no: optionalText,
  // Trust bank account (used for the ABA file's balancing debit)
  bank_code: z.union([z.string(), z.null()]).optional()
    .transform((v) => (v == null || v.trim() === '' ? null : v.trim().toUpperCase()))
    .refine((v) => v === null || /^[A-Z]{3}$/.test(v), 'Bank code is the 3-letter ABA institution code'),
  bank_account_name: optionalText,
  bank_account_number: z.union([z.string(), z.null()]).optional()
    .transform((v) => (v == null || v.trim() === '' ? null : v.replace(/[\s-]/g, '')))
    .refine((v) => v === null || /^\d{1,9}$/.test(v), 'Account number is up to 9 digits'),
  bank_account_id: z.union([z.string(), z.null()]).optional()
    .transform((v) => (v == null || v.trim() === '' ? null : v.trim()))
    .refine((v) => v === null || /^\d{6}$/.test(v), 'APCA user id is 6 digits'),
  bank_bsb: z.union([z.string(), z.null()]).optional()
    .transform((v) => (v == null || v.trim() === '' ? null : v.replace(/\D/g, '').replace(/^(\d{3})(\d{3})$/, '$1-$2')))
    .refine((v) => v === null || /^\d{3}-\d{3}$/.test(v), 'BSB is 6 digits (NNN-NNN)'),
  // Control accounts
  owner_account: accountCode,
  surcharge_account: accountCode,
  deposit_account: accountCode,
  disburse_account: accountCode,
  hold_account: accountCode,
  unallocated_account: accountCode,
  roomcharge_account: accountCode,
  reversal_account: accountCode,
  rent_account: accountCode,
  disbursement_account: accountCode,
  owner_stay_account: accountCode,
  bond_account: accountCode,
  rent_commission_account: accountCode,
  // Receipt text
  receipt_name: optionalText,
  receipt_text: optionalText,
  receipt_legal: optionalText,
  // Display
  navbar_color: optionalText,
  enable_pools: z.boolean().default(false),
  // Templates and statements
  default_email_template: optionalText,
  default_statement_template: optionalText,
  default_invoice_template: optionalText,
  default_reports_template: optionalText,
  default_statement_format: z.enum(Object.keys(STATEMENT_FORMATS) as ['DET', 'SUM']).default('DET'),
  statement_message_owners: optionalText,
  statement_message_suppliers: optionalText,
  statement_message_tenants: optionalText,
  // Booking-system sync
  gp_host: optionalText,
  gp_user: optionalText,
  gp_pwd: optionalText,
  sync_frequency: z.number().int().refine((v) => (SYNC_FREQUENCIES as readonly number[]).includes(v), 'Sync frequency is 0, 300, 900, 1800 or 3600 seconds'),
  equal_distribution_variance: percent(0, 100),
});
export type ControlSettings = z.infer<typeof controlSettingsContract>;
export const CONTROL_SETTING_KEYS = Object.keys(controlSettingsContract.shape) as (keyof ControlSettings)[];

/** One setting by key: PUT /api/control/{key} with `{ value }`. */
export const controlValueContract = z.object({ value: z.unknown() });

/** Values owned by processes (start of day, month end, reconciliation, sync), never by the form. */
export const SYSTEM_CONTROL_KEYS = ['last_start_date', 'monthend_lock_uuid', 'monthend_lock_user', 'last_sync_date', 'last_sync_run_date', 'logo'] as const;
