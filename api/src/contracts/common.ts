import { z } from 'zod';
import { MAX_AMOUNT_CENTS, formatCents, hasAtMostTwoDecimals } from '../money/cents.js';

/** A dollar amount as the forms send it: a JSON number with at most two decimals, within the business limit. */
export const money = z
  .number({ error: 'Amount must be a number' })
  .refine(Number.isFinite, 'Amount must be a finite number')
  .refine(hasAtMostTwoDecimals, 'Amounts have at most two decimals')
  .refine((v) => Math.abs(v) <= MAX_AMOUNT_CENTS / 100, `Amount is too large (the limit is ${formatCents(MAX_AMOUNT_CENTS)})`);
export const nonNegativeMoney = money.refine((v) => v >= 0, 'Amount cannot be negative');
export const positiveMoney = money.refine((v) => v > 0, 'Amount must be greater than zero');

/** A percentage with two decimals between min and max (card surcharges, fee rates). */
export const percent = (min = 0, max = 100) =>
  z.number({ error: 'Percentage must be a number' })
    .min(min, `Must be at least ${min}%`)
    .max(max, `Must be at most ${max}%`)
    .refine(hasAtMostTwoDecimals, 'Percentages have at most two decimals');

/** Any control character (C0, DEL, C1): never part of a name, code or reference (issue 8 item 6). */
export const CONTROL_CHARACTERS = /[\u0000-\u001F\u007F-\u009F]/;
/** Control characters other than tab and line breaks: never part of free text such as memos and notes. */
export const CONTROL_CHARACTERS_EXCEPT_LINES = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
export const CONTROL_CHARACTER_MESSAGE = 'Must not contain control characters';
/** What a code may contain: letters, digits, space and _ . - / & (spec silent; every demo and seed code fits). */
export const SAFE_CODE = /^[A-Za-z0-9 _.\-/&]*$/;
export const SAFE_CODE_MESSAGE = 'May contain only letters, digits, spaces and _ . - / &';

export const isSingleLine = (v: string) => !CONTROL_CHARACTERS.test(v);
export const isFreeText = (v: string) => !CONTROL_CHARACTERS_EXCEPT_LINES.test(v);

/** Required single-line text with the spec's messages, at most max characters when given. */
export const requiredText = (required = 'Input is Required', max?: number) => {
  const text = z.string({ error: 'Input is Required' }).refine(isSingleLine, CONTROL_CHARACTER_MESSAGE).trim().min(1, required);
  return max === undefined ? text : text.max(max, `Must be at most ${max} characters`);
};

/**
 * Required free text over several lines (memos, details): tab and line breaks allowed, no other
 * control characters, at most max characters.
 */
export const multilineText = (required: string, max: number) =>
  z.string({ error: required }).refine(isFreeText, CONTROL_CHARACTER_MESSAGE).trim().min(1, required).max(max, `Must be at most ${max} characters`);

/** Optional free text over several lines: empty is null, at most max characters. */
export const optionalMultilineText = (max: number) =>
  z.union([z.string(), z.null()]).optional()
    .refine((v) => v == null || isFreeText(v), CONTROL_CHARACTER_MESSAGE)
    .transform((v) => (v == null || v.trim() === '' ? null : v.trim()))
    .refine((v) => v === null || v.length <= max, `Must be at most ${max} characters`);

/** Optional single-line text: empty (or the single space the old screens send) is null, at most max characters. */
export const optionalLine = (max: number) =>
  z.union([z.string(), z.null()]).optional()
    .refine((v) => v == null || isSingleLine(v), CONTROL_CHARACTER_MESSAGE)
    .transform((v) => (v == null || v.trim() === '' ? null : v.trim()))
    .refine((v) => v === null || v.length <= max, `Must be at most ${max} characters`);

/** An upper-cased code between min and max characters, of the safe character set. */
export const code = (min: number, max: number, messages: { required?: string; min?: string; max?: string } = {}) =>
  z.string({ error: messages.required ?? 'Code is required' })
    .trim()
    .min(1, messages.required ?? 'Code is required')
    .min(min, messages.min ?? `Must be at least ${min} characters`)
    .max(max, messages.max ?? `Must be at most ${max} characters`)
    .regex(SAFE_CODE, SAFE_CODE_MESSAGE)
    .transform((v) => v.toUpperCase());

/** A required reference to another record's code (entity, account, door), upper-cased; the record it names decides the rest. */
export const codeRef = (required: string, max = 40) =>
  z.string({ error: required }).refine(isSingleLine, CONTROL_CHARACTER_MESSAGE).trim().min(1, required)
    .max(max, `Must be at most ${max} characters`).transform((v) => v.toUpperCase());

/** Empty strings (and the single space the old screens send) mean "no value"; free text up to 4000 characters. */
export const optionalText = optionalMultilineText(4000);

export const email = z.email({ error: 'Invalid email address format' }).max(254, 'Must be at most 254 characters');
export const optionalEmail = z
  .union([z.string().max(254, 'Must be at most 254 characters'), z.null()])
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
  search: z.string().max(200, 'Search is at most 200 characters').refine(isSingleLine, CONTROL_CHARACTER_MESSAGE).optional(),
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
