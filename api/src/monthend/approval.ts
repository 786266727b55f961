import { type Kysely, sql } from 'kysely';
import { releaseCharges } from '../charges/release.js';
import type { MonthEndPreview, MonthEndPreviewRow } from '../contracts/monthend.js';
import type { CompanyTables } from '../db/schema.js';
import { type RowCents, disbursementRows } from '../disbursement/rows.js';
import { conflict, forbidden } from '../http/errors.js';
import { MONTH_END_LOCK_KEYS } from '../http/month-end-lock.js';
import { businessDate } from '../ledger/business-date.js';
import { openPeriod } from '../ledger/ledger.js';
import { writeLog } from '../log/system-log.js';
import { formatCents, toDollars } from '../money/cents.js';
import { monthYearStartCase } from '../control/settings.js';
import { jsonb } from '../db/open.js';
import { monthEndReleaseSelection } from './release.js';

type Db = Kysely<CompanyTables>;

/**
 * Approval before money moves (issue 10 'Beyond the seeds'). With the control setting
 * "Disbursements need approval" on, a second user holding p_approve_disbursement approves the
 * disbursement the confirmation previews; the approval is kept on the month's run record
 * (monthend_run.result.approval: who, when, and what each payee is to be paid), so Abort drops
 * it with the run and a resumed run still finds it.
 *
 * What is approved is what the disbursement step will pay: the disbursement rows as they are
 * after month end's release (release moves money from payers to the charges' recipients, so it
 * changes what suppliers and the business are paid). They are found by making that release
 * inside a savepoint and rolling it back. Two server checks then hold the money to the approval:
 * Proceed refuses to start when the approval no longer equals that projection (a hold changed
 * after it: approve again), and the disbursement step, inside its own transaction, refuses to pay
 * anything but exactly the approved amounts.
 */
export interface DisbursementApproval {
  by: string;
  at: string;
  /** Cents each payee would be paid, by entity code. */
  payees: Record<string, number>;
  total: number;
}

/** Control setting "Disbursements need approval" (off by default). */
export async function approvalRequired(db: Db): Promise<boolean> {
  const row = await db.selectFrom('control_setting').select('value').where('key', '=', 'disbursement_approval').executeTakeFirst();
  return row?.value === true;
}

/** What the disbursement would pay each payee now (allowed rows with something to pay), in cents. */
export function payeesOf(rows: RowCents[]): Record<string, number> {
  return Object.fromEntries(rows.filter((r) => r.allowed && r.disburse > 0).map((r) => [r.code, r.disburse]));
}

/** The approval equals what would be paid now, payee by payee. */
export function approvalMatches(approved: Record<string, number>, now: Record<string, number>): boolean {
  const codes = new Set([...Object.keys(approved), ...Object.keys(now)]);
  return [...codes].every((c) => approved[c] === now[c]);
}

/**
 * The disbursement rows as month end's disbursement step will find them: after its release,
 * which is made inside a savepoint of trx and rolled back (the release's numbers are gapless
 * counters, returned by the rollback too).
 */
export async function rowsAfterRelease(trx: Db, userId: string): Promise<RowCents[]> {
  await sql`savepoint month_end_projection`.execute(trx);
  try {
    const selection = await monthEndReleaseSelection(trx);
    if (selection.length) await releaseCharges(trx, userId, selection, await businessDate(trx));
    return await disbursementRows(trx);
  } finally {
    await sql`rollback to savepoint month_end_projection`.execute(trx);
  }
}

const zero = (): MonthEndPreviewRow => ({ funds: 0, hold: 0, release: 0, disburse: 0 });

/**
 * The confirmation's table (spec 2 §2 'Month End', §3 'Month-end data'), in cents: current funds,
 * holds and the release for the business, the owners (their pools with them) and the suppliers,
 * from the rows now; the disbursement from the rows after release (what the ABA file will pay);
 * totals add pending charges. A party held by its method or bank details holds all its funds.
 */
export function previewOf(now: RowCents[], afterRelease: RowCents[]): Omit<MonthEndPreview, 'approval'> {
  const groups = { BUSINESS: zero(), OWNER: zero(), SUPPLIER: zero() };
  const totals = { ...zero(), pending: 0 };
  const groupOf = (r: RowCents) => (r.type === 'BUSINESS' ? groups.BUSINESS : r.type === 'SUPPLIER' ? groups.SUPPLIER : groups.OWNER);
  for (const r of now) {
    const hold = r.allowed ? r.hold : Math.max(0, r.funds);
    for (const target of [groupOf(r), totals]) {
      target.funds += r.funds;
      target.hold += hold;
      target.release += r.release;
    }
    totals.pending += r.pending;
  }
  for (const r of afterRelease) {
    groupOf(r).disburse += r.disburse;
    totals.disburse += r.disburse;
  }
  return { BUSINESS: groups.BUSINESS, OWNER: groups.OWNER, SUPPLIER: groups.SUPPLIER, totals };
}

const dollarsRow = <T extends MonthEndPreviewRow>(row: T): T =>
  Object.fromEntries(Object.entries(row).map(([k, v]) => [k, toDollars(v)])) as unknown as T;

