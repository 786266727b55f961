import { formatCents } from 'shared-ui/core';

/** One party's position for the balances bar, in integer cents. */
export interface BalancesBarFigures {
  /** Ledger funds held in trust. */
  ledger: number;
  /** Pending charges payable. */
  charge: number;
  /** Ledger after pending charges (and any unsaved lines) are applied. */
  balance: number;
}

export type BalancesBarTone = 'danger' | 'warning' | 'success';

/** Spec 2 §4: red if the ledger is negative, orange if the balance is negative, else green. */
export function balancesBarTone(f: BalancesBarFigures): BalancesBarTone {
  if (f.ledger < 0) return 'danger';
  if (f.balance < 0) return 'warning';
  return 'success';
}

/** Spec 2 §8: '{ledger} ledger funds available', plus the after-charges clause when charges are pending. */
export function balancesBarText(f: BalancesBarFigures): string {
  const base = `${formatCents(f.ledger)} ledger funds available`;
  if (f.charge === 0 && f.balance === f.ledger) return base;
  return `${base} and ${formatCents(f.balance)} after pending charges of ${formatCents(f.charge)} have been applied`;
}
