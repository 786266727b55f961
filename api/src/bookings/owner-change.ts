import { type Kysely, sql } from 'kysely';
import type { BsBookingDoor } from '../contracts/booking-system.js';
import type { CompanyTables } from '../db/schema.js';
import { jsonb } from '../db/open.js';
import { otherChargesOf, roomChargeOf } from './allocation.js';

/** A booking's money held for one door, as Change Owner's preview splits it. */
export interface HeldBooking {
  ref: string;
  guest: string;
  checkIn: string;
  checkOut: string;
  /** Cents received for the booking and still held for this door (not yet distributed). */
  held: number;
}

const DAY = 86_400_000;
const nightsBetween = (from: string, to: string) => Math.max(0, Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY));

/**
 * Change Owner's booking rows (spec 2 §4 'Change owner': the preview splits booking receipts pro
 * rata): the new owner's share of each booking's held money is its nights from the change date
 * over all its nights, rounded once half away from zero; the old owner keeps the rest. A stay
 * over before the change date is wholly the old owner's.
 */
export function bookingShares(bookings: HeldBooking[], changeDate: string, newOwner: boolean) {
  return bookings.filter((b) => b.held !== 0).map((b) => {
    const nights = Math.max(1, nightsBetween(b.checkIn, b.checkOut));
    const newNights = newOwner ? Math.min(nights, nightsBetween(changeDate > b.checkIn ? changeDate : b.checkIn, b.checkOut)) : 0;
    const share = Math.sign(b.held) * Math.floor((2 * Math.abs(b.held) * newNights + nights) / (2 * nights));
    return { ref: b.ref, desc: `${b.guest} ${b.checkIn} to ${b.checkOut}`, amount: b.held, nights, newNights, oldShare: b.held - share, newShare: share };
  });
}

/**
 * The door's bookings whose money is still held (received, nothing yet allocated to this door,
 * not cancelled) and whose stay runs past the change date: each with the part of its receipts
 * that belongs to this door (by the door's share of the booking's charges).
 */
export async function heldBookingsOfDoor(db: Kysely<CompanyTables>, door: string, changeDate: string): Promise<HeldBooking[]> {
  const rows = await db.selectFrom('booking').select(['id', 'ref', 'guest_name', 'check_in', 'check_out', 'doors', 'receipts', 'room_charges', 'other_charges'])
    .where('check_out', '>', changeDate).where('status', '!=', 'Z').where('receipts', '>', '0')
    .where(sql<boolean>`doors @> ${jsonb([{ door }])}`)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('booking_allocation as a').select('a.id').whereRef('a.booking_id', '=', 'booking.id').where('a.door', '=', door))))
    .orderBy('check_in').orderBy('ref').execute();
  return rows.flatMap((r) => {
    const d = (r.doors as BsBookingDoor[]).find((x) => x.door === door);
    if (!d) return [];
    const total = Number(r.room_charges) + Number(r.other_charges);
    const mine = roomChargeOf(d) + otherChargesOf(d);
    const receipts = Number(r.receipts);
    const held = total > 0 ? Math.floor((2 * receipts * mine + total) / (2 * total)) : receipts;
    return [{ ref: r.ref, guest: r.guest_name, checkIn: r.check_in, checkOut: r.check_out, held }];
  });
}
