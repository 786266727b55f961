import { type Insertable, type Kysely, sql } from 'kysely';
import { type BsBooking, type BsPayment, encodeCursor } from '../contracts/booking-system.js';
import { jsonb } from '../db/open.js';
import type { CompanyTables } from '../db/schema.js';
import { ApiError } from '../http/errors.js';
import { type OpenPeriod, openPeriod, postTxns } from '../ledger/ledger.js';
import type { TxnDraft } from '../ledger/posting-rules.js';
import {
  type AllocationLine, type AllocationSetup, type CurrentLine, allocateBooking, allocationDifference, allocationPostings, distributionDecision, heldOut,
  otherChargesOf, roomChargeOf,
} from './allocation.js';
import type { BookingSystemClient } from './client.js';

type Db = Kysely<CompanyTables>;

/** The control setting that keeps how far the changed-bookings feed has been committed. */
export const CURSOR_KEY = 'booking_sync_cursor';
const PAGE_SIZE = 200;

export interface LedgerSetup extends AllocationSetup {
  heldEntity: string;
  heldAccount: string;
}

async function settingsOf(db: Db, keys: string[]): Promise<Record<string, unknown>> {
  const rows = await db.selectFrom('control_setting').select(['key', 'value']).where('key', 'in', keys).execute();
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}

const text = (v: unknown, fallback: string) => (typeof v === 'string' && v ? v : fallback);

/** Everything distribution reads, once per sync run: doors' owners and rates, fees, accounts. */
export async function loadSetup(db: Db): Promise<LedgerSetup> {
  const s = await settingsOf(db, ['roomcharge_account', 'owner_stay_account', 'unallocated_entity', 'unallocated_account']);
  const units = await db.selectFrom('unit').leftJoin('entity', 'entity.code', 'unit.entity')
    .select(['unit.door', 'unit.entity', 'unit.class', 'entity.commission']).execute();
  const changes = await db.selectFrom('unit_owner_change').leftJoin('entity', 'entity.code', 'unit_owner_change.old_owner')
    .select(['unit_owner_change.door', 'unit_owner_change.change_date', 'unit_owner_change.old_owner', 'entity.commission'])
    .orderBy('unit_owner_change.change_date').orderBy('unit_owner_change.id').execute();
  const history = new Map<string, { before: string; owner: string; commission: number }[]>();
  for (const c of changes) history.set(c.door, [...(history.get(c.door) ?? []), { before: c.change_date, owner: c.old_owner, commission: Number(c.commission ?? 0) }]);
  const fees = await db.selectFrom('fee').selectAll().where('apply_to_booking', '=', true).where('inactive', '=', false).orderBy('id').execute();
  const accounts = await db.selectFrom('account').leftJoin('gst_code', 'gst_code.code', 'account.gstcode').select(['account.id', 'account.entity', 'gst_code.rate']).execute();
  return {
    roomAccount: text(s.roomcharge_account, 'ROOMCHG'),
    ownerStayAccount: text(s.owner_stay_account, 'OWNSTAY'),
    commissionAccount: 'COMMISS',
    business: 'BUSINESS',
    heldEntity: text(s.unallocated_entity, 'UNALLOC'),
    heldAccount: text(s.unallocated_account, 'UNALLOC'),
    doors: new Map(units.map((u) => [u.door, { owner: u.entity, unitClass: u.class, commission: Number(u.commission ?? 0), history: history.get(u.door) }])),
    accountEntity: new Map(accounts.map((a) => [a.id, a.entity])),
    accountGst: new Map(accounts.map((a) => [a.id, Number(a.rate ?? 0)])),
    fees: fees.map((f) => ({ name: f.name, accountId: f.account_id, entity: f.entity, method: f.method === 'V' ? 'V' : 'P', value: Number(f.value), applyTo: f.apply_to ?? [], applyBeforeOtherFees: f.apply_before_other_fees })),
  };
}

