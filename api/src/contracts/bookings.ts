import { z } from 'zod';
import { codeRef, isoDate, money, optionalLine } from './common.js';

/**
 * Our booking calls (spec 2 §7 'Accounts and bookings', spec 3 §7): the Bookings list's filters,
 * the booking re-sync's body and the rows the screen shows. Money on the wire in dollars.
 */
export const BOOKING_MESSAGES = {
  syncDone: 'Sync Complete!',
  earlyDone: 'Early Distribution successful',
  earlyReversed: 'Early Distribution has been reversed',
  resyncFailed: 'There was an error re-Syncing Booking - Please check log',
  resyncWarn: 'Booking has been re-synced with warnings',
  resyncDone: 'Booking has been re-Synced with the booking system',
  notSetUp: 'No booking system is set up (Setup / Control, Booking-system Sync)',
  busy: 'A sync with the booking system is already running for this company',
  manualSaved: (ref: string) => `Manual Allocation for ${ref} successful`,
  notBalanced: 'Every door must be balanced: its allocation must equal the amount available for it',
} as const;

/** The Bookings list waits for a date range (spec 2 §2): bookings checking out within it. */
export const bookingListQuery = z.object({
  from: isoDate,
  to: isoDate,
  issues: z.enum(['true', 'false']).optional(),
}).refine((q) => q.to >= q.from, { message: 'The end date is before the start date', path: ['to'] });

export const bookingSyncQuery = z.object({ earlydisburse: z.enum(['true', 'false']).optional() });
export const bookingSyncBody = z.object({ undoManualAllocation: z.boolean().optional() }).optional().default({});

/** Spec 2 §3 'Booking row'. */
export interface BookingRow {
  gp_book_id: string;
  gp_book_id1: string;
  id: string;
  ref: string;
  revision: number;
  check_in: string;
  check_out: string;
  doors: string | null;
  guests: number;
  owner_stay: boolean;
  status: string;
  has_override: boolean;
  manual_allocation: boolean;
  early_disburse: boolean;
  future: boolean;
  receipts: number;
  room_charges: number;
  other_charges: number;
  error: boolean;
  warn: boolean;
  message: string | null;
  balance: number;
  funds: number;
  pending: number;
  class_override: boolean;
  guest_name: string;
}

/** Spec 2 §3 'Allocation item'. */
export interface AllocationItem {
  id: string;
  door: string;
  ord: number;
  type: string;
  sub_type: string;
  account_id: string;
  entity: string;
  description: string;
  statement_amount: number;
  statement_percent_of_room_charge: number | null;
  amount: number;
  room_charge: number;
  disburse_flag: boolean;
  commission_addback: number;
  is_reversed: boolean;
  revision: number;
  early: boolean;
}

/** The sub-types an allocation row may have (spec 2 §3 'Allocation item'). */
export const ALLOCATION_SUB_TYPES = ['OWNER', 'CHG', 'DED', 'FEE', 'UNALLOC'] as const;

/**
 * One row of a manual allocation (spec 2 §4 'Allocation editing'): id names the row it replaces
 * (absent for a row added in the dialog). OWNER and CHG rows take the door's held money; FEE and
 * DED rows come out of the owner's OWNER rows. Amounts in dollars.
 */
export const allocationEditItem = z.object({
  id: z.string().max(20).optional(),
  door: codeRef('Door is required', 20),
  type: z.enum(['ROOM', 'OWNSTAY', 'COMMISSION', 'FEE', 'GST', 'CHARGE']),
  sub_type: z.enum(['OWNER', 'CHG', 'DED', 'FEE']),
  account_id: codeRef('Account is required', 20),
  entity: codeRef('Entity is required', 20),
  description: optionalLine(100),
  amount: money.refine((v) => v >= 0, 'Amount cannot be negative'),
  statement_percent_of_room_charge: z.number().min(0).max(100).nullable().optional(),
});
export type AllocationEditItem = z.infer<typeof allocationEditItem>;

/** POST /api/booking/allocation (spec 2 §7): the booking, every row it should have, the ids of rows deleted. */
export const bookingAllocationBody = z.object({
  bookID: z.string().trim().min(1, 'Booking is required').max(40),
  ref: z.string().max(40).optional(),
  items: z.array(allocationEditItem).min(1, 'An allocation needs at least one row').max(200),
  deleted: z.array(z.string().max(20)).max(200).default([]),
});
export type BookingAllocationBody = z.infer<typeof bookingAllocationBody>;

/** The cents an allocation's rows take out of a door's held money: its OWNER and CHG rows. */
export const heldCentsOf = (items: Pick<AllocationEditItem, 'sub_type' | 'amount'>[]) =>
  items.filter((i) => i.sub_type === 'OWNER' || i.sub_type === 'CHG').reduce((s, i) => s + Math.round(i.amount * 100), 0);

/** One door of the Edit Allocation dialog: what is available for it and its current rows. */
export interface AllocationEditDoor {
  door: string;
  owner: string | null;
  /** Dollars held for the door: its room and other charges. */
  available: number;
  room_charge: number;
  items: (AllocationEditItem & { id: string })[];
}

/** GET /api/booking/allocation/{id}/edit: whether the dialog is offered (and why not), with the doors. */
export interface AllocationEditView {
  id: string;
  ref: string;
  offered: boolean;
  reason: string | null;
  doors: AllocationEditDoor[];
  /** The GST rate (whole percent) of each account whose GST code carries one: the dialog recomputes a fee's GST line with it (gstOnFee). */
  gst_rates: Record<string, number>;
}
