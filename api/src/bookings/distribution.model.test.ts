import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { openPeriod } from '../ledger/ledger.js';
import { balanceDrift, trustPosition, unbalancedTxns } from '../ledger/trust-position.js';
import { TEST_DOORS, linkedTestApi, periodDay, syncNow } from '../testing/booking-system.js';
import { type AllocationLine, allocateBooking, distributionDecision, heldOut, otherChargesOf, roomChargeOf } from './allocation.js';
import { BookingSimulator } from './simulator.js';
import { loadSetup } from './sync.js';

/**
 * The distribution engine end to end against a model, on the database the tests run on (PGlite, or
 * PostgreSQL with DATABASE_URL): random bookings in the simulator (single doors and groups, owner
 * stays, cleaning charges), full and part payments, check-in and check-out, later revisions with
 * more charges, cancellations with refunds and early distribution ticked and unticked, each followed
 * now and then by Sync Now. After every sync:
 * - money is conserved: each booking's receipts = what its allocation moved out of UNALLOC + what is
 *   still held for it (never negative), and UNALLOC's ledger is the sum of what is held;
 * - nothing is distributed twice: each booking's allocation, netted over every revision, is exactly
 *   what the rules give for its latest revision (allocateBooking when it is to be allocated, nothing
 *   when it is not), unless it is left as it was because it does not balance;
 * - a second sync reads nothing new and writes nothing;
 * - the ledger invariants hold (every txn balances against its cash, kept balances equal postings,
 *   cash book = ledgers).
 */
const sim = new BookingSimulator();
const linked = linkedTestApi(sim);

type Op =
  | { kind: 'take'; doors: string[]; day: number; nights: number; rate: number; cleaning: number; ownerStay: boolean; paid: 'none' | 'part' | 'full'; status: '' | 'I' | 'C' }
  | { kind: 'pay'; pick: number; part: boolean }
  | { kind: 'status'; pick: number; status: 'I' | 'C' }
  | { kind: 'change'; pick: number; cents: number }
  | { kind: 'cancel'; pick: number }
  | { kind: 'early'; pick: number; on: boolean }
  | { kind: 'sync' };

const DOORS = TEST_DOORS.map((d) => d.door);
const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('take' as const), doors: fc.uniqueArray(fc.constantFrom(...DOORS), { minLength: 1, maxLength: 2 }), day: fc.integer({ min: 1, max: 20 }), nights: fc.integer({ min: 1, max: 4 }), rate: fc.integer({ min: 5_000, max: 40_000 }), cleaning: fc.constantFrom(0, 9_500), ownerStay: fc.integer({ min: 0, max: 9 }).map((n) => n < 2), paid: fc.constantFrom('none' as const, 'part' as const, 'full' as const, 'full' as const), status: fc.constantFrom('' as const, 'I' as const, 'C' as const, 'C' as const) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('pay' as const), pick: fc.nat(), part: fc.boolean() }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('status' as const), pick: fc.nat(), status: fc.constantFrom('I' as const, 'C' as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('change' as const), pick: fc.nat(), cents: fc.integer({ min: 1, max: 20_000 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('early' as const), pick: fc.nat(), on: fc.boolean() }) },
  { weight: 2, arbitrary: fc.constant({ kind: 'sync' as const }) },
);

const key = (l: Pick<AllocationLine, 'door' | 'type' | 'subType' | 'accountId' | 'entity' | 'owner'>) => [l.door, l.type, l.subType, l.accountId, l.entity, l.owner].join('|');
const netted = (lines: Pick<AllocationLine, 'door' | 'type' | 'subType' | 'accountId' | 'entity' | 'owner' | 'amount'>[]) => {
  const m = new Map<string, number>();
  for (const l of lines) m.set(key(l), (m.get(key(l)) ?? 0) + l.amount);
  return Object.fromEntries([...m].filter(([, v]) => v !== 0).sort(([a], [b]) => a.localeCompare(b)));
};

/** Bookings seen distributed and reversed, so a run that never got that far cannot pass unnoticed. */
const seen = { allocated: 0, reversed: 0 };

