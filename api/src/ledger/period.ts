import { type Kysely, sql } from 'kysely';
import { jsonb } from '../db/open.js';
import type { CompanyTables } from '../db/schema.js';
import { ApiError } from '../http/errors.js';
import { writeLog } from '../log/system-log.js';
import { openPeriod } from './ledger.js';

type Db = Kysely<CompanyTables>;

export interface ClosedPeriod {
  closed: { year: number; month: number };
  open: { year: number; month: number };
}

export interface CloseOptions {
  /** Who closes it (system log identity). */
  userId?: string;
  /** The company code, for the system log. */
  database?: string | null;
  /** The month-end run that closes it (monthend_run.id), kept on the period_close record. */
  runId?: number | null;
}

/**
 * Closes the open month and opens the next: rolls control current_year/current_month on, in the
 * caller's transaction, and logs it. Nothing dated in the closed month can be posted afterwards
 * (postTxns refuses dates before the open period). Refuses (409, changing nothing) while anything
 * dated in the open month would be left inconsistent: a txn of the month that does not balance
 * against the bank, a txn whose stored period differs from its date, or a trust position at the
 * month's last day (cash book against the sum of the ledgers) that does not balance. Each closed
 * month gets its period_close record (when and by whom), which the audit reads to report any
 * posting dated inside a closed month. Month end proper (locks, release, disbursement, archive)
 * is the caller's, and month end is its only caller: the open period is not a setting anyone can edit.
 */
export async function closeOpenPeriod(trx: Db, options: CloseOptions = {}): Promise<ClosedPeriod> {
  // Lock the period settings first: two closes cannot both roll the same month.
  await trx.selectFrom('control_setting').select('key').where('key', 'in', ['current_year', 'current_month']).forUpdate().execute();
  const period = await openPeriod(trx);
  if (!Number.isInteger(period.year) || !Number.isInteger(period.month)) throw new ApiError(409, 'The open period is not set: complete Setup / Control first');

  const problems: string[] = [];
  const unbalanced = await trx
    .selectFrom('txn as t')
    .select(['t.kind', 't.ref'])
    .where('t.date', '>=', period.first)
    .where('t.date', '<=', period.last)
    .where((eb) =>
      eb(
        eb.selectFrom('posting as p').whereRef('p.txn_id', '=', 't.id').select(sql<string>`coalesce(sum(p.amount), 0)`.as('s')),
        '<>',
        eb.selectFrom('cashbook as c').whereRef('c.txn_id', '=', 't.id').select(sql<string>`coalesce(sum(c.amount), 0)`.as('s')),
      ),
    )
    .orderBy('t.id')
    .limit(10)
    .execute();
  for (const t of unbalanced) problems.push(`${t.kind} ${t.ref} does not balance against the bank`);

  const misfiled = await trx
    .selectFrom('txn')
    .select(['kind', 'ref'])
    .where('date', '>=', period.first)
    .where('date', '<=', period.last)
    .where((eb) => eb.or([eb('year', '<>', period.year), eb('month', '<>', period.month)]))
    .limit(10)
    .execute();
  for (const t of misfiled) problems.push(`${t.kind} ${t.ref} is dated in ${period.month}/${period.year} but filed in another period`);

  const [ledgers, cash] = await Promise.all([
    trx.selectFrom('posting').innerJoin('txn', 'txn.id', 'posting.txn_id').where('txn.date', '<=', period.last).select(sql<string>`coalesce(sum(posting.amount), 0)`.as('s')).executeTakeFirstOrThrow(),
    trx.selectFrom('cashbook').where('date', '<=', period.last).select(sql<string>`coalesce(sum(amount), 0)`.as('s')).executeTakeFirstOrThrow(),
  ]);
  if (Number(ledgers.s) !== Number(cash.s)) {
    problems.push(`at ${period.last} the cash book (${Number(cash.s)} cents) does not equal the sum of the ledgers (${Number(ledgers.s)} cents)`);
  }

  if (problems.length) {
    throw new ApiError(409, `The period ${period.month}/${period.year} cannot be closed: ${problems.join('; ')}`, { problems });
  }

  const next = period.month === 12 ? { year: period.year + 1, month: 1 } : { year: period.year, month: period.month + 1 };
  await trx.insertInto('period_close').values({ year: period.year, month: period.month, user_id: options.userId ?? 'SYSTEM', run_id: options.runId ?? null }).execute();
  await trx.updateTable('control_setting').set({ value: jsonb(next.year) }).where('key', '=', 'current_year').execute();
  await trx.updateTable('control_setting').set({ value: jsonb(next.month) }).where('key', '=', 'current_month').execute();
  await writeLog(trx as unknown as Kysely<any>, {
    database: options.database ?? null,
    severity: 'CHANGE',
    message: `Period ${period.month}/${period.year} closed; ${next.month}/${next.year} is now open`,
    identity: options.userId ?? null,
    routine: 'control',
    recordKey: 'current_period',
    before: { current_year: period.year, current_month: period.month },
    after: { current_year: next.year, current_month: next.month },
  });
  return { closed: { year: period.year, month: period.month }, open: next };
}
