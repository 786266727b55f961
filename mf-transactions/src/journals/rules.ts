import type { CSSProperties } from 'react';
import { JOURNAL_MESSAGES, type OverdrawnRow } from 'api/contracts/journals';
import { toCents, toIsoDate } from 'shared-ui';

/** Journal rules of spec 2 §4 'Journals' and §5 'Journal', in integer cents. */

export interface JournalLineForm {
  id?: number | null;
  entity: string;
  door: string | null;
  account_id: string;
  description: string;
  debit: number | '' | null;
  credit: number | '' | null;
}

export interface JournalForm {
  date: Date | string | null;
  memo: string;
  items: JournalLineForm[];
}

export interface JournalTotals {
  debit: number;
  credit: number;
  /** Credits minus debits; zero when the journal balances. */
  balance: number;
}

/** Debit and credit totals in cents, and their difference. */
export function journalTotals(lines: readonly Pick<JournalLineForm, 'debit' | 'credit'>[]): JournalTotals {
  let debit = 0;
  let credit = 0;
  for (const l of lines) {
    debit += toCents(l.debit);
    credit += toCents(l.credit);
  }
  return { debit, credit, balance: credit - debit };
}

/** Balanced: at least one line, something moved, and credits minus debits is zero. */
export function isBalanced(lines: readonly Pick<JournalLineForm, 'debit' | 'credit'>[]): boolean {
  const t = journalTotals(lines);
  return lines.length > 0 && t.debit > 0 && t.balance === 0;
}

/** The message under the lines while the journal does not balance. */
export function balanceMessage(lines: readonly Pick<JournalLineForm, 'debit' | 'credit'>[]): string | null {
  return isBalanced(lines) ? null : JOURNAL_MESSAGES.notBalanced;
}

/** A line's problem with its amounts: both sides, or neither. */
export function lineAmountError(line: Pick<JournalLineForm, 'debit' | 'credit'>): string | null {
  const d = toCents(line.debit);
  const c = toCents(line.credit);
  if (d > 0 && c > 0) return 'A line has either a debit or a credit, not both';
  if (d === 0 && c === 0) return 'A line needs a debit or a credit above zero';
  return null;
}

/** Save is allowed only when balanced and no entity would be overdrawn (spec 2 §4). */
export function canSaveJournal(lines: readonly Pick<JournalLineForm, 'debit' | 'credit'>[], overdrawn: readonly OverdrawnRow[] | null | undefined): boolean {
  return isBalanced(lines) && lines.every((l) => lineAmountError(l) === null) && !(overdrawn && overdrawn.length > 0);
}

const blankToNull = (v: string | null | undefined) => (v === null || v === undefined || v.trim() === '' ? null : v);
const amount = (v: number | '' | null | undefined) => (v === '' || v === null || v === undefined ? null : v);

/** Form values as POST /api/journal (and /preview) take them. */
export function journalWire(values: JournalForm): Record<string, unknown> {
  return {
    date: toIsoDate(values.date) ?? undefined,
    memo: values.memo,
    items: (values.items ?? []).map((l) => ({
      entity: l.entity,
      door: blankToNull(l.door),
      account_id: l.account_id,
      description: l.description,
      debit: amount(l.debit),
      credit: amount(l.credit),
    })),
  };
}

/**
 * The line that brings the journal into balance: the difference on the side that is short,
 * or null when it already balances.
 */
export function balancingAmount(lines: readonly Pick<JournalLineForm, 'debit' | 'credit'>[]): { side: 'debit' | 'credit'; cents: number } | null {
  const { balance } = journalTotals(lines);
  if (balance === 0) return null;
  return balance > 0 ? { side: 'debit', cents: balance } : { side: 'credit', cents: -balance };
}

export function newLine(over: Partial<JournalLineForm> = {}): JournalLineForm {
  return { id: null, entity: '', door: null, account_id: '', description: '', debit: '', credit: '', ...over };
}

/** Reversed journals show red on a pale background. */
export function journalRowStyle(row: { reversed?: unknown }): CSSProperties | undefined {
  return row.reversed ? { color: '#b10e1c', background: '#fdf3f4' } : undefined;
}

/** 'ENTITY' or 'ENTITY / DOOR' for the overdrawn notice. */
export function overdrawnName(row: Pick<OverdrawnRow, 'entity' | 'door'>): string {
  return row.door ? `${row.entity} / ${row.door}` : row.entity;
}
