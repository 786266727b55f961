import { MIN_REVERSAL_REASON, REVERSAL_REASON_MESSAGE, type CashbookRow } from 'api/contracts/cashbook';

/**
 * Cash-book rules shared by Receipts and Payments (spec 2 §4 'Receipts and payments', §5
 * 'Reversal reason'): which rows may be reversed or deleted, how rows look, the reason rule.
 */

export { MIN_REVERSAL_REASON, REVERSAL_REASON_MESSAGE };

export type CashbookKind = 'Receipt' | 'Payment';

/** Proceed stays disabled until the reason has at least 10 characters (the server trims it too). */
export function reasonAccepted(reason: string): boolean {
  return reason.trim().length >= MIN_REVERSAL_REASON;
}

/** The spec's message once the user has typed a reason that is still too short. */
export function reasonMessage(reason: string): string | null {
  return reason.trim() !== '' && !reasonAccepted(reason) ? REVERSAL_REASON_MESSAGE : null;
}

/**
 * What a posted record says where the spec's editor would offer Save or Delete (issue 17; README,
 * 'A deliberate difference from the spec'): trust regulators have amendments made by new
 * transactions, so posted history is reversed with a reason, never edited. Only the newest
 * receipt may still be deleted (its number stays as cancelled), so receipts do not say 'deleted'.
 */
export function postedNotice(kind: CashbookKind | 'Journal'): string {
  const what = kind.toLowerCase();
  return `A posted ${what} is never edited${kind === 'Receipt' ? '' : ' or deleted'}: an amendment is a reversal with a reason and a new ${what}.`;
}

export const reversePath = (id: number | string) => `/api/cashbook/reverse/${encodeURIComponent(String(id))}`;

type RowFlags = Pick<CashbookRow, 'kind' | 'ref' | 'source' | 'reversed' | 'reversal_ref' | 'reversal_of_ref' | 'reconciled' | 'banked' | 'cancelled_reason' | '_readonly' | '_candelete' | '_canreverse'>;

/** A deleted receipt's number, kept void: shown as cancelled with its reason (issue 8 item 11, as QLD requires). */
export const isCancelled = (row: Pick<CashbookRow, 'kind'>) => row.kind === 'VOID';

/** The Details cell: the memo's first line, or for a void number CANCELLED and the reason. */
export function detailsText(row: Pick<CashbookRow, 'kind' | 'memo' | 'cancelled_reason'>): string {
  if (isCancelled(row)) return `CANCELLED: ${row.cancelled_reason ?? ''}`.trim();
  return row.memo.split(/\r?\n/)[0] ?? '';
}

/** Cancelled numbers are greyed in italics, reversed rows struck through in red; other read-only rows are grey. */
export function rowTone(row: RowFlags): 'cancelled' | 'reversed' | 'readonly' | null {
  if (isCancelled(row)) return 'cancelled';
  if (row.reversed) return 'reversed';
  if (row._readonly) return 'readonly';
  return null;
}

/** The cash-book icon: green when reconciled, blue when banked (spec 2 §4). */
export function bankState(row: Pick<RowFlags, 'banked' | 'reconciled'>): 'reconciled' | 'banked' | null {
  if (row.reconciled) return 'reconciled';
  if (row.banked) return 'banked';
  return null;
}

/**
 * What the expanded row offers: Delete for the receipt the server flags deletable (the newest,
 * not banked or reconciled), otherwise Reverse when the server allows it; else why neither.
 */
export function rowActions(row: RowFlags, kind: CashbookKind): { action: 'delete' | 'reverse' | null; note: string | null } {
  if (kind === 'Receipt' && row._candelete) return { action: 'delete', note: null };
  if (row._canreverse) return { action: 'reverse', note: null };
  return { action: null, note: whyNotReversible(row, kind) };
}

function whyNotReversible(row: RowFlags, kind: CashbookKind): string {
  const what = kind.toLowerCase();
  if (isCancelled(row)) return `Receipt number ${row.ref} is cancelled: ${row.cancelled_reason ?? ''}`.trim();
  if (row.kind === 'REVERSAL') return `This is the reversal of ${what} ${row.reversal_of_ref ?? ''}`.trim();
  if (row.reversed) return `Reversed by ${row.reversal_ref ?? 'a reversal'}`;
  if (row.source === 'BKG') return `Booking ${what}s must be reversed in the booking system`;
  if (row.reconciled) return `A reconciled ${what} cannot be reversed`;
  return `This ${what} cannot be reversed`;
}
