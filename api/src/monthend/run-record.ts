import type { Kysely } from 'kysely';
import type { CompanyTables } from '../db/schema.js';

type Db = Kysely<CompanyTables>;

/**
 * The run a stopped Proceed left part way, whatever its month: once its close step has committed
 * the open period is already the next month, yet what is left (start of day) belongs to the
 * closed month's run. Runs begin under the lock and end DONE, or removed by Abort, before the lock
 * is free, so there is one; the oldest wins should an approval have opened the next month's.
 */
export async function unfinishedRun(db: Db) {
  const row = await db.selectFrom('monthend_run').select(['id', 'year', 'month', 'steps', 'result']).where('status', '=', 'RUNNING')
    .orderBy('year').orderBy('month').executeTakeFirst();
  return row ? { ...row, id: Number(row.id) } : undefined;
}
