import type { Kysely } from 'kysely';
import { createCharge } from '../charges/charges.js';
import type { ChargeValues } from '../contracts/charges.js';
import type { ChangeOwnerInput, ChangeOwnerRow } from '../contracts/unit.js';
import type { CompanyTables } from '../db/schema.js';
import { ApiError, badRequest, conflict, notFound } from '../http/errors.js';
import { bookingShares, heldBookingsOfDoor } from '../bookings/owner-change.js';
import { businessDate } from '../ledger/business-date.js';
import { openPeriod, postTxn, trustBalance } from '../ledger/ledger.js';
import { toDollars } from '../money/cents.js';

type Db = Kysely<any>;

/** cents × num ÷ den, rounded once, half away from zero. */
export function prorate(cents: number, num: number, den: number): number {
  const sign = cents < 0 ? -1 : 1;
  return sign * Math.floor((2 * Math.abs(cents) * num + den) / (2 * den));
}

/**
 * Spec 2 §4 'Change owner': the date is within the open month, from its first day up to today
 * (no future scheduling); when the control month is behind the calendar, up to its last day.
 */
export function assertChangeDate(date: string, period: { first: string; last: string }, today: string): void {
  const last = today < period.last ? today : period.last;
  if (date < period.first || date > last) {
    const msg = `The change date must be within the current month, between ${period.first} and ${last}`;
    throw badRequest(msg, { errors: [{ path: 'change_date', msg }] });
  }
}

export interface SplitItem { id: number; account_id: string; recipient_entity: string; door: string | null; description: string; amount: number; newShare: number }
export interface SplitCharge { id: number; ref: string; date: string; memo: string; name: string | null; recipient: string; recipient_type: string; recipient_door: string | null; amount: number; newShare: number; items: SplitItem[] }

interface Plan {
  door: string;
  oldOwner: string;
  newOwner: string;
  days: number;
  newDays: number;
  charges: SplitCharge[];
}

/**
 * The checks and the pro-rata split shared by preview and change. The new owner's share of each
 * item is amount × new-owner days ÷ days in the month, rounded once (half away from zero); the
 * old owner's line keeps the remainder, so the two always add up to the charge.
 */
async function plan(db: Db, q: { door: string; date: string; oldOwner: string; newOwner: string }, lock: boolean): Promise<Plan> {
  let uq = db.selectFrom('unit').select(['door', 'entity']).where('door', '=', q.door);
  if (lock) uq = uq.forUpdate();
  const unit = await uq.executeTakeFirst();
  if (!unit) throw notFound(`Unit ${q.door} not found`);
  if (!unit.entity) throw conflict(`Unit ${q.door} has no owner: assign one in the unit editor`);
  const oldOwner = q.oldOwner || (unit.entity as string);
  if (oldOwner !== unit.entity) throw conflict(`Unit ${q.door} belongs to ${unit.entity as string}, not ${oldOwner}`, { errors: [{ path: 'old_owner', msg: `Unit ${q.door} belongs to ${unit.entity as string}` }] });
  if (q.newOwner) {
    const e = await db.selectFrom('entity').select(['code', 'type', 'inactive']).where('code', '=', q.newOwner).executeTakeFirst();
    const msg = !e ? `Unknown owner ${q.newOwner}` : e.type !== 'OWNER' ? `${q.newOwner} is not an owner` : e.inactive ? `Owner ${q.newOwner} is inactive` : q.newOwner === oldOwner ? 'The new owner is the current owner' : null;
    if (msg) throw badRequest(msg, { errors: [{ path: 'new_owner', msg }] });
  }
  const period = await openPeriod(db as Kysely<CompanyTables>);
  assertChangeDate(q.date, period, await businessDate(db));
  const days = Number(period.last.slice(8, 10));
  const newDays = q.newOwner ? days - Number(q.date.slice(8, 10)) + 1 : 0;
  let cq = db.selectFrom('charge').selectAll().where('status', '=', 'PENDING').where('entity', '=', oldOwner).where('door', '=', q.door)
    .where('date', '>=', period.first).where('date', '<=', period.last).orderBy('date').orderBy('id');
  if (lock) cq = cq.forUpdate();
  const charges = await cq.execute();
  const items = charges.length ? await db.selectFrom('charge_item').selectAll().where('charge_id', 'in', charges.map((c) => c.id)).orderBy('id').execute() : [];
  return {
    door: q.door, oldOwner, newOwner: q.newOwner, days, newDays,
    charges: charges.map((c) => {
      const its = items.filter((i) => String(i.charge_id) === String(c.id)).map((i) => ({
        id: Number(i.id), account_id: i.account_id, recipient_entity: i.recipient_entity, door: i.door, description: i.description,
        amount: Number(i.amount), newShare: prorate(Number(i.amount), newDays, days),
      }));
      return {
        id: Number(c.id), ref: c.ref, date: c.date, memo: c.memo, name: c.name, recipient: c.recipient, recipient_type: c.recipient_type,
        recipient_door: c.recipient_door, amount: its.reduce((s, i) => s + i.amount, 0), newShare: its.reduce((s, i) => s + i.newShare, 0), items: its,
      };
    }),
  };
}

