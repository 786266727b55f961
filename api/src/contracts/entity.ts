import { z } from 'zod';
import { CONTROL_CHARACTER_MESSAGE, DISBURSE_METHODS, ENTITY_TYPES, STATEMENT_FORMATS, code, codeRef, isFreeText, isSingleLine, isoDate, nonNegativeMoney, optionalEmail, percent, requiredText } from './common.js';

/** Optional free text with a length limit; empty (or the single space old screens send) is null. */
export const optionalTextMax = (max: number) =>
  z.union([z.string(), z.null()]).optional()
    .refine((v) => v == null || isFreeText(v), CONTROL_CHARACTER_MESSAGE)
    .transform((v) => (v == null || v.trim() === '' ? null : v.trim()))
    .refine((v) => v === null || v.length <= max, `Must be at most ${max} characters`);

/** An optional reference to another record's code: empty, null or false mean none. */
export const optionalCode = z.union([z.string().max(40, 'Must be at most 40 characters').refine(isSingleLine, CONTROL_CHARACTER_MESSAGE), z.literal(false), z.null()]).optional()
  .transform((v) => (typeof v === 'string' && v.trim() !== '' ? v.trim().toUpperCase() : null));

const digits = (raw: string) => raw.replace(/[\s-]/g, '');

/** An Australian BSB, stored as NNN-NNN whatever separators were typed. */
export const bsb = z.union([z.string(), z.null()]).optional()
  .transform((v) => (v == null || v.trim() === '' ? null : digits(v).replace(/^(\d{3})(\d{3})$/, '$1-$2')))
  .refine((v) => v === null || /^\d{3}-\d{3}$/.test(v), 'BSB is 6 digits (NNN-NNN)');

/** A bank account number as the ABA file carries it: up to 9 digits. */
export const bankAccountNumber = z.union([z.string(), z.null()]).optional()
  .transform((v) => (v == null || v.trim() === '' ? null : digits(v)))
  .refine((v) => v === null || /^\d{1,9}$/.test(v), 'Account number is up to 9 digits');

const digitsOf = (length: number, label: string) => z.union([z.string(), z.null()]).optional()
  .transform((v) => (v == null || v.trim() === '' ? null : digits(v)))
  .refine((v) => v === null || new RegExp(`^\\d{${length}}$`).test(v), `${label} is ${length} digits`);

/**
 * A party's record (spec 2 §3 'Entity', §5 'Entity'). Holds and budget are dollars on the wire
 * and cents in the database; commission is a percentage with two decimals. Ledger figures
 * (funds, pay, pending, balance) are computed and never accepted.
 */
export const entityContract = z.object({
  code: code(4, 20, { required: 'Code is required', min: 'Must be at least 4 characters', max: 'Must be at most 20 characters' }),
  type: z.enum(ENTITY_TYPES, { error: 'Type must be Selected' }),
  category: codeRef('Category must be Selected'),
  name: requiredText('Name is required').pipe(z.string().min(4, 'Must be at least 4 characters').max(40, 'Must be at most 40 characters')),
  email: optionalEmail,
  address: optionalTextMax(200),
  town: optionalTextMax(60),
  state: optionalTextMax(20),
  postcode: optionalTextMax(10),
  phone1: optionalTextMax(30),
  phone2: optionalTextMax(30),
  abn: digitsOf(11, 'ABN'),
  acn: digitsOf(9, 'ACN'),
  bank: optionalCode,
  bank_account_name: optionalTextMax(32),
  bank_bsb: bsb,
  bank_account_number: bankAccountNumber,
  disburse_method: z.enum(Object.keys(DISBURSE_METHODS) as ['EFT', 'CHEQUE', 'HOLD'], { error: 'Disburse method is EFT, CHEQUE or HOLD' }).default('EFT'),
  hold_this_month: nonNegativeMoney.default(0),
  hold_this_month_reason: optionalTextMax(200),
  hold_always: nonNegativeMoney.default(0),
  hold_always_reason: optionalTextMax(200),
  notes: optionalTextMax(4000),
  statement_notes: optionalTextMax(4000),
  statement_format: z.enum(Object.keys(STATEMENT_FORMATS) as ['DET', 'SUM'], { error: 'Statement format is DET or SUM' }).default('DET'),
  statement_show_pending: z.boolean().default(true),
  statement_show_summary: z.boolean().default(true),
  is_agent: z.boolean().default(false),
  commission: percent(0, 100).default(0),
  room_rate_has_commission_deducted: z.boolean().default(false),
  apply_fees_to_gross: z.boolean().default(false),
  budget: nonNegativeMoney.default(0),
  charge_release_override: z.boolean().default(false),
  inactive: z.boolean().default(false),
});
export type EntityInput = z.infer<typeof entityContract>;

/** The record as the API answers it (money in dollars). */
export type Entity = EntityInput & { _pk?: string; _candelete?: boolean };

