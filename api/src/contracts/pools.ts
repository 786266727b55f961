import { z } from 'zod';
import { codeRef, nonNegativeMoney, percent } from './common.js';

/** Spec 3 §3 and issue 14: what a member's share is measured in; UNITS is the default. */
export const POOL_BASES = ['UNITS', 'NIGHTS', 'PERCENT'] as const;
export const POOL_BASIS_LABELS: Record<(typeof POOL_BASES)[number], string> = {
  UNITS: 'Units in the pool',
  NIGHTS: 'Nights in the pool',
  PERCENT: 'Set percent',
};

/** PUT /api/pool/{code}: the pool's basis and members (owners); percent only counts under PERCENT. */
export const poolMembersContract = z.object({
  basis: z.enum(POOL_BASES, { error: 'Basis is UNITS, NIGHTS or PERCENT' }).default('UNITS'),
  members: z.array(z.object({
    entity: codeRef('Member must be Selected'),
    percent: percent(0, 100).default(0),
  })).max(500, 'At most 500 members'),
});
export type PoolMembersInput = z.infer<typeof poolMembersContract>;

/** A member as GET /api/pool/{code} and GET /api/control/poolrelease answer it (dollars, percent). */
export interface PoolMember {
  entity: string;
  name: string;
  units: number;
  nights: number;
  percent: number;
  /** Its part of what the pool would release now. */
  share: number;
}

/** Spec 3 §3 'Pool release row', dollars; members carry their entity. */
export interface PoolReleaseRow {
  id: string;
  code: string;
  type: 'POOL';
  name: string;
  basis: (typeof POOL_BASES)[number];
  funds: number;
  hold_always: number;
  hold_this_month: number;
  charges: number;
  balance: number;
  disburse: number;
  members: PoolMember[];
}

/**
 * POST /api/control/poolrelease (spec 3 §7): a list, each with the pool (entity, amount) and its
 * member rows. The server recomputes every amount; one that differs from the sent one refuses all.
 */
export const poolReleaseContract = z.array(z.object({
  pool: z.object({ entity: codeRef('Pool must be Selected'), amount: nonNegativeMoney }),
  members: z.array(z.object({ entity: codeRef('Member must be Selected') }).passthrough()).max(500).default([]),
})).min(1, 'Choose at least one pool to release').max(500);
export type PoolReleaseRequest = z.infer<typeof poolReleaseContract>;
