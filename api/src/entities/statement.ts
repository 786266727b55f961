import { type Kysely, sql } from 'kysely';
import type { EntityPendingCharge, EntityPendingCharges, EntityStatement } from '../contracts/entity.js';
import { notFound } from '../http/errors.js';
import { openPeriod } from '../ledger/ledger.js';
import { toDollars } from '../money/cents.js';

type Db = Kysely<any>;

/**
 * A party's ledger over a period (all its doors): the balance before `from`, every posting to
 * it dated from `from` to `to` in the order they were made, each with the running balance, and
 * the closing balance. Sums are in integer cents and become dollars only on the way out.
 */
export async function entityStatement(db: Db, code: string, range: { from?: string; to?: string }): Promise<EntityStatement> {
  const entity = await db.selectFrom('entity').select(['code', 'name', 'type']).where('code', '=', code).executeTakeFirst();
  if (!entity) throw notFound(`Entity ${code} not found`);
  const { from, to } = range.from && range.to ? { from: range.from, to: range.to } : await openPeriod(db).then((p) => ({ from: p.first, to: p.last }));
  const [before, postings] = await Promise.all([
    db.selectFrom('posting as p').innerJoin('txn as t', 't.id', 'p.txn_id')
      .select(sql<string>`coalesce(sum(p.amount), 0)`.as('total'))
      .where('p.entity', '=', code).where('t.date', '<', from)
      .executeTakeFirstOrThrow(),
    db.selectFrom('posting as p').innerJoin('txn as t', 't.id', 'p.txn_id')
      .select(['p.id', 't.date', 't.ref', 't.kind', 't.memo', 'p.description', 'p.door', 'p.account_id', 'p.amount'])
      .where('p.entity', '=', code).where('t.date', '>=', from).where('t.date', '<=', to)
      .orderBy('t.date').orderBy('t.id').orderBy('p.id')
      .execute(),
  ]);
  const opening = Number(before.total);
  let running = opening;
  let received = 0;
  let paid = 0;
  const rows = (postings as Record<string, unknown>[]).map((p) => {
    const amount = Number(p.amount);
    running += amount;
    if (amount > 0) received += amount;
    else paid -= amount;
    return {
      id: Number(p.id),
      date: String(p.date),
      ref: String(p.ref),
      kind: String(p.kind),
      memo: String(p.memo ?? ''),
      description: String(p.description ?? ''),
      door: (p.door as string | null) ?? null,
      account_id: String(p.account_id),
      amount: toDollars(amount),
      balance: toDollars(running),
    };
  });
  return {
    code: entity.code, name: entity.name, type: entity.type, from, to,
    opening: toDollars(opening), closing: toDollars(running), received: toDollars(received), paid: toDollars(paid), rows,
  };
}

const pendingCharge = (r: Record<string, unknown>): EntityPendingCharge => ({
  id: Number(r.id),
  ref: String(r.ref),
  date: String(r.date),
  door: (r.door as string | null) ?? null,
  party: String(r.party),
  party_name: String(r.party_name ?? r.party),
  memo: String(r.memo ?? ''),
  amount: toDollars(Number(r.amount)),
});

/**
 * The party's pending charges: outward, the charges it pays (their whole amount, to the header
 * recipient); inward, the charges whose items it receives (only those items' amount, from the
 * payer, one row per door it receives on). Oldest first. With an account, only the items on
 * that account count, so a charge without one is left out. With a day, the charges pending at
 * its end: dated by then, and still pending or released by a transaction dated after it (as the
 * ledger summaries count pending for a past period).
 */
export async function entityPendingCharges(db: Db, code: string, filter: { account?: string; at?: string } = {}): Promise<EntityPendingCharges> {
  const entity = await db.selectFrom('entity').select('code').where('code', '=', code).executeTakeFirst();
  if (!entity) throw notFound(`Entity ${code} not found`);
  const inwardDoor = sql<string | null>`coalesce(ci.door, case when ci.recipient_entity = c.recipient then c.recipient_door end)`;
  const { account, at } = filter;
  const base = () => db.selectFrom('charge as c').innerJoin('charge_item as ci', 'ci.charge_id', 'c.id').leftJoin('txn as rt', 'rt.id', 'c.released_txn')
    .where((eb) => at === undefined ? eb('c.status', '=', 'PENDING') : eb.and([
      eb('c.date', '<=', at),
      eb.or([eb('c.status', '=', 'PENDING'), eb.and([eb('c.status', '=', 'RELEASED'), eb('rt.date', '>', at)])]),
    ]))
    .$if(account !== undefined, (q) => q.where('ci.account_id', '=', account!))
    .groupBy(['c.id', 'c.ref', 'c.date', 'c.memo']).orderBy('c.date').orderBy('c.id');
  const [outward, inward] = await Promise.all([
    base().leftJoin('entity as r', 'r.code', 'c.recipient').where('c.entity', '=', code)
      .select(['c.id', 'c.ref', 'c.date', 'c.memo', 'c.door', 'c.recipient as party', 'r.name as party_name', sql<string>`sum(ci.amount)`.as('amount')])
      .groupBy(['c.door', 'c.recipient', 'r.name'])
      .execute(),
    // The door of a received item is its own, else the header recipient door (charges.ts recipientDoor).
    base().leftJoin('entity as e', 'e.code', 'c.entity').where('ci.recipient_entity', '=', code)
      .select(['c.id', 'c.ref', 'c.date', 'c.memo', inwardDoor.as('door'), 'c.entity as party', 'e.name as party_name', sql<string>`sum(ci.amount)`.as('amount')])
      .groupBy([inwardDoor, 'c.entity', 'e.name'])
      .execute(),
  ]);
  return { outward: (outward as Record<string, unknown>[]).map(pendingCharge), inward: (inward as Record<string, unknown>[]).map(pendingCharge) };
}
