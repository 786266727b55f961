import { z } from 'zod';
import { hasAtMostTwoDecimals } from '../money/cents.js';
import { code, codeRef, isoDate, money, nonNegativeMoney, optionalLine, requiredText } from './common.js';
import { optionalCode, optionalTextMax } from './entity.js';

/**
 * Tenancies (spec 3 §3 'Tenancy', §4, §5 'Tenancy', §9): money on the wire in dollars, commission
 * a percent with two decimals. The editor's form and the API validate with this one schema.
 */
export const TENANCY_FREQUENCIES = { W: 'Weekly', F: 'Fortnightly', M: 'Monthly' } as const;

export const TENANCY_MESSAGES = {
  door: 'Door is Required',
  account: 'Account is Required',
  tenant: 'Tenant Code is required',
  // Spec 3 §5 spells these so ('Name is  required', 'Commssion is Required'); kept as the screens show them.
  name: 'Name is  required',
  email: 'Email is Required',
  phone: 'Phone number is Required',
  commission: 'Commssion is Required',
  start: 'Lease Start Date',
  duration: 'Duration is Required',
  expiry: 'Lease Expiry Date',
  end: 'Lease Termination Date',
  frequency: 'Frequency is required',
  // Spec 3 §5 says the rent's message reads 'Lease Start Date': a copy slip, corrected here.
  value: 'Rent Amount is Required',
  bondNotes: 'Details are required',
  expiryBeforeStart: 'The expiry date cannot be before the start date',
  bondAuthority: 'The bond authority is required to raise the bond charge',
  bondAmount: 'The bond amount is required to raise the bond charge',
  doorLocked: 'The door and tenant code cannot be changed once the tenancy is saved',
  startLocked: 'The start date cannot be changed once rent has been charged',
  authorityLocked: 'The bond authority cannot be changed once set',
  cannotDelete: 'This tenancy has charges and cannot be deleted',
} as const;

/** A required field the form may send empty ('' or null): missing, it gets the field's own message from `schema`. */
const DAY_MS = 86_400_000;
const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);
export const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** Spec 3 §4, §9: changing duration sets expiry to start plus the weeks, minus one day. */
export const expiryOf = (start: string, weeks: number) => isoDay(Date.parse(`${start}T00:00:00Z`) + (weeks * 7 - 1) * DAY_MS);

/** Spec 3 §4: changing expiry sets duration to (days between start and expiry, plus 2) divided by 7, in whole weeks. */
export const durationOf = (start: string, expiry: string) => Math.floor((daysBetween(start, expiry) + 2) / 7);

const required = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' || v === null ? undefined : v), schema);
const optionalDate = z.union([isoDate, z.literal(''), z.null()]).optional().transform((v) => (v ? v : null));

export const tenancyContract = z.object({
  /** Present on PUT (the record edited); ignored on POST. */
  id: z.union([z.number().int().positive(), z.string().regex(/^\d{1,9}$/, 'Invalid id').transform(Number)]).optional(),
  door: codeRef(TENANCY_MESSAGES.door, 10),
  account_id: codeRef(TENANCY_MESSAGES.account, 20),
  description: optionalLine(60).transform((v) => v ?? 'Rent'),
  entity: code(4, 10, { required: TENANCY_MESSAGES.tenant }),
  name: requiredText(TENANCY_MESSAGES.name, 60),
  email: requiredText(TENANCY_MESSAGES.email).pipe(z.email({ error: 'Invalid email address format' }).max(254, 'Must be at most 254 characters')),
  phone: requiredText(TENANCY_MESSAGES.phone, 30),
  commission: required(z.number({ error: TENANCY_MESSAGES.commission }).min(0, 'Must be at least 0%').max(100, 'Must be at most 100%').refine(hasAtMostTwoDecimals, 'Percentages have at most two decimals')),
  start_date: required(z.iso.date({ error: TENANCY_MESSAGES.start })),
  duration: required(z.number({ error: TENANCY_MESSAGES.duration }).int('Whole weeks').min(0, 'Must be at least 0').max(520, 'At most 520 weeks')),
  expiry_date: required(z.iso.date({ error: TENANCY_MESSAGES.expiry })),
  schedule_termination: z.boolean().default(false),
  end_date: required(z.iso.date({ error: TENANCY_MESSAGES.end })),
  frequency: required(z.enum(['W', 'F', 'M'], { error: TENANCY_MESSAGES.frequency })),
  advance_days: z.number({ error: 'Advance days must be a number' }).int('Whole days').min(0, 'Must be at least 0').max(366, 'At most 366 days').default(14),
  value: required(z.number({ error: TENANCY_MESSAGES.value }).pipe(money).refine((v) => v > 0, 'Rent must be greater than zero')),
  bond_applies: z.boolean().default(false),
  bond: nonNegativeMoney.default(0),
  bond_date: optionalDate,
  bond_entity: optionalCode,
  enter_bond_entity: optionalLine(60),
  bond_notes: optionalTextMax(4000),
  bond_create_charge: z.boolean().default(false),
  lease_reference: optionalLine(200).refine((v) => v === null || v.length <= 30, 'Max 30 characters'),
  lease_start_date: optionalDate,
  lease_end_date: optionalDate,
  notes: optionalTextMax(4000),
  inactive: z.boolean().default(false),
}).superRefine((t, ctx) => {
  if (t.start_date && t.expiry_date && t.expiry_date < t.start_date) ctx.addIssue({ code: 'custom', path: ['expiry_date'], message: TENANCY_MESSAGES.expiryBeforeStart });
  if (t.bond_applies && !t.bond_notes) ctx.addIssue({ code: 'custom', path: ['bond_notes'], message: TENANCY_MESSAGES.bondNotes });
  if (t.bond_applies && t.bond_create_charge) {
    if (!t.bond_entity) ctx.addIssue({ code: 'custom', path: ['bond_entity'], message: TENANCY_MESSAGES.bondAuthority });
    if (!(t.bond > 0)) ctx.addIssue({ code: 'custom', path: ['bond'], message: TENANCY_MESSAGES.bondAmount });
  }
});
export type TenancyInput = z.output<typeof tenancyContract>;

export const tenancyListQuery = z.object({
  search: z.string().max(200, 'Search is at most 200 characters').optional(),
  inactive: z.enum(['true', 'false']).optional(),
});

/** One line of the Outstanding tab (spec 3 §3 'Tenancy' items). */
export interface TenancyItem {
  id: number;
  date: string;
  ref: string;
  /** RENT or BOND for the tenancy's own charges, else the charge's source. */
  source: string;
  recipient: string;
  /** ARREARS, DUE, PENDING (rent by period) or OTHER. */
  type: 'ARREARS' | 'DUE' | 'PENDING' | 'OTHER';
  description: string;
  amount: number;
  selected: boolean;
}

export interface TenancyRecord extends Omit<TenancyInput, 'id'> {
  id: number;
  last_charge_date: string | null;
  bond_charge_id: number | null;
  bond_charge_ref: string | null;
  owner: string | null;
  arrears: number;
  due: number;
  pending: number;
  pending_other: number;
  paid: number;
  paid_to: string;
  items: TenancyItem[];
  _pk: number;
  _readonly: boolean;
  _candelete: boolean;
}

export type TenancyRow = Omit<TenancyRecord, 'items'>;
