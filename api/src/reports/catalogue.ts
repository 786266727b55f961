import { REPORTS, type ReportCatalogueEntry, type ReportKey, REPORT_KEYS, reportPermissions } from '../contracts/reports.js';
import { hasPermission, type Permissions } from '../contracts/permissions.js';
import { definitions as accounts } from './accounts/index.js';
import { definitions as audit } from './audit/index.js';
import { definitions as daily } from './daily/index.js';
import type { ReportDefinition } from './definition.js';
import { definitions as eom } from './eom/index.js';
import { definitions as receiptsAndPayments } from './receipts-payments/index.js';
import { resolveSelection } from './selection.js';

/** Every report definition by its key: one per entry of the contract's catalogue. */
export const REPORT_DEFINITIONS: ReadonlyMap<ReportKey, ReportDefinition> = new Map(
  [...accounts, ...receiptsAndPayments, ...audit, ...daily, ...eom].map((d) => [d.key, d]),
);

/** A user may run a report with p_reports, its tab's flag and its own second flag. */
export const mayRunReport = (permissions: Permissions, key: ReportKey) =>
  hasPermission(permissions, 'p_reports') && reportPermissions(key).every((flag) => hasPermission(permissions, flag));

/** The reports this user may run, with the defaults their headers start from. */
export function reportCatalogue(permissions: Permissions, open: { year: number; month: number }, today: string): ReportCatalogueEntry[] {
  return REPORT_KEYS.filter((key) => REPORT_DEFINITIONS.has(key) && mayRunReport(permissions, key)).map((key) => {
    const { year, month, from, to, entity_type, type } = resolveSelection(key, {}, open, today);
    return { key, ...REPORTS[key], defaults: { year, month, from, to, entity_type, type } };
  });
}
