import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BsBookingDoor } from '../contracts/booking-system.js';
import { type AllocationLine, type AllocationSetup, type BookingFee, allocateBooking, allocationDifference, allocationPostings, heldOut, percentOf } from './allocation.js';

const DOORS = ['101', '102', '201', '305'];

const feeArb: fc.Arbitrary<BookingFee> = fc.record({
  name: fc.constantFrom('ADV LEVY', 'LINEN LEVY', 'AGENT FEE'),
  accountId: fc.constantFrom('ADVERT', 'LINEN', 'AGENTCOM'),
  entity: fc.constantFrom(null, 'BUSINESS', 'AGENTS'),
  method: fc.constantFrom('P' as const, 'V' as const),
  value: fc.integer({ min: 0, max: 5_000 }),
  applyTo: fc.constantFrom(['*'], ['HOLIDAY'], ['PERMANENT']),
  applyBeforeOtherFees: fc.boolean(),
});

const doorArb = (door: string): fc.Arbitrary<BsBookingDoor> => fc.record({
  door: fc.constant(door),
  roomCharges: fc.array(fc.record({ date: fc.constantFrom('2026-11-01', '2026-11-02', '2026-11-03'), description: fc.constant('Night'), amount: fc.integer({ min: 0, max: 200_000 }) }), { maxLength: 6 }),
  otherCharges: fc.array(fc.record({ accountId: fc.constantFrom('CLEAN', 'LINEN'), description: fc.constant('Extra'), amount: fc.integer({ min: 0, max: 20_000 }) }), { maxLength: 2 }),
});

const bookingArb = fc.uniqueArray(fc.constantFrom(...DOORS), { minLength: 1, maxLength: 3 }).chain((doors) =>
  fc.record({ doors: fc.tuple(...doors.map(doorArb)), ownerStay: fc.boolean() }));

const setupArb: fc.Arbitrary<AllocationSetup> = fc.record({
  fees: fc.array(feeArb, { maxLength: 3 }),
  commission: fc.array(fc.integer({ min: 0, max: 10_000 }), { minLength: DOORS.length, maxLength: DOORS.length }),
  gst: fc.constantFrom(0, 10, 15),
  // Door 101 changed owner (from OWNBROWN) on some day around the stays, or never.
  changed: fc.option(fc.constantFrom('2026-11-01', '2026-11-02', '2026-11-03')),
}).map(({ fees, commission, gst, changed }) => ({
  roomAccount: 'ROOMCHG', ownerStayAccount: 'OWNSTAY', commissionAccount: 'COMMISS', business: 'BUSINESS',
  doors: new Map(DOORS.map((d, i) => [d, { owner: i % 2 ? 'OWNJONES' : 'OWNSMITH', unitClass: 'HOLIDAY', commission: commission[i]!, history: d === '101' && changed ? [{ before: changed, owner: 'OWNBROWN', commission: 1500 }] : undefined }])),
  accountEntity: new Map<string, string | null>([['CLEAN', null], ['LINEN', 'COASTLINEN']]),
  fees,
  accountGst: new Map([['COMMISS', gst], ['ADVERT', gst], ['AGENTCOM', 10], ['LINEN', 0]]),
}));

const total = (b: { doors: BsBookingDoor[] }) => b.doors.reduce((s, d) => s + d.roomCharges.reduce((x, r) => x + r.amount, 0) + d.otherCharges.reduce((x, o) => x + o.amount, 0), 0);

/** Balances after posting lines: the held money is the booking's receipts to start with. */
function ledgersAfter(receipts: number, batches: AllocationLine[][]) {
  const balances = new Map<string, number>([['UNALLOC|', receipts]]);
  for (const lines of batches) {
    const postings = allocationPostings(lines, { entity: 'UNALLOC', accountId: 'UNALLOC' }, 'R1');
    expect(postings.reduce((s, p) => s + p.amount, 0)).toBe(0);
    for (const p of postings) balances.set(`${p.entity}|${p.door ?? ''}`, (balances.get(`${p.entity}|${p.door ?? ''}`) ?? 0) + p.amount);
  }
  return balances;
}

