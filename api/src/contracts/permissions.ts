// No zod here: the chrome and the dashboard read these rules, and zod would join their first paint (issue 16).
/** The permission flags of spec 1 §6 / spec 3 §6, grouped as the Users editor shows them. */
export const PERMISSION_GROUPS = {
  General: ['p_is_admin', 'p_menu_admin'],
  Menus: ['p_dashboard', 'p_bookings', 'p_business', 'p_accounting', 'p_daily', 'p_mgt', 'p_reports', 'p_tenancy',
    'p_transaction', 'p_month_end', 'p_set_up'],
  Functional: ['p_fn_business', 'p_fn_suppliers', 'p_fn_owners', 'p_fn_bank', 'p_fn_cashbook', 'p_fn_trust',
    'p_fn_ReceiptsAndPayments'],
  Entry: ['p_entry_receipts', 'p_entry_payments', 'p_entry_charges', 'p_entry_journals', 'p_entry_disbursement',
    'p_approve_disbursement'],
  Other: ['p_entities', 'p_daily_task', 'p_email', 'p_blob', 'p_business_breakdown', 'p_report_accounts',
    'p_reports_ReceiptsAndPayments', 'p_reports_trust', 'p_reports_daily', 'p_reports_eom'],
} as const;

export type PermissionFlag = (typeof PERMISSION_GROUPS)[keyof typeof PERMISSION_GROUPS][number];
export const PERMISSION_FLAGS: readonly PermissionFlag[] = Object.values(PERMISSION_GROUPS).flat();

export type Permissions = Partial<Record<PermissionFlag, boolean>>;

/** p_is_admin sees and may do everything; otherwise the named flag must be true. */
export function hasPermission(permissions: Permissions, flag: PermissionFlag): boolean {
  return permissions.p_is_admin === true || permissions[flag] === true;
}

/** True when any one of the flags allows it (a call shared by the screens of several flags). */
export function hasAnyPermission(permissions: Permissions, flags: readonly PermissionFlag[]): boolean {
  return flags.some((flag) => hasPermission(permissions, flag));
}

/**
 * Who reads any party's balance (issue 8 item 20): the screens that show one, Accounts (entities,
 * accounting) and the entry forms' balances bar. Setup's Business screen shows the business's
 * own (entities/balance-routes.ts); p_mgt alone is every Management screen's flag, so it is not here.
 */
export const PARTY_BALANCE_FLAGS = ['p_entities', 'p_accounting', 'p_entry_receipts', 'p_entry_payments', 'p_entry_charges',
  'p_entry_journals', 'p_entry_disbursement'] as const satisfies readonly PermissionFlag[];

/** The flags of a Setup screen (spec 1 §2.1): the Setup tab's and the item's. */
export const hasSetupScreen = (permissions: Permissions) => hasPermission(permissions, 'p_set_up') && hasPermission(permissions, 'p_mgt');

/**
 * Who gets the parties' addresses in the lookups (issue 8 item 20): the entity editors
 * (p_entities) and the entry screens that print them on the Trust Account Receipt, the payment
 * memo and the invoice. Everyone else gets code, type and name, all their pickers show.
 */
export const PARTY_ADDRESS_FLAGS = ['p_entities', 'p_entry_receipts', 'p_entry_payments', 'p_entry_charges'] as const satisfies readonly PermissionFlag[];

/** The user types of spec 1 §3.2. SUPER and GOD get the support console. */
export const USER_TYPES = { PORTAL: 'Portal', CLIENT: 'Client', SUPER: 'Super User', ADMIN: 'Administrator', USER: 'Standard User', GOD: 'God' } as const;
export type UserType = keyof typeof USER_TYPES;
export const isSupportUserType = (usertype: string) => usertype === 'SUPER' || usertype === 'GOD';
