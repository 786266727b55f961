import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { ARCHIVE_PATHS, MIME, archiveFile } from '../archive/archive.js';
import { runAudit } from '../audit/audit.js';
import { type ReleaseSelection, releaseCharges } from '../charges/release.js';
import { MONTH_END_STEPS, type MonthEndResult, type MonthEndStep } from '../contracts/monthend.js';
import { businessDate } from '../ledger/business-date.js';
import { jsonb } from '../db/open.js';
import type { CompanyTables } from '../db/schema.js';
import { readLetterhead } from '../documents/letterhead.js';
import { postDisbursement } from '../disbursement/post.js';
import { disbursementRows } from '../disbursement/rows.js';
import { ApiError, conflict } from '../http/errors.js';
import { openPeriod } from '../ledger/ledger.js';
import { closeOpenPeriod } from '../ledger/period.js';
import { writeLog } from '../log/system-log.js';
import { formatCents, toCents, toDollars } from '../money/cents.js';
import { monthEndPackZip, packDisbursement } from '../statements/month-end-pack.js';
import { raiseRent } from '../tenancies/tenancies.js';
import { applyMonthlyFees } from '../units/fees.js';
import { monthYearStartCase } from '../control/settings.js';
import { approvalRequired, assertApproved, assertApprovedToStart } from './approval.js';
import { preliminaryChecksComplete, resetChecklist } from './checklist.js';
import { monthEndReleaseSelection } from './release.js';
import { unfinishedRun } from './run-record.js';

type Db = Kysely<CompanyTables>;

export interface MonthEndCompany {
  code: string;
  name: string;
}

const LOCK_KEYS = ['monthend_lock_uuid', 'monthend_lock_user'];

async function lockState(db: Db): Promise<{ uuid: string | null; user: string | null }> {
  const rows = await db.selectFrom('control_setting').select(['key', 'value']).where('key', 'in', LOCK_KEYS).execute();
  const value = (k: string) => (rows.find((r) => r.key === k)?.value as string | null | undefined) ?? null;
  return { uuid: value('monthend_lock_uuid'), user: value('monthend_lock_user') };
}

async function setLock(trx: Db, uuid: string | null, user: string | null): Promise<void> {
  await trx.insertInto('control_setting').values([
    { key: 'monthend_lock_uuid', value: jsonb(uuid) },
    { key: 'monthend_lock_user', value: jsonb(user) },
  ]).onConflict((oc) => oc.column('key').doUpdateSet({ value: (eb) => eb.ref('excluded.value') })).execute();
}

export const CRITICAL_MESSAGE = 'There are Critical Audit Tasks that must be rectificed before rollover';

/**
 * Start (spec 2 §4 step 1–2): the full audit must find no CRITICAL item and every preliminary
 * check must be ticked; then the exclusive lock is set for this user (the guard answers 423 to
 * everyone else's writes). Starting again while this user holds it changes nothing.
 */
export async function startMonthEnd(db: Db, company: MonthEndCompany, userId: string): Promise<{ uuid: string; already: boolean }> {
  const held = await lockState(db);
  if (held.uuid && held.user === userId) return { uuid: held.uuid, already: true };
  // The checklist first: refusing on it writes nothing, while the audit refreshes its task list.
  const checks = await preliminaryChecksComplete(db);
  if (!checks.ok) throw conflict(`Complete every preliminary check first: ${checks.open.join('; ')}`, { open: checks.open });
  const audit = await runAudit(db, await businessDate(db), true);
  if (audit._critical > 0) throw conflict(CRITICAL_MESSAGE, { critical: audit._critical });
  const uuid = randomUUID();
  await db.transaction().execute(async (trx) => {
    // Under the settings row lock: two users pressing Start at once cannot both hold it.
    await trx.selectFrom('control_setting').select('key').where('key', 'in', LOCK_KEYS).forUpdate().execute();
    const now = await lockState(trx);
    if (now.uuid && now.user !== userId) throw new ApiError(423, `Exclusive Month End Mode is active: ${now.user ?? 'another user'} started month end`, { monthend: true });
    await setLock(trx, uuid, userId);
    const period = await openPeriod(trx);
    await writeLog(trx as unknown as Kysely<any>, {
      database: company.code, severity: 'INFO', identity: userId, routine: 'monthend', method: 'POST', apicall: '/monthend/start',
      recordKey: `${period.year}-${period.month}`, message: `Month end started for ${monthYearStartCase(period.month, period.year)}: the books are closed to other users' updates`,
    });
  });
  return { uuid, already: false };
}

