import { type Kysely, sql } from 'kysely';
import { lookupRows } from '../db/lookups.js';
import type { CompanyTables } from '../db/schema.js';
import { ApiError } from '../http/errors.js';
import {
  type BalanceRow,
  LedgerRuleError,
  type Overdrawn,
  type PostingLine,
  type TxnDraft,
  assertWellFormed,
  balanceChanges,
  balanceDoor,
  balanceKey,
  overdrawnBy,
  pastBalanceLimit,
  periodBounds,
} from './posting-rules.js';
import { MAX_BALANCE_CENTS, centsOf, formatCents } from '../money/cents.js';

type Db = Kysely<CompanyTables>;

export interface PostedTxn {
  id: number;
  kind: string;
  ref: string;
  date: string;
}

export interface PostOptions {
  /** Reversals may leave a ledger negative (money already left); the audit reports it. */
  allowOverdraw?: boolean;
}

/** The open period: the control month and year. Earlier months are closed by month end. */
export async function openPeriod(trx: Db): Promise<OpenPeriod> {
  return periodOf(await trx.selectFrom('control_setting').select(['key', 'value']).where('key', 'in', PERIOD_KEYS).execute());
}

export interface OpenPeriod {
  year: number;
  month: number;
  first: string;
  last: string;
}
export const PERIOD_KEYS = ['current_year', 'current_month'];

/** The open period from the control settings read (PERIOD_KEYS among them). */
export function periodOf(settings: Record<string, unknown>[]): OpenPeriod {
  const value = (k: string) => Number(settings.find((r) => r.key === k)?.value);
  const year = value('current_year');
  const month = value('current_month');
  return { year, month, ...periodBounds(year, month) };
}

/** Allocates the next number of a kind inside the caller's transaction: gapless, because a rollback returns it. */
export async function nextNumber(trx: Db, kind: string): Promise<string> {
  return (await nextNumbers(trx, kind, 1))[0]!;
}

/** The next `count` numbers of a kind in one step, in order; gapless as nextNumber. */
export async function nextNumbers(trx: Db, kind: string, count: number): Promise<string[]> {
  const row = await trx.updateTable('number_sequence').set({ last_value: sql`last_value + ${count}` }).where('kind', '=', kind).returning('last_value').executeTakeFirst();
  if (!row) throw new Error(`No number sequence for ${kind}`);
  const last = Number(row.last_value);
  return Array.from({ length: count }, (_, i) => String(last - count + 1 + i));
}

export function ledgerError(e: LedgerRuleError): ApiError {
  return new ApiError(e.status, e.message, e.detail);
}

/**
 * The one place that writes posted history. In the caller's database transaction it checks each
 * draft balances against the bank, its date is in the open period (not before: closed; not after:
 * not opened yet), its parties, doors and accounts exist;
 * locks the balance rows of every party involved (in key order, so concurrent posts cannot
 * deadlock or both spend the same dollars); refuses any draft that would overdraw, taking the
 * drafts in order; allocates the gapless numbers; and writes txns, postings, cash lines and
 * balances. Anything thrown rolls all of it back: a batch posts whole or not at all.
 */
