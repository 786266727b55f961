import { MONTH_NAMES } from 'api/contracts/lookup';
import { CHECKLIST_TYPES, type ChecklistItemView, type ChecklistSummary, type ChecklistType, type MonthEndPreview, type MonthEndResult } from 'api/contracts/monthend';
import type { Permissions } from 'api/contracts/permissions';
import type { Notice } from 'shared-ui';

/** Spec 3 'Checklist': the type's title, '????' for an unknown code. */
export const checklistTitle = (code: string) => (CHECKLIST_TYPES as Record<string, string>)[code] ?? '????';

export const itemsOf = (items: ChecklistItemView[], type: ChecklistType) => items.filter((i) => i.code === type);

/** Spec 2 §4 step 1: Start needs every preliminary check ticked (the server also needs a clean audit). */
export const canStart = (summary: ChecklistSummary | undefined) =>
  !!summary && !summary.active && summary.MTHEND_PRE.complete === summary.MTHEND_PRE.total;

/** The seven steps the confirmation lists (spec 2 §2 'Month End'). */
export const MONTH_END_STEPS_TEXT = [
  'Release the charges the owners\u2019 funds cover, in date order',
  'Disburse trust funds to owners, suppliers and the business, and write the ABA bank file',
  'Make the owner statements for the month',
  'Make the month-end report pack (trial balance, cash book, three-way reconciliation, disbursement register, debit occurrences, charges released)',
  'Keep the bank file and the report pack in the Archive (Month End)',
  'Close the month and roll over to the next',
  'Run start of day for the new month (monthly fees)',
];

// User ids are compared as the server keeps them, upper-case.
const sameUser = (a: string | number | null | undefined, b: string | number | null | undefined) =>
  a != null && b != null && String(a).toUpperCase() === String(b).toUpperCase();

/** Proceed is the lock holder's, and waits for a current approval when disbursements need one (the server refuses too). */
export const canProceed = (summary: ChecklistSummary | undefined, preview: MonthEndPreview | undefined, userId: string | number | undefined) =>
  !!summary?.active && sameUser(summary.lock_user, userId) && !!preview && (!preview.approval.required || preview.approval.current);

/** A second user, holding p_approve_disbursement, approves while month end is active and the approval is not current. */
export const canApprove = (summary: ChecklistSummary | undefined, preview: MonthEndPreview | undefined, user: { id: string | number; permissions: Permissions } | undefined) =>
  !!summary?.active && !!user && !sameUser(summary.lock_user, user.id) && !!preview?.approval.required && !preview.approval.current
  && (user.permissions.p_is_admin === true || user.permissions.p_approve_disbursement === true);

/** What the approval line says (null: disbursements need no approval). */
export function approvalText(approval: MonthEndPreview['approval']): string | null {
  if (!approval.required) return null;
  if (approval.current) return `Disbursement approved by ${approval.approved_by} at ${approval.approved_at!.slice(0, 16).replace('T', ' ')} UTC.`;
  if (approval.approved_by) return `The disbursement changed since ${approval.approved_by} approved it: it needs approval again by a second user.`;
  return 'Disbursements need approval: a second user holding the approval permission approves this disbursement before Proceed.';
}

/** The preview table's rows, in the spec's order (spec 2 §2 'Month End'). */
export const previewRows = (p: MonthEndPreview) => [
  { label: 'Business', ...p.BUSINESS },
  { label: 'Owners', ...p.OWNER },
  { label: 'Suppliers', ...p.SUPPLIER },
  { label: 'Totals', ...p.totals },
];

/** Spec 2 §8 'Month-end success': the rollover toast stays 60 seconds, over the dashboard the user is taken to. */
export const ROLLOVER_TOAST_MS = 60_000;

/**
 * Spec 2 §8 'Month-end success': 'Rollover for {month} is Complete!' with the server's message,
 * which names the bank file and says the system is open again (its own opening sentence is the
 * title, so it is not said twice).
 */
export function rolloverNotice(result: Pick<MonthEndResult, 'year' | 'month' | 'message'>): Notice {
  const title = `Rollover for ${MONTH_NAMES[result.month - 1] ?? '?'} ${result.year} is Complete!`;
  const body = result.message.startsWith(title) ? result.message.slice(title.length).trim() : result.message;
  return { title, body, intent: 'success', timeout: ROLLOVER_TOAST_MS };
}