/** The business entity editor sends the same record; its code and type are fixed. */
export const businessEntityContract = entityContract.extend({
  code: z.string().optional().transform(() => 'BUSINESS' as const),
  type: z.string().optional().transform(() => 'BUSINESS' as const),
});
export type BusinessEntityInput = z.infer<typeof businessEntityContract>;
export const BUSINESS_ENTITY_CODE = 'BUSINESS';

// ---- Entities API (api/src/entities): list, read, create, update, holds, delete. ----

/** Types that POST /api/entity creates; BUSINESS and UNALLOC exist once per company. */
export const CREATABLE_ENTITY_TYPES = ['OWNER', 'SUPPLIER', 'TENANT', 'POOL'] as const;

/** PUT /api/entity/{code} holds-only body (the disbursement row's holds panel). */
export const entityHoldsContract = z.object({
  hold_always: nonNegativeMoney,
  hold_always_reason: optionalTextMax(200),
  hold_this_month: nonNegativeMoney,
  hold_this_month_reason: optionalTextMax(200),
}).strict();
export type EntityHoldsInput = z.infer<typeof entityHoldsContract>;

/** PUT /api/entity/{code} { charge_release_override } (owners and pools). */
export const entityOverrideContract = z.object({
  charge_release_override: z.boolean({ error: 'Charge release override is true or false' }),
}).strict();

const HOLD_KEYS = ['hold_always', 'hold_always_reason', 'hold_this_month', 'hold_this_month_reason'];

/**
 * Which PUT body this is: the full form (it carries a name or code), the holds panel (only hold
 * fields), or the charge-release-override toggle (only that flag). The spec sends all three to
 * the same path.
 */
export function entityUpdateKind(body: unknown): 'form' | 'holds' | 'override' {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return 'form';
  const keys = Object.keys(body);
  if (keys.length === 1 && keys[0] === 'charge_release_override') return 'override';
  if (keys.length > 0 && keys.every((k) => HOLD_KEYS.includes(k))) return 'holds';
  return 'form';
}

const flag = z.enum(['true', 'false']).optional();

/** GET /api/entity/list/{type}?search=&inactive=&category= */
export const entityListQuery = z.object({
  search: z.string().max(100).optional(),
  inactive: flag,
  category: z.string().trim().toUpperCase().max(20).optional(),
});

/** Ledger figures every list row and record carries (dollars). */
export interface EntityFigures {
  /** Trust balance, all doors. */
  funds: number;
  /** Paid out this period (payments and disbursements, net of their reversals). */
  pay: number;
  /** Pending charges payable. */
  pending: number;
  /** funds − pending. */
  balance: number;
}

export type EntityRecord = Entity & EntityFigures & { _pk: string; _candelete: boolean; _allow_inactive: boolean; _delete_reason: string | null; _inactive_reason: string | null };

export const ENTITY_MESSAGES = {
  inactiveBalances: 'Cannot set inactive while there are ledger balances or charges',
  inactiveLinked: 'Cannot set Inactive when linked to the booking system',
  category: 'Category must be Selected',
  typeFixed: 'The type of an entity cannot be changed',
} as const;

// ---- A party's ledger for a period and its pending charges (the lists' expansions and statements). ----

/** GET /api/entity/statement/{code}?from=&to= (YYYY-MM-DD); without both, the open period. */
export const entityStatementQuery = z
  .object({ from: isoDate.optional(), to: isoDate.optional() })
  .refine((q) => (q.from === undefined) === (q.to === undefined), { message: 'Give both from and to', path: ['to'] })
  .refine((q) => q.from === undefined || q.to === undefined || q.from <= q.to, { message: 'From must be on or before to', path: ['from'] });

/** One posting to the party: amount is + money in, − money out; balance runs from the opening (dollars). */
export interface EntityStatementRow {
  id: number;
  date: string;
  ref: string;
  kind: string;
  memo: string;
  description: string;
  door: string | null;
  account_id: string;
  amount: number;
  balance: number;
}

/** The party's ledger (all doors) for a period: opening + the rows = closing. */
export interface EntityStatement {
  code: string;
  name: string;
  type: string;
  from: string;
  to: string;
  opening: number;
  closing: number;
  /** Money in and money out of the period, both positive. */
  received: number;
  paid: number;
  rows: EntityStatementRow[];
}

/** A pending charge as the party sees it: outward it pays, inward it receives (its items). */
export interface EntityPendingCharge {
  id: number;
  ref: string;
  date: string;
  door: string | null;
  /** The other party: the recipient of an outward charge, the payer of an inward one. */
  party: string;
  party_name: string;
  memo: string;
  amount: number;
}

/**
 * GET /api/entity/pending/{code}?account=&at= query (the business accounts' expanded rows): with an
 * account, only the charge items on that account count; with a day, the charges pending as at its
 * end (dated by then and not released by then) instead of those pending now.
 */
export const entityPendingQuery = z.object({ account: z.string().trim().toUpperCase().min(1).max(20).optional(), at: isoDate.optional() });

/** GET /api/entity/pending/{code}: pending charges it pays (outward) and receives (inward), dollars. */
export interface EntityPendingCharges {
  outward: EntityPendingCharge[];
  inward: EntityPendingCharge[];
}