/**
 * Abort (spec 2 §4 step 3): the checklist is reset and the lock cleared. Refused while a Proceed
 * is running. A Proceed that stopped part way (the server died) before its close may be aborted
 * too: every step it committed is a complete operation on its own (charges released, a
 * disbursement with its ABA file, documents in the archive), so nothing is half done; the steps
 * left simply do not run, and a later month end starts them afresh from the books. Once the close
 * has committed the month is closed, and only Proceed (start of day) finishes the run.
 */
export async function stopMonthEnd(db: Db, company: MonthEndCompany, userId: string, running: boolean): Promise<void> {
  if (running) throw conflict('Month end is running: wait for it to finish', { busy: true });
  await db.transaction().execute(async (trx) => {
    await trx.selectFrom('control_setting').select('key').where('key', 'in', LOCK_KEYS).forUpdate().execute();
    const held = await lockState(trx);
    if (!held.uuid) throw conflict('Month end is not active');
    const period = await openPeriod(trx);
    const run = await unfinishedRun(trx);
    // Past its close the month is closed for good: only Proceed (start of day) finishes it.
    if (run?.steps.includes('close')) {
      throw conflict(`${monthYearStartCase(run.month, run.year)} is already closed: Proceed finishes its month end (start of day)`, { resumable: true });
    }
    // Its committed steps stay in the books and the system log; the run record goes, so the
    // next month end of this period starts afresh from the books.
    if (run) await trx.deleteFrom('monthend_run').where('id', '=', run.id).execute();
    await resetChecklist(trx, 'MTHEND_PRE');
    await setLock(trx, null, null);
    await writeLog(trx as unknown as Kysely<any>, {
      database: company.code, severity: 'INFO', identity: userId, routine: 'monthend', method: 'POST', apicall: '/monthend/stop',
      recordKey: `${period.year}-${period.month}`,
      message: `Month end aborted for ${monthYearStartCase(period.month, period.year)}${run ? ` after ${(run.steps as string[]).join(', ') || 'no steps'}` : ''}`,
    });
  });
}

/** Proceed needs the lock, held by the caller. */
export async function assertMonthEndActive(db: Db, userId: string): Promise<void> {
  const held = await lockState(db);
  if (!held.uuid) throw conflict('Month end is not active: press Start first (a month end already completed cannot be run again)');
  if (held.user !== userId) throw new ApiError(423, `Exclusive Month End Mode is active: ${held.user ?? 'another user'} is running month end`, { monthend: true });
}

interface RunRow { id: number; year: number; month: number; steps: string[]; result: Record<string, unknown> }

/** The run Proceed carries on: the one left part way by a stopped Proceed, or a new one for the open month. */
async function openRun(db: Db, userId: string): Promise<RunRow> {
  const stopped = await unfinishedRun(db);
  if (stopped) return stopped;
  const period = await openPeriod(db);
  const found = await db.selectFrom('monthend_run').select('status').where('year', '=', period.year).where('month', '=', period.month).executeTakeFirst();
  if (found?.status === 'DONE') throw conflict(`Month end for ${monthYearStartCase(period.month, period.year)} is already complete`);
  const row = await db.insertInto('monthend_run').values({ year: period.year, month: period.month, user_id: userId, steps: jsonb([]), result: jsonb({}) })
    .returning(['id', 'year', 'month', 'steps', 'result']).executeTakeFirstOrThrow();
  return { ...row, id: Number(row.id) };
}

export interface RunContext {
  company: MonthEndCompany;
  userId: string;
  report: (percent: number, message: string) => Promise<void>;
  now?: () => Date;
  /** Tests: called after each step commits (a crash test kills the process here). */
  afterStep?: (step: MonthEndStep) => Promise<void> | void;
  /** Tests: called inside each step's transaction, its work and record written but not committed (a kill here must leave no trace). */
  beforeCommit?: (step: MonthEndStep) => Promise<void> | void;
}

