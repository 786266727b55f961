import { Hono } from 'hono';
import { ARCHIVE_PATHS, readArchived } from '../archive/archive.js';
import { backupCompany } from '../backup/backup.js';
import {
  BACKUP_ITEM, checklistCompleteContract, checklistResetContract, checklistToggleContract, monthEndApproveContract, monthEndRunContract, monthEndStopContract,
} from '../contracts/monthend.js';
import type { AppDeps } from '../deps.js';
import { notFound } from '../http/errors.js';
import type { AppEnv } from '../http/env.js';
import { idempotentCall } from '../http/idempotency.js';
import { jsonBody } from '../http/validate.js';
import { approveDisbursement, monthEndPreview } from './approval.js';
import { backupItem, checklistItems, checklistSummary, completeType, resetChecklist, setComplete } from './checklist.js';
import { assertMonthEndActive, runMonthEnd, startMonthEnd, stopMonthEnd } from './run.js';

export const MONTH_END_JOB = 'monthend';

/**
 * The month-end checklist calls of spec 2 §7, mounted at /api/checklist before the Setup
 * editor's routes: GET with ?monthend answers the working list, without it the editor answers.
 */
export function monthEndChecklistRoutes({ requires }: AppDeps) {
  const app = new Hono<AppEnv>();

  // One path, two answers: the Setup editor's GET route carries this path's guard, so the
  // month-end answer runs its own guard (p_month_end) itself before answering.
  const monthEndGuard = requires('p_month_end');
  app.get('/', async (c, next) => {
    if (!('monthend' in c.req.queries())) return next();
    let answer: Response | undefined;
    await monthEndGuard(c, async () => {
      const db = c.get('company').db;
      const list = await checklistItems(db);
      answer = c.json({ data: list, summary: await checklistSummary(db, list) });
    });
    return answer!;
  });

  /** Ticks or unticks one item; ticking the backup item runs the backup first, into the archive. */
  app.put('/toggle', requires('p_month_end'), jsonBody(checklistToggleContract), async (c) => {
    const { id, complete, notes } = c.req.valid('json');
    const company = c.get('company');
    const item = await company.db.transaction().execute(async (trx) => {
      const backup = await backupItem(trx);
      let note = notes;
      if (complete && backup && Number(backup.id) === id) {
        const made = await backupCompany(trx, company, c.get('user').id);
        note = `Backup ${made.filename} (${made.rows} rows, ${made.bytes} bytes) kept in the Archive`;
      }
      return setComplete(trx, id, complete, note);
    });
    return c.json({ data: item, message: item.notes && item.tp_type === BACKUP_ITEM && complete ? item.notes : 'Checklist updated' });
  });

  app.put('/complete', requires('p_month_end'), jsonBody(checklistCompleteContract), async (c) => {
    const { type } = c.req.valid('json');
    const company = c.get('company');
    await company.db.transaction().execute(async (trx) => {
      const backup = await backupItem(trx, type);
      if (backup && !backup.complete) {
        const made = await backupCompany(trx, company, c.get('user').id);
        await setComplete(trx, Number(backup.id), true, `Backup ${made.filename} (${made.rows} rows, ${made.bytes} bytes) kept in the Archive`);
      }
      await completeType(trx, type);
    });
    return c.json({ data: await checklistItems(company.db), message: 'Checklist complete' });
  });

  app.put('/reset', requires('p_month_end'), jsonBody(checklistResetContract.optional()), async (c) => {
    const db = c.get('company').db;
    await db.transaction().execute((trx) => resetChecklist(trx));
    return c.json({ data: await checklistItems(db), message: 'Checklist reset' });
  });

  return app;
}

/** POST /api/monthend/start, /stop, POST /api/monthend (the run, as a job with progress), and its files. */
export function monthEndRoutes({ requires, jobs }: AppDeps) {
  const app = new Hono<AppEnv>();

  app.post('/start', requires('p_month_end'), (c) => idempotentCall(c, async () => {
    const company = c.get('company');
    const started = await startMonthEnd(company.db, company, c.get('user').id);
    return { body: { data: { active: true, uuid: started.uuid }, message: started.already ? 'Month end is already active' : 'Month end started: the books are closed to other users\' updates' } };
  }));

  app.post('/stop', requires('p_month_end'), jsonBody(monthEndStopContract.optional()), async (c) => {
    const company = c.get('company');
    const latest = await jobs.latest(company.code, MONTH_END_JOB);
    await stopMonthEnd(company.db, company, c.get('user').id, latest?.status === 'running');
    return c.json({ data: { active: false }, message: 'Month end aborted' });
  });

  /**
   * Proceed: answers the job at once (poll GET /api/progress/{id}; its result carries aba,
   * filename, reports and message). With ?wait=true it answers the finished outcome instead.
   * A run stopped part way is resumed by the same call. An Idempotency-Key makes a retried
   * Proceed answer the first call's answer instead of running again (issue 8 item 10).
   */
  app.post('/', requires('p_month_end'), jsonBody(monthEndRunContract.optional()), (c) => idempotentCall(c, async () => {
    const company = c.get('company');
    const user = c.get('user');
    await assertMonthEndActive(company.db, user.id);
    const job = await jobs.start(
      { company: company.code, kind: MONTH_END_JOB, userId: user.id, message: 'Month end', busyMessage: 'Month end is already running' },
      (ctx) => runMonthEnd(company.db, { company, userId: user.id, report: (p, m) => ctx.report(p, m) }),
    );
    if (c.req.query('wait') !== 'true') return { body: { data: job, message: 'Month end is running' } };
    const done = await jobs.settled(company.code, job.id);
    if (done?.status === 'failed') return { body: { error: done.error?.message, message: done.error?.message, data: done }, status: (done.error?.status ?? 500) as 409 };
    return { body: { data: done?.result, message: (done?.result as { message?: string } | null)?.message ?? 'Month end complete' } };
  }));

  /** The confirmation's Funds/Holds/Release/Disbursement table and the approval's state. */
  app.get('/preview', requires('p_month_end'), async (c) => c.json({ data: await monthEndPreview(c.get('company').db, c.get('user').id) }));

  /**
   * A second user approves the previewed disbursement. It is a write by someone other than the
   * lock holder while month end is active, which the guard's lock check would refuse: the
   * approval checks the lock itself (it needs it held, by somebody else).
   */
  app.post('/approve', requires('p_approve_disbursement', { lockCheckedInTransaction: true }), jsonBody(monthEndApproveContract.optional()), async (c) => {
    const company = c.get('company');
    const approval = await approveDisbursement(company.db, company, c.get('user').id);
    return c.json({ data: await monthEndPreview(company.db, c.get('user').id), message: `Disbursement approved by ${approval.by}` });
  });

  /** A month-end file again (the ABA file or the report pack), from the archive. */
  app.get('/file/:id', requires('p_month_end'), async (c) => {
    const id = Number(c.req.param('id'));
    const file = Number.isSafeInteger(id) && id > 0 ? await readArchived(c.get('company').db, id) : undefined;
    if (!file || file.path !== ARCHIVE_PATHS.MONTH_END) throw notFound(`Month-end file ${c.req.param('id').slice(0, 40)} not found`);
    return new Response(Buffer.from(file.content), {
      headers: { 'Content-Type': file.mime, 'Content-Disposition': `attachment; filename="${file.blob_id}"`, 'Content-Length': String(file.size) },
    });
  });

  return app;
}
