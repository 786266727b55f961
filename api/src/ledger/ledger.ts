import { type Kysely, sql } from 'kysely';
import type { CompanyTables } from '../db/schema.js';
import { ApiError } from '../http/errors.js';
import {
  type BalanceRow,
  LedgerRuleError,
  type Overdrawn,
  type TxnDraft,
  assertWellFormed,
  balanceChanges,
  balanceDoor,
  balanceKey,
  overdrawnBy,
  periodBounds,
} from './posting-rules.js';

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
export async function openPeriod(trx: Db): Promise<{ year: number; month: number; first: string; last: string }> {
  const rows = await trx.selectFrom('control_setting').select(['key', 'value']).where('key', 'in', ['current_year', 'current_month']).execute();
  const value = (k: string) => Number(rows.find((r) => r.key === k)?.value);
  const year = value('current_year');
  const month = value('current_month');
  return { year, month, ...periodBounds(year, month) };
}

/** Allocates the next number of a kind inside the caller's transaction: gapless, because a rollback returns it. */
export async function nextNumber(trx: Db, kind: string): Promise<string> {
  const row = await trx.updateTable('number_sequence').set({ last_value: sql`last_value + 1` }).where('kind', '=', kind).returning('last_value').executeTakeFirst();
  if (!row) throw new Error(`No number sequence for ${kind}`);
  return String(row.last_value);
}

export function ledgerError(e: LedgerRuleError): ApiError {
  return new ApiError(e.status, e.message, e.detail);
}

/**
 * The one place that writes posted history. In the caller's database transaction it checks the
 * draft balances against the bank, the period is open, the parties and doors exist, locks the
 * balance rows of every party involved (in key order, so concurrent posts cannot deadlock or
 * both spend the same dollars), refuses any overdraw, allocates the number and writes txn,
 * postings, cashbook lines and balances. Anything thrown rolls all of it back.
 */
export async function postTxn(trx: Db, userId: string, draft: TxnDraft, options: PostOptions = {}): Promise<PostedTxn> {
  try {
    assertWellFormed(draft);
  } catch (e) {
    throw e instanceof LedgerRuleError ? ledgerError(e) : e;
  }
  const period = await openPeriod(trx);
  if (draft.date < period.first) {
    throw new ApiError(409, `The period of ${draft.date} is closed: postings must be dated on or after ${period.first}`);
  }

  const entityCodes = [...new Set(draft.postings.map((p) => p.entity))].sort();
  const entities = await trx.selectFrom('entity').select(['code', 'type']).where('code', 'in', entityCodes).execute();
  const typeOf = new Map(entities.map((e) => [e.code, e.type]));
  const unknown = entityCodes.filter((c) => !typeOf.has(c));
  if (unknown.length) throw new ApiError(400, `Unknown part${unknown.length > 1 ? 'ies' : 'y'}: ${unknown.join(', ')}`);
  await assertDoorsBelong(trx, draft, typeOf);
  await assertAccountsExist(trx, draft);

  const changes = balanceChanges(draft.postings, (e) => typeOf.get(e)!);
  const current = await lockBalances(trx, changes);
  if (!options.allowOverdraw) {
    const overdrawn = overdrawnBy(current, changes);
    if (overdrawn.length) throw overdrawError(overdrawn);
  }

  const ref = await nextNumber(trx, draft.kind);
  const [year, month] = draft.date.split('-').map(Number) as [number, number];
  const txn = await trx
    .insertInto('txn')
    .values({
      kind: draft.kind,
      ref,
      date: draft.date,
      year,
      month,
      memo: draft.memo,
      source: draft.source ?? 'MANUAL',
      source_ref: draft.sourceRef ?? null,
      reversal_of: draft.reversalOf ?? null,
      reason: draft.reason ?? null,
      user_id: userId,
    })
    .returning(['id'])
    .executeTakeFirstOrThrow();
  const txnId = Number(txn.id);
  await trx
    .insertInto('posting')
    .values(draft.postings.map((p) => ({
      txn_id: txnId,
      entity: p.entity,
      door: p.door,
      account_id: p.accountId,
      amount: p.amount,
      description: p.description,
      charge_id: p.chargeId ?? null,
    })))
    .execute();
  if (draft.cashbook.length) {
    await trx
      .insertInto('cashbook')
      .values(draft.cashbook.map((c) => ({
        txn_id: txnId,
        date: c.date,
        method: c.method,
        card_type: c.cardType ?? null,
        amount: c.amount,
        payer: c.payer ?? null,
        payee: c.payee ?? null,
        tran_ref: c.tranRef ?? null,
        source_ref: c.sourceRef ?? null,
      })))
      .execute();
  }
  for (const [key, change] of changes) {
    const [entity, door] = key.split('\u0000') as [string, string];
    await trx.updateTable('ledger_balance').set({ balance: sql`balance + ${change}` }).where('entity', '=', entity).where('door', '=', door).execute();
  }
  return { id: txnId, kind: draft.kind, ref, date: draft.date };
}

export function overdrawError(overdrawn: Overdrawn[]): ApiError {
  const names = overdrawn.map((o) => (o.door ? `${o.entity} (${o.door})` : o.entity));
  return new ApiError(409, `OVERDRAWN ACCOUNTS NOTICE! This would overdraw ${[...new Set(names)].join(', ')}`, {
    overdrawn: overdrawn.map((o) => ({ entity: o.entity, door: o.door, ledger: o.ledger / 100, resulting: o.resulting / 100 })),
  });
}

/** Creates missing balance rows, then locks every row of the parties involved, in key order. */
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
  return rows.map((r) => ({ entity: r.entity, door: r.door, balance: Number(r.balance) }));
}

async function assertDoorsBelong(trx: Db, draft: TxnDraft, typeOf: Map<string, string>) {
  const doors = [...new Set(draft.postings.map((p) => p.door).filter((d): d is string => !!d))];
  if (!doors.length) return;
  const units = await trx.selectFrom('unit').select(['door', 'entity']).where('door', 'in', doors).execute();
  const ownerOf = new Map(units.map((u) => [u.door, u.entity]));
  for (const p of draft.postings) {
    if (!p.door) continue;
    if (!ownerOf.has(p.door)) throw new ApiError(400, `Unknown door ${p.door}`);
    if (balanceDoor(typeOf.get(p.entity)!, p.door) && ownerOf.get(p.door) !== p.entity) {
      throw new ApiError(400, `Door ${p.door} does not belong to owner ${p.entity}`);
    }
  }
}

async function assertAccountsExist(trx: Db, draft: TxnDraft) {
  const ids = [...new Set(draft.postings.map((p) => p.accountId))];
  const found = await trx.selectFrom('account').select('id').where('id', 'in', ids).execute();
  const missing = ids.filter((id) => !found.some((f) => f.id === id));
  if (missing.length) throw new ApiError(400, `Unknown account${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}`);
}

/** Balance of a party (all doors) or one owner's door, in cents. */
export async function trustBalance(db: Db, entity: string, door?: string | null): Promise<number> {
  let q = db.selectFrom('ledger_balance').select((eb) => eb.fn.coalesce(eb.fn.sum<string>('balance'), sql<string>`0`).as('balance')).where('entity', '=', entity);
  if (door !== undefined && door !== null) q = q.where('door', '=', door);
  const row = await q.executeTakeFirstOrThrow();
  return Number(row.balance);
}