const STEP_TEXT: Record<MonthEndStep, string> = {
  release: 'Releasing the charges month end releases',
  disbursement: 'Disbursing trust funds and writing the ABA bank file',
  documents: 'Owner statements and the month-end report pack',
  close: 'Closing the period and rolling over to the next month',
  start_of_day: 'Start of day for the new month (monthly fees)',
};

/**
 * Proceed: the steps of MONTH_END_STEPS in order, each in ONE transaction that also appends the
 * step to the run's committed steps (monthend_run, locked FOR UPDATE first). A kill -9 at any
 * point leaves every step either committed and recorded or not done at all; Proceed again reads
 * the run and carries on after the last recorded step, so nothing is done twice. The last step
 * also clears the lock, resets the checklist and marks the run DONE in the same transaction.
 */
export async function runMonthEnd(db: Db, ctx: RunContext): Promise<MonthEndResult> {
  const now = ctx.now ?? (() => new Date());
  const run = await openRun(db, ctx.userId);
  const { year, month } = run;
  // Approval before money moves: checked before anything runs; a run part way is checked at its disbursement.
  if (run.steps.length === 0 && (await approvalRequired(db))) await assertApprovedToStart(db, ctx.userId, run.result);
  const period = monthYearStartCase(month, year);
  let result = run.result;

  for (const [i, step] of MONTH_END_STEPS.entries()) {
    const base = (i / MONTH_END_STEPS.length) * 100;
    await ctx.report(base, `${STEP_TEXT[step]} (${i + 1} of ${MONTH_END_STEPS.length})`);
    const recorded = await db.selectFrom('monthend_run').select(['steps', 'result']).where('id', '=', run.id).executeTakeFirstOrThrow();
    if ((recorded.steps as string[]).includes(step)) continue;
    // The documents are built before their transaction, from the committed books (the lock keeps
    // them still; PGlite has one connection, so no read may wait on an open transaction).
    const prepared = step === 'documents'
      ? await buildDocuments(db, { year, month, ctx, now: now(), result: recorded.result as Record<string, unknown>, report: (p, m) => ctx.report(base + p / MONTH_END_STEPS.length, m) })
      : null;
    const outcome = await db.transaction().execute(async (trx) => {
      const locked = await trx.selectFrom('monthend_run').select(['steps', 'result']).where('id', '=', run.id).forUpdate().executeTakeFirstOrThrow();
      if ((locked.steps as string[]).includes(step)) return null;
      const added = await runStep(trx, step, { prepared, runId: run.id, year, month, ctx, now: now(), result: locked.result as Record<string, unknown>, report: (p, m) => ctx.report(base + p / MONTH_END_STEPS.length, m) });
      const merged = { ...(locked.result as Record<string, unknown>), ...added };
      await trx.updateTable('monthend_run').set({
        steps: jsonb([...(locked.steps as string[]), step]),
        result: jsonb(merged),
        ...(step === 'start_of_day' ? { status: 'DONE' as const, finished_at: new Date() } : {}),
      }).where('id', '=', run.id).execute();
      await ctx.beforeCommit?.(step);
      return merged;
    });
    if (outcome) {
      result = outcome;
      await ctx.afterStep?.(step);
    }
  }
  const r = result as Record<string, any>;
  const disbursed = Number(r.disbursed ?? 0);
  const message = `Rollover for ${period} is Complete! Released ${r.released ?? 0} charge${r.released === 1 ? '' : 's'}; disbursed ${formatCents(disbursed)}`
    + `${r.filename ? ` (bank file ${r.filename})` : ''}; ${r.statements ?? 0} owner statements in ${r.reports_filename}. The system is open again.`;
  return {
    message,
    year,
    month,
    aba: (r.aba as string | null) ?? null,
    filename: (r.filename as string | null) ?? null,
    aba_archive_id: (r.aba_archive_id as number | null) ?? null,
    reports: { filename: String(r.reports_filename), archive_id: Number(r.reports_archive_id), statements: Number(r.statements ?? 0) },
    released: Number(r.released ?? 0),
    disbursed: toDollars(disbursed),
  };
}