/** A date moved into the open period: money arrives now, whatever date the booking system gave it. */
export const intoPeriod = (date: string, period: Pick<OpenPeriod, 'first' | 'last'>) => (date < period.first ? period.first : date > period.last ? period.last : date);

export interface ApplyOutcome {
  status: 'unchanged' | 'applied' | 'error';
  message: string | null;
  warn: boolean;
}

export interface ApplyOptions {
  /** Apply even when the revision is already held (the row's Sync button, early distribution). */
  force?: boolean;
  /** The business date a distribution is dated (moved into the open period). */
  today: string;
  /** Cursor to commit with this booking (the feed's position after it). */
  cursor?: string | null;
}

const toLine = (r: { id: string; door: string; ord: number; type: string; sub_type: string; account_id: string; entity: string; owner: string | null; description: string; amount: string; room_charge: string; statement_percent_of_room_charge: number | null; commission_addback: string }): CurrentLine => ({
  id: String(r.id), disbursed: false, door: r.door, ord: r.ord, type: r.type, subType: r.sub_type as AllocationLine['subType'], accountId: r.account_id, entity: r.entity, owner: r.owner ?? r.entity,
  description: r.description, amount: Number(r.amount), roomCharge: Number(r.room_charge), percent: r.statement_percent_of_room_charge, commissionAddback: Number(r.commission_addback),
});

/** The allocation lines a booking has posted so far (every revision, reversals included). */
export async function postedLines(db: Db, bookingId: string): Promise<CurrentLine[]> {
  return (await postedLinesOf(db, [bookingId])).get(bookingId) ?? [];
}

/** postedLines for several bookings in one read, by booking id. */
async function postedLinesOf(db: Db, bookingIds: string[]): Promise<Map<string, CurrentLine[]>> {
  const rows = await db.selectFrom('booking_allocation').selectAll().where('booking_id', 'in', bookingIds).orderBy('id').execute();
  const lines = new Map<string, CurrentLine[]>();
  for (const r of rows) {
    if (!lines.has(r.booking_id)) lines.set(r.booking_id, []);
    lines.get(r.booking_id)!.push(toLine(r));
  }
  return lines;
}

async function writeCursor(trx: Db, cursor: string | null | undefined) {
  if (cursor === undefined) return;
  await trx.insertInto('control_setting').values({ key: CURSOR_KEY, value: jsonb(cursor) })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: (eb) => eb.ref('excluded.value') })).execute();
}

export async function readCursor(db: Db): Promise<string | null> {
  const row = await db.selectFrom('control_setting').select('value').where('key', '=', CURSOR_KEY).executeTakeFirst();
  return typeof row?.value === 'string' ? row.value : null;
}

/**
 * A sync step's transaction, committed without waiting for its WAL flush (synchronous_commit off
 * for this transaction only): the flush took 25 ms a commit on this machine's disk, and a sync
 * commits twice a page. Safe for the sync: a step only writes our books (nothing is sent out), and
 * PostgreSQL can lose only the newest of such commits, and only if the database server itself
 * stops (not the API process), never one before a commit that waited. That is the state a kill -9
 * a moment earlier leaves; the cursor is written with the work, so the next sync reads those
 * bookings again and applies each once. Any user's write that commits after them makes them
 * durable with it.
 */
function syncTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await sql`set local synchronous_commit = off`.execute(trx);
    return work(trx);
  });
}

/** The booking columns a sync copies from the booking system (the rest are ours: revision, receipts, flags). */
const SYNCED_COLUMNS = ['ref', 'modified_at', 'check_in', 'check_out', 'status', 'guest_name', 'guests', 'owner_stay', 'doors', 'room_charges', 'other_charges', 'synced_at'] as const;

/**
 * Brings one booking to the given revision (see applyBookings): the row's Sync button, early
 * distribution, and a page's booking when the books refused the page as a whole.
 */
export async function applyBooking(db: Db, userId: string, b: BsBooking, setup: LedgerSetup, options: ApplyOptions): Promise<ApplyOutcome> {
  return (await applyBookings(db, userId, [b], setup, options))[0]!;
}

