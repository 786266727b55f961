import { z } from 'zod';
import { code, codeRef, isoDate, nonNegativeMoney, requiredText } from './common.js';
import { optionalCode, optionalTextMax } from './entity.js';

/** Units (spec 2 §3 'Unit', §4 'Unit changes', §5 'Unit'); money on the wire in dollars. */
export const LETTING_POOLS = ['BOOKINGS', 'TENANCY'] as const;

export const UNIT_MESSAGES = {
  unittype: 'Unit Type must be Selected',
  pool: 'Pool is Required',
  account: 'Account is required',
  recipient: 'Recipient is required',
  description: 'Description is Required',
  inactiveBalances: 'Cannot set inactive while there are ledger balances or charges',
  inactiveLinked: 'Cannot set Inactive when linked to the booking system',
  changeOwner: 'The owner of this unit can only be changed with Change Owner (it has ledger history or charges)',
  ownershipDone: 'Ownership Change Completed',
} as const;

const lineId = z.union([z.number().int().positive(), z.string().regex(/^\d+$/, 'Invalid id')]).transform(Number);
const idList = z.array(lineId, { error: 'Must be a list of ids' }).optional().default([]);
const upperRequired = (message: string) => codeRef(message);
const optionalDate = z.union([isoDate, z.literal(''), z.null()]).optional().transform((v) => (v ? v : null));

export const unitFeeLineContract = z.object({
  id: lineId.nullish(),
  type: z.literal('F').optional().default('F'),
  account_id: upperRequired(UNIT_MESSAGES.account),
  entity: upperRequired(UNIT_MESSAGES.recipient),
  name: z.string({ error: UNIT_MESSAGES.description }).trim().min(1, UNIT_MESSAGES.description).max(60, 'Must be at most 60 characters'),
  value: nonNegativeMoney,
});

export const unitLeasebackLineContract = z.object({
  id: lineId.nullish(),
  type: z.literal('L').optional().default('L'),
  account_id: upperRequired(UNIT_MESSAGES.account),
  name: z.string({ error: UNIT_MESSAGES.description }).trim().min(1, UNIT_MESSAGES.description).max(60, 'Must be at most 60 characters'),
  value: nonNegativeMoney,
});

export const unitRentalLineContract = z.object({
  id: lineId.nullish(),
  start_date: isoDate,
  end_date: optionalDate,
  expiry_date: optionalDate,
}).refine((r) => !r.end_date || r.end_date >= r.start_date, { path: ['end_date'], message: 'End date is before the start date' });

export const unitContract = z.object({
  door: code(1, 10, { required: 'Door is required', min: 'Must be at least 1 character', max: 'Must be at most 10 characters' }),
  name: requiredText('Name is required').pipe(z.string().min(5, 'Must be at least 5 characters').max(40, 'Must be at most 40 characters'))
    .transform((v) => v.toUpperCase()),
  location: optionalTextMax(60),
  unittype: upperRequired(UNIT_MESSAGES.unittype),
  class: optionalCode,
  /** The owner; empty means unassigned. */
  entity: optionalCode,
  category: optionalCode,
  gpid: optionalTextMax(40),
  notes: optionalTextMax(4000),
  leaseback: z.boolean().default(false),
  letting_pool: z.union([z.enum(LETTING_POOLS), z.literal(''), z.null()], { error: 'Letting pool is BOOKINGS, TENANCY or none' })
    .optional().transform((v) => (v ? v : null)),
  letting_pool_start: optionalDate,
  is_virtual_room: z.boolean().default(false),
  master_unit: optionalCode,
  letting_agreement: z.boolean().default(false),
  is_pool: z.boolean().default(false),
  agreement_date: optionalDate,
  agreement_expiry: optionalDate,
  agreement_details: optionalTextMax(4000),
  pool_owner: optionalCode,
  days_in_pool: z.number({ error: 'Days in pool must be a number' }).int('Days in pool is a whole number').min(0, 'Days in pool cannot be negative').max(366).default(0),
  inactive: z.boolean().default(false),
  fees: z.array(unitFeeLineContract).max(100, 'At most 100 fee lines').default([]),
  leasebacks: z.array(unitLeasebackLineContract).max(100, 'At most 100 leaseback lines').default([]),
  rental: z.array(unitRentalLineContract).max(100, 'At most 100 rental periods').default([]),
  _deleted_fees: idList,
  _deleted_leasebacks: idList,
  _deleted_rental: idList,
}).superRefine((u, ctx) => {
  if (u.is_pool && !u.pool_owner) ctx.addIssue({ code: 'custom', path: ['pool_owner'], message: UNIT_MESSAGES.pool });
  if (u.master_unit && u.master_unit === u.door) ctx.addIssue({ code: 'custom', path: ['master_unit'], message: 'A unit cannot be its own master unit' });
});
export type UnitInput = z.infer<typeof unitContract>;

