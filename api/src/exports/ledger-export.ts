import { type Kysely, sql } from 'kysely';
import { CASHLINES_CSV_HEADER, POSTINGS_CSV_HEADER, type TrialBalance, TRIAL_BALANCE_CSV_HEADER } from '../contracts/balances.js';
import type { CompanyTables } from '../db/schema.js';
import { toDollars } from '../money/cents.js';
import { centsText, csvLine, csvStream } from '../documents/csv.js';

type Db = Kysely<CompanyTables>;

const TYPE_ORDER = ['BUSINESS', 'OWNER', 'SUPPLIER', 'TENANT', 'POOL', 'UNALLOC'];

interface TrialRow {
  type: string;
  code: string;
  door: string;
  account: string;
  cents: number;
}

/**
 * The trial balance as at a date: the balance of every ledger (party, owner's door, account) from
 * the postings of txns dated on or before it, rows of zero left out, and the cash book total of
 * cash lines dated on or before it. Aggregated in SQL: postings are summed per key first and
 * joined to the (small) entity table afterwards.
 */
export async function trialBalanceRows(db: Db, date: string): Promise<{ rows: TrialRow[]; ledgers: number; cashbook: number }> {
  const any = db as unknown as Kysely<any>;
  // Sum the smaller side: when most txns are dated on or before the date (the usual case, a
  // trial balance at a recent date), every posting summed without the join, less the postings of
  // the few txns dated after it (found on the txn_date index); otherwise the postings of txns
  // dated on or before it. Grouped per (party, door, account) before the entity join.
  const counts = (await any
    .selectFrom('txn')
    .select([sql`count(*) filter (where date <= ${date})`.as('before'), sql`count(*) filter (where date > ${date})`.as('after')])
    .executeTakeFirstOrThrow()) as { before: string; after: string };
  const subtract = Number(counts.after) < Number(counts.before);
  const grouped = (q: any) =>
    q.select(['p.entity', sql`coalesce(p.door, '')`.as('door'), 'p.account_id', sql`sum(p.amount)`.as('total')]).groupBy(['p.entity', sql`coalesce(p.door, '')`, 'p.account_id']);
  const sums = await db.transaction().execute(async (trx) => {
    // A few hundred groups at most per party and door: let the planner hash them in memory
    // instead of sorting a million rows to disk (its group estimate is far too high).
    await sql`set local work_mem = '64MB'`.execute(trx);
    const t = trx as unknown as Kysely<any>;
    if (!subtract) {
      return [(await grouped(t.selectFrom('posting as p').innerJoin('txn as t', 't.id', 'p.txn_id').where('t.date', '<=', date)).execute()) as SumRow[], [] as SumRow[]];
    }
    const all = (await grouped(t.selectFrom('posting as p')).execute()) as SumRow[];
    const after = counts.after === '0' ? [] : ((await grouped(t.selectFrom('posting as p').innerJoin('txn as t', 't.id', 'p.txn_id').where('t.date', '>', date)).execute()) as SumRow[]);
    return [all, after];
  });
  const totals = new Map<string, { entity: string; door: string; account: string; cents: number }>();
  sums.forEach((rows, i) => {
    for (const r of rows) {
      const key = `${r.entity}\u0000${r.door}\u0000${r.account_id}`;
      const row = totals.get(key) ?? totals.set(key, { entity: r.entity, door: r.door, account: r.account_id, cents: 0 }).get(key)!;
      row.cents += i === 0 ? Number(r.total) : -Number(r.total);
    }
  });
  const types = new Map((await db.selectFrom('entity').select(['code', 'type']).execute()).map((e) => [e.code, e.type]));
  const cash = await db.selectFrom('cashbook').select((eb) => eb.fn.coalesce(eb.fn.sum<string>('amount'), sql<string>`0`).as('total')).where('date', '<=', date).executeTakeFirstOrThrow();
  const out = [...totals.values()]
    .filter((r) => r.cents !== 0)
    .map((r) => ({ type: types.get(r.entity) ?? '', code: r.entity, door: r.door, account: r.account, cents: r.cents }))
    .sort((a, b) => TYPE_ORDER.indexOf(a.type) - TYPE_ORDER.indexOf(b.type) || cmp(a.code, b.code) || cmp(a.door, b.door) || cmp(a.account, b.account));
  return { rows: out, ledgers: out.reduce((s, r) => s + r.cents, 0), cashbook: Number(cash.total) };
}

type SumRow = { entity: string; door: string; account_id: string; total: string };

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export async function trialBalance(db: Db, date: string): Promise<TrialBalance> {
  const tb = await trialBalanceRows(db, date);
  return {
    date,
    rows: tb.rows.map((r) => ({ type: r.type, code: r.code, door: r.door, account: r.account, balance: toDollars(r.cents) })),
    ledgers: toDollars(tb.ledgers),
    cashbook: toDollars(tb.cashbook),
  };
}