/**
 * Brings bookings (a page of the feed) to their revisions, in two database transactions for the
 * whole set, each safe to repeat:
 * 1. the booking rows (charges, status) and a RECEIPT for each guest payment not yet receipted
 *    (booking_payment's key makes a payment receipted once, whatever is killed when);
 * 2. each booking's distribution difference (spec 2 §2) and refunds, posted as one batch, the
 *    revisions and the feed cursor. A refusal worked out from the booking itself (a door with no
 *    owner, more allocated than received) is kept on that booking as its error, with its revision.
 * A refusal only the books can make (an owner already paid out would be overdrawn) rolls back that
 * step for the whole set; the set is then applied one booking at a time, so that only the refused
 * booking keeps the error and the receipts of step 1 stand. Two transactions a page instead of two
 * a booking took the big seed's first sync of 30,164 bookings from 679 s to 27 s.
 */
export async function applyBookings(db: Db, userId: string, bookings: BsBooking[], setup: LedgerSetup, options: ApplyOptions): Promise<ApplyOutcome[]> {
  const ids = bookings.map((b) => b.id);
  if (!ids.length) return [];
  if (new Set(ids).size !== ids.length) return oneAtATime(db, userId, bookings, setup, options);
  const held = new Map((await db.selectFrom('booking').select(['id', 'revision']).where('id', 'in', ids).execute()).map((r) => [r.id, r.revision]));
  const changed = bookings.filter((b) => {
    const revision = held.get(b.id);
    return options.force || revision === undefined || revision < b.revision;
  });
  const outcomes = new Map<string, ApplyOutcome>();
  if (changed.length) {
    try {
      await syncTransaction(db, (trx) => receiptBookings(trx, userId, changed, setup));
    } catch (e) {
      if (!(e instanceof ApiError) || changed.length === 1) throw e;
      return oneAtATime(db, userId, bookings, setup, options);
    }
    try {
      for (const [id, outcome] of await syncTransaction(db, async (trx) => {
        const distributed = await distributeBookings(trx, userId, changed, setup, options.today);
        await writeCursor(trx, options.cursor);
        return distributed;
      })) outcomes.set(id, outcome);
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      if (changed.length > 1) return oneAtATime(db, userId, bookings, setup, options);
      const [b] = changed as [BsBooking];
      await syncTransaction(db, async (trx) => {
        await trx.updateTable('booking').set({ revision: b.revision, error: true, warn: false, message: e.message.slice(0, 500) }).where('id', '=', b.id).execute();
        await writeCursor(trx, options.cursor);
      });
      outcomes.set(b.id, { status: 'error', message: e.message, warn: false });
    }
  } else {
    await writeCursor(db, options.cursor);
  }
  return bookings.map((b) => outcomes.get(b.id) ?? { status: 'unchanged', message: null, warn: false });
}

async function oneAtATime(db: Db, userId: string, bookings: BsBooking[], setup: LedgerSetup, options: ApplyOptions): Promise<ApplyOutcome[]> {
  const outcomes: ApplyOutcome[] = [];
  for (const b of bookings) outcomes.push(await applyBooking(db, userId, b, setup, { ...options, cursor: undefined }));
  await writeCursor(db, options.cursor);
  return outcomes;
}

