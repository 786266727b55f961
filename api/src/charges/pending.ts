import { type Kysely, sql } from 'kysely';
import type { CompanyTables } from '../db/schema.js';

type Db = Kysely<CompanyTables>;

export interface PendingFilter {
  /** Payer entity code; omit for every payer. */
  payer?: string;
  /** Payer door; omit for every door, null for charges without a door. */
  door?: string | null;
  /**
   * The charges pending at the end of this day (ISO date) instead of now: dated on or before it
   * and not released by then (still pending, or released by a transaction dated after it), so a
   * month's statement printed again shows what it showed at the month's end. A cancelled charge
   * keeps no date of its cancellation and is left out.
   */
  asAt?: string;
}

export interface PendingTotal {
  /** The payer entity code. */
  entity: string;
  /** The payer's door on the charge (null when the charge has none). */
  door: string | null;
  /** Sum of the items of the payer's PENDING charges, in integer cents. */
  total: number;
  /** Number of PENDING charges. */
  count: number;
}

/**
 * Pending (unreleased, not cancelled) charges per payer and door, in cents (now, or as at a day). Charges move no
 * money until released, so these are what disbursement keeps back and balances show as
 * 'pending charges'. One row per (payer, door), sorted by entity then door (nulls first).
 * Works inside or outside a transaction (pass the trx to see its uncommitted changes).
 */
export async function pendingCharges(db: Db, filter: PendingFilter = {}): Promise<PendingTotal[]> {
  let q = db
    .selectFrom('charge')
    .innerJoin('charge_item', 'charge_item.charge_id', 'charge.id')
    .select((eb) => [
      'charge.entity as entity',
      'charge.door as door',
      eb.fn.sum<string>('charge_item.amount').as('total'),
      sql<string>`count(distinct ${eb.ref('charge.id')})`.as('count'),
    ])
    .groupBy(['charge.entity', 'charge.door'])
    .orderBy('charge.entity')
    .orderBy(sql`coalesce(charge.door, '')`);
  const asAt = filter.asAt;
  if (asAt === undefined) q = q.where('charge.status', '=', 'PENDING');
  else {
    q = q.where('charge.date', '<=', asAt).where((eb) => eb.or([
      eb('charge.status', '=', 'PENDING'),
      eb.and([eb('charge.status', '=', 'RELEASED'), eb.exists(eb.selectFrom('txn').select('txn.id').whereRef('txn.id', '=', 'charge.released_txn').where('txn.date', '>', asAt))]),
    ]));
  }
  if (filter.payer !== undefined) q = q.where('charge.entity', '=', filter.payer);
  if (filter.door !== undefined) q = filter.door === null ? q.where('charge.door', 'is', null) : q.where('charge.door', '=', filter.door);
  const rows = await q.execute();
  return rows.map((r) => ({ entity: r.entity, door: r.door, total: Number(r.total), count: Number(r.count) }));
}
