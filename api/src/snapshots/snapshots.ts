import { type Kysely, sql } from 'kysely';
import { SNAPSHOT_MONTH_KEYS, SNAPSHOT_YEARS, type SnapshotRow } from '../contracts/snapshots.js';
import type { CompanyTables } from '../db/schema.js';
import { ApiError } from '../http/errors.js';
import { openPeriod } from '../ledger/ledger.js';
import { toDollars } from '../money/cents.js';
import { monthLabel, parseSnapshotCsv } from './csv.js';

/**
 * Snapshots (spec 3 §2 'Snapshots', issue 14): the BUSINESS ledger's net per account and month
 * for months the books do not hold, imported from a CSV or rebuilt from the ledger. The revenue
 * chart and Business Accounts read them for months where the ledger has no transactions.
 */
type Db = Kysely<CompanyTables>;

/** POST /api/snapshot in the caller's transaction: every month named in the file is replaced whole. */
export async function importSnapshot(trx: Db, lines: string[]): Promise<{ year: number; months: number; accounts: number; message: string }> {
  const open = await openPeriod(trx);
  const accounts = new Set((await trx.selectFrom('account').select('id').execute()).map((a) => a.id));
  const parsed = parseSnapshotCsv(lines, open, accounts);
  if (!parsed.ok) throw new ApiError(400, parsed.errors[0]!, { errors: parsed.errors.map((msg) => ({ path: 'file', msg })) });
  const { periods, rows } = parsed.value;
  await replaceMonths(trx, periods, rows.flatMap((r) => periods.map((p, k) => ({ ...p, account_id: r.account, amount: r.amounts[k]! }))));
  const range = periods.length === 1 ? monthLabel(periods[0]!) : `${monthLabel(periods[0]!)} to ${monthLabel(periods[periods.length - 1]!)}`;
  return { year: periods[0]!.year, months: periods.length, accounts: rows.length, message: `Snapshot imported: ${rows.length} account${rows.length === 1 ? '' : 's'} for ${periods.length} month${periods.length === 1 ? '' : 's'} (${range})` };
}

async function replaceMonths(trx: Db, periods: { year: number; month: number }[], values: { year: number; month: number; account_id: string; amount: number }[]) {
  for (const p of periods) await trx.deleteFrom('snapshot').where('year', '=', p.year).where('month', '=', p.month).execute();
  // Zero amounts are kept: they say the month was imported and the account had nothing in it.
  // Chunks keep the statement's parameters well under PostgreSQL's limit on big charts of accounts.
  for (let i = 0; i < values.length; i += 1000) await trx.insertInto('snapshot').values(values.slice(i, i + 1000).map((v) => ({ ...v, amount: String(v.amount) }))).execute();
}

/** GET /api/snapshot/years: the years holding snapshots, newest first (at most SNAPSHOT_YEARS). */
export async function snapshotYears(db: Db): Promise<{ year: number }[]> {
  const rows = await db.selectFrom('snapshot').select('year').distinct().orderBy('year', 'desc').limit(SNAPSHOT_YEARS + 1).execute();
  return rows.map((r) => ({ year: Number(r.year) }));
}

/** GET /api/snapshot/summary/{year}: one row per account, Jan to Dec in dollars (null: no snapshot). */
export async function snapshotSummary(db: Db, year: number): Promise<SnapshotRow[]> {
  const rows = await db.selectFrom('snapshot').innerJoin('account', 'account.id', 'snapshot.account_id')
    .select(['snapshot.account_id', 'account.description', 'snapshot.month', 'snapshot.amount'])
    .where('snapshot.year', '=', year).orderBy('snapshot.account_id').execute();
  const months = new Set(rows.map((r) => Number(r.month)));
  const byAccount = new Map<string, SnapshotRow>();
  for (const r of rows) {
    let row = byAccount.get(r.account_id);
    if (!row) {
      row = { account_id: r.account_id, description: r.description, ...Object.fromEntries(SNAPSHOT_MONTH_KEYS.map((k, i) => [k, months.has(i + 1) ? 0 : null])) } as SnapshotRow;
      byAccount.set(r.account_id, row);
    }
    row[SNAPSHOT_MONTH_KEYS[Number(r.month) - 1]!] = toDollars(r.amount);
  }
  return [...byAccount.values()];
}

/**
 * Rebuild snapshot (spec 3 §2, the support console's utility): computes the months of `year` up
 * to and including `month` from the ledger (the BUSINESS ledger's net per account, as Business
 * Accounts shows it) and replaces those months' snapshots.
 */
export async function rebuildSnapshot(trx: Db, year: number, month: number): Promise<{ months: number; accounts: number; message: string }> {
  const rows = await trx.selectFrom('posting as p').innerJoin('txn as t', 't.id', 'p.txn_id')
    .select(['t.month', 'p.account_id', sql<string>`sum(p.amount)`.as('total')])
    .where('p.entity', '=', 'BUSINESS').where('t.year', '=', year).where('t.month', '<=', month)
    .groupBy(['t.month', 'p.account_id']).execute();
  const periods = Array.from({ length: month }, (_, i) => ({ year, month: i + 1 }));
  const accounts = new Set(rows.map((r) => r.account_id));
  await replaceMonths(trx, periods, rows.map((r) => ({ year, month: Number(r.month), account_id: r.account_id, amount: Number(r.total) })));
  return { months: month, accounts: accounts.size, message: `Snapshot of ${year} rebuilt from the ledger: ${accounts.size} account${accounts.size === 1 ? '' : 's'} for ${month} month${month === 1 ? '' : 's'}` };
}

/**
 * Snapshot cents per account for each of `periods` that the ledger has no transactions in (the
 * readers' rule: the books win where they exist). Key `year-month` → account → cents.
 */
export async function snapshotWhereNoLedger(db: Db, periods: { year: number; month: number }[]): Promise<Map<string, Map<string, number>>> {
  const out = new Map<string, Map<string, number>>();
  if (!periods.length) return out;
  const years = [...new Set(periods.map((p) => p.year))];
  const [ledgerMonths, snaps] = await Promise.all([
    db.selectFrom('txn').select(['year', 'month']).distinct().where('year', 'in', years).execute(),
    db.selectFrom('snapshot').select(['year', 'month', 'account_id', 'amount']).where('year', 'in', years).execute(),
  ]);
  const inLedger = new Set(ledgerMonths.map((m) => `${m.year}-${m.month}`));
  const wanted = new Set(periods.map((p) => `${p.year}-${p.month}`));
  for (const s of snaps) {
    const key = `${s.year}-${s.month}`;
    if (!wanted.has(key) || inLedger.has(key)) continue;
    const m = out.get(key) ?? out.set(key, new Map()).get(key)!;
    m.set(s.account_id, (m.get(s.account_id) ?? 0) + Number(s.amount));
  }
  return out;
}