export async function postTxns(trx: Db, userId: string, drafts: TxnDraft[], options: PostOptions = {}): Promise<PostedTxn[]> {
  if (!drafts.length) return [];
  for (const draft of drafts) {
    try {
      assertWellFormed(draft);
    } catch (e) {
      throw e instanceof LedgerRuleError ? ledgerError(e) : e;
    }
  }
  const allPostings = drafts.flatMap((d) => d.postings);
  const entityCodes = [...new Set(allPostings.map((p) => p.entity))].sort();
  const doors = [...new Set(allPostings.map((p) => p.door).filter((d): d is string => !!d))];
  const accountIds = [...new Set(allPostings.map((p) => p.accountId))];
  // Units first (share locks), then balance rows: the order Change Owner takes them in too.
  const units = await lockDoors(trx, doors);
  const rows = await lookupRows(trx, {
    settings: { table: 'control_setting', column: 'key', keys: PERIOD_KEYS, fields: ['key', 'value'] },
    entities: { table: 'entity', column: 'code', keys: entityCodes, fields: ['code', 'type'] },
    accounts: { table: 'account', column: 'id', keys: accountIds, fields: ['id'] },
  });
  const period = periodOf(rows.settings);
  const entities = rows.entities as { code: string; type: string }[];
  const accounts = rows.accounts as { id: string }[];
  // Only the open month takes postings: earlier months are closed, later ones not opened yet.
  const early = drafts.find((d) => d.date < period.first);
  if (early) throw new ApiError(409, `The period of ${early.date} is closed: postings must be dated on or after ${period.first}`);
  const late = drafts.find((d) => d.date > period.last);
  if (late) throw new ApiError(409, `The period of ${late.date} is not open yet: postings must be dated on or before ${period.last} until month end opens the next month`);
  const typeOf = new Map(entities.map((e) => [e.code, e.type]));
  const unknown = entityCodes.filter((c) => !typeOf.has(c));
  if (unknown.length) throw new ApiError(400, `Unknown part${unknown.length > 1 ? 'ies' : 'y'}: ${unknown.join(', ')}`);
  assertDoorsBelong(allPostings, typeOf, new Map(units.map((u) => [u.door, u.entity])));
  const found = new Set(accounts.map((a) => a.id));
  const missing = accountIds.filter((id) => !found.has(id));
  if (missing.length) throw new ApiError(400, `Unknown account${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}`);

  const changesByDraft = drafts.map((d) => balanceChanges(d.postings, (e) => typeOf.get(e)!));
  const totalChanges = new Map<string, number>();
  for (const changes of changesByDraft) for (const [k, v] of changes) totalChanges.set(k, (totalChanges.get(k) ?? 0) + v);
  let balances = await lockBalances(trx, totalChanges);
  for (const changes of changesByDraft) {
    if (!options.allowOverdraw) {
      const overdrawn = overdrawnBy(balances, changes);
      if (overdrawn.length) throw overdrawError(overdrawn);
    }
    const past = pastBalanceLimit(balances, changes);
    if (past.length) throw balanceLimitError(past);
    balances = applyChanges(balances, changes);
  }

  // Balances first: their rows are already locked, and the number lock taken next serialises
  // every post of a kind until commit, so as little as possible should follow it.
  await updateBalances(trx, totalChanges);
  const refs = await allocateNumbers(trx, drafts.map((d) => d.kind));
  const ids = await writeTxns(trx, userId, drafts, refs);
  return drafts.map((d, i) => ({ id: ids[i]!, kind: d.kind, ref: refs[i]!, date: d.date }));
}

/**
 * Share-locks the units of these doors, in door order, and answers who owns each (issue 8 item 5).
 * A posting on an owner's door checks the owner under this lock, and Change Owner takes the same
 * row FOR UPDATE before it reads the old owner's door balance: so a receipt either lands before the
 * change (and the change moves its money) or waits and sees the new owner, never lands on a door
 * its owner no longer holds. Callers that lock other rows first (charges) take this lock before them.
 */
export async function lockDoors(trx: Db, doors: (string | null | undefined)[]): Promise<{ door: string; entity: string | null }[]> {
  const keys = [...new Set(doors.filter((d): d is string => !!d))].sort();
  if (!keys.length) return [];
  return trx.selectFrom('unit').select(['door', 'entity']).where('door', 'in', keys).orderBy('door').forShare().execute();
}

/** Posts one txn (see postTxns). */
export async function postTxn(trx: Db, userId: string, draft: TxnDraft, options: PostOptions = {}): Promise<PostedTxn> {
  const [posted] = await postTxns(trx, userId, [draft], options);
  return posted!;
}

function applyChanges(rows: BalanceRow[], changes: Map<string, number>): BalanceRow[] {
  return rows.map((r) => {
    const change = changes.get(balanceKey(r.entity, r.door));
    return change ? { ...r, balance: r.balance + change } : r;
  });
}

/** Numbers for each draft, in order, allocated as one block per kind (gapless: a rollback returns them). */
async function allocateNumbers(trx: Db, kinds: string[]): Promise<string[]> {
  const needed = new Map<string, number>();
  for (const k of kinds) needed.set(k, (needed.get(k) ?? 0) + 1);
  const blocks = new Map<string, string[]>();
  for (const [kind, count] of [...needed].sort(([a], [b]) => a.localeCompare(b))) blocks.set(kind, await nextNumbers(trx, kind, count));
  return kinds.map((k) => blocks.get(k)!.shift()!);
}

