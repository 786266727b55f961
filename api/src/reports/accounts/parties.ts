import { sql } from 'kysely';
import type { Db, ResolvedSelection } from '../definition.js';
import { entitiesSelected } from '../selection.js';

/** The order parties are listed in, as the trial balance lists them. */
export const TYPE_ORDER = ['BUSINESS', 'OWNER', 'SUPPLIER', 'TENANT', 'POOL', 'UNALLOC'];
const typeRank = (type: string) => (TYPE_ORDER.includes(type) ? TYPE_ORDER.indexOf(type) : TYPE_ORDER.length);

export interface Party {
  code: string;
  name: string;
  type: string;
  category: string | null;
}

export const byTypeThenCode = (a: Pick<Party, 'type' | 'code'>, b: Pick<Party, 'type' | 'code'>) =>
  typeRank(a.type) - typeRank(b.type) || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0);

/** The selection's parties (type, code range, category), in trial balance order. */
export async function selectedParties(db: Db, s: ResolvedSelection): Promise<Party[]> {
  const rows = await db.selectFrom('entity').select(['code', 'name', 'type', 'category']).where(entitiesSelected(s)).execute();
  return rows.sort(byTypeThenCode);
}

/**
 * Each selected party's balance from the postings of txns dated before `date` (the opening
 * balance of a report starting that day), in cents; parties without postings are absent.
 */
export async function balancesBefore(db: Db, s: ResolvedSelection, date: string): Promise<Map<string, number>> {
  const rows = await db.selectFrom('posting as p').innerJoin('txn as t', 't.id', 'p.txn_id').innerJoin('entity as e', 'e.code', 'p.entity')
    .select(['p.entity', sql<string>`sum(p.amount)`.as('total')])
    .where('t.date', '<', date).where(entitiesSelected(s, (n) => `e.${n}`))
    .groupBy('p.entity').execute();
  return new Map(rows.map((r) => [r.entity, Number(r.total)]));
}
