import { type Kysely, sql } from 'kysely';
import { bookingSyncFindings } from '../bookings/audit-tasks.js';
import type { AuditResult, DebitOccurrence, Health, TaskRow, TaskSeverity } from '../contracts/audit.js';
import type { CompanyTables } from '../db/schema.js';
import { daysBetween, lastBankingDate, reconciledPosition, unbankedReceipts } from '../balances/bank-side.js';
import { companyTimeZone, dateInZone } from '../ledger/business-date.js';
import { toDollars } from '../money/cents.js';
import { runChecks } from './checks.js';

type Db = Kysely<CompanyTables>;

/** Advisory lock key of audit runs ('OAAU'). */
const AUDIT_LOCK_KEY = 0x4f414155;

const SEVERITY_ORDER: TaskSeverity[] = ['CRITICAL', 'INBALANCE', 'IMPORTANT', 'WARNING', 'INFO'];

function toTask(r: { id: string; date: string; type: string; description: string; source: string; link_path: string | null; link_key: string | null; memo: string | null }): TaskRow {
  return { id: Number(r.id), date: r.date, type: r.type as TaskSeverity, description: r.description, source: r.source, link_path: r.link_path, link_key: r.link_key, memo: r.memo };
}

/** The stored tasks, most severe first. */
export async function listTasks(db: Db): Promise<TaskRow[]> {
  const rows = await db.selectFrom('task').select(['id', 'date', 'type', 'description', 'source', 'link_path', 'link_key', 'memo']).orderBy('id').execute();
  return rows.map(toTask).sort((a, b) => SEVERITY_ORDER.indexOf(a.type) - SEVERITY_ORDER.indexOf(b.type) || a.id - b.id);
}

/**
 * Runs every check and stores the findings as the task list, replacing the previous run's rows;
 * debit occurrences found are added to the permanent ledger_debit_occurrence table (never
 * replaced or removed). The checks read outside the transaction; the write is one transaction.
 */
export async function runAudit(db: Db, today: string, full: boolean): Promise<AuditResult> {
  const { findings, debits } = await runChecks(db, today, { full });
  findings.push(...(await bookingSyncFindings(db)));
  await db.transaction().execute(async (trx) => {
    // Serialise concurrent audit runs so their task lists never interleave (one key for every
    // company: audits are rare and short).
    await sql`select pg_advisory_xact_lock(${sql.lit(AUDIT_LOCK_KEY)})`.execute(trx);
    await trx.deleteFrom('task').execute();
    // In chunks: a big company's findings in one insert pass PostgreSQL's 65,535 bind parameters.
    for (let i = 0; i < findings.length; i += 1000) {
      await trx.insertInto('task').values(findings.slice(i, i + 1000).map((f) => ({ ...f, date: today }))).execute();
    }
    // Under the audit lock: add the dates not recorded yet; recorded ones are never touched.
    const recorded = await trx.selectFrom('ledger_debit_occurrence').select(['entity', 'door', 'date']).execute();
    const seen = new Set(recorded.map((r) => `${r.entity}\u0000${r.door ?? '*'}\u0000${r.date}`));
    const fresh = (debits ?? []).filter((d) => !seen.has(`${d.entity}\u0000${d.door ?? '*'}\u0000${d.date}`));
    for (let i = 0; i < fresh.length; i += 1000) {
      await trx.insertInto('ledger_debit_occurrence').values(fresh.slice(i, i + 1000).map((d) => ({ entity: d.entity, door: d.door, date: d.date, balance: d.balance, txn_id: d.txn_id }))).execute();
    }
  });
  const data = await listTasks(db);
  return { data, _critical: data.filter((t) => t.type === 'CRITICAL').length };
}

/** Every recorded occurrence of a ledger closing below zero, oldest first (up to a day when given). */
export async function debitOccurrences(db: Db, upTo?: string): Promise<DebitOccurrence[]> {
  let q = db.selectFrom('ledger_debit_occurrence').selectAll().orderBy('date').orderBy('entity').orderBy('id');
  if (upTo !== undefined) q = q.where('date', '<=', upTo);
  const rows = await q.execute();
  return rows.map((r) => ({ entity: r.entity, door: r.door, date: r.date, balance: toDollars(r.balance), txn_id: Number(r.txn_id), first_seen: new Date(r.first_seen).toISOString() }));
}

/**
 * The dashboard health card: counts of the stored tasks by severity, and ages in whole days
 * (sync: since the last booking-system sync, 0 when no sync is set up, with the bookings it left
 * in error; bank: of the oldest
 * unbanked receipt; rec: since the last reconciliation, null if never).
 */
export async function health(db: Db, today: string): Promise<Health> {
  const counts = await db.selectFrom('task').select(['type', (eb) => eb.fn.countAll<string>().as('n')]).groupBy('type').execute();
  const count = (t: string) => Number(counts.find((c) => c.type === t)?.n ?? 0);
  const settings = await db.selectFrom('control_setting').select(['key', 'value']).where('key', 'in', ['last_sync_date', 'gp_host', 'sync_frequency']).execute();
  const setting = (k: string) => settings.find((s) => s.key === k)?.value;
  const lastSync = typeof setting('last_sync_date') === 'string' ? (setting('last_sync_date') as string) : null;
  const syncSetUp = !!setting('gp_host');
  // The sync is stamped in UTC; its age counts from its calendar day in the company's zone, as today is.
  const syncDay = lastSync ? dateInZone(await companyTimeZone(db), new Date(lastSync)) : null;
  const syncAge = !syncSetUp ? 0 : syncDay ? Math.max(0, daysBetween(syncDay, today)) : null;
  const syncErrors = Number((await db.selectFrom('booking').select((eb) => eb.fn.countAll<string>().as('n')).where('error', '=', true).executeTakeFirstOrThrow()).n);
  const [unbanked, lastBanking, rec] = await Promise.all([unbankedReceipts(db), lastBankingDate(db), reconciledPosition(db)]);
  const oldest = unbanked[0]?.date;
  return {
    criticalTasks: count('CRITICAL'),
    warningTasks: count('WARNING'),
    importantTasks: count('IMPORTANT'),
    inbalanceTasks: count('INBALANCE'),
    syncAge,
    syncSetUp,
    lastSync: syncSetUp ? lastSync : null,
    syncErrors,
    bankAge: oldest ? Math.max(0, daysBetween(oldest, today)) : 0,
    recAge: rec ? Math.max(0, daysBetween(rec.date, today)) : null,
    lastBanking,
    lastReconcile: rec?.date ?? null,
  };
}
