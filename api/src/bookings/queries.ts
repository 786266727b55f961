import type { Kysely } from 'kysely';
import type { BsBookingDoor } from '../contracts/booking-system.js';
import type { AllocationItem, BookingRow } from '../contracts/bookings.js';
import type { CompanyTables } from '../db/schema.js';
import { openPeriod } from '../ledger/ledger.js';
import { toDollars } from '../money/cents.js';
import { heldOut, otherChargesOf, roomChargeOf } from './allocation.js';
import { postedLines } from './sync.js';

type Db = Kysely<CompanyTables>;

/**
 * The Bookings list (spec 2 §2 'Booking distribution', §3 'Booking row'): bookings checking out in
 * a date range, with receipts, charges, what is held for each (funds) and what is still to be
 * allocated (pending). Issues only: rows with an error or warning.
 */
export async function listBookings(db: Db, q: { from: string; to: string; issues: boolean }): Promise<BookingRow[]> {
  let query = db.selectFrom('booking').selectAll().where('check_out', '>=', q.from).where('check_out', '<=', q.to);
  if (q.issues) query = query.where((eb) => eb.or([eb('error', '=', true), eb('warn', '=', true)]));
  const rows = await query.orderBy('check_out').orderBy('ref').limit(5000).execute();
  if (!rows.length) return [];
  const period = await openPeriod(db);
  const ids = rows.map((r) => r.id);
  const allocations = await db.selectFrom('booking_allocation').select(['booking_id', 'sub_type', 'amount']).where('booking_id', 'in', ids).execute();
  const out = new Map<string, number>();
  for (const a of allocations) {
    if (a.sub_type === 'OWNER' || a.sub_type === 'CHG') out.set(a.booking_id, (out.get(a.booking_id) ?? 0) + Number(a.amount));
  }
  return rows.map((r) => {
    const doors = r.doors as BsBookingDoor[];
    const receipts = Number(r.receipts);
    const room = Number(r.room_charges);
    const other = Number(r.other_charges);
    const allocated = out.get(r.id) ?? 0;
    return {
      gp_book_id: r.id, gp_book_id1: r.id, id: r.id, ref: r.ref, revision: r.revision, check_in: r.check_in, check_out: r.check_out,
      doors: doors.length === 1 ? doors[0]!.door : null, guests: r.guests, owner_stay: r.owner_stay, status: r.status,
      has_override: false, manual_allocation: r.manual_allocation, early_disburse: r.early_disburse, future: r.check_out > period.last,
      receipts: toDollars(receipts), room_charges: toDollars(room), other_charges: toDollars(other), error: r.error, warn: r.warn, message: r.message,
      balance: toDollars(receipts - room - other), funds: toDollars(receipts - allocated), pending: toDollars(room + other - allocated),
      class_override: false, guest_name: r.guest_name,
    };
  });
}

/** Booking Cashbook: the receipts and refunds the booking's payments posted. */
export async function bookingCashbook(db: Db, id: string) {
  const rows = await db.selectFrom('booking_payment as bp').innerJoin('txn', 'txn.id', 'bp.txn_id').innerJoin('cashbook', 'cashbook.txn_id', 'txn.id')
    .select(['txn.id', 'txn.kind', 'txn.ref', 'txn.date', 'cashbook.method', 'cashbook.card_type', 'cashbook.tran_ref', 'bp.payment_id', 'bp.amount'])
    .where('bp.booking_id', '=', id).orderBy('txn.id').execute();
  return rows.map((r) => ({ id: r.id, kind: r.kind, ref: r.ref, date: r.date, method: r.method, card_type: r.card_type, tran_ref: r.tran_ref, payment_id: r.payment_id, amount: toDollars(r.amount) }));
}

/** Booking Doors: per door, its owner, charges and what has been allocated to it. */
/** The owner (unit entity) of each of a booking's doors, by door; a door without a unit is absent. */
export async function doorOwners(db: Db, doors: BsBookingDoor[]): Promise<Map<string, string | null>> {
  const units = await db.selectFrom('unit').select(['door', 'entity']).where('door', 'in', doors.map((d) => d.door)).execute();
  return new Map(units.map((u) => [u.door, u.entity]));
}

export async function bookingDoors(db: Db, id: string) {
  const booking = await db.selectFrom('booking').select(['doors']).where('id', '=', id).executeTakeFirst();
  if (!booking) return null;
  const lines = await postedLines(db, id);
  const doors = booking.doors as BsBookingDoor[];
  const owners = await doorOwners(db, doors);
  return doors.map((d) => ({
    door: d.door, owner: owners.get(d.door) ?? null, room_charge: toDollars(roomChargeOf(d)), other_charges: toDollars(otherChargesOf(d)),
    allocated: toDollars(heldOut(lines.filter((l) => l.door === d.door))),
  }));
}

/** Booking Doors → Items: the room and other charges of one door. */
export async function bookingItems(db: Db, id: string, door: string | undefined) {
  const booking = await db.selectFrom('booking').select(['doors']).where('id', '=', id).executeTakeFirst();
  if (!booking) return null;
  return (booking.doors as BsBookingDoor[]).filter((d) => !door || d.door === door).flatMap((d) => [
    ...d.roomCharges.map((r) => ({ door: d.door, type: 'ROOM', date: r.date, account_id: null as string | null, description: r.description, amount: toDollars(r.amount) })),
    ...d.otherCharges.map((o) => ({ door: d.door, type: 'OTHER', date: null as string | null, account_id: o.accountId, description: o.description, amount: toDollars(o.amount) })),
  ]);
}

/** Booking Allocation: the allocation items every distribution of the booking posted. */
export async function bookingAllocation(db: Db, id: string, door: string | undefined): Promise<AllocationItem[]> {
  let q = db.selectFrom('booking_allocation').selectAll().where('booking_id', '=', id);
  if (door) q = q.where('door', '=', door);
  const rows = await q.orderBy('id').execute();
  return rows.map((r) => ({
    id: r.id, door: r.door, ord: r.ord, type: r.type, sub_type: r.sub_type, account_id: r.account_id, entity: r.entity, description: r.description,
    statement_amount: toDollars(r.statement_amount), statement_percent_of_room_charge: r.statement_percent_of_room_charge === null ? null : r.statement_percent_of_room_charge / 100,
    amount: toDollars(r.amount), room_charge: toDollars(r.room_charge), disburse_flag: r.disburse_flag, commission_addback: toDollars(r.commission_addback),
    is_reversed: r.is_reversed, revision: r.revision, early: r.early,
  }));
}
