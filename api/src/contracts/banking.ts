import { z } from 'zod';
import { isoDate, money, requiredText } from './common.js';

/**
 * Daily banking, bank reconciliation and bank statements (spec 3 §2 'Daily Banking', 'Banking
 * Review', 'Bank Reconciliation', 'Reconciliation History'; §5 'Daily banking', 'Reconciliation
 * adjustment'; §7 'Banking and reconciliation'). Money crosses the wire as dollars.
 */

/** The banking type radio: cards and EFTPOS are settled by the merchant; cash and cheques are deposited. */
export const BANKING_TYPES = { CARD: 'Credit Cards & EFTPOS', CASH: 'Cash & Cheques' } as const;
export type BankingType = keyof typeof BANKING_TYPES;
export const BANKING_PANEL_TITLES: Record<BankingType, string> = { CARD: 'Merchant Settlement', CASH: 'Bank Deposit' };
export const bankingType = z.enum(['CARD', 'CASH'], { error: 'Banking type is CARD or CASH' });

export const BANKING_MESSAGES = {
  dateRequired: 'Date must be entered',
  noneSelected: 'Select at least one item to bank',
  deleteConfirm: 'Do you really want to Delete this banking deposit?',
  created: (ref: string) => `Deposit ${ref} created!`,
} as const;

/** POST /api/cashbook/deposit/new?date=: the selected unbanked items. */
export const depositQuery = z.object({ date: isoDate.optional() }).refine((q) => !!q.date, { message: BANKING_MESSAGES.dateRequired, path: ['date'] });
export const depositItems = z
  .array(z.object({ id: z.coerce.number().int().positive(), amount: money }), { error: BANKING_MESSAGES.noneSelected })
  .min(1, BANKING_MESSAGES.noneSelected)
  .max(5000, 'At most 5,000 items in one deposit');
export type DepositItemInput = z.infer<typeof depositItems>[number];

/** A period filter given as from/to (the screens default it: first ledger date to today). */
export const dateRangeQuery = z.object({ from: isoDate.optional(), to: isoDate.optional() });

/**
 * GET /api/bankrec/depositrange and /reconcilerange (spec 3 §7): a month, as the Daily reports
 * (deposit slips, reconciliations) choose which to print.
 */
export const monthQuery = z.object({
  year: z.coerce.number({ error: 'year is required' }).int().min(1900).max(2999),
  month: z.coerce.number({ error: 'month is required' }).int().min(1).max(12),
});

/** One deposit or reconciliation of a month, by its ref (and the id its report is fetched by). */
export interface RefInMonth {
  ref: string;
  id: string | number;
  date: string;
  amount: number;
}

export interface UnbankedItem {
  id: number;
  date: string;
  ref: string;
  method: string;
  card_type: string | null;
  description: string;
  amount: number;
}

export interface DepositRow {
  banking_ref: string;
  deposit_date: string;
  method: string;
  reconciled: boolean;
  reconcile_ref: string | null;
  amount: number;
}

/** A line of the bank side waiting to be reconciled: a deposit, or one cash line that reaches the bank alone (EFT, payments). */
export interface BankItem {
  banking_ref: string;
  date: string;
  ref: string;
  type: string;
  method: string;
  details: string;
  amount: number;
  /** The statement line(s) this item is matched to, when a statement was imported and matched. */
  matched: string | null;
}

export interface ReconciliationRow {
  id: number;
  ref: string;
  date: string;
  starting_balance: number;
  ending_balance: number;
  amount: number;
  allow_delete: boolean;
}

export interface BankPosition {
  /** The bank balance of the last reconciliation (0 before the first). */
  bank_balance: number;
  last_reconcile_date: string | null;
  /** The closing balance of the newest imported statement, to fill the new statement balance. */
  statement_balance: number | null;
  statement_date: string | null;
}

export const RECONCILE_MESSAGES = {
  notBalanced: 'The statement balance does not equal the bank balance plus the selected items',
  deleteConfirm: 'Do you really want to Delete this reconciliation?',
  dateRequired: 'Date is Required',
  amountRequired: 'Amount is Required',
  detailsRequired: 'Details Required',
  adjustmentText: [
    'Adjustments are temporary.',
    'Two balancing transactions are created; one is checked off and the other remains until corrected.',
    'Adjustments must never remain indefinitely.',
  ],
} as const;

