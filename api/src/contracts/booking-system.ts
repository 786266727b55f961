import { z } from 'zod';

/**
 * The booking system's own interface (docs/booking-system.md): what our sync reads from a
 * property-management system. The spec names only our calls (spec 2 §7); this is the other side,
 * modelled on the updated-since feeds of real PMS APIs. Money is integer cents, dates YYYY-MM-DD,
 * instants ISO 8601 with milliseconds (UTC). The simulator (api/src/bookings/simulator.ts) serves
 * exactly this, and the sync parses every answer with these schemas before writing anything.
 */

const cents = z.number().int().refine(Number.isSafeInteger, 'Must be whole cents');
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Must be YYYY-MM-DD');
const instant = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/, 'Must be an ISO 8601 UTC instant with milliseconds');
const key = z.string().trim().min(1).max(40);

/** Booking status (spec 2 §4 'Booking status'): '' not checked in, I in house, C checked out, Z cancelled. */
export const BOOKING_STATUSES = ['', 'I', 'C', 'Z'] as const;
export const bookingStatus = z.enum(BOOKING_STATUSES);
export type BookingStatus = z.infer<typeof bookingStatus>;

export const bsUnitType = z.object({ id: key, name: z.string().min(1).max(60) });
export type BsUnitType = z.infer<typeof bsUnitType>;

/** A room (door) the booking system lets; doors are our unit keys (1 to 10 characters). */
export const bsUnit = z.object({
  door: z.string().trim().min(1).max(10),
  name: z.string().min(1).max(40),
  unitType: key,
  inactive: z.boolean(),
});
export type BsUnit = z.infer<typeof bsUnit>;

/** A charge or payment code of the booking system, matched to our chart by id (spec 2 §3 'Account' trantype). */
export const bsAccount = z.object({
  id: z.string().trim().min(2).max(20),
  description: z.string().min(1).max(60),
  /** The booking system's transaction type (spec 2 §9: 1 Room Charge, 2 Other, 11 Cash, …). */
  trantype: z.number().int(),
});
export type BsAccount = z.infer<typeof bsAccount>;

export const bsRoomCharge = z.object({ date: day, description: z.string().max(80), amount: cents });
export const bsOtherCharge = z.object({ accountId: z.string().trim().min(2).max(20), description: z.string().max(80), amount: cents });

/** One door of a booking: a group books several, each with its own charges. */
export const bsBookingDoor = z.object({
  door: z.string().trim().min(1).max(10),
  roomCharges: z.array(bsRoomCharge),
  otherCharges: z.array(bsOtherCharge),
});
export type BsBookingDoor = z.infer<typeof bsBookingDoor>;

/** A guest payment (negative: a refund), identified for ever by its id. */
export const bsPayment = z.object({
  id: key,
  date: day,
  method: z.enum(['CASH', 'CHQ', 'EFT', 'CARD']),
  cardType: z.string().max(10).nullable(),
  amount: cents.refine((n) => n !== 0, 'A payment is never zero'),
  reference: z.string().max(40),
});
export type BsPayment = z.infer<typeof bsPayment>;

/**
 * One booking in full. revision rises by one with every change the booking system makes, and
 * modifiedAt moves with it; a booking is never deleted, only cancelled (status Z).
 */
export const bsBooking = z.object({
  id: key,
  ref: z.string().trim().min(1).max(20),
  revision: z.number().int().positive(),
  modifiedAt: instant,
  checkIn: day,
  checkOut: day,
  status: bookingStatus,
  guest: z.object({ name: z.string().min(1).max(60), email: z.string().max(80).nullable(), phone: z.string().max(30).nullable() }),
  guests: z.number().int().min(0).max(99),
  ownerStay: z.boolean(),
  doors: z.array(bsBookingDoor).min(1),
  payments: z.array(bsPayment),
}).refine((b) => b.checkOut >= b.checkIn, { message: 'Check-out is before check-in', path: ['checkOut'] })
  .refine((b) => new Set(b.doors.map((d) => d.door)).size === b.doors.length, { message: 'A door appears twice', path: ['doors'] })
  .refine((b) => new Set(b.payments.map((p) => p.id)).size === b.payments.length, { message: 'A payment id appears twice', path: ['payments'] });
export type BsBooking = z.infer<typeof bsBooking>;

/** A list answer: every list the booking system serves comes in this envelope. */
const list = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item) });
export const bsUnitTypeList = list(bsUnitType);
export const bsUnitList = list(bsUnit);
export const bsAccountList = list(bsAccount);

/**
 * A page of the changed-bookings feed, ordered by (modifiedAt, id). nextCursor names the last
 * booking of the page; null means the feed is exhausted as at serverTime.
 */
export const bsBookingPage = z.object({
  data: z.array(bsBooking),
  nextCursor: z.string().min(1).nullable(),
  /** How many changed bookings follow this page (for progress). */
  remaining: z.number().int().min(0),
  serverTime: instant,
});
export type BsBookingPage = z.infer<typeof bsBookingPage>;

export const bsOneBooking = z.object({ data: bsBooking });

/** The feed's cursor: the position after which the next page starts. Opaque on the wire. */
export interface FeedPosition { modifiedAt: string; id: string }
export const encodeCursor = (p: FeedPosition) => Buffer.from(`${p.modifiedAt}|${p.id}`).toString('base64url');
export function decodeCursor(text: string): FeedPosition | null {
  const [modifiedAt, id] = Buffer.from(text, 'base64url').toString().split('|');
  return modifiedAt && id && instant.safeParse(modifiedAt).success ? { modifiedAt, id } : null;
}

/** Largest page the booking system serves. */
export const BS_MAX_PAGE = 500;
