import type { PermissionFlag } from 'api/contracts/permissions';

/**
 * The route map of spec 1 §2.1 and spec 3 §2: every menu route with the permission it needs.
 * A route is reachable when its own flag and the flags of every level above it are held.
 */
export interface MenuRoute {
  path: string;
  title: string;
  permission?: PermissionFlag;
  /** A Control Settings switch that must be on for the route to be listed (owner pools: enable_pools). */
  feature?: MenuFeature;
}

/** Control Settings switches that turn menu routes on (spec 3 §3 'Control settings', Display). */
export type MenuFeature = 'enable_pools';

export interface MenuTab {
  key: string;
  title: string;
  path: string;
  permission: PermissionFlag;
  routes: MenuRoute[];
}

export type MenuIcon = 'dashboard' | 'bookings' | 'rentals' | 'accounts' | 'management' | 'reports';

export interface MenuGroup {
  key: string;
  title: string;
  path: string;
  icon: MenuIcon;
  permission?: PermissionFlag;
  /** Sub-routes listed under the group in the sidebar (accounts). */
  routes?: MenuRoute[];
  /** Tabbed areas whose landing page shows one card per route (management, reports). */
  tabs?: MenuTab[];
}

const tab = (key: string, title: string, base: string, permission: PermissionFlag, routes: [string, string, PermissionFlag?, MenuFeature?][]): MenuTab => ({
  key,
  title,
  path: base,
  permission,
  routes: routes.map(([segment, routeTitle, flag, feature]) => ({ path: `${base}/${segment}`, title: routeTitle, permission: flag, ...(feature ? { feature } : {}) })),
});