/** Step 1 of applyBookings: the booking rows and a RECEIPT, held in UNALLOC, for each new guest payment. */
async function receiptBookings(trx: Db, userId: string, bookings: BsBooking[], setup: LedgerSetup) {
  await trx.insertInto('booking').values(bookings.map((b) => ({
    id: b.id, revision: 0, receipts: 0, ref: b.ref, modified_at: b.modifiedAt, check_in: b.checkIn, check_out: b.checkOut, status: b.status, guest_name: b.guest.name,
    guests: b.guests, owner_stay: b.ownerStay, doors: jsonb(b.doors), room_charges: b.doors.reduce((s, d) => s + roomChargeOf(d), 0),
    other_charges: b.doors.reduce((s, d) => s + otherChargesOf(d), 0), synced_at: new Date(),
  }))).onConflict((oc) => oc.column('id').doUpdateSet(Object.fromEntries(SYNCED_COLUMNS.map((c) => [c, sql.ref(`excluded.${c}`)])))).execute();
  const known = new Set((await trx.selectFrom('booking_payment').select(['booking_id', 'payment_id']).where('booking_id', 'in', bookings.map((b) => b.id)).execute())
    .map((r) => `${r.booking_id}\u0000${r.payment_id}`));
  const fresh = bookings.flatMap((b) => b.payments.filter((p) => p.amount > 0 && !known.has(`${b.id}\u0000${p.id}`)).map((p) => ({ b, p })));
  if (!fresh.length) return;
  const period = await openPeriod(trx);
  const posted = await postTxns(trx, userId, fresh.map(({ b, p }): TxnDraft => ({
    kind: 'RECEIPT', date: intoPeriod(p.date, period), memo: `Booking ${b.ref} ${b.guest.name}`, source: 'BKG', sourceRef: b.id,
    postings: [{ entity: setup.heldEntity, door: null, accountId: setup.heldAccount, amount: p.amount, description: `Booking ${b.ref} payment ${p.reference}` }],
    cashbook: [{ date: intoPeriod(p.date, period), method: p.method, cardType: p.cardType, amount: p.amount, payer: b.guest.name, tranRef: p.reference, sourceRef: b.id }],
  })));
  await trx.insertInto('booking_payment').values(fresh.map(({ b, p }, i) => ({ booking_id: b.id, payment_id: p.id, txn_id: posted[i]!.id, amount: p.amount }))).execute();
  await trx.insertInto('cashbook_detail').values(posted.map((t, i) => ({ txn_id: String(t.id), payer_type: 'OTHER', payer_entity: null, door: fresh[i]!.b.doors[0]!.door, surcharge: 0, surcharge_rate: 0 }))).execute();
  await trx.insertInto('receipt_item').values(posted.map((t, i) => ({
    txn_id: String(t.id), line: 1, selector: 'ACCOUNT', ref: setup.heldAccount, entity: setup.heldEntity, door: null,
    description: `Booking ${fresh[i]!.b.ref} payment ${fresh[i]!.p.reference}`, amount: fresh[i]!.p.amount, charge_id: null,
  }))).execute();
}

/** What a booking holds in our books when its distribution is worked out. */
interface HeldBooking {
  earlyDisburse: boolean;
  manualAllocation: boolean;
  paid: { paymentId: string; amount: number }[];
  posted: CurrentLine[];
}

/** A booking's distribution worked out in memory: the txns step 2 posts and what it records. */
interface DistributionPlan {
  allocation: { draft: TxnDraft; lines: AllocationLine[]; early: boolean; reversing: boolean } | null;
  refunds: { payment: BsPayment; draft: TxnDraft }[];
  receipts: number;
  manualAllocation: boolean;
  error: boolean;
  messages: string[];
}

