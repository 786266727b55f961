import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { POOL_BASES, type PoolMemberShare, memberProblems, poolBalance, poolDisburse, releaseShares, splitProRata } from './shares.js';

const memberArb: fc.Arbitrary<PoolMemberShare> = fc.record({
  entity: fc.constant('M'),
  units: fc.integer({ min: 0, max: 40 }),
  nights: fc.integer({ min: 0, max: 366 }),
  percentBp: fc.integer({ min: 0, max: 10_000 }),
});

describe('pool release shares (property)', () => {
  it('members\' shares sum to the release to the cent, each within a cent of its exact share', () => {
    fc.assert(fc.property(
      fc.integer({ min: 0, max: 99_999_999_999 }),
      fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 30 }).filter((w) => w.some((x) => x > 0)),
      (total, weights) => {
        const parts = splitProRata(total, weights);
        const sum = weights.reduce((a, b) => a + b, 0);
        expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
        parts.forEach((p, i) => {
          expect(Number.isSafeInteger(p)).toBe(true);
          const exact = (total * weights[i]!) / sum;
          expect(Math.abs(p - exact)).toBeLessThan(1 + 1e-6 * Math.max(1, exact));
          if (weights[i] === 0) expect(p).toBe(0);
        });
      },
    ), { numRuns: 500 });
  });

  it('under every basis the members receive exactly the pool\'s release', () => {
    fc.assert(fc.property(
      fc.constantFrom(...POOL_BASES),
      fc.integer({ min: 0, max: 10_000_000_00 }),
      fc.array(memberArb, { minLength: 1, maxLength: 12 }),
      (basis, total, raw) => {
        const members = raw.map((m, i) => ({ ...m, entity: `OWN${i}` }));
        const weightOf = (m: PoolMemberShare) => (basis === 'UNITS' ? m.units : basis === 'NIGHTS' ? m.nights : m.percentBp);
        fc.pre(total === 0 || members.some((m) => weightOf(m) > 0));
        const shares = releaseShares(basis, members, total);
        expect(shares.map((s) => s.entity)).toEqual(members.map((m) => m.entity));
        expect(shares.reduce((a, s) => a + s.amount, 0)).toBe(total);
      },
    ), { numRuns: 500 });
  });
});

describe('pool release rules', () => {
  it('gives the leftover cents to the largest remainders, ties to the earlier member', () => {
    expect(splitProRata(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(splitProRata(10, [1, 2])).toEqual([3, 7]);
    expect(splitProRata(0, [0, 0])).toEqual([0, 0]);
    expect(() => splitProRata(5, [0, 0])).toThrow(/at least one member/);
  });

  it('releases nothing while the pool has charges, else funds less holds', () => {
    expect(poolDisburse({ funds: 10_000, holdAlways: 1_000, holdThisMonth: 500, charges: 1 })).toBe(0);
    expect(poolDisburse({ funds: 10_000, holdAlways: 1_000, holdThisMonth: 500, charges: 0 })).toBe(8_500);
    expect(poolDisburse({ funds: 1_000, holdAlways: 2_000, holdThisMonth: 0, charges: 0 })).toBe(0);
    expect(poolBalance({ funds: 1_000, holdAlways: 200, holdThisMonth: 0, charges: 300 })).toBe(500);
  });

  it('asks percentages to total 100 and members to appear once', () => {
    const m = (entity: string, percentBp: number) => ({ entity, units: 1, nights: 1, percentBp });
    expect(memberProblems('PERCENT', [m('A', 5000), m('B', 5000)])).toEqual([]);
    expect(memberProblems('PERCENT', [m('A', 5000), m('B', 4000)])).toEqual(["Members' percentages total 90.00, not 100.00"]);
    expect(memberProblems('UNITS', [m('A', 0), m('A', 0)])).toEqual(['A is a member twice']);
  });
});