/** Adds each net change to its (locked) balance row: one statement per 4,000 rows, not one per row. */
async function updateBalances(trx: Db, changes: Map<string, number>) {
  const rows = [...changes].filter(([, change]) => change !== 0).map(([key, change]) => [...key.split('\u0000'), change] as [string, string, number]);
  for (let i = 0; i < rows.length; i += 4000) {
    const values = sql.join(rows.slice(i, i + 4000).map(([entity, door, change]) => sql`(${entity}, ${door}, ${change}::bigint)`));
    await trx
      .updateTable('ledger_balance as b')
      .from(sql`(values ${values})`.as<'v'>(sql`v(entity, door, change)`))
      .set({ balance: sql`b.balance + v.change` })
      .whereRef('b.entity', '=', sql.ref('v.entity'))
      .whereRef('b.door', '=', sql.ref('v.door'))
      .execute();
  }
}

/**
 * Writes the txns with their postings and cash lines: one statement per chunk (each statement in a
 * transaction is a round trip, and these run while the number lock is held), the txn insert in a
 * WITH whose returned ids the posting and cashbook inserts join on by (kind, ref). Chunks keep
 * each statement under PostgreSQL's 65,535 bound parameters. Lines keep the drafts' order (ids).
 */
async function writeTxns(trx: Db, userId: string, drafts: TxnDraft[], refs: string[]): Promise<number[]> {
  const idOf = new Map<string, number>();
  const key = (kind: string, ref: string) => `${kind}\u0000${ref}`;
  for (const chunk of paramChunks(drafts.map((d, i) => ({ d, ref: refs[i]! })), ({ d }) => 11 + 9 * d.postings.length + 11 * d.cashbook.length)) {
    const txns = chunk.map(({ d, ref }) => {
      const [year, month] = d.date.split('-').map(Number) as [number, number];
      return {
        kind: d.kind, ref, date: d.date, year, month, memo: d.memo, source: d.source ?? 'MANUAL',
        source_ref: d.sourceRef ?? null, reversal_of: d.reversalOf ?? null, reason: d.reason ?? null, user_id: d.userId ?? userId,
      };
    });
    let n = 0;
    const postings = chunk.flatMap(({ d, ref }) => d.postings.map((p) =>
      sql`(${n++}::int, ${d.kind}::text, ${ref}::text, ${p.entity}::text, ${p.door}::text, ${p.accountId}::text, ${p.amount}::bigint, ${p.description}::text, ${p.chargeId ?? null}::bigint)`));
    const cash = chunk.flatMap(({ d, ref }) => d.cashbook.map((c) =>
      sql`(${n++}::int, ${d.kind}::text, ${ref}::text, ${c.date}::date, ${c.method}::text, ${c.cardType ?? null}::text, ${c.amount}::bigint, ${c.payer ?? null}::text, ${c.payee ?? null}::text, ${c.tranRef ?? null}::text, ${c.sourceRef ?? null}::text)`));
    let q: any = trx.with('t', (db) => db.insertInto('txn').values(txns).returning(['id', 'kind', 'ref']));
    if (postings.length) {
      q = q.with('p', (db: Kysely<any>) => db.insertInto('posting').columns(['txn_id', 'entity', 'door', 'account_id', 'amount', 'description', 'charge_id']).expression(
        db.selectFrom('t').innerJoin(sql`(values ${sql.join(postings)})`.as<'v'>(sql`v(n, kind, ref, entity, door, account_id, amount, description, charge_id)`), (j) => j.on(sql<boolean>`v.kind = t.kind and v.ref = t.ref`))
          .select([sql`t.id`.as('txn_id'), sql`v.entity`.as('entity'), sql`v.door`.as('door'), sql`v.account_id`.as('account_id'), sql`v.amount`.as('amount'), sql`v.description`.as('description'), sql`v.charge_id`.as('charge_id')])
          .orderBy(sql`v.n`),
      ));
    }
    if (cash.length) {
      q = q.with('c', (db: Kysely<any>) => db.insertInto('cashbook').columns(['txn_id', 'date', 'method', 'card_type', 'amount', 'payer', 'payee', 'tran_ref', 'source_ref']).expression(
        db.selectFrom('t').innerJoin(sql`(values ${sql.join(cash)})`.as<'v'>(sql`v(n, kind, ref, date, method, card_type, amount, payer, payee, tran_ref, source_ref)`), (j) => j.on(sql<boolean>`v.kind = t.kind and v.ref = t.ref`))
          .select([sql`t.id`.as('txn_id'), sql`v.date`.as('date'), sql`v.method`.as('method'), sql`v.card_type`.as('card_type'), sql`v.amount`.as('amount'), sql`v.payer`.as('payer'), sql`v.payee`.as('payee'), sql`v.tran_ref`.as('tran_ref'), sql`v.source_ref`.as('source_ref')])
          .orderBy(sql`v.n`),
      ));
    }
    const rows = (await q.selectFrom('t').select(['id', 'kind', 'ref']).execute()) as { id: string; kind: string; ref: string }[];
    for (const r of rows) idOf.set(key(r.kind, r.ref), Number(r.id));
  }
  return drafts.map((d, i) => idOf.get(key(d.kind, refs[i]!))!);
}

