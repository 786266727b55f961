import { z } from 'zod';
import { CONTROL_CHARACTER_MESSAGE, isSingleLine } from './common.js';
import type { PermissionFlag } from './permissions.js';

/**
 * The report catalogue (spec 3 §1 and §2 'Reports'): every report screen of the five tabs, the
 * flag that opens it, and the selection fields its header shows. The server generates only what
 * the catalogue names; the Reports remote draws one generic screen per entry.
 */
export const REPORT_TABS = {
  accounts: { title: 'Accounts', permission: 'p_report_accounts' },
  receiptsandpayments: { title: 'ReceiptsAndPayments', permission: 'p_reports_ReceiptsAndPayments' },
  audit: { title: 'Audit', permission: 'p_reports_trust' },
  daily: { title: 'Daily', permission: 'p_reports_daily' },
  eom: { title: 'End Of Month', permission: 'p_reports_eom' },
} as const satisfies Record<string, { title: string; permission: PermissionFlag }>;
export type ReportTab = keyof typeof REPORT_TABS;

/**
 * The selection fields a report's header shows:
 * - period: year and month (default: the open month; End of Month: the last closed month);
 * - financialYear: year only, the year a July–June financial year ends in;
 * - dateRange: from and to (default: the open month's first day to today);
 * - asAt: to only (a balance date, default today);
 * - entityType, entityRange (entity_from/entity_to codes), category: whose ledgers;
 * - detail: type 'DETAILED' or 'SUMMARY' (statements);
 * - ref: one document's reference (a receipt, an invoice, a deposit, a reconciliation).
 */
export const REPORT_FIELDS = ['period', 'financialYear', 'dateRange', 'asAt', 'entityType', 'entityRange', 'category', 'detail', 'ref'] as const;
export type ReportField = (typeof REPORT_FIELDS)[number];

export interface ReportInfo {
  tab: ReportTab;
  title: string;
  fields: readonly ReportField[];
  /** A second flag beside the tab's (Business Transactions needs p_business_breakdown too). */
  alsoRequires?: PermissionFlag;
  /** Formats besides the PDF (every report has a PDF). */
  formats: readonly ('csv' | 'xlsx' | 'zip')[];
  /** Generated as a job with progress (GET /api/progress/{id}) rather than answered at once. */
  job?: boolean;
}

const TABLES = ['csv', 'xlsx'] as const;

/** Keys are the route segments of the menu (shared-ui route-map: /reports/<tab>/<key>). */
export const REPORTS = {
  balances: { tab: 'accounts', title: 'Balance Summary', fields: ['asAt', 'entityType', 'category'], formats: TABLES },
  summary: { tab: 'accounts', title: 'Account Summary', fields: ['dateRange', 'entityType', 'entityRange', 'category'], formats: TABLES },
  transactions: { tab: 'accounts', title: 'Account Transactions', fields: ['dateRange', 'entityType', 'entityRange', 'category'], formats: TABLES },
  businestransactions: { tab: 'accounts', title: 'Business Transactions', fields: ['dateRange'], alsoRequires: 'p_business_breakdown', formats: TABLES },
  monthly: { tab: 'accounts', title: 'Entity Monthly', fields: ['financialYear', 'entityType', 'entityRange', 'category'], formats: TABLES },
  statement: { tab: 'accounts', title: 'Statements', fields: ['period', 'detail', 'entityType', 'entityRange', 'category'], formats: ['csv', 'zip'] },
  eoystatement: { tab: 'accounts', title: 'End of Year', fields: ['financialYear', 'entityType', 'entityRange', 'category'], formats: ['csv', 'zip'] },
  banking: { tab: 'receiptsandpayments', title: 'Banking Register', fields: ['dateRange'], formats: TABLES },
  register: { tab: 'receiptsandpayments', title: 'Receipt Register', fields: ['dateRange'], formats: TABLES },
  allocations: { tab: 'receiptsandpayments', title: 'Receipt Allocation', fields: ['dateRange'], formats: TABLES },
  receipts: { tab: 'receiptsandpayments', title: 'Receipts', fields: ['dateRange', 'ref'], formats: ['zip'] },
  payments: { tab: 'receiptsandpayments', title: 'Payment Register', fields: ['dateRange'], formats: TABLES },
  reversals: { tab: 'receiptsandpayments', title: 'Receipt Reversals', fields: ['dateRange'], formats: TABLES },
  threewaydetail: { tab: 'audit', title: 'Detailed Three Way', fields: ['asAt'], formats: TABLES },
  bookings: { tab: 'audit', title: 'Booking Revenue Held In Trust', fields: ['asAt'], formats: TABLES },
  depositslips: { tab: 'daily', title: 'Deposit Slips', fields: ['dateRange', 'ref'], formats: ['csv'] },
  invoice: { tab: 'daily', title: 'Invoices', fields: ['dateRange', 'ref'], formats: ['zip'] },
  reconciliations: { tab: 'daily', title: 'Reconciliations', fields: ['dateRange', 'ref'], formats: ['csv'] },
  download: { tab: 'eom', title: 'End of Month Reports', fields: ['period'], formats: ['zip'], job: true },
  statements: { tab: 'eom', title: 'Month End Statements', fields: ['period'], formats: ['csv', 'zip'] },
  auditpack: { tab: 'eom', title: "Auditor's Pack", fields: ['financialYear'], formats: ['zip'], job: true },
} as const satisfies Record<string, ReportInfo>;
export type ReportKey = keyof typeof REPORTS;
export const REPORT_KEYS = Object.keys(REPORTS) as ReportKey[];

