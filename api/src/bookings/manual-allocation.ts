import type { Kysely } from 'kysely';
import type { BsBookingDoor } from '../contracts/booking-system.js';
import { type AllocationEditView, BOOKING_MESSAGES, type BookingAllocationBody } from '../contracts/bookings.js';
import type { CompanyTables } from '../db/schema.js';
import { ApiError, notFound } from '../http/errors.js';
import { businessDate } from '../ledger/business-date.js';
import { openPeriod, postTxns } from '../ledger/ledger.js';
import { toCents, toDollars } from '../money/cents.js';
import { accountGstRates } from '../reference/gst-codes.js';
import {
  type AllocationLine, type CurrentLine, allocationDifference, allocationPostings, commissionAddback, currentAllocation, manualAllocationProblems, manualAllocationRefusal,
  otherChargesOf, roomChargeOf,
} from './allocation.js';
import { doorOwners } from './queries.js';
import { intoPeriod, loadSetup, postedLines } from './sync.js';

type Db = Kysely<CompanyTables>;

const available = (d: BsBookingDoor) => roomChargeOf(d) + otherChargesOf(d);

/**
 * The booking's posted lines, those of an owner marked disbursed when a disbursement was posted to
 * that owner after the booking's last allocation: its money may have left the trust account, so
 * its allocation stays as it is (spec 2 §4: not offered once the booking is disbursed).
 */
async function postedWithDisbursed(db: Db, bookingId: string): Promise<CurrentLine[]> {
  const lines = await postedLines(db, bookingId);
  if (!lines.length) return lines;
  const last = await db.selectFrom('booking_allocation').select((eb) => eb.fn.max('txn_id').as('txn')).where('booking_id', '=', bookingId).executeTakeFirstOrThrow();
  const owners = [...new Set(lines.map((l) => l.owner))];
  const paid = new Set((await db.selectFrom('posting').innerJoin('txn', 'txn.id', 'posting.txn_id').select('posting.entity').distinct()
    .where('txn.kind', '=', 'DISBURSE').where('txn.id', '>', String(last.txn)).where('posting.entity', 'in', owners).execute()).map((r) => r.entity));
  return lines.map((l) => ({ ...l, disbursed: paid.has(l.owner) }));
}

/**
 * What the Edit Allocation dialog shows (spec 2 §2 'Booking drill-downs and allocation'): per
 * door, what is available for it and the allocation as it stands, with whether editing is offered.
 */
export async function allocationEditView(db: Db, id: string): Promise<AllocationEditView> {
  const booking = await db.selectFrom('booking').select(['id', 'ref', 'doors', 'receipts', 'room_charges', 'other_charges']).where('id', '=', id).executeTakeFirst();
  if (!booking) throw notFound(`Booking ${id.slice(0, 40)} not found`);
  const current = currentAllocation(await postedWithDisbursed(db, id));
  const doors = booking.doors as BsBookingDoor[];
  const owners = await doorOwners(db, doors);
  const reason = manualAllocationRefusal(current) ?? balanceRefusal(booking);
  return {
    id: booking.id, ref: booking.ref, offered: reason === null, reason, gst_rates: Object.fromEntries(await accountGstRates(db)),
    doors: doors.map((d) => ({
      door: d.door, owner: owners.get(d.door) ?? null, available: toDollars(available(d)), room_charge: toDollars(roomChargeOf(d)),
      items: current.filter((l) => l.door === d.door).map((l) => ({
        id: l.id, door: l.door, type: l.type as 'ROOM', sub_type: l.subType as 'OWNER', account_id: l.accountId, entity: l.entity, description: l.description,
        amount: toDollars(l.amount), statement_percent_of_room_charge: l.percent === null ? null : l.percent / 100,
      })),
    })),
  };
}

/** A manual allocation moves money the guest paid: only a balanced booking has it all. */
function balanceRefusal(b: { receipts: string; room_charges: string; other_charges: string }): string | null {
  return Number(b.receipts) === Number(b.room_charges) + Number(b.other_charges) ? null : 'The booking is not balanced: its receipts differ from its charges';
}

/**
 * Saves a manual allocation (POST /api/booking/allocation, spec 2 §4 'Allocation editing'): the
 * rows given become the booking's allocation. Every row standing now must be kept (its id among
 * the items) or deleted (its id in `deleted`), so nothing disappears unseen; every door must
 * balance. The difference from what was posted goes through the ledger as one BOOKING txn whose
 * rows are marked manual, and the booking keeps its manual allocation until it is undone.
 */
