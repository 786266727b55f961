import { SYNC_FREQUENCIES } from 'api/contracts/common';

/** Spec 3 §8: 'Control Record Saved!' shows for 5 seconds. */
export const CONTROL_SAVED = { title: 'Control Record Saved!', timeout: 5000 } as const;

/** The control accounts with the labels the Control Accounts tab shows. */
export const CONTROL_ACCOUNT_LABELS = {
  owner_account: 'Owner funds',
  surcharge_account: 'Surcharge',
  deposit_account: 'Deposit',
  disburse_account: 'Disburse',
  hold_account: 'Hold',
  unallocated_account: 'Unallocated',
  roomcharge_account: 'Room charge',
  reversal_account: 'Reversal',
  rent_account: 'Rent',
  disbursement_account: 'Disbursement',
  owner_stay_account: 'Owner stay',
  bond_account: 'Bond',
  rent_commission_account: 'Rent commission',
} as const;

export const CONTROL_TEMPLATE_LABELS = {
  default_email_template: 'Default e-mail template',
  default_statement_template: 'Default statement template',
  default_invoice_template: 'Default invoice template',
  default_reports_template: 'Default reports template',
} as const;

/** Sync frequency choices (spec 3 §9): seconds, 0 meaning manual only. */
export function syncFrequencyLabel(seconds: number): string {
  if (seconds === 0) return 'Manual only';
  const minutes = seconds / 60;
  return minutes >= 60 ? `Every ${minutes / 60} hour${minutes === 60 ? '' : 's'}` : `Every ${minutes} minutes`;
}

export const SYNC_FREQUENCY_OPTIONS = [...SYNC_FREQUENCIES].sort((a, b) => (a === 0 ? 1 : b === 0 ? -1 : a - b)).map((s) => ({ value: s, label: syncFrequencyLabel(s) }));

/**
 * The control record as the form holds it: the settings only (the record also carries the
 * processes' read-only values), with an unset stored password left blank so a save keeps it.
 */
export function controlFormValues(record: object, keys: readonly string[]): Record<string, unknown> {
  const values = Object.fromEntries(keys.map((k) => [k, (record as Record<string, unknown>)[k] ?? null]));
  values.gp_pwd = '';
  return values;
}
