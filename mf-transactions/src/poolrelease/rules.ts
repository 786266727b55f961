import type { PoolReleaseRow } from 'api/contracts/pools';

/** Spec 3 §9: the unreleased-charges warning appears after 500 ms, once. */
export const UNRELEASED_WARNING_MS = 500;

/** Money as dollars to cents, exactly (the wire carries at most two decimals). */
const cents = (dollars: number) => Math.round(dollars * 100);

/** Spec 3 §4 'Pool release': a pool with charges above 0 is not released (disabled, red). */
export const poolBlocked = (row: Pick<PoolReleaseRow, 'charges'>) => cents(row.charges) > 0;

/** A pool may be ticked when it is not blocked and has something to release. */
export const poolReleasable = (row: Pick<PoolReleaseRow, 'charges' | 'disburse'>) => !poolBlocked(row) && cents(row.disburse) > 0;

/** The total to disburse of the ticked pools, in dollars; Release Funds needs it above 0. */
export function totalToDisburse(rows: PoolReleaseRow[], ticked: Set<string>): number {
  return rows.filter((r) => ticked.has(r.code) && poolReleasable(r)).reduce((a, r) => a + cents(r.disburse), 0) / 100;
}

/** Spec 3 §4 'Report formatting': a pool's holds are shown only when above 0. */
export const holdShown = (amount: number) => cents(amount) > 0;

/** Pools blocked by charges, for the unreleased-charges warning. */
export const blockedPools = (rows: PoolReleaseRow[]) => rows.filter(poolBlocked).map((r) => r.code);

/** The body of POST /api/control/poolrelease for the ticked pools (spec 3 §7). */
export function releaseBody(rows: PoolReleaseRow[], ticked: Set<string>) {
  return rows.filter((r) => ticked.has(r.code) && poolReleasable(r)).map((r) => ({ pool: { entity: r.code, amount: r.disburse }, members: r.members }));
}