export interface ChangeOwnerPreview { data: ChangeOwnerRow[]; message: string }

export async function previewChangeOwner(db: Kysely<CompanyTables>, q: { door: string; date: string; new: string; old: string }): Promise<ChangeOwnerPreview> {
  const p = await plan(db as unknown as Db, { door: q.door, date: q.date, oldOwner: q.old, newOwner: q.new }, false);
  const bookings = bookingShares(await heldBookingsOfDoor(db, q.door, q.date), q.date, !!q.new);
  return {
    data: [
      ...p.charges.map((c) => ({
        type: 'CHARGE' as const, ref: c.ref, desc: c.memo.split(/\r?\n/)[0]!, amount: toDollars(c.amount), new_owner_days: p.newDays, days: p.days,
        old_owner: toDollars(c.amount - c.newShare), new_owner: toDollars(c.newShare),
      })),
      ...bookings.map((b) => ({
        type: 'BOOKING' as const, ref: b.ref, desc: b.desc, amount: toDollars(b.amount), new_owner_days: b.newNights, days: b.nights,
        old_owner: toDollars(b.oldShare), new_owner: toDollars(b.newShare),
      })),
    ],
    message: bookings.length ? `${bookings.length} booking${bookings.length === 1 ? '' : 's'} with receipts held, shared by nights` : 'No booking receipts held for this door',
  };
}

/**
 * Moves the door to the new owner (or unassigns it) within the open month. Before the door changes
 * hands, the old owner's money held for that door moves to the old owner's no-door ledger (a
 * JOURNAL through postTxn), and the old owner's pending charges on the door become no-door
 * charges, so they stay releasable from the old owner's funds. With adjustment (the default) each
 * of the month's pending charges on the door is split by days: the new owner's share becomes a new
 * pending charge (new CHARGE number) on the door, the old owner's line keeps the remainder.
 */