export async function saveManualAllocation(db: Db, userId: string, body: BookingAllocationBody): Promise<{ ref: string; message: string }> {
  const setup = await loadSetup(db);
  const today = await businessDate(db);
  return db.transaction().execute(async (trx) => {
    const booking = await trx.selectFrom('booking').selectAll().where('id', '=', body.bookID).forUpdate().executeTakeFirst();
    if (!booking) throw notFound(`Booking ${body.bookID} not found`);
    const posted = await postedWithDisbursed(trx, booking.id);
    const current = currentAllocation(posted);
    const refusal = manualAllocationRefusal(current) ?? balanceRefusal(booking);
    if (refusal) throw new ApiError(409, refusal);

    const byId = new Map(current.map((l) => [l.id, l]));
    const deleted = new Set(body.deleted);
    const named = body.items.filter((i) => i.id !== undefined).map((i) => i.id!);
    const stray = [...deleted, ...named].filter((id) => !byId.has(id));
    if (stray.length) throw new ApiError(409, `Allocation rows ${stray.join(', ')} are not rows of this booking's allocation: reload it`);
    const unseen = current.filter((l) => !deleted.has(l.id) && !named.includes(l.id));
    if (unseen.length) throw new ApiError(409, `Allocation rows ${unseen.map((l) => l.id).join(', ')} are neither kept nor deleted: reload the allocation`);

    const doors = booking.doors as BsBookingDoor[];
    const owners = await doorOwners(trx, doors);
    const ownerOf = (door: string) => current.find((l) => l.door === door)?.owner ?? owners.get(door) ?? null;
    const ords = new Map<string, number>();
    const target: AllocationLine[] = body.items.map((i) => {
      const ord = ords.get(i.door) ?? 0;
      ords.set(i.door, ord + 1);
      const door = doors.find((d) => d.door === i.door);
      const line = {
        door: i.door, ord, type: i.type, subType: i.sub_type, accountId: i.account_id, entity: i.entity, owner: ownerOf(i.door) ?? i.entity,
        description: i.description ?? i.account_id, amount: toCents(i.amount), roomCharge: door ? roomChargeOf(door) : 0,
        percent: i.statement_percent_of_room_charge == null ? null : Math.round(i.statement_percent_of_room_charge * 100),
      };
      return { ...line, commissionAddback: commissionAddback(line) };
    });
    const known = {
      accounts: new Set((await trx.selectFrom('account').select('id').where('id', 'in', target.map((l) => l.accountId)).execute()).map((a) => a.id)),
      entities: new Set((await trx.selectFrom('entity').select('code').where('code', 'in', target.map((l) => l.entity)).execute()).map((e) => e.code)),
    };
    const problems = manualAllocationProblems(target, new Map(doors.map((d) => [d.door, { available: available(d) }])), known);
    if (doors.some((d) => !ownerOf(d.door))) problems.push('Every door needs an owner before its allocation can be edited');
    if (problems.length) throw new ApiError(409, `${BOOKING_MESSAGES.notBalanced}. ${problems.join('; ')}`);

    const difference = allocationDifference(posted, target);
    if (difference.length) {
      const period = await openPeriod(trx);
      const [txn] = await postTxns(trx, userId, [{
        kind: 'BOOKING', date: intoPeriod(today, period), memo: `Booking ${booking.ref} manual allocation`, source: 'BKG', sourceRef: booking.id,
        postings: allocationPostings(difference, { entity: setup.heldEntity, accountId: setup.heldAccount }, booking.ref, (door) => setup.doors.get(door)?.owner), cashbook: [],
      }]);
      await trx.insertInto('booking_allocation').values(difference.map((l) => ({
        booking_id: booking.id, txn_id: String(txn!.id), revision: booking.revision, door: l.door, ord: l.ord, type: l.type, sub_type: l.subType,
        account_id: l.accountId, entity: l.entity, owner: l.owner, description: l.description, statement_amount: l.amount,
        statement_percent_of_room_charge: l.percent, amount: l.amount, room_charge: l.roomCharge, commission_addback: l.commissionAddback, early: booking.early_disburse && booking.status !== 'C' && booking.status !== 'Z', manual: true,
      }))).execute();
    }
    await trx.updateTable('booking').set({ manual_allocation: true }).where('id', '=', booking.id).execute();
    return { ref: booking.ref, message: BOOKING_MESSAGES.manualSaved(booking.ref) };
  });
}
