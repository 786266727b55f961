import { PERMISSION_GROUPS, type PermissionFlag } from 'api/contracts/permissions';

/** What each flag lets a user see or do, as the Permissions tab labels it. */
export const PERMISSION_LABELS: Record<PermissionFlag, string> = {
  p_is_admin: 'Administrator (every menu and function)',
  p_menu_admin: 'Menu administration',
  p_dashboard: 'Dashboard',
  p_bookings: 'Bookings and Permanent Rentals',
  p_business: 'Business accounts',
  p_accounting: 'Accounts',
  p_daily: 'Management: Daily',
  p_mgt: 'Management',
  p_reports: 'Reports',
  p_tenancy: 'Tenancies',
  p_transaction: 'Management: Transactions',
  p_month_end: 'Month End',
  p_set_up: 'Management: Setup',
  p_fn_business: 'Business functions',
  p_fn_suppliers: 'Supplier functions',
  p_fn_owners: 'Owner functions',
  p_fn_bank: 'Banking and reconciliation',
  p_fn_cashbook: 'Cash book',
  p_fn_trust: 'Trust revenue',
  p_fn_ReceiptsAndPayments: 'Receipts and Payments',
  p_entry_receipts: 'Receipts',
  p_entry_payments: 'Payments',
  p_entry_charges: 'Charges',
  p_entry_journals: 'Journals',
  p_entry_disbursement: 'Disbursements and charge release',
  p_approve_disbursement: 'Approve the month-end disbursement',
  p_entities: 'Owners, suppliers and units',
  p_daily_task: 'Tasks & Audit',
  p_email: 'Email Log',
  p_blob: 'Archive',
  p_business_breakdown: 'Business transactions report',
  p_report_accounts: 'Reports: Accounts',
  p_reports_ReceiptsAndPayments: 'Reports: Receipts and Payments',
  p_reports_trust: 'Reports: Audit',
  p_reports_daily: 'Reports: Daily',
  p_reports_eom: 'Reports: End Of Month',
};

export interface PermissionGroup {
  title: string;
  flags: readonly PermissionFlag[];
}

/**
 * The checkbox groups of the Permissions tab. An administrator holds every permission, so
 * while p_is_admin is ticked only that box is shown (spec 3 §6).
 */
export function visiblePermissionGroups(isAdmin: boolean): PermissionGroup[] {
  if (isAdmin) return [{ title: 'General', flags: ['p_is_admin'] }];
  return Object.entries(PERMISSION_GROUPS).map(([title, flags]) => ({ title, flags }));
}
