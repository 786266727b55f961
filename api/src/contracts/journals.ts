import { z } from 'zod';
import { type RecordTraits, codeRef, isoDate, multilineText, nonNegativeMoney, optionalLine, periodListQuery, requiredText } from './common.js';

/**
 * Journals (spec 2 §3 'Journal', §4 'Journals', §5 'Journal'). A line's credit increases the
 * party's ledger, a debit decreases it; credits must equal debits. Posted journals are history:
 * they are never edited, only reversed (DELETE with a reason of 10+ characters).
 */
export const JOURNAL_MESSAGES = {
  notBalanced: 'JOURNAL MUST BE IN BALANCE!',
  overdrawn: 'OVERDRAWN ACCOUNTS NOTICE!',
  immutable: 'A posted journal cannot be changed; reverse it and post a new one',
  reasonRequired: 'A reason is required (min 10 chars)',
} as const;

const upper = (message: string) => codeRef(message);

export const journalItemContract = z.object({
  id: z.unknown().optional(),
  entity: upper('Entity is required'),
  door: optionalLine(40).transform((v) => (v === null ? null : v.toUpperCase())),
  account_id: upper('Account is required'),
  description: requiredText('Description is Required').pipe(z.string().max(200, 'Must be at most 200 characters')),
  debit: nonNegativeMoney.nullish().transform((v) => v ?? 0),
  credit: nonNegativeMoney.nullish().transform((v) => v ?? 0),
}).superRefine((l, ctx) => {
  if (l.debit > 0 && l.credit > 0) ctx.addIssue({ code: 'custom', path: ['credit'], message: 'A line has either a debit or a credit, not both' });
  if (l.debit === 0 && l.credit === 0) ctx.addIssue({ code: 'custom', path: ['debit'], message: 'A line needs a debit or a credit above zero' });
});

export const journalContract = z.object({
  date: isoDate,
  memo: multilineText('Details are required', 2000),
  items: z.array(journalItemContract, { error: 'Journal lines are required' }).min(1, 'A journal needs at least one line').max(500, 'At most 500 lines'),
  _deleted: z.unknown().optional(),
});
export type JournalInput = z.input<typeof journalContract>;
export type JournalValues = z.output<typeof journalContract>;

export const journalListQuery = periodListQuery;

/** DELETE /api/journal/{id} reverses the journal; the reason is required (10+ characters). */
export const journalReversalBody = z.object({ reason: z.string({ error: JOURNAL_MESSAGES.reasonRequired }).trim().min(10, JOURNAL_MESSAGES.reasonRequired) });

export interface OverdrawnRow { entity: string; door: string | null; ledger: number; resulting: number }

/** POST /api/journal/preview answer. */
export interface JournalPreview { balanced: boolean; debit: number; credit: number; overdrawn: OverdrawnRow[] }

export interface JournalRow extends RecordTraits {
  id: number;
  ref: string;
  date: string;
  memo: string;
  debit_entity: string;
  credit_entity: string;
  amount: number;
  reversed: boolean;
  reversal_ref: string | null;
}

export interface JournalItem { id: number; entity: string; door: string | null; account_id: string; description: string; debit: number; credit: number }

export interface Journal extends RecordTraits {
  id: number;
  ref: string;
  date: string;
  memo: string;
  items: JournalItem[];
  debit: number;
  credit: number;
  balance: number;
  reversed: boolean;
  reversal_ref: string | null;
  reversal_reason: string | null;
  _canreverse: boolean;
}
