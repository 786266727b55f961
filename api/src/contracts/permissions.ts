import { z } from 'zod';

/** The permission flags of spec 1 §6 / spec 3 §6, grouped as the Users editor shows them. */
export const PERMISSION_GROUPS = {
  General: ['p_is_admin', 'p_menu_admin'],
  Menus: ['p_dashboard', 'p_bookings', 'p_business', 'p_accounting', 'p_daily', 'p_mgt', 'p_reports', 'p_tenancy',
    'p_transaction', 'p_month_end', 'p_set_up'],
  Functional: ['p_fn_business', 'p_fn_suppliers', 'p_fn_owners', 'p_fn_bank', 'p_fn_cashbook', 'p_fn_trust',
    'p_fn_ReceiptsAndPayments'],
  Entry: ['p_entry_receipts', 'p_entry_payments', 'p_entry_charges', 'p_entry_journals', 'p_entry_disbursement'],
  Other: ['p_entities', 'p_daily_task', 'p_email', 'p_blob', 'p_business_breakdown', 'p_report_accounts',
    'p_reports_ReceiptsAndPayments', 'p_reports_trust', 'p_reports_daily', 'p_reports_eom'],
} as const;

export type PermissionFlag = (typeof PERMISSION_GROUPS)[keyof typeof PERMISSION_GROUPS][number];
export const PERMISSION_FLAGS: readonly PermissionFlag[] = Object.values(PERMISSION_GROUPS).flat();

export const permissionFlagsSchema = z.partialRecord(z.enum(PERMISSION_FLAGS as [PermissionFlag, ...PermissionFlag[]]), z.boolean());
export type Permissions = Partial<Record<PermissionFlag, boolean>>;

/** p_is_admin sees and may do everything; otherwise the named flag must be true. */
export function hasPermission(permissions: Permissions, flag: PermissionFlag): boolean {
  return permissions.p_is_admin === true || permissions[flag] === true;
}

/** The user types of spec 1 §3.2. SUPER and GOD get the support console. */
export const USER_TYPES = { PORTAL: 'Portal', CLIENT: 'Client', SUPER: 'Super User', ADMIN: 'Administrator', USER: 'Standard User', GOD: 'God' } as const;
export type UserType = keyof typeof USER_TYPES;
export const isSupportUserType = (usertype: string) => usertype === 'SUPER' || usertype === 'GOD';