const count = async (table: 'txn' | 'posting') =>
  Number((await linked.books.selectFrom(table).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);

async function checkBooks() {
  const books = linked.books;
  expect(await unbalancedTxns(books)).toEqual([]);
  expect(await balanceDrift(books)).toEqual([]);
  const position = await trustPosition(books);
  expect(position.cashbook).toBe(position.ledgers);

  const setup = await loadSetup(books);
  const period = await openPeriod(books);
  const rows = await books.selectFrom('booking').select(['id', 'revision', 'early_disburse', 'manual_allocation']).execute();
  const payments = await books.selectFrom('booking_payment').select(['booking_id', 'amount']).execute();
  const allocations = await books.selectFrom('booking_allocation').selectAll().execute();
  let heldTotal = 0;
  for (const row of rows) {
    const b = sim.get(row.id)!;
    expect(row.revision, b.id).toBe(b.revision);
    const received = payments.filter((p) => p.booking_id === row.id).reduce((s, p) => s + Number(p.amount), 0);
    const lines = allocations.filter((a) => a.booking_id === row.id).map((a) => ({
      door: a.door, type: a.type, subType: a.sub_type as AllocationLine['subType'], accountId: a.account_id, entity: a.entity, owner: a.owner ?? a.entity, amount: Number(a.amount),
    }));
    const held = received - heldOut(lines);
    expect(held, `held for ${b.id}`).toBeGreaterThanOrEqual(0);
    heldTotal += held;
    // Every payment the booking system has for it is in our books, refunds included.
    expect(received, `receipts of ${b.id}`).toBe(b.payments.reduce((s, p) => s + p.amount, 0));
    const charges = b.doors.reduce((s, d) => s + roomChargeOf(d) + otherChargesOf(d), 0);
    const decision = distributionDecision({ status: b.status, checkOut: b.checkOut, earlyDisburse: row.early_disburse, receipts: received, charges }, period);
    if (decision === 'keep' || row.manual_allocation) continue;
    const expected = decision === 'allocate' ? allocateBooking(b, setup).lines : [];
    expect(netted(lines), `allocation of ${b.id} (${decision})`).toEqual(netted(expected));
    if (decision === 'allocate') expect(held, `nothing left held for ${b.id}`).toBe(0);
    if (decision === 'allocate' && expected.length) seen.allocated++;
    if (lines.length && !Object.keys(netted(lines)).length) seen.reversed++;
  }
  const unalloc = await books.selectFrom('ledger_balance').select((eb) => eb.fn.coalesce(eb.fn.sum<string>('balance'), eb.val('0')).as('n')).where('entity', '=', setup.heldEntity).executeTakeFirstOrThrow();
  expect(Number(unalloc.n)).toBe(heldTotal);
}

async function syncAndCheck() {
  await syncNow(linked.api);
  await checkBooks();
  const [txns, postings] = [await count('txn'), await count('posting')];
  const again = await syncNow(linked.api);
  expect(again).toMatchObject({ bookings: 0, applied: 0, errors: 0 });
  expect([await count('txn'), await count('posting')]).toEqual([txns, postings]);
}

describe('booking distribution against a model (property, on the test database)', () => {
  it('conserves money, never distributes twice, and a second sync writes nothing', async () => {
    await fc.assert(fc.asyncProperty(fc.array(op, { minLength: 3, maxLength: 12 }), async (ops) => {
      const all = () => sim.all().filter((b) => b.status !== 'Z');
      // Picks favour the bookings taken in this run (the last few), so they get paid, checked out and changed.
      const pick = (n: number) => { const open = all(); return open.length ? open[open.length - 1 - (n % Math.min(open.length, 4))]! : null; };
      for (const o of ops) {
        if (o.kind === 'take') {
          const b = sim.take({ doors: o.doors, checkIn: await periodDay(linked.books, o.day), nights: o.nights, rate: o.rate, cleaning: o.cleaning, ownerStay: o.ownerStay });
          const owing = b.doors.reduce((s, d) => s + roomChargeOf(d) + otherChargesOf(d), 0);
          if (o.paid !== 'none' && owing > 0) sim.pay(b.id, o.paid === 'part' ? Math.max(1, Math.floor(owing / 2)) : owing);
          if (o.status) sim.setStatus(b.id, o.status);
        } else if (o.kind === 'sync') {
          await syncAndCheck();
        } else {
          const b = pick(o.pick);
          if (!b) continue;
          if (o.kind === 'pay') {
            const owing = b.doors.reduce((s, d) => s + roomChargeOf(d) + otherChargesOf(d), 0) - b.payments.reduce((s, p) => s + p.amount, 0);
            if (owing > 0) sim.pay(b.id, o.part ? Math.max(1, Math.floor(owing / 2)) : owing);
          } else if (o.kind === 'status') {
            sim.setStatus(b.id, o.status);
          } else if (o.kind === 'change') {
            sim.change(b.id, (x) => { x.doors[0]!.roomCharges.push({ date: x.checkOut, description: 'Late checkout', amount: o.cents }); });
          } else if (o.kind === 'cancel') {
            sim.cancel(b.id, await periodDay(linked.books, 21));
          } else if (o.kind === 'early') {
            await syncNow(linked.api);
            const res = await linked.api.call('POST', `/api/booking/sync/${b.id}?earlydisburse=${o.on}`, { body: {} });
            expect(res.status, JSON.stringify(res.body)).toBe(200);
            await checkBooks();
          }
        }
      }
      await syncAndCheck();
    }), {
      numRuns: Number(process.env.BOOKING_MODEL_RUNS ?? 6),
      // Random runs may never get a booking paid and checked out; this one always does, then changes and cancels it.
      examples: [[[
        { kind: 'take', doors: [DOORS[0]!], day: 3, nights: 2, rate: 20_000, cleaning: 9_500, ownerStay: false, paid: 'full', status: 'C' },
        { kind: 'sync' },
        { kind: 'change', pick: 0, cents: 5_000 },
        { kind: 'pay', pick: 0, part: false },
        { kind: 'sync' },
        { kind: 'cancel', pick: 0 },
      ]]],
    });
    expect(seen.allocated).toBeGreaterThan(0);
    if (process.env.BOOKING_MODEL_RUNS) console.log('booking model:', seen);
  }, 300_000);
});
