/**
 * Owner pools (spec 3 §2 'Pools and pool release', issue 14): a POOL party's trust funds belong
 * to its members, and pool release moves them to the members pro rata by their share. These are
 * the release rules as plain functions; posting is in release.ts.
 */

/**
 * What a member's share is measured in, a field of the pool: UNITS (the member's units in the
 * pool, the default, because it needs no upkeep), NIGHTS (the days those units spent in the pool,
 * `unit.days_in_pool`) or PERCENT (a percentage set per member, which must total 100).
 */
export const POOL_BASES = ['UNITS', 'NIGHTS', 'PERCENT'] as const;
export type PoolBasis = (typeof POOL_BASES)[number];
export const DEFAULT_POOL_BASIS: PoolBasis = 'UNITS';

/** One member as the release sees it; percent is in basis points (2500 = 25.00 %). */
export interface PoolMemberShare {
  entity: string;
  units: number;
  nights: number;
  percentBp: number;
}

/** Each member's weight under the pool's basis (whole numbers, so the split stays exact). */
export function shareWeights(basis: PoolBasis, members: PoolMemberShare[]): number[] {
  return members.map((m) => Math.max(0, basis === 'UNITS' ? m.units : basis === 'NIGHTS' ? m.nights : m.percentBp));
}

/**
 * Splits `total` cents pro rata to `weights`, to the cent with no cent lost: each part is the
 * floor of its exact share, and the cents left over go one each to the largest remainders (ties
 * to the earlier member, so the result is repeatable). BigInt keeps large totals × weights exact.
 */
export function splitProRata(total: number, weights: number[]): number[] {
  if (!Number.isSafeInteger(total) || total < 0) throw new Error(`Pool release total must be whole cents ≥ 0, got ${total}`);
  const sum = weights.reduce((a, b) => a + b, 0);
  if (total === 0) return weights.map(() => 0);
  if (sum <= 0) throw new Error('A pool with funds to release needs at least one member with a share above 0');
  const T = BigInt(total);
  const S = BigInt(sum);
  const parts = weights.map((w) => Number((T * BigInt(w)) / S));
  const left = total - parts.reduce((a, b) => a + b, 0);
  const order = weights
    .map((w, i) => ({ i, r: (T * BigInt(w)) % S }))
    .sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  for (let k = 0; k < left; k++) parts[order[k]!.i]! += 1;
  return parts;
}

/** A pool's figures in cents, as the release screen shows them (spec 3 §3 'Pool release row'). */
export interface PoolFigures {
  funds: number;
  holdAlways: number;
  holdThisMonth: number;
  /** Pending (unreleased) charges the pool pays. */
  charges: number;
}

/**
 * What a pool may release now: nothing while it has charges above 0 (spec 3 §4 'Pool release':
 * release its charges first), else its funds less both holds, never below 0.
 */
export function poolDisburse(p: PoolFigures): number {
  if (p.charges > 0) return 0;
  return Math.max(0, p.funds - p.holdAlways - p.holdThisMonth);
}

/** The balance after holds and charges, as the row shows it (may be negative). */
export const poolBalance = (p: PoolFigures) => p.funds - p.holdAlways - p.holdThisMonth - p.charges;

/** The problems with a pool's members under its basis, in the editor's words; empty when fine. */
export function memberProblems(basis: PoolBasis, members: PoolMemberShare[]): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const m of members) {
    if (seen.has(m.entity)) problems.push(`${m.entity} is a member twice`);
    seen.add(m.entity);
  }
  if (basis === 'PERCENT' && members.length) {
    const total = members.reduce((a, m) => a + m.percentBp, 0);
    if (total !== 10_000) problems.push(`Members' percentages total ${(total / 100).toFixed(2)}, not 100.00`);
  }
  return problems;
}

/** Each member's part of `total` cents under the pool's basis, members in their given order. */
export function releaseShares(basis: PoolBasis, members: PoolMemberShare[], total: number): { entity: string; amount: number }[] {
  const parts = splitProRata(total, shareWeights(basis, members));
  return members.map((m, i) => ({ entity: m.entity, amount: parts[i]! }));
}