/** Works out one booking's distribution difference and refunds (spec 2 §2, §4); an ApiError is a refusal. */
function planDistribution(b: BsBooking, held: HeldBooking, setup: LedgerSetup, period: OpenPeriod, today: string): DistributionPlan {
  const room = b.doors.reduce((s, d) => s + roomChargeOf(d), 0);
  const other = b.doors.reduce((s, d) => s + otherChargesOf(d), 0);
  const receiptsIn = held.paid.filter((p) => p.amount > 0).reduce((s, p) => s + p.amount, 0);
  const refundsOwed = b.payments.filter((p) => p.amount < 0 && !held.paid.some((x) => x.paymentId === p.id));
  const refundedBefore = held.paid.filter((p) => p.amount < 0).reduce((s, p) => s + p.amount, 0);
  const receipts = receiptsIn + refundedBefore + refundsOwed.reduce((s, p) => s + p.amount, 0);
  const decision = distributionDecision({ status: b.status, checkOut: b.checkOut, earlyDisburse: held.earlyDisburse, receipts, charges: room + other }, period);
  const messages: string[] = [];
  let target: AllocationLine[] | null = decision === 'none' ? [] : null;
  // A manual allocation stands until it is undone (spec 2 §4); changed charges only flag it.
  if (decision === 'allocate' && held.manualAllocation) {
    if (heldOut(held.posted) !== room + other) messages.push('Manual allocation kept although the charges changed: undo it to allocate the booking again');
  } else if (decision === 'allocate') {
    const allocation = allocateBooking(b, setup);
    if (allocation.problems.length) throw new ApiError(409, allocation.problems.join('; '));
    messages.push(...allocation.warnings);
    target = allocation.lines;
  } else if (decision === 'keep') {
    messages.push(`Not balanced: receipts ${receipts} cents, charges ${room + other} cents`);
  }
  const difference = target ? allocationDifference(held.posted, target) : [];
  const heldNow = receiptsIn + refundedBefore - heldOut(held.posted) - heldOut(difference);
  if (heldNow < 0) throw new ApiError(409, `Booking ${b.ref} would allocate more than the ${receiptsIn + refundedBefore} cents received for it`);
  const refund = -refundsOwed.reduce((s, p) => s + p.amount, 0);
  if (refund > heldNow) throw new ApiError(409, `Booking ${b.ref} refunds ${refund} cents but only ${heldNow} cents are held for it`);
  const date = intoPeriod(b.status === 'C' || b.status === 'Z' ? (b.checkOut < today ? b.checkOut : today) : today, period);
  return {
    allocation: difference.length ? {
      draft: {
        kind: 'BOOKING', date, memo: `Booking ${b.ref} distribution (revision ${b.revision})`, source: 'BKG', sourceRef: b.id,
        postings: allocationPostings(difference, { entity: setup.heldEntity, accountId: setup.heldAccount }, b.ref, (door) => setup.doors.get(door)?.owner), cashbook: [],
      },
      lines: difference,
      early: decision === 'allocate' && b.status !== 'C' && b.status !== 'Z',
      reversing: target !== null && target.length === 0,
    } : null,
    refunds: refundsOwed.map((p) => ({
      payment: p,
      draft: {
        kind: 'PAYMENT', date: intoPeriod(p.date, period), memo: `Booking ${b.ref} refund to ${b.guest.name}`, source: 'BKG', sourceRef: b.id,
        postings: [{ entity: setup.heldEntity, door: null, accountId: setup.heldAccount, amount: p.amount, description: `Booking ${b.ref} refund ${p.reference}` }],
        cashbook: [{ date: intoPeriod(p.date, period), method: p.method === 'CHQ' ? 'CHQ' : 'EFT', amount: p.amount, payee: b.guest.name, tranRef: p.reference, sourceRef: b.id }],
      },
    })),
    receipts,
    manualAllocation: held.manualAllocation && decision !== 'none',
    error: decision === 'keep' && b.checkOut <= period.last,
    messages,
  };
}