/** Consecutive groups whose parameter counts stay under PostgreSQL's bound (65,535), with margin. */
function paramChunks<T>(items: T[], params: (item: T) => number, limit = 60_000): T[][] {
  const chunks: T[][] = [];
  let current: T[] = [];
  let used = 0;
  for (const item of items) {
    const p = params(item);
    if (current.length && used + p > limit) {
      chunks.push(current);
      current = [];
      used = 0;
    }
    current.push(item);
    used += p;
  }
  if (current.length) chunks.push(current);
  return chunks;
}

export function overdrawError(overdrawn: Overdrawn[]): ApiError {
  const names = overdrawn.map((o) => (o.door ? `${o.entity} (${o.door})` : o.entity));
  return new ApiError(409, `OVERDRAWN ACCOUNTS NOTICE! This would overdraw ${[...new Set(names)].join(', ')}`, {
    overdrawn: overdrawn.map((o) => ({ entity: o.entity, door: o.door, ledger: o.ledger / 100, resulting: o.resulting / 100 })),
  });
}

export function balanceLimitError(past: Overdrawn[]): ApiError {
  const names = past.map((o) => (o.door ? `${o.entity} (${o.door})` : o.entity));
  return new ApiError(409, `This would take the balance of ${[...new Set(names)].join(', ')} past the limit of ${formatCents(MAX_BALANCE_CENTS)}`, {
    limit: MAX_BALANCE_CENTS / 100,
    past: past.map((o) => ({ entity: o.entity, door: o.door, ledger: o.ledger / 100, resulting: o.resulting / 100 })),
  });
}

/**
 * Creates missing balance rows, then locks every row of the parties involved, in key order. The
 * inserts come first, before this transaction holds any row lock: an insert may wait for another
 * transaction inserting the same key, which must never be waiting for a row locked here (a
 * lock-then-insert order deadlocked in the concurrency test on PostgreSQL).
 */
async function lockBalances(trx: Db, changes: Map<string, number>): Promise<BalanceRow[]> {
  const keys = [...changes.keys()].sort().map((k) => k.split('\u0000') as [string, string]);
  await trx
    .insertInto('ledger_balance')
    .values(keys.map(([entity, door]) => ({ entity, door, balance: 0 })))
    .onConflict((oc) => oc.columns(['entity', 'door']).doNothing())
    .execute();
  const entities = [...new Set(keys.map(([e]) => e))];
  const rows = await trx
    .selectFrom('ledger_balance')
    .select(['entity', 'door', 'balance'])
    .where('entity', 'in', entities)
    .orderBy('entity')
    .orderBy('door')
    .forUpdate()
    .execute();
  return rows.map((r) => ({ entity: r.entity, door: r.door, balance: centsOf(r.balance) }));
}

function assertDoorsBelong(postings: PostingLine[], typeOf: Map<string, string>, ownerOf: Map<string, string | null>) {
  for (const p of postings) {
    if (!p.door) continue;
    if (!ownerOf.has(p.door)) throw new ApiError(400, `Unknown door ${p.door}`);
    if (balanceDoor(typeOf.get(p.entity)!, p.door) && ownerOf.get(p.door) !== p.entity) {
      throw new ApiError(400, `Door ${p.door} does not belong to owner ${p.entity}`);
    }
  }
}

/** Balance of a party (all doors) or one owner's door, in cents. */
export async function trustBalance(db: Db, entity: string, door?: string | null): Promise<number> {
  let q = db.selectFrom('ledger_balance').select((eb) => eb.fn.coalesce(eb.fn.sum<string>('balance'), sql<string>`0`).as('balance')).where('entity', '=', entity);
  if (door !== undefined && door !== null) q = q.where('door', '=', door);
  const row = await q.executeTakeFirstOrThrow();
  return centsOf(row.balance);
}