/** The open month's run record (a Proceed stopped part way, or one an approval created). */
async function runOf(db: Db) {
  const period = await openPeriod(db);
  const run = await db.selectFrom('monthend_run').select(['id', 'steps', 'result', 'status'])
    .where('year', '=', period.year).where('month', '=', period.month).executeTakeFirst();
  return { period, run };
}

/** The approval kept on a run's result, if any. */
export const approvalOf = (result: Record<string, unknown> | undefined) => (result?.approval as DisbursementApproval | undefined) ?? undefined;

/** GET /api/monthend/preview. */
export async function monthEndPreview(db: Db, userId: string): Promise<MonthEndPreview> {
  const { now, after } = await db.transaction().execute(async (trx) => ({ now: await disbursementRows(trx), after: await rowsAfterRelease(trx, userId) }));
  const [required, { run }] = [await approvalRequired(db), await runOf(db)];
  const table = previewOf(now, after);
  const approval = approvalOf(run?.result as Record<string, unknown> | undefined);
  return {
    BUSINESS: dollarsRow(table.BUSINESS),
    OWNER: dollarsRow(table.OWNER),
    SUPPLIER: dollarsRow(table.SUPPLIER),
    totals: dollarsRow(table.totals),
    approval: {
      required,
      approved_by: approval?.by ?? null,
      approved_at: approval?.at ?? null,
      current: !!approval && approvalMatches(approval.payees, payeesOf(after)),
    },
  };
}

/**
 * POST /api/monthend/approve: while month end is active, a user other than the one running it
 * approves what the disbursement would pay now. Approving again replaces the approval. Refused
 * when the setting is off, and once the disbursement has run.
 */
export async function approveDisbursement(db: Db, company: { code: string }, userId: string, now = new Date()): Promise<DisbursementApproval> {
  if (!(await approvalRequired(db))) throw conflict('Disbursements do not need approval (Control Settings)');
  return db.transaction().execute(async (trx) => {
    const lock = await trx.selectFrom('control_setting').select(['key', 'value']).where('key', 'in', MONTH_END_LOCK_KEYS).forUpdate().execute();
    const value = (k: string) => (lock.find((r) => r.key === k)?.value as string | null | undefined) ?? null;
    const holder = value('monthend_lock_user');
    if (!value('monthend_lock_uuid') || !holder) throw conflict('Month end is not active: the disbursement is approved after Start');
    if (holder === userId) throw forbidden('The disbursement is approved by a second user, not the one running month end');
    const { period, run } = await runOf(trx);
    if (run?.status === 'DONE' || (run?.steps as string[] | undefined)?.includes('disbursement')) {
      throw conflict(`The disbursement for ${monthYearStartCase(period.month, period.year)} has already been made`);
    }
    const payees = payeesOf(await rowsAfterRelease(trx, userId));
    const approval: DisbursementApproval = { by: userId, at: now.toISOString(), payees, total: Object.values(payees).reduce((a, b) => a + b, 0) };
    if (run) {
      await trx.updateTable('monthend_run').set({ result: jsonb({ ...(run.result as Record<string, unknown>), approval }) }).where('id', '=', run.id).execute();
    } else {
      // The run record of the month, owned by the user running month end; Proceed carries it on.
      await trx.insertInto('monthend_run').values({ year: period.year, month: period.month, user_id: holder, steps: jsonb([]), result: jsonb({ approval }) }).execute();
    }
    await writeLog(trx as unknown as Kysely<any>, {
      database: company.code, severity: 'CHANGE', identity: userId, routine: 'monthend', method: 'POST', apicall: '/monthend/approve',
      recordKey: `${period.year}-${period.month}`,
      message: `Month-end disbursement for ${monthYearStartCase(period.month, period.year)} approved by ${userId}: ${Object.keys(payees).length} payees, ${formatCents(approval.total)}`,
    });
    return approval;
  });
}

/**
 * Proceed's check before its first step: the approval exists and equals what the disbursement
 * will pay after release. A run already part way is checked at its disbursement step.
 */
export async function assertApprovedToStart(db: Db, userId: string, result: Record<string, unknown>): Promise<void> {
  const approval = approvalOf(result);
  if (!approval) throw conflict('The disbursement needs approval by a second user before month end can proceed', { approval: true });
  const after = await db.transaction().execute((trx) => rowsAfterRelease(trx, userId));
  if (!approvalMatches(approval.payees, payeesOf(after))) throw conflict('The disbursement changed since it was approved: it needs approval again', { approval: true });
}

/** The disbursement step's check, inside its transaction: it pays exactly what was approved. */
export function assertApproved(result: Record<string, unknown>, rows: RowCents[]): DisbursementApproval {
  const approval = approvalOf(result);
  if (!approval) throw conflict('The disbursement needs approval by a second user before money moves', { approval: true });
  if (!approvalMatches(approval.payees, payeesOf(rows))) throw conflict('The disbursement differs from what was approved: it needs approval again', { approval: true });
  return approval;
}
