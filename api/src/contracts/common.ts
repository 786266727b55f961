import { z } from 'zod';
import { hasAtMostTwoDecimals } from '../money/cents.js';

/** A dollar amount as the forms send it: a JSON number with at most two decimals. */
export const money = z
  .number({ error: 'Amount must be a number' })
  .refine(Number.isFinite, 'Amount must be a finite number')
  .refine(hasAtMostTwoDecimals, 'Amounts have at most two decimals')
  .refine((v) => Math.abs(v) < 90_000_000_000_000, 'Amount is too large');
export const nonNegativeMoney = money.refine((v) => v >= 0, 'Amount cannot be negative');
export const positiveMoney = money.refine((v) => v > 0, 'Amount must be greater than zero');

/** A percentage with two decimals between min and max (card surcharges, fee rates). */
export const percent = (min = 0, max = 100) =>
  z.number({ error: 'Percentage must be a number' })
    .min(min, `Must be at least ${min}%`)
    .max(max, `Must be at most ${max}%`)
    .refine(hasAtMostTwoDecimals, 'Percentages have at most two decimals');

const trimmed = z.string({ error: 'Input is Required' }).trim();

/** Required text with the spec's messages. */
export const requiredText = (required = 'Input is Required') => trimmed.min(1, required);

/** An upper-cased code between min and max characters. */
export const code = (min: number, max: number, messages: { required?: string; min?: string; max?: string } = {}) =>
  z.string({ error: messages.required ?? 'Code is required' })
    .trim()
    .min(1, messages.required ?? 'Code is required')
    .min(min, messages.min ?? `Must be at least ${min} characters`)
    .max(max, messages.max ?? `Must be at most ${max} characters`)
    .transform((v) => v.toUpperCase());

/** Empty strings (and the single space the old screens send) mean "no value". */
export const optionalText = z
  .union([z.string(), z.null()])
  .optional()
  .transform((v) => (v == null || v.trim() === '' ? null : v.trim()));

export const email = z.email({ error: 'Invalid email address format' });
export const optionalEmail = z
  .union([z.string(), z.null()])
  .optional()
  .transform((v) => (v == null || v.trim() === '' ? null : v.trim()))
  .refine((v) => v === null || z.email().safeParse(v).success, 'Invalid email address format');

export const isoDate = z.iso.date({ error: 'Date must be YYYY-MM-DD' });

/**
 * The query of a paged list over a period (spec 1 §2.3 filters): ?year=&month= or from/to
 * (YYYY-MM-DD), search (applied from 3 characters), page (1-based) and pageSize (the server pages).
 */
export const periodListQuery = z.object({
  /** The list filter's choice (spec 1 §2.3): Current is the open month, Future after it, Period the month and year given. */
  period: z.enum(['current', 'future', 'period']).optional(),
  year: z.coerce.number().int().min(1900).max(2999).optional(),
  month: z.coerce.number().int().min(1).max(12).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  search: z.string().optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(25),
});

/** Record traits the list-and-editor pattern reads (spec 1 §3.1). */
export interface RecordTraits {
  _pk?: string | number;
  _readonly?: boolean;
  _candelete?: boolean;
  _editordisabled?: boolean;
}

export const ENTITY_TYPES = ['BUSINESS', 'OWNER', 'SUPPLIER', 'TENANT', 'POOL', 'UNALLOC'] as const;
export type EntityType = (typeof ENTITY_TYPES)[number];
export const CATEGORY_TYPES = ['BUSINESS', 'OWNER', 'POOL', 'SUPPLIER', 'TENANT'] as const;
export const DISBURSE_METHODS = { EFT: 'EFT', CHEQUE: 'Cheque', HOLD: 'Hold Funds' } as const;
export const PAYMENT_METHODS = { CASH: 'Cash', EFT: 'Bank Transfer', CARD: 'Credit Card', CHQ: 'Cheque' } as const;
export const STATEMENT_FORMATS = { DET: 'Detailed', SUM: 'Summary' } as const;
export const ACCOUNT_TYPES = {
  ADVERT: 'Advertising', AGENT: 'Agents', COMMISS: 'Commission', CLEAN: 'Cleaning', DISBURSE: 'Disbursement',
  OTHER: 'Other', OWNER: 'Owners Funds', RENT: 'Rent', SUPPLIES: 'Supplies',
} as const;
export const CHECKLIST_TYPES = { MTHEND_PRE: 'Month End Preliminary Checks', MTHEND_POST: 'Post Rollover Checks' } as const;
export const SYNC_FREQUENCIES = [0, 300, 900, 1800, 3600] as const;