interface StepInput {
  prepared: PreparedDocuments | null;
  runId: number;
  year: number;
  month: number;
  ctx: RunContext;
  now: Date;
  result: Record<string, unknown>;
  report: (percent: number, message: string) => Promise<void>;
}

async function runStep(trx: Db, step: MonthEndStep, s: StepInput): Promise<Record<string, unknown>> {
  const { ctx, year, month, now } = s;
  switch (step) {
    case 'release': {
      const selection: ReleaseSelection[] = await monthEndReleaseSelection(trx);
      if (!selection.length) return { released: 0, released_total: 0 };
      const done = await releaseCharges(trx, ctx.userId, selection, await businessDate(trx, now));
      return { released: done.released, released_total: done.total };
    }
    case 'disbursement': {
      const rows = (await disbursementRows(trx)).filter((r) => r.allowed && r.disburse > 0);
      const approval = (await approvalRequired(trx)) ? assertApproved(s.result, rows) : null;
      const approved = approval ? { approved_by: approval.by, approved_at: approval.at } : {};
      if (!rows.length) return { aba: null, filename: null, aba_archive_id: null, disbursed: 0, payments: 0, ...approved };
      const paid = await postDisbursement(trx, rows.map((r) => ({ code: r.code, disburse: toDollars(r.disburse), disburse_allowed: true })), {
        userId: ctx.userId, companyCode: ctx.company.code, companyName: ctx.company.name, archivePath: ARCHIVE_PATHS.MONTH_END, now,
      });
      const all = paid.payments.reduce((a, p) => a + toCents(p.amount), 0);
      return { aba: paid.aba, filename: paid.filename, aba_archive_id: paid.archive_id, disbursed: all, aba_total: toCents(paid.total), payments: paid.payments.length, ...approved };
    }
    case 'documents': {
      const { filename, zip, statements } = s.prepared!;
      const id = await archiveFile(trx, { date: now, userCode: ctx.userId, path: ARCHIVE_PATHS.MONTH_END, name: filename, mime: MIME.zip, content: zip });
      return { reports_filename: filename, reports_archive_id: id, statements };
    }
    case 'close': {
      const closed = await closeOpenPeriod(trx, { userId: ctx.userId, database: ctx.company.code, runId: s.runId });
      return { opened: closed.open };
    }
    case 'start_of_day': {
      const opened = s.result.opened as { year: number; month: number };
      const first = `${opened.year}-${String(opened.month).padStart(2, '0')}-01`;
      const today = await businessDate(trx, now);
      const date = today > first ? today : first;
      const fees = await applyMonthlyFees(trx as unknown as Kysely<any>, ctx.userId, { date });
      await raiseRent(trx as never, ctx.userId, { today: date });
      await trx.insertInto('control_setting').values({ key: 'last_start_date', value: jsonb(today) })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: (eb) => eb.ref('excluded.value') })).execute();
      await resetChecklist(trx, 'MTHEND_PRE');
      await setLock(trx, null, null);
      await writeLog(trx as unknown as Kysely<any>, {
        database: ctx.company.code, severity: 'CHANGE', identity: ctx.userId, routine: 'monthend', method: 'POST', apicall: '/monthend',
        recordKey: `${year}-${month}`, message: `Month end for ${monthYearStartCase(month, year)} complete; ${fees.raised} monthly fee charges raised for ${monthYearStartCase(opened.month, opened.year)}`,
      });
      return { fees_raised: fees.raised };
    }
  }
}

type PreparedDocuments = Awaited<ReturnType<typeof monthEndPackZip>>;

/** The owner statements of the month and the report pack, as one ZIP (statements/month-end-pack.ts). */
async function buildDocuments(db: Db, s: Omit<StepInput, 'prepared' | 'runId'>): Promise<PreparedDocuments> {
  const { ctx, year, month, now } = s;
  return monthEndPackZip(db, {
    companyCode: ctx.company.code, year, month, letterhead: await readLetterhead(db, ctx.company.name), at: now,
    disbursement: packDisbursement(s.result), report: s.report,
  });
}