/** POST /api/bankrec (spec 3 §3 'Bank reconciliation submission'). */
export const reconciliationContract = z.object({
  data: z
    .array(z.object({ banking_ref: z.string().min(1).max(40), description: z.string().optional(), amount: money }))
    .max(100_000),
  /** The bank balance the screen started from (the last reconciliation's); a stale screen is refused. */
  starting: money,
  /** The new statement balance. */
  balance: money,
  /** The selected items' total as the screen summed it. */
  control: money,
  date: isoDate,
});
export type ReconciliationInput = z.infer<typeof reconciliationContract>;

/** POST /api/bankrec/adjustment (spec 3 §5 'Reconciliation adjustment'). */
export const adjustmentContract = z.object({
  date: isoDate.optional().refine((v) => !!v, RECONCILE_MESSAGES.dateRequired),
  amount: z.union([money, z.null()]).optional().refine((v) => v != null && v !== 0, RECONCILE_MESSAGES.amountRequired),
  detail: requiredText(RECONCILE_MESSAGES.detailsRequired).pipe(z.string().max(200)),
});
export type AdjustmentInput = z.infer<typeof adjustmentContract>;

// ---- Bank statements (issue 11 'Beyond the seeds') ----

/** CSV layouts of the big four Australian banks' exports, and a mapping for any other. */
export const CSV_LAYOUTS = { CBA: 'Commonwealth Bank', WBC: 'Westpac', NAB: 'NAB', ANZ: 'ANZ', MAPPED: 'Other (column mapping)' } as const;
export type CsvLayout = keyof typeof CSV_LAYOUTS;
export const STATEMENT_FORMATS = ['CSV', 'OFX', 'CAMT053'] as const;

/** Which columns hold what, 1-based, for a CSV the built-in layouts do not know. */
export const columnMapping = z.object({
  date: z.number().int().min(1).max(50),
  amount: z.number().int().min(1).max(50).optional(),
  debit: z.number().int().min(1).max(50).optional(),
  credit: z.number().int().min(1).max(50).optional(),
  description: z.number().int().min(1).max(50),
  reference: z.number().int().min(1).max(50).optional(),
  balance: z.number().int().min(1).max(50).optional(),
  dateFormat: z.enum(['DMY', 'YMD', 'MDY']).default('DMY'),
  headerRows: z.number().int().min(0).max(5).default(1),
}).refine((m) => m.amount !== undefined || (m.debit !== undefined && m.credit !== undefined), 'Map an amount column, or both debit and credit columns');
export type ColumnMapping = z.infer<typeof columnMapping>;

export const statementImportContract = z.object({
  name: requiredText('File name is required').pipe(z.string().max(200)),
  format: z.enum(STATEMENT_FORMATS).optional(),
  layout: z.enum(Object.keys(CSV_LAYOUTS) as [CsvLayout, ...CsvLayout[]]).optional(),
  mapping: columnMapping.optional(),
  /** The file's text (statements are small: a month is a few hundred kilobytes at most). */
  content: z.string().min(1, 'The file is empty').max(900_000, 'The file is too large (900 KB at most)'),
});
export type StatementImportInput = z.infer<typeof statementImportContract>;

export interface StatementImportResult {
  id: number;
  format: string;
  lines: number;
  added: number;
  duplicates: number;
  closing_balance: number | null;
  suggestions: number;
}

export interface StatementLineRow {
  id: number;
  date: string;
  description: string;
  reference: string | null;
  amount: number;
  /** Whole days since the line's date, for unmatched lines. */
  age: number;
  match_id: number | null;
  items: string[];
}

export interface MatchSuggestion {
  lines: number[];
  items: string[];
  amount: number;
  /** What the statement kept back (card fees withheld); 0 when the sums are equal. */
  difference: number;
  reason: string;
}

/** Confirm matches: each group of statement lines with the bank items they are. */
export const matchContract = z.object({
  matches: z
    .array(z.object({ lines: z.array(z.number().int().positive()).min(1).max(500), items: z.array(z.string().min(1).max(40)).min(1).max(5000) }))
    .min(1, 'Nothing to match')
    .max(20_000),
});
export type MatchInput = z.infer<typeof matchContract>;

export const suspenseContract = z.object({ memo: z.string().trim().max(200).optional() });

