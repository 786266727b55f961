/**
 * The ledger's rules as plain functions (design/ledger.md): every txn balances against the bank,
 * amounts are whole cents, and no party or owner's door ends below zero. The one writer
 * (ledger.ts) applies them inside the database transaction; the property tests check them.
 */

export const TXN_KINDS = ['RECEIPT', 'PAYMENT', 'JOURNAL', 'RELEASE', 'DISBURSE', 'REVERSAL', 'TRANSFER', 'ADJUSTMENT', 'BOOKING'] as const;
export type TxnKind = (typeof TXN_KINDS)[number];

export interface PostingLine {
  entity: string;
  door: string | null;
  accountId: string;
  /** Signed cents: positive is money held for the party. */
  amount: number;
  description: string;
  chargeId?: number | null;
}

export interface CashLine {
  date: string;
  method: 'CASH' | 'CHQ' | 'EFT' | 'CARD';
  cardType?: string | null;
  /** Signed cents: positive into the trust account, negative out of it. */
  amount: number;
  payer?: string | null;
  payee?: string | null;
  tranRef?: string | null;
  sourceRef?: string | null;
}

export interface TxnDraft {
  kind: TxnKind;
  date: string;
  memo: string;
  source?: string;
  sourceRef?: string | null;
  postings: PostingLine[];
  cashbook: CashLine[];
  reversalOf?: number;
  reason?: string;
  /** Who posted it, when one batch posts for several users (group-committed receipts); else the caller's user. */
  userId?: string;
}

/** A ledger balance row: the party, the owner's door ('' for none) and its cents. */
export interface BalanceRow {
  entity: string;
  door: string;
  balance: number;
}

export interface Overdrawn {
  entity: string;
  /** The door, or null for the party's total. */
  door: string | null;
  /** Balance before the txn, in cents. */
  ledger: number;
  /** Balance the txn would leave, in cents. */
  resulting: number;
}

export class LedgerRuleError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 409 = 400,
    readonly detail: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

import { MAX_BALANCE_CENTS, formatCents } from '../money/cents.js';

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const isCents = (n: number) => Number.isSafeInteger(n);

/** Doors are kept apart only for owners; other parties have one ledger. */
export const balanceDoor = (entityType: string, door: string | null) => (entityType === 'OWNER' && door ? door : '');

export function assertWellFormed(draft: TxnDraft): void {
  if (draft.postings.length === 0) throw new LedgerRuleError('A transaction needs at least one ledger line');
  for (const line of [...draft.postings, ...draft.cashbook]) {
    if (!isCents(line.amount)) throw new LedgerRuleError(`Amount ${line.amount} is not a whole number of cents`);
    if (line.amount === 0) throw new LedgerRuleError('Amounts of zero are not posted');
    if (Math.abs(line.amount) > MAX_BALANCE_CENTS) throw new LedgerRuleError(`Amount ${formatCents(line.amount)} is past the limit of ${formatCents(MAX_BALANCE_CENTS)}`);
  }
  const ledger = sum(draft.postings.map((p) => p.amount));
  const bank = sum(draft.cashbook.map((c) => c.amount));
  if (!isCents(ledger) || !isCents(bank)) throw new LedgerRuleError('Amounts are too large');
  if (ledger !== bank) {
    throw new LedgerRuleError(`The transaction does not balance against the bank: ledgers ${ledger} cents, bank ${bank} cents`, 400, { ledger, bank });
  }
  if (draft.reversalOf !== undefined && (draft.reason ?? '').trim().length < 10) {
    throw new LedgerRuleError('A reversal needs a reason of at least 10 characters');
  }
}

/** Net change per balance row key `entity\u0000door`. */
export function balanceChanges(postings: PostingLine[], typeOf: (entity: string) => string): Map<string, number> {
  const changes = new Map<string, number>();
  for (const p of postings) {
    const key = balanceKey(p.entity, balanceDoor(typeOf(p.entity), p.door));
    changes.set(key, (changes.get(key) ?? 0) + p.amount);
  }
  return changes;
}

export const balanceKey = (entity: string, door: string) => `${entity}\u0000${door}`;

/**
 * The rows and party totals the txn would take below zero. A balance the txn lowers must stay
 * at or above zero; one it does not lower is never blamed (a reversal may have left it negative).
 */
export function overdrawnBy(current: BalanceRow[], changes: Map<string, number>): Overdrawn[] {
  const found: Overdrawn[] = [];
  const byKey = new Map(current.map((r) => [balanceKey(r.entity, r.door), r.balance]));
  const totals = new Map<string, { before: number; change: number }>();
  for (const r of current) {
    const t = totals.get(r.entity) ?? { before: 0, change: 0 };
    t.before += r.balance;
    totals.set(r.entity, t);
  }
  for (const [key, change] of changes) {
    const [entity, door] = key.split('\u0000') as [string, string];
    const before = byKey.get(key) ?? 0;
    if (door !== '' && change < 0 && before + change < 0) found.push({ entity, door, ledger: before, resulting: before + change });
    const t = totals.get(entity) ?? { before: 0, change: 0 };
    t.change += change;
    totals.set(entity, t);
  }
  for (const [entity, t] of totals) {
    if (t.change < 0 && t.before + t.change < 0) found.push({ entity, door: null, ledger: t.before, resulting: t.before + t.change });
  }
  return found.sort((a, b) => a.entity.localeCompare(b.entity) || (a.door ?? '').localeCompare(b.door ?? ''));
}

/** The lines of a reversal: every line of the original negated. */
export function reversalOf(postings: PostingLine[], cashbook: CashLine[], date: string): Pick<TxnDraft, 'postings' | 'cashbook'> {
  return {
    postings: postings.map((p) => ({ ...p, amount: -p.amount })),
    cashbook: cashbook.map((c) => ({ ...c, date, amount: -c.amount })),
  };
}

/** A percentage (in hundredths of a percent) of an amount in cents, rounded once, half away from zero. */
export function percentOf(cents: number, hundredthsOfPercent: number): number {
  const exact = (cents * hundredthsOfPercent) / 10_000;
  return Math.sign(exact) * Math.round(Math.abs(exact));
}

/**
 * The date a system-dated txn (reversal, release, disbursement) posts on: `today`, kept inside
 * the open period: its first day while today is before it, its last day once today has passed it
 * (month end has not opened the next month yet).
 */
export function dateInPeriod(today: string, period: { first: string; last: string }): string {
  return today < period.first ? period.first : today > period.last ? period.last : today;
}

/** First and last day of a period as YYYY-MM-DD. */
export function periodBounds(year: number, month: number): { first: string; last: string } {
  const first = `${year}-${String(month).padStart(2, '0')}-01`;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { first, last: `${year}-${String(month).padStart(2, '0')}-${String(lastDay).padStart(2, '0')}` };
}

/**
 * The balance rows the changes would take past the business limit (issue 8 item 4), either way:
 * a ledger past it could not be added up exactly with the others, so the posting is refused.
 */
export function pastBalanceLimit(rows: BalanceRow[], changes: Map<string, number>): Overdrawn[] {
  const past: Overdrawn[] = [];
  for (const r of rows) {
    const change = changes.get(balanceKey(r.entity, r.door));
    if (!change) continue;
    const resulting = r.balance + change;
    if (Math.abs(resulting) > MAX_BALANCE_CENTS) past.push({ entity: r.entity, door: r.door || null, ledger: r.balance, resulting });
  }
  return past;
}