const flag = z.enum(['true', 'false']).optional();
export const unitListQuery = z.object({
  search: z.string().max(100).optional(),
  inactive: flag,
  owner: z.string().trim().toUpperCase().max(20).optional(),
  unittype: z.string().trim().toUpperCase().max(20).optional(),
});

export interface UnitFeeLine { id: number; type: 'F'; account_id: string; entity: string; name: string; value: number }
export interface UnitLeasebackLine { id: number; type: 'L'; account_id: string; name: string; value: number }
export interface UnitRentalLine { id: number; start_date: string; end_date: string | null; expiry_date: string | null }

export interface UnitRow {
  door: string;
  name: string;
  unittype: string | null;
  class: string | null;
  entity: string | null;
  entityname: string | null;
  category: string | null;
  funds: number;
  pending: number;
  balance: number;
  inactive: boolean;
  _pk: string;
  _candelete: boolean;
  _allow_inactive: boolean;
  _allowchangeowner: boolean;
}

export type UnitRecord = UnitRow & Omit<UnitInput, 'fees' | 'leasebacks' | 'rental' | '_deleted_fees' | '_deleted_leasebacks' | '_deleted_rental'> & {
  poolowner: string | null;
  pay: number;
  fees: UnitFeeLine[];
  leasebacks: UnitLeasebackLine[];
  rental: UnitRentalLine[];
  fee_total: number;
  leaseback_total: number;
};

// ---- Change owner (spec 2 §4 'Change owner') ----
export const changeOwnerQuery = z.object({
  door: z.string({ error: 'Door is required' }).trim().min(1, 'Door is required').transform((v) => v.toUpperCase()),
  date: isoDate,
  new: z.string().optional().transform((v) => (v?.trim() ? v.trim().toUpperCase() : '')),
  old: z.string().optional().transform((v) => (v?.trim() ? v.trim().toUpperCase() : '')),
});

export const changeOwnerContract = z.object({
  door: z.string({ error: 'Door is required' }).trim().min(1, 'Door is required').transform((v) => v.toUpperCase()),
  old_owner: z.string({ error: 'Old owner is required' }).trim().min(1, 'Old owner is required').transform((v) => v.toUpperCase()),
  /** '' (or null) unassigns the unit. */
  new_owner: z.union([z.string(), z.null()], { error: 'New owner is required' }).transform((v) => (v?.trim() ? v.trim().toUpperCase() : '')),
  change_date: isoDate,
  /** Split the month's pending charges pro rata (default). false moves the door only. */
  adjustment: z.boolean({ error: 'Adjustment is true or false' }).optional().default(true),
});
export type ChangeOwnerInput = z.infer<typeof changeOwnerContract>;

/** One preview row (spec 2 §3 'Ownership change preview row'), dollars. */
export interface ChangeOwnerRow {
  type: 'CHARGE' | 'BOOKING';
  ref: string;
  desc: string;
  amount: number;
  new_owner_days: number;
  days: number;
  old_owner: number;
  new_owner: number;
}

// ---- Unit fees as charges (spec 2 §7 'Units': applyfees / deletecharges) ----
export const applyFeesContract = z.object({
  tenancyId: z.union([z.string(), z.number()]).optional(),
  door: z.string().trim().max(10).optional().transform((v) => (v ? v.toUpperCase() : undefined)),
  date: z.union([isoDate, z.literal(''), z.null()]).optional().transform((v) => (v ? v : undefined)),
}).strict();
export type ApplyFeesInput = z.infer<typeof applyFeesContract>;
