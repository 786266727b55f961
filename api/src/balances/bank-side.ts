import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { CompanyTables } from '../db/schema.js';

type Db = Kysely<CompanyTables>;

/**
 * The one place that reads the banked and reconciled status of cash lines (the cash-book
 * module's deposit_item and reconcile_item tables, migration 20261121T1700_cashbook). A company
 * whose schema does not have those tables yet reads as "nothing banked, never reconciled".
 * Call these outside a database transaction: on PostgreSQL a missing table aborts the transaction.
 */
const MISSING_TABLE = '42P01';

async function orWhenMissing<T>(read: () => Promise<T>, fallback: T): Promise<T> {
  try {
    return await read();
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === MISSING_TABLE) return fallback;
    throw e;
  }
}

export interface UnbankedReceipt {
  cashbookId: number;
  txnId: number;
  ref: string;
  kind: string;
  date: string;
  method: string;
  amount: number;
}

/**
 * Money in that has not been banked: cash lines with a positive amount and no deposit_item,
 * excluding reversals (a reversed payment is not a deposit) and receipts that were reversed.
 */
export async function unbankedReceipts(db: Db, asAt?: string): Promise<UnbankedReceipt[]> {
  const any = db as unknown as Kysely<any>;
  const query = (withDeposits: boolean) => {
    let q = any
      .selectFrom('cashbook as c')
      .innerJoin('txn as t', 't.id', 'c.txn_id')
      .select(['c.id', 'c.txn_id', 't.ref', 't.kind', 'c.date', 'c.method', 'c.amount'])
      .where('c.amount', '>', 0)
      // EFT receipts are in the bank when received; only cash, cheques and cards wait for a deposit.
      .where('c.method', 'in', ['CASH', 'CHQ', 'CARD'])
      .where('t.kind', '<>', 'REVERSAL')
      .where((eb) => eb.not(eb.exists(eb.selectFrom('txn as r').select(sql`1`.as('one')).whereRef('r.reversal_of', '=', 't.id'))))
      .orderBy('c.date')
      .orderBy('c.id');
    if (withDeposits) q = q.where((eb) => eb.not(eb.exists(eb.selectFrom('deposit_item as d').select(sql`1`.as('one')).whereRef('d.cashbook_id', '=', 'c.id'))));
    if (asAt) q = q.where('c.date', '<=', asAt);
    return q.execute() as Promise<{ id: string; txn_id: string; ref: string; kind: string; date: string; method: string; amount: string }[]>;
  };
  const rows = await orWhenMissing(() => query(true), null).then((r) => r ?? query(false));
  return rows.map((r) => ({ cashbookId: Number(r.id), txnId: Number(r.txn_id), ref: r.ref, kind: r.kind, date: r.date, method: r.method, amount: Number(r.amount) }));
}

/** Date of the newest deposit (daily banking), or null when nothing was ever banked. */
export async function lastBankingDate(db: Db): Promise<string | null> {
  const any = db as unknown as Kysely<any>;
  const row = await orWhenMissing(
    () => any.selectFrom('deposit').select((eb) => eb.fn.max('date').as('date')).executeTakeFirst() as Promise<{ date: string | null } | undefined>,
    undefined,
  );
  return row?.date ?? null;
}

export interface ReconciledPosition {
  /** Date and statement balance (cents) of the newest reconciliation. */
  date: string;
  statementBalance: number;
  /** Cash lines not yet reconciled (cents): unbanked/uncleared receipts (+) and unpresented payments (−). */
  outstanding: number;
}

/** The bank side of the three-way reconciliation, or null when the bank was never reconciled. */
export async function reconciledPosition(db: Db): Promise<ReconciledPosition | null> {
  const any = db as unknown as Kysely<any>;
  return orWhenMissing(async () => {
    const last = (await any.selectFrom('reconciliation').select(['date', 'ending_balance']).orderBy('date', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst()) as
      | { date: string; ending_balance: string }
      | undefined;
    if (!last) return null;
    const open = (await any
      .selectFrom('cashbook as c')
      .select((eb) => eb.fn.coalesce(eb.fn.sum('c.amount'), sql`0`).as('total'))
      .where((eb) => eb.not(eb.exists(eb.selectFrom('reconcile_item as r').select(sql`1`.as('one')).whereRef('r.cashbook_id', '=', 'c.id'))))
      .executeTakeFirstOrThrow()) as { total: string };
    return { date: last.date, statementBalance: Number(last.ending_balance), outstanding: Number(open.total) };
  }, null);
}

/** Whole days from `from` to `to` (YYYY-MM-DD), negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
