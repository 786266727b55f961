import { z } from 'zod';
import { SYNC_FREQUENCIES, STATEMENT_FORMATS, optionalLine, optionalMultilineText, percent } from './common.js';
import { bankAccountNumber, bsb, optionalCode } from './entity.js';
import { imageDataUrl } from './images.js';
import { DEFAULT_TIME_ZONE, isTimeZone } from '../ledger/business-date.js';

// Account, template and entity codes are upper-case keys, whatever case was typed.
const accountCode = optionalCode;
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
  unallocated_entity: optionalCode,
  licencee_name: optionalLine(100),
  licence_no: optionalLine(50),
  // The business date of every posting, report and check is the calendar day in this zone.
  time_zone: z.string().trim().default(DEFAULT_TIME_ZONE).refine(isTimeZone, 'Time zone is an IANA name such as Australia/Sydney'),
  // Trust bank account (used for the ABA file's balancing debit)
  bank_code: z.union([z.string(), z.null()]).optional()
    .transform((v) => (v == null || v.trim() === '' ? null : v.trim().toUpperCase()))
    .refine((v) => v === null || /^[A-Z]{3}$/.test(v), 'Bank code is the 3-letter ABA institution code'),
  bank_account_name: optionalLine(100),
  bank_account_number: bankAccountNumber,
  bank_account_id: z.union([z.string(), z.null()]).optional()
    .transform((v) => (v == null || v.trim() === '' ? null : v.trim()))
    .refine((v) => v === null || /^\d{6}$/.test(v), 'APCA user id is 6 digits'),
  bank_bsb: bsb,
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
  receipt_name: optionalLine(100),
  receipt_text: optionalMultilineText(2000),
  receipt_legal: optionalMultilineText(2000),
  // Display
  navbar_color: optionalLine(30),
  enable_pools: z.boolean().default(false),
  // Templates and statements
  default_email_template: optionalCode,
  default_statement_template: optionalCode,
  default_invoice_template: optionalCode,
  default_reports_template: optionalCode,
  default_statement_format: z.enum(Object.keys(STATEMENT_FORMATS) as ['DET', 'SUM']).default('DET'),
  statement_message_owners: optionalMultilineText(2000),
  statement_message_suppliers: optionalMultilineText(2000),
  statement_message_tenants: optionalMultilineText(2000),
  // Month end: a second user holding p_approve_disbursement approves the disbursement before money moves
  disbursement_approval: z.boolean().default(false),
  // Booking-system sync
  gp_host: optionalLine(200),
  gp_user: optionalLine(100),
  gp_pwd: optionalLine(200),
  sync_frequency: z.number().int().refine((v) => (SYNC_FREQUENCIES as readonly number[]).includes(v), 'Sync frequency is 0, 300, 900, 1800 or 3600 seconds'),
  equal_distribution_variance: percent(0, 100),
});
export type ControlSettings = z.infer<typeof controlSettingsContract>;
export const CONTROL_SETTING_KEYS = Object.keys(controlSettingsContract.shape) as (keyof ControlSettings)[];

/** One setting by key: PUT /api/control/{key} with `{ value }`. */
export const controlValueContract = z.object({ value: z.unknown() });

/** Values owned by processes (start of day, month end, reconciliation, sync), never by the form. */
export const SYSTEM_CONTROL_KEYS = ['last_start_date', 'monthend_lock_uuid', 'monthend_lock_user', 'last_sync_date', 'last_sync_run_date', 'logo',
  'last_reconcile_date', 'bank_balance_cents'] as const;

/** Settings that name a transaction account: each must be an existing account. */
export const CONTROL_ACCOUNT_KEYS = ['owner_account', 'surcharge_account', 'deposit_account', 'disburse_account', 'hold_account',
  'unallocated_account', 'roomcharge_account', 'reversal_account', 'rent_account', 'disbursement_account', 'owner_stay_account',
  'bond_account', 'rent_commission_account'] as const satisfies readonly (keyof ControlSettings)[];

/** Settings that name an e-mail template: each must be an existing template. */
export const CONTROL_TEMPLATE_KEYS = ['default_email_template', 'default_statement_template', 'default_invoice_template',
  'default_reports_template'] as const satisfies readonly (keyof ControlSettings)[];

/** Secrets kept in the settings: never answered, and an empty value on a whole-record save keeps them. */
export const CONTROL_SECRET_KEYS = ['gp_pwd'] as const satisfies readonly (keyof ControlSettings)[];

/** Values owned by processes or the ledger, answered by GET /api/control beside the settings. */
export interface ControlState {
  today: string;
  current_month: number;
  current_year: number;
  month_year_startcase: string;
  db_name: string;
  company_name: string;
  monthend_lock_uuid: string | null;
  monthend_lock_user: string | null;
  last_sync_date: string | null;
  last_sync_run_date: string | null;
  /** Ledger figures: null until the ledger holds transactions. */
  ledger_first_date: string | null;
  ledger_last_date: string | null;
  last_reconcile_date: string | null;
  bank_balance: number | null;
  logo_present: boolean;
  /** True when a booking-system password is stored (the password itself is never answered). */
  gp_pwd_set: boolean;
}
export type ControlRecord = ControlSettings & ControlState;

/** GET /api/control/info (spec 3 §3 'Control info'). */
export type ControlInfo = Pick<ControlState, 'current_year' | 'current_month' | 'month_year_startcase' | 'db_name' | 'bank_balance'
  | 'last_reconcile_date' | 'ledger_first_date' | 'ledger_last_date'> & Pick<ControlSettings, 'default_reports_template' | 'default_statement_template'> & { current_date: string };

/** The logo: a PNG or JPEG data URL; the server scales it to 300×150. */
export const LOGO_WIDTH = 300;
export const LOGO_HEIGHT = 150;
export const controlLogoContract = z.object({ logo: imageDataUrl(768 * 1024, 'Logo') });

/** GET /api/control/start: ?force=true runs start of day. */
export const controlStartQuery = z.object({ force: z.enum(['true', 'false']).optional() });
export interface ControlStartResult {
  today: string;
  /** True when this call ran start of day (false when it had already run today, or without force). */
  ran: boolean;
}