/** CSV: header, the ledger rows, then `TOTAL,LEDGERS,,,<sum>` and `CASHBOOK,TRUST,,,<cash book>`. */
export async function trialBalanceCsv(db: Db, date: string): Promise<string> {
  const tb = await trialBalanceRows(db, date);
  let text = `${TRIAL_BALANCE_CSV_HEADER}\r\n`;
  for (const r of tb.rows) text += csvLine([r.type, r.code, r.door, r.account, centsText(r.cents)]);
  text += csvLine(['TOTAL', 'LEDGERS', '', '', centsText(tb.ledgers)]);
  text += csvLine(['CASHBOOK', 'TRUST', '', '', centsText(tb.cashbook)]);
  return text;
}

/** Txns per page of the streamed exports. */
export const EXPORT_PAGE = 2000;

/**
 * Every posting of txns dated from..to, in txn date and id order, as CSV pages: txns are paged by
 * (date, id) on the txn_date index and their postings read by txn id, so memory holds one page.
 * Txns created after the export started are left out (an id bound), so the file is one
 * consistent cut of immutable history.
 */
export async function postingsCsv(db: Db, from: string, to: string, pageSize = EXPORT_PAGE): Promise<ReadableStream<Uint8Array>> {
  const any = db as unknown as Kysely<any>;
  const maxRow = await db.selectFrom('txn').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst();
  const maxId = String(maxRow?.id ?? 0);
  let after: { date: string; id: string } | null = null;
  let done = false;
  return csvStream(POSTINGS_CSV_HEADER, async () => {
    if (done) return null;
    let q = any.selectFrom('txn').select(['id', 'date', 'ref', 'kind']).where('date', '>=', from).where('date', '<=', to).where('id', '<=', maxId);
    if (after) {
      const a = after;
      q = q.where((eb: any) => eb.or([eb('date', '>', a.date), eb.and([eb('date', '=', a.date), eb('id', '>', a.id)])]));
    }
    const txns = (await q.orderBy('date').orderBy('id').limit(pageSize).execute()) as { id: string; date: string; ref: string; kind: string }[];
    if (txns.length < pageSize) done = true;
    if (!txns.length) return null;
    after = { date: txns.at(-1)!.date, id: txns.at(-1)!.id };
    const postings = (await any.selectFrom('posting').select(['txn_id', 'entity', 'door', 'account_id', 'amount']).where('txn_id', 'in', txns.map((t) => t.id)).orderBy('id').execute()) as {
      txn_id: string; entity: string; door: string | null; account_id: string; amount: string;
    }[];
    const byTxn = new Map<string, typeof postings>();
    for (const p of postings) byTxn.set(p.txn_id, [...(byTxn.get(p.txn_id) ?? []), p]);
    let text = '';
    for (const t of txns) for (const p of byTxn.get(t.id) ?? []) text += csvLine([t.date, t.ref, t.kind, p.entity, p.door ?? '', p.account_id, centsText(p.amount)]);
    return text;
  });
}

/** Every cash line dated from..to (`date,ref,kind,method,amount`), paged by (date, id) on the cashbook_date index. */
export async function cashLinesCsv(db: Db, from: string, to: string, pageSize = EXPORT_PAGE * 2): Promise<ReadableStream<Uint8Array>> {
  const any = db as unknown as Kysely<any>;
  const maxRow = await db.selectFrom('cashbook').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst();
  const maxId = String(maxRow?.id ?? 0);
  let after: { date: string; id: string } | null = null;
  let done = false;
  return csvStream(CASHLINES_CSV_HEADER, async () => {
    if (done) return null;
    let q = any
      .selectFrom('cashbook as c')
      .innerJoin('txn as t', 't.id', 'c.txn_id')
      .select(['c.id', 'c.date', 't.ref', 't.kind', 'c.method', 'c.amount'])
      .where('c.date', '>=', from)
      .where('c.date', '<=', to)
      .where('c.id', '<=', maxId);
    if (after) {
      const a = after;
      q = q.where((eb: any) => eb.or([eb('c.date', '>', a.date), eb.and([eb('c.date', '=', a.date), eb('c.id', '>', a.id)])]));
    }
    const rows = (await q.orderBy('c.date').orderBy('c.id').limit(pageSize).execute()) as { id: string; date: string; ref: string; kind: string; method: string; amount: string }[];
    if (rows.length < pageSize) done = true;
    if (!rows.length) return null;
    after = { date: rows.at(-1)!.date, id: rows.at(-1)!.id };
    return rows.map((r) => csvLine([r.date, r.ref, r.kind, r.method, centsText(r.amount)])).join('');
  });
}
