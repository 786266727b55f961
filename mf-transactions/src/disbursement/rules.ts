import type { DisburseRequest, DisburseResult, DisbursementRow } from 'api/contracts/disbursement';
import { toCents } from 'shared-ui';
import type { RowColour } from '../release/rules.js';

/** Spec 2 §2: the screen's title, 'Pre Disbursement Check' while month end holds the lock. */
export const disbursementTitle = (monthEndActive: boolean) => (monthEndActive ? 'Pre Disbursement Check' : 'Disbursement');

/** Spec 2 §4: green when there is something to disburse, yellow when only a release, grey for neither. */
export function disbursementColour(row: Pick<DisbursementRow, 'disburse' | 'release'>): RowColour {
  if (toCents(row.disburse) > 0) return 'green';
  if (toCents(row.release) > 0) return 'yellow';
  return 'grey';
}

/** Spec 2 §5: not when both disburse and release are 0 or less, nor when disbursing is not allowed. */
export function disbursementSelectable(row: Pick<DisbursementRow, 'disburse' | 'release' | 'disburse_allowed'>): boolean {
  if (!row.disburse_allowed) return false;
  return toCents(row.disburse) > 0 || toCents(row.release) > 0;
}

/** Spec 2 §5: business rows and rows with nothing to disburse do not expand. */
export function disbursementExpandable(row: Pick<DisbursementRow, 'type' | 'disburse'>): boolean {
  return row.type !== 'BUSINESS' && toCents(row.disburse) > 0;
}

/** Spec 2 §8: an EFT party without a BSB or account number shows the missing-account icon. */
export function missingBankAccount(row: Pick<DisbursementRow, 'disburse_method' | 'bank_bsb' | 'bank_account_number'>): boolean {
  return row.disburse_method === 'EFT' && (!row.bank_bsb?.trim() || !row.bank_account_number?.trim());
}

export interface DisbursementPlan {
  /** Ticked rows that pay something, in list order. */
  pay: DisbursementRow[];
  /** Ticked rows with only a release (nothing to pay now). */
  releaseOnly: number;
  /** Everything goes into the bank file: a party not paid by EFT is held (spec 2 §4 'Holds'). */
  totalCents: number;
}

/** What 'Disburse Now' would pay for the ticked codes among the rows shown (amounts summed in cents). */
export function disbursementPlan(rows: readonly DisbursementRow[], ticked: ReadonlySet<string>): DisbursementPlan {
  const chosen = rows.filter((r) => ticked.has(r.code) && disbursementSelectable(r));
  const pay = chosen.filter((r) => toCents(r.disburse) > 0);
  const totalCents = pay.reduce((sum, r) => sum + toCents(r.disburse), 0);
  return { pay, releaseOnly: chosen.length - pay.length, totalCents };
}

/** The POST /api/disburse body (spec 2 §7): the rows as shown; the server recomputes and refuses any difference. */
export function disbursePayload(plan: DisbursementPlan): DisburseRequest {
  return plan.pay.map((r) => ({
    code: r.code,
    funds: r.funds,
    pending: r.pending,
    holds: r.hold,
    disburse: r.disburse,
    disburse_allowed: r.disburse_allowed,
    door_array: r.door_array,
    disburse_array: r.disburse_array,
  }));
}

/** The bank file's name: the server's, else disbursement-YYYY-MM-DD.aba for the local date. */
export function abaFileName(result: Pick<DisburseResult, 'filename'>, now = new Date()): string {
  if (result.filename) return result.filename;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `disbursement-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.aba`;
}

/** Holds and releases are money kept back: shown negative, in brackets (spec 2 §9). */
export interface DisbursementListRow extends DisbursementRow {
  [field: string]: unknown;
  hold_out: number;
  release_out: number;
}

export function toListRow(row: DisbursementRow): DisbursementListRow {
  return { ...row, hold_out: -row.hold, release_out: -row.release };
}
