import { type Kysely, sql } from 'kysely';
import type { CompanyTables } from '../db/schema.js';
import { openPeriod } from '../ledger/ledger.js';
import { type Finding, LINKS } from './checks.js';

type Db = Kysely<CompanyTables>;

const TXN_LIMIT = 20;

/**
 * Postings dated inside a closed month (issue 8 item 2). The ledger refuses them, so any found
 * came in behind its back: a txn dated in a month that has a period_close record but written
 * after that close, or a txn dated before the open month but filed in the open month or later.
 * Either means the closed figures (statements, reconciliations, reports) no longer hold.
 */
export async function closedPeriodFindings(db: Db): Promise<Finding[]> {
  const period = await openPeriod(db);
  if (!Number.isInteger(period.year) || !Number.isInteger(period.month)) return [];
  const afterClose = await db
    .selectFrom('txn as t')
    .innerJoin('period_close as pc', (j) => j
      .on(sql`extract(year from t.date::date)::int`, '=', sql.ref('pc.year'))
      .on(sql`extract(month from t.date::date)::int`, '=', sql.ref('pc.month')))
    .select(['t.id', 't.kind', 't.ref', 't.date', 'pc.closed_at'])
    .whereRef('t.created_at', '>', 'pc.closed_at')
    .orderBy('t.id')
    .limit(TXN_LIMIT)
    .execute();
  const misfiled = await db
    .selectFrom('txn')
    .select(['id', 'kind', 'ref', 'date'])
    .where('date', '<', period.first)
    .where((eb) => eb.or([eb('year', '>', period.year), eb.and([eb('year', '=', period.year), eb('month', '>=', period.month)])]))
    .orderBy('id')
    .limit(TXN_LIMIT)
    .execute();
  const seen = new Set<string>();
  const findings: Finding[] = [];
  for (const t of [...afterClose, ...misfiled]) {
    if (seen.has(t.id)) continue;
    seen.add(t.id);
    const closedAt = 'closed_at' in t ? ` (the month was closed ${new Date(t.closed_at as Date).toISOString()})` : '';
    findings.push({
      type: 'CRITICAL',
      description: `${t.kind} ${t.ref} is dated ${t.date}, inside a closed month${closedAt}: closed periods must not change`,
      source: 'AUDIT',
      link_path: LINKS.task,
      link_key: t.ref,
      memo: `txn id ${t.id}`,
    });
  }
  return findings;
}