export const ROUTE_MAP: MenuGroup[] = [
  { key: 'dashboard', title: 'Dashboard', path: '/dashboard', icon: 'dashboard' },
  { key: 'bookings', title: 'Bookings', path: '/bookings', icon: 'bookings', permission: 'p_bookings' },
  { key: 'rentals', title: 'Permanent Rentals', path: '/rentals', icon: 'rentals', permission: 'p_bookings' },
  {
    key: 'accounts',
    title: 'Accounts',
    path: '/accounts',
    icon: 'accounts',
    permission: 'p_accounting',
    routes: [
      { path: '/accounts/business', title: 'Business', permission: 'p_business' },
      { path: '/accounts/owners', title: 'Owners', permission: 'p_entities' },
      { path: '/accounts/suppliers', title: 'Suppliers', permission: 'p_entities' },
      { path: '/accounts/units', title: 'Units', permission: 'p_entities' },
      { path: '/accounts/ReceiptsAndPayments', title: 'Receipts and Payments', permission: 'p_fn_ReceiptsAndPayments' },
      { path: '/accounts/Revenue', title: 'Revenue', permission: 'p_fn_trust' },
      { path: '/accounts/tenant', title: 'Tenants' },
      { path: '/accounts/unallocated', title: 'Unallocated Funds', permission: 'p_entities' },
      // Spec 1 §2 leaves the pool screens' routes unnamed: Owner Pools sits with the other parties.
      { path: '/accounts/pools', title: 'Owner Pools', permission: 'p_entities', feature: 'enable_pools' },
    ],
  },
  {
    key: 'management',
    title: 'Management',
    path: '/management',
    icon: 'management',
    permission: 'p_mgt',
    tabs: [
      tab('daily', 'Daily', '/management/daily', 'p_daily', [
        ['banking', 'Daily Banking', 'p_fn_bank'],
        ['bankhist', 'Banking Review', 'p_fn_bank'],
        ['reconcile', 'Bank Reconciliation', 'p_fn_bank'],
        ['rechist', 'Reconciliation History', 'p_fn_bank'],
        ['task', 'Tasks & Audit', 'p_daily_task'],
        ['logs', 'System Log', 'p_mgt'],
        ['email', 'Email Log', 'p_email'],
        ['emailstatements', 'Email Statements', 'p_email'],
        ['blob', 'Archive', 'p_blob'],
      ]),
      tab('transactions', 'Transactions', '/management/transactions', 'p_transaction', [
        ['charges', 'Charges', 'p_entry_charges'],
        ['disbursement', 'Disbursements', 'p_entry_disbursement'],
        ['chargerelease', 'Charge Release', 'p_entry_disbursement'],
        ['chargeupdate', 'Charge Update', 'p_entry_disbursement'],
        ['journals', 'Journals', 'p_entry_journals'],
        ['monthend', 'Month End', 'p_month_end'],
        ['payments', 'Payments', 'p_entry_payments'],
        // Beside Charge Release and Disbursement, whose flag it shares (spec 1 §2 names no route).
        ['poolrelease', 'Release Pool Funds', 'p_entry_disbursement', 'enable_pools'],
        ['receipts', 'Receipts', 'p_entry_receipts'],
      ]),
      tab('setup', 'Setup', '/management/setup', 'p_set_up', [
        ['banks', 'Banks', 'p_mgt'],
        ['business', 'Business', 'p_mgt'],
        ['cardtypes', 'Card Types', 'p_mgt'],
        ['categories', 'Categories', 'p_mgt'],
        ['control', 'Control Settings', 'p_mgt'],
        ['fees', 'Fees and Charges', 'p_mgt'],
        ['gstcodes', 'GST Codes', 'p_mgt'],
        ['snapshot', 'Snapshots', 'p_mgt'],
        ['templates', 'Templates', 'p_mgt'],
        ['accounts', 'Transaction Accounts', 'p_mgt'],
        ['unittype', 'Unit Types', 'p_mgt'],
        ['unitclass', 'Unit Class', 'p_mgt'],
        ['users', 'Users', 'p_mgt'],
        // Spec 3 §2: the checklist editor also sits under the management menu.
        ['checklist', 'Month End Checklist', 'p_mgt'],
        // Spec 3 §2: system backup (System Backup and Export) also sits under the management menu.
        ['backup', 'System Backup and Export', 'p_mgt'],
      ]),
    ],
  },
  {
    key: 'reports',
    title: 'Reports',
    path: '/reports',
    icon: 'reports',
    permission: 'p_reports',
    tabs: [
      tab('accounts', 'Accounts', '/reports/accounts', 'p_report_accounts', [
        ['balances', 'Balances'],
        ['summary', 'Summary'],
        ['transactions', 'Transactions'],
        ['businestransactions', 'Business Transactions', 'p_business_breakdown'],
        ['monthly', 'Monthly'],
        ['statement', 'Statement'],
        ['eoystatement', 'EOY Statement'],
      ]),
      tab('receiptsandpayments', 'ReceiptsAndPayments', '/reports/receiptsandpayments', 'p_reports_ReceiptsAndPayments', [
        ['banking', 'Banking'],
        ['register', 'Register'],
        ['allocations', 'Allocations'],
        ['receipts', 'Receipts'],
        ['payments', 'Payments'],
        ['reversals', 'Reversals'],
      ]),
      tab('audit', 'Audit', '/reports/audit', 'p_reports_trust', [
        ['threewaydetail', 'Three Way Detail'],
        ['bookings', 'Bookings'],
      ]),
      tab('daily', 'Daily', '/reports/daily', 'p_reports_daily', [
        ['depositslips', 'Deposit Slips'],
        ['invoice', 'Invoice'],
        ['reconciliations', 'Reconciliations'],
      ]),
      tab('eom', 'End Of Month', '/reports/eom', 'p_reports_eom', [
        ['download', 'Download'],
        ['statements', 'Statements'],
        // Issue 12 'Beyond the seeds': a financial year's pack for an external auditor.
        ['auditpack', "Auditor's Pack"],
      ]),
    ],
  },
];

/** The tab of the route map with this base path (e.g. '/management/daily'). */
export function findTab(basePath: string): MenuTab | undefined {
  for (const group of ROUTE_MAP) for (const t of group.tabs ?? []) if (t.path === basePath) return t;
  return undefined;
}