/** The flags a report needs: its tab's, and its own second flag if any. */
export function reportPermissions(key: ReportKey): PermissionFlag[] {
  const info: ReportInfo = REPORTS[key];
  return [REPORT_TABS[info.tab].permission, ...(info.alsoRequires ? [info.alsoRequires] : [])];
}

/**
 * How the answer comes back (spec 3 §4 'Report delivery modes'): VIEW (the PDF shown in the
 * viewer, the default), DOWNLOAD (the PDF as a file), CSV, XLSX, ZIP (one PDF per document).
 */
export const REPORT_MODES = ['VIEW', 'DOWNLOAD', 'CSV', 'XLSX', 'ZIP'] as const;
export type ReportMode = (typeof REPORT_MODES)[number];

export const ENTITY_TYPES = ['BUSINESS', 'OWNER', 'SUPPLIER', 'TENANT', 'POOL', 'UNALLOC'] as const;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates are YYYY-MM-DD')
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), 'Not a real date');
const code = z.string().trim().max(20, 'Codes are at most 20 characters').refine(isSingleLine, CONTROL_CHARACTER_MESSAGE);

/**
 * Report selection (spec 3 §3), what POST /api/reports/{key} takes. Fields a report does not use
 * are ignored; blank means its default. `_filename` names the download (without extension).
 */
export const reportSelectionContract = z.object({
  year: z.number({ error: 'Year must be a number' }).int().min(2000, 'Year is 2000 to 2100').max(2100, 'Year is 2000 to 2100').optional(),
  month: z.number({ error: 'Month must be a number' }).int().min(1, 'Month is 1 to 12').max(12, 'Month is 1 to 12').optional(),
  type: z.enum(['DETAILED', 'SUMMARY'], { message: 'Type is DETAILED or SUMMARY' }).optional(),
  type_selection: z.string().max(40).optional(),
  entity_type: z.enum([...ENTITY_TYPES, 'ALL'], { message: `Entity type is one of ${ENTITY_TYPES.join(', ')} or ALL` }).optional(),
  entity_from: code.optional(),
  entity_to: code.optional(),
  entity_category: code.optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  ref: code.optional(),
  show_selections: z.boolean().optional(),
  mode: z.enum(REPORT_MODES, { message: `Mode is one of ${REPORT_MODES.join(', ')}` }).optional(),
  multi: z.boolean().optional(),
  _filename: z.string().trim().min(1).max(80, 'File names are at most 80 characters').regex(/^[A-Za-z0-9 _.\-()]+$/, 'File names may contain letters, digits, spaces and _ . - ( )').optional(),
  _ext: z.enum(['pdf', 'csv', 'xlsx', 'zip']).optional(),
}).strict().superRefine((s, ctx) => {
  if (s.from && s.to && s.from > s.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'To must not be before From' });
});
export type ReportSelection = z.infer<typeof reportSelectionContract>;

/**
 * A generated file: its name with extension, MIME type and content as base64 (absent in a job's
 * result: GET /api/reports/file/{archive_id} gives the file).
 */
export interface ReportFile {
  filename: string;
  type: string;
  data?: string;
  /** The archive row that keeps it (spec 3 §2 'Archive', path Reports). */
  archive_id: number;
}

/**
 * What POST /api/reports/{key} answers (spec 3 §7: the response carries error, download, csv or
 * view): VIEW → view (a PDF), DOWNLOAD/ZIP → download, CSV/XLSX → csv; a report that cannot be
 * made for this selection (a month not yet closed, a reference that does not exist) → error with
 * the reason, which the viewer shows as it closes. A job report answers `progress` instead: poll
 * GET /api/progress/{id}, whose result is this same answer.
 */
export type ReportAnswer =
  | { view: ReportFile }
  | { download: ReportFile }
  | { csv: ReportFile }
  | { error: { message: string } }
  | { progress: { id: string } };

/** GET /api/reports: the catalogue entries this user may run, with each one's defaults. */
export interface ReportCatalogueEntry extends ReportInfo {
  key: ReportKey;
  defaults: ReportSelection;
}
