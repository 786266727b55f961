import type { CashbookRow } from 'api/contracts/cashbook';

export type LedgerKind = 'Receipt' | 'Payment';

/** The cash-book list a tab of the ledger reads (the Receipts or Payments screen's own list). */
export const ledgerListPath = (kind: LedgerKind) => `/api/cashbook/${kind.toLowerCase()}/list`;

/** Who the money came from (receipts) or went to (payments). */
export const counterparty = (kind: LedgerKind, row: Pick<CashbookRow, 'payer' | 'payee'>) => (kind === 'Receipt' ? row.payer : row.payee) ?? '';

/** How a row reads in the ledger: a reversal or a cancelled receipt number is not money of its own. */
export function ledgerRowTone(row: Pick<CashbookRow, 'kind'>): 'reversal' | 'cancelled' | null {
  if (row.kind === 'REVERSAL') return 'reversal';
  if (row.kind === 'VOID') return 'cancelled';
  return null;
}