export async function changeOwner(trx: Kysely<CompanyTables>, userId: string, input: ChangeOwnerInput) {
  const db = trx as unknown as Db;
  const p = await plan(db, { door: input.door, date: input.change_date, oldOwner: input.old_owner, newOwner: input.new_owner }, true);
  // The unit is locked (plan), so no posting can reach the door now; the old owner's rows are locked next, as postTxns orders them.
  await trx.selectFrom('ledger_balance').select('door').where('entity', '=', p.oldOwner).orderBy('entity').orderBy('door').forUpdate().execute();
  const held = await trustBalance(trx, p.oldOwner, p.door);
  if (held < 0) throw conflict(`${p.oldOwner} is overdrawn on door ${p.door} (${toDollars(held)}): correct the ledger before changing owner`);
  let journalRef: string | null = null;
  if (held > 0) {
    const setting = await db.selectFrom('control_setting').select('value').where('key', '=', 'owner_account').executeTakeFirst();
    const account = (setting?.value as string | undefined) ?? 'OWNFUNDS';
    const memo = `Change of owner of ${p.door}: ${p.oldOwner}'s funds for the door kept on ${p.oldOwner}'s ledger`;
    const posted = await postTxn(trx, userId, {
      kind: 'JOURNAL', date: input.change_date, memo, source: 'CHGOWNER', sourceRef: p.door, cashbook: [],
      postings: [
        { entity: p.oldOwner, door: p.door, accountId: account, amount: -held, description: memo },
        { entity: p.oldOwner, door: null, accountId: account, amount: held, description: memo },
      ],
    });
    journalRef = posted.ref;
  }
  const split = input.adjustment && p.newOwner ? p.charges.filter((c) => c.newShare !== 0) : [];
  const moved: string[] = [];
  for (const c of split) {
    if (c.newShare === c.amount) {
      // The whole charge falls to the new owner (change on the 1st): it moves as it is.
      moved.push(c.ref);
      continue;
    }
    for (const i of c.items) {
      const rest = i.amount - i.newShare;
      if (rest === 0) await db.deleteFrom('charge_item').where('id', '=', String(i.id)).execute();
      else await db.updateTable('charge_item').set({ amount: rest }).where('id', '=', String(i.id)).execute();
    }
  }
  // The old owner's pending charges on the door (except the ones moving whole) stay the old owner's, without the door.
  let detach = db.updateTable('charge').set({ door: null }).where('status', '=', 'PENDING').where('entity', '=', p.oldOwner).where('door', '=', p.door);
  const movedIds = split.filter((c) => c.newShare === c.amount).map((c) => String(c.id));
  if (movedIds.length) detach = detach.where('id', 'not in', movedIds);
  await detach.execute();
  await db.updateTable('unit').set({ entity: p.newOwner || null }).where('door', '=', p.door).execute();
  // Booking distribution gives the nights before the change date to the old owner (bookings/allocation.ts ownerOn).
  await trx.insertInto('unit_owner_change').values({ door: p.door, change_date: input.change_date, old_owner: p.oldOwner, new_owner: p.newOwner || null }).execute();
  if (movedIds.length) await db.updateTable('charge').set({ entity: p.newOwner }).where('id', 'in', movedIds).execute();
  const created: string[] = [];
  for (const c of split) {
    if (c.newShare === c.amount) continue;
    const newName = (await db.selectFrom('entity').select('name').where('code', '=', p.newOwner).executeTakeFirstOrThrow()).name as string;
    const values = {
      date: c.date < input.change_date ? input.change_date : c.date, payer_type: 'OWNER', entity: p.newOwner, door: p.door,
      recipient_type: c.recipient_type, recipient: c.recipient, recipient_door: c.recipient_door, source_ref: `CHGOWNER ${c.ref}`,
      memo: `${c.memo} (share ${p.newDays}/${p.days} days from ${p.oldOwner}, charge ${c.ref})`, name: newName,
      items: c.items.filter((i) => i.newShare !== 0).map((i) => ({ id: null, account_id: i.account_id, recipient_entity: i.recipient_entity, door: i.door, description: i.description, amount: toDollars(i.newShare) })),
      links: [], _deleted: [], _deletedlinks: [],
    } as unknown as ChargeValues;
    const id = await createCharge(trx, userId, values);
    created.push((await db.selectFrom('charge').select('ref').where('id', '=', String(id)).executeTakeFirstOrThrow()).ref as string);
  }
  // Unassigned (new owner ''): nobody takes a share; the charges stay wholly the old owner's.
  return {
    door: p.door, old_owner: p.oldOwner, new_owner: p.newOwner, change_date: input.change_date, days: p.days, new_owner_days: p.newDays,
    journal: journalRef, split: split.map((c) => ({ ref: c.ref, amount: toDollars(c.amount), old_owner: toDollars(c.amount - c.newShare), new_owner: toDollars(c.newShare) })),
    moved, created,
  };
}

export { ApiError };