describe('booking distribution rules (property)', () => {
  it('money in = money allocated: a balanced booking leaves nothing held, nothing overdrawn, and every door balances', () => {
    fc.assert(fc.property(bookingArb, setupArb, (booking, setup) => {
      const receipts = total(booking);
      const { lines, problems } = allocateBooking(booking, setup);
      expect(problems).toEqual([]);
      expect(heldOut(lines)).toBe(receipts);
      const balances = ledgersAfter(receipts, [lines]);
      expect(balances.get('UNALLOC|')).toBe(0);
      for (const [key, value] of balances) expect(value, key).toBeGreaterThanOrEqual(0);
      expect([...balances.values()].reduce((a, b) => a + b, 0)).toBe(receipts);
      for (const d of booking.doors) {
        const room = d.roomCharges.reduce((s, r) => s + r.amount, 0);
        const owner = lines.filter((l) => l.door === d.door && l.subType === 'OWNER').reduce((s, l) => s + l.amount, 0);
        const deductions = lines.filter((l) => l.door === d.door && (l.subType === 'FEE' || l.subType === 'DED')).reduce((s, l) => s + l.amount, 0);
        expect(owner).toBe(room);
        // Each owner of the door gets the nights of their time and pays fees out of that alone.
        const history = setup.doors.get(d.door)!.history ?? [];
        for (const who of new Set(lines.filter((l) => l.door === d.door).map((l) => l.owner))) {
          const mine = d.roomCharges.filter((r) => (history.find((h) => r.date < h.before)?.owner ?? setup.doors.get(d.door)!.owner) === who).reduce((s, r) => s + r.amount, 0);
          const of = lines.filter((l) => l.door === d.door && l.owner === who);
          expect(of.filter((l) => l.subType === 'OWNER').reduce((s, l) => s + l.amount, 0), who).toBe(mine);
          expect(of.filter((l) => l.subType === 'FEE' || l.subType === 'DED').reduce((s, l) => s + l.amount, 0), who).toBeLessThanOrEqual(mine);
        }
        expect(deductions).toBeLessThanOrEqual(room);
        if (booking.ownerStay) expect(deductions).toBe(0);
      }
    }));
  });

  it('revisions post only differences: the sum of every posted difference equals the latest allocation, and re-posting the same revision posts nothing', () => {
    fc.assert(fc.property(fc.array(bookingArb, { minLength: 1, maxLength: 4 }), setupArb, (revisions, setup) => {
      let posted: AllocationLine[] = [];
      const batches: AllocationLine[][] = [];
      for (const revision of revisions) {
        const target = allocateBooking(revision, setup).lines;
        const diff = allocationDifference(posted, target);
        batches.push(diff);
        posted = [...posted, ...diff];
        expect(allocationDifference(posted, target)).toEqual([]);
      }
      const last = revisions[revisions.length - 1]!;
      const latest = allocateBooking(last, setup).lines;
      const sumBy = (ls: AllocationLine[]) => {
        const m = new Map<string, number>();
        for (const l of ls) m.set(`${l.door}|${l.subType}|${l.accountId}|${l.entity}|${l.type}`, (m.get(`${l.door}|${l.subType}|${l.accountId}|${l.entity}|${l.type}`) ?? 0) + l.amount);
        return new Map([...m].filter(([, v]) => v !== 0));
      };
      expect(sumBy(posted)).toEqual(sumBy(latest));
      // Cancelling (target empty) brings every ledger back to where it started.
      const undo = allocationDifference(posted, []);
      const balances = ledgersAfter(total(last), [...batches, undo]);
      expect(balances.get('UNALLOC|')).toBe(total(last));
      for (const [key, value] of balances) if (key !== 'UNALLOC|') expect(value, key).toBe(0);
    }));
  });

  it('percentages round once, half away from zero', () => {
    expect(percentOf(56_700, 200)).toBe(1_134);
    expect(percentOf(55_566, 1_200)).toBe(6_668);
    expect(percentOf(50, 100)).toBe(1);
    expect(percentOf(-50, 100)).toBe(-1);
    expect(percentOf(49, 100)).toBe(0);
  });
});