/** Step 2 of applyBookings, in the caller's transaction: every booking's plan posted as one batch. */
async function distributeBookings(trx: Db, userId: string, bookings: BsBooking[], setup: LedgerSetup, today: string): Promise<Map<string, ApplyOutcome>> {
  const ids = bookings.map((b) => b.id);
  const flags = new Map((await trx.selectFrom('booking').select(['id', 'early_disburse', 'manual_allocation']).where('id', 'in', ids).orderBy('id').forUpdate().execute()).map((r) => [r.id, r]));
  const period = await openPeriod(trx);
  const paid = new Map<string, HeldBooking['paid']>();
  for (const p of await trx.selectFrom('booking_payment').select(['booking_id', 'payment_id', 'amount']).where('booking_id', 'in', ids).execute()) {
    if (!paid.has(p.booking_id)) paid.set(p.booking_id, []);
    paid.get(p.booking_id)!.push({ paymentId: p.payment_id, amount: Number(p.amount) });
  }
  const posted = await postedLinesOf(trx, ids);
  const plans = bookings.map((b) => {
    try {
      return planDistribution(b, {
        earlyDisburse: flags.get(b.id)!.early_disburse, manualAllocation: flags.get(b.id)!.manual_allocation,
        paid: paid.get(b.id) ?? [], posted: posted.get(b.id) ?? [],
      }, setup, period, today);
    } catch (e) {
      if (e instanceof ApiError) return e;
      throw e;
    }
  });
  const txns = await postTxns(trx, userId, plans.flatMap((p) => (p instanceof ApiError ? [] : [...(p.allocation ? [p.allocation.draft] : []), ...p.refunds.map((r) => r.draft)])));
  let next = 0;
  const allocations: Insertable<CompanyTables['booking_allocation']>[] = [];
  const refunds: { b: BsBooking; payment: BsPayment; txnId: number }[] = [];
  const reversed: string[] = [];
  const outcomes = new Map<string, ApplyOutcome>();
  const updates = bookings.map((b, i) => {
    const plan = plans[i]!;
    if (plan instanceof ApiError) {
      outcomes.set(b.id, { status: 'error', message: plan.message, warn: false });
      return sql`(${b.id}::text, ${b.revision}::int, ${null}::bigint, ${null}::boolean, ${true}::boolean, ${false}::boolean, ${plan.message.slice(0, 500)}::text)`;
    }
    if (plan.allocation) {
      const txnId = String(txns[next++]!.id);
      const { lines, early, reversing } = plan.allocation;
      allocations.push(...lines.map((l) => ({
        booking_id: b.id, txn_id: txnId, revision: b.revision, door: l.door, ord: l.ord, type: l.type, sub_type: l.subType, account_id: l.accountId,
        entity: l.entity, owner: l.owner, description: l.description, statement_amount: l.amount, statement_percent_of_room_charge: l.percent, amount: l.amount,
        room_charge: l.roomCharge, commission_addback: l.commissionAddback, early, is_reversed: reversing,
      })));
      if (reversing) reversed.push(b.id);
    }
    for (const r of plan.refunds) refunds.push({ b, payment: r.payment, txnId: txns[next++]!.id });
    const message = plan.messages.length ? plan.messages.join('; ') : null;
    outcomes.set(b.id, { status: 'applied', message, warn: plan.messages.length > 0 });
    return sql`(${b.id}::text, ${b.revision}::int, ${plan.receipts}::bigint, ${plan.manualAllocation}::boolean, ${plan.error}::boolean, ${plan.messages.length > 0}::boolean, ${message}::text)`;
  });
  if (reversed.length) await trx.updateTable('booking_allocation').set({ is_reversed: true }).where('booking_id', 'in', reversed).execute();
  if (allocations.length) await trx.insertInto('booking_allocation').values(allocations).execute();
  if (refunds.length) {
    await trx.insertInto('booking_payment').values(refunds.map((r) => ({ booking_id: r.b.id, payment_id: r.payment.id, txn_id: r.txnId, amount: r.payment.amount }))).execute();
    await trx.insertInto('cashbook_detail').values(refunds.map((r) => ({ txn_id: String(r.txnId), payer_type: 'OTHER', payer_entity: setup.heldEntity, door: null, surcharge: 0, surcharge_rate: 0 }))).execute();
  }
  // A refusal keeps the booking's receipts and manual flag as they were (null: unchanged).
  await trx.updateTable('booking as b')
    .from(sql`(values ${sql.join(updates)})`.as<'v'>(sql`v(id, revision, receipts, manual_allocation, error, warn, message)`))
    .set({
      revision: sql`v.revision`, receipts: sql`coalesce(v.receipts, b.receipts)`, manual_allocation: sql`coalesce(v.manual_allocation, b.manual_allocation)`,
      error: sql`v.error`, warn: sql`v.warn`, message: sql`v.message`,
    })
    .whereRef('b.id', '=', sql.ref('v.id'))
    .execute();
  return outcomes;
}

