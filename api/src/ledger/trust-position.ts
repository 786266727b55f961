import { type Kysely, sql } from 'kysely';
import type { CompanyTables } from '../db/schema.js';

type Db = Kysely<CompanyTables>;

/**
 * The trust position: the cashbook balance and the sum of every ledger, in cents. Every txn
 * balances against the bank, so the two are equal; the audit reports any difference as INBALANCE.
 */
export async function trustPosition(db: Db, asAt?: string): Promise<{ cashbook: number; ledgers: number }> {
  let ledgers = db.selectFrom('posting').innerJoin('txn', 'txn.id', 'posting.txn_id').select((eb) => eb.fn.coalesce(eb.fn.sum<string>('posting.amount'), sql<string>`0`).as('total'));
  let cashbook = db.selectFrom('cashbook').select((eb) => eb.fn.coalesce(eb.fn.sum<string>('amount'), sql<string>`0`).as('total'));
  if (asAt) {
    ledgers = ledgers.where('txn.date', '<=', asAt);
    cashbook = cashbook.where('date', '<=', asAt);
  }
  const [l, c] = await Promise.all([ledgers.executeTakeFirstOrThrow(), cashbook.executeTakeFirstOrThrow()]);
  return { cashbook: Number(c.total), ledgers: Number(l.total) };
}

/** Balance rows that differ from the sum of their postings (should never exist). */
export async function balanceDrift(db: Db): Promise<{ entity: string; door: string; kept: number; posted: number }[]> {
  const posted = await db
    .selectFrom('posting')
    .innerJoin('entity', 'entity.code', 'posting.entity')
    .select((eb) => [
      'posting.entity as entity',
      sql<string>`case when ${eb.ref('entity.type')} = 'OWNER' then coalesce(${eb.ref('posting.door')}, '') else '' end`.as('door'),
      eb.fn.sum<string>('posting.amount').as('total'),
    ])
    .groupBy(['posting.entity', sql`2`])
    .execute();
  const kept = await db.selectFrom('ledger_balance').selectAll().execute();
  const key = (e: string, d: string) => `${e}\u0000${d}`;
  const postedBy = new Map(posted.map((p) => [key(p.entity, p.door), Number(p.total)]));
  const keptBy = new Map(kept.map((k) => [key(k.entity, k.door), Number(k.balance)]));
  const drift: { entity: string; door: string; kept: number; posted: number }[] = [];
  for (const k of new Set([...postedBy.keys(), ...keptBy.keys()])) {
    const p = postedBy.get(k) ?? 0;
    const b = keptBy.get(k) ?? 0;
    if (p !== b) {
      const [entity, door] = k.split('\u0000') as [string, string];
      drift.push({ entity, door, kept: b, posted: p });
    }
  }
  return drift;
}

/** Txns whose ledger lines do not sum to their bank lines (should never exist). */
export async function unbalancedTxns(db: Db): Promise<number[]> {
  const rows = await db
    .selectFrom('txn')
    .select((eb) => [
      'txn.id',
      eb.selectFrom('posting').whereRef('posting.txn_id', '=', 'txn.id').select((e) => e.fn.coalesce(e.fn.sum<string>('amount'), sql<string>`0`).as('s')).as('ledgers'),
      eb.selectFrom('cashbook').whereRef('cashbook.txn_id', '=', 'txn.id').select((e) => e.fn.coalesce(e.fn.sum<string>('amount'), sql<string>`0`).as('s')).as('bank'),
    ])
    .execute();
  return rows.filter((r) => Number(r.ledgers) !== Number(r.bank)).map((r) => Number(r.id));
}