export interface SyncReport {
  bookings: number;
  applied: number;
  errors: number;
  message: string;
}

/**
 * Reads the changed-bookings feed from the committed cursor to its end, applying each page of
 * bookings with the cursor after it, so a run stopped anywhere (failure, kill -9) resumes where its last
 * commit left it and a second run with nothing changed writes nothing.
 */
export async function syncBookings(db: Db, userId: string, client: BookingSystemClient, today: string, report: (percent: number, message: string) => Promise<void> = async () => {}, pageSize = PAGE_SIZE): Promise<SyncReport> {
  const setup = await loadSetup(db);
  let cursor = await readCursor(db);
  const result = { bookings: 0, applied: 0, errors: 0 };
  for (;;) {
    const page = await client.bookingsAfter(cursor, pageSize);
    const last = page.data[page.data.length - 1];
    for (const outcome of await applyBookings(db, userId, page.data, setup, { today, cursor: last ? encodeAfter(last) : undefined })) {
      result.bookings++;
      if (outcome.status === 'applied') result.applied++;
      if (outcome.status === 'error') result.errors++;
    }
    cursor = page.nextCursor ?? (last ? encodeAfter(last) : cursor);
    const done = result.bookings;
    await report(done + page.remaining ? (100 * done) / (done + page.remaining) : 99, `Synced ${done} bookings, ${page.remaining} to go`);
    if (!page.nextCursor) break;
  }
  const message = `${result.bookings} bookings read, ${result.applied} updated${result.errors ? `, ${result.errors} with errors (see the Issues toggle on Bookings)` : ''}`;
  return { ...result, message };
}

const encodeAfter = (b: BsBooking) => encodeCursor({ modifiedAt: b.modifiedAt, id: b.id });

/** Unit types and units from the booking system: created or renamed here, linked by gpid (spec 3 §2 GP Sync). */
export async function syncUnits(db: Db, client: BookingSystemClient): Promise<{ unitTypes: number; units: number; message: string }> {
  const [types, units] = [await client.unitTypes(), await client.units()];
  return db.transaction().execute(async (trx) => {
    for (const t of types) {
      await trx.insertInto('unit_type').values({ id: t.id, name: t.name, default_unit_class: null, annual_budget: 0, gpid: t.id })
        .onConflict((oc) => oc.column('id').doUpdateSet({ name: t.name, gpid: t.id })).execute();
    }
    const classes = new Map((await trx.selectFrom('unit_type').select(['id', 'default_unit_class']).execute()).map((t) => [t.id, t.default_unit_class]));
    for (const u of units) {
      await trx.insertInto('unit').values({ door: u.door, name: u.name, unittype: u.unitType, class: classes.get(u.unitType) ?? null, entity: null, gpid: u.door })
        .onConflict((oc) => oc.column('door').doUpdateSet({ name: u.name, unittype: u.unitType, gpid: u.door })).execute();
    }
    return { unitTypes: types.length, units: units.length, message: `${units.length} units and ${types.length} unit types synced from the booking system` };
  });
}

/** The booking system's charge codes into the chart of accounts (trantype and gpid; new ones as OTHER, GST-free). */
export async function syncAccounts(db: Db, client: BookingSystemClient): Promise<{ accounts: number; message: string }> {
  const accounts = await client.accounts();
  await db.transaction().execute(async (trx) => {
    for (const a of accounts) {
      await trx.insertInto('account').values({ id: a.id, description: a.description, type: 'OTHER', gstcode: 'FRE', entity: null, trantype: a.trantype, gpid: a.id })
        .onConflict((oc) => oc.column('id').doUpdateSet({ trantype: a.trantype, gpid: a.id })).execute();
    }
  });
  return { accounts: accounts.length, message: `${accounts.length} accounts synced from the booking system` };
}
