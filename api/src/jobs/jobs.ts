import { randomUUID } from 'node:crypto';
import type { Selectable, Updateable } from 'kysely';
import { type Database, jsonb } from '../db/open.js';
import type { ControlTables } from '../db/schema.js';
import { ApiError, conflict } from '../http/errors.js';
import { writeLog } from '../log/system-log.js';
import { type ReleaseRunner, acquireSingleRunner } from './single-runner.js';

/** What a long operation is handed while it runs. */
export interface JobContext {
  id: string;
  company: string;
  userId: string;
  /** Records how far it is (0–100) and what it is doing, for GET /api/progress/{id} (spec 1 §4.5). */
  report(percent: number, message?: string): Promise<void>;
}

export interface JobSpec {
  company: string;
  /** One runs at a time per company and kind, across every API process. */
  kind: string;
  userId: string;
  /** What the progress bar says first. */
  message: string;
  /** Kept with the job, so a feature can resume an interrupted one with what it was asked. */
  input?: unknown;
  /** The 409 message when one of this kind is already running for the company. */
  busyMessage?: string;
}

export type JobStatus = 'running' | 'done' | 'failed' | 'interrupted';

/** The wire shape of GET /api/progress/{id}: the spec's progress fields plus the outcome. */
export interface JobView {
  id: string;
  kind: string;
  status: JobStatus;
  percent: number;
  message: string;
  active: boolean;
  result: unknown;
  error: { status: number; message: string } | null;
  input: unknown;
  userId: string;
  createdAt: string;
  finishedAt: string | null;
}

type JobRow = Selectable<ControlTables['job']>;

const REPORT_EVERY_MS = 200;
const FAILED_UNEXPECTEDLY = 'The operation could not be completed; it has been recorded in the system log';

/**
 * Long operations (booking sync, month end, report packs, e-mail batches) run here: a row in
 * control.job per run, progress written to it so any API process can answer the poll, one run per
 * company and kind at a time (the single-runner lock), and the outcome (a small JSON result or
 * the error in the spec's shape) kept with the row. A run whose process died is found with its
 * lock free and marked 'interrupted'; the feature decides whether to resume it from its own
 * committed state (its work must be safe to run again: see docs on each feature).
 */
export class JobRunner {
  private readonly inFlight = new Map<string, Promise<void>>();

  /** `finished` hears of every run that ended (its company's cached reads are stale). */
  constructor(private readonly db: Database, private readonly finished: (company: string) => Promise<void> = async () => {}) {}

  /** Starts work in the background and answers at once; 409 while one of its kind runs for the company. */
  async start<R>(spec: JobSpec, work: (job: JobContext) => Promise<R>): Promise<JobView> {
    const release = await acquireSingleRunner(this.db, lockKey(spec.company, spec.kind));
    if (!release) throw conflict(spec.busyMessage ?? `A ${spec.kind} operation is already running for ${spec.company}`, { busy: true });
    let row: JobRow;
    try {
      // The lock was free, so any run still marked running lost its process.
      await this.markInterrupted(spec.company, spec.kind);
      row = await this.db.control.insertInto('job').values({
        id: randomUUID(),
        company: spec.company,
        kind: spec.kind,
        status: 'running',
        message: spec.message,
        input: spec.input === undefined ? null : jsonb(spec.input),
        user_id: spec.userId,
      }).returningAll().executeTakeFirstOrThrow();
    } catch (e) {
      await release();
      throw e;
    }
    const run = this.run(row, release, work);
    this.inFlight.set(row.id, run);
    void run.finally(() => this.inFlight.delete(row.id));
    return viewOf(row);
  }

  /** The job of this company with that id (another company's is never shown). */
  async read(company: string, id: string): Promise<JobView | undefined> {
    const row = await this.db.control.selectFrom('job').selectAll().where('id', '=', id).where('company', '=', company).executeTakeFirst();
    return row && viewOf(row);
  }

  /** The newest run of a kind for the company, whatever its status. */
  async latest(company: string, kind: string): Promise<JobView | undefined> {
    const row = await this.db.control.selectFrom('job').selectAll().where('company', '=', company).where('kind', '=', kind)
      .orderBy('created_at', 'desc').limit(1).executeTakeFirst();
    return row && viewOf(row);
  }

  /** Resolves when a job this process started has finished (tests; a route that answers the outcome). */
  async settled(company: string, id: string): Promise<JobView | undefined> {
    await this.inFlight.get(id);
    return this.read(company, id);
  }

  /** Waits for every job this process started (shutdown, tests). */
  async idle(): Promise<void> {
    while (this.inFlight.size) await Promise.allSettled([...this.inFlight.values()]);
  }

  /**
   * At start-up: marks every run left 'running' whose lock is free (its process died) as
   * 'interrupted' and answers them, so features can resume what they must.
   */
  async sweepInterrupted(): Promise<JobView[]> {
    const running = await this.db.control.selectFrom('job').select(['company', 'kind']).distinct().where('status', '=', 'running').execute();
    const swept: JobView[] = [];
    for (const { company, kind } of running) {
      const release = await acquireSingleRunner(this.db, lockKey(company, kind));
      if (!release) continue;
      try {
        swept.push(...(await this.markInterrupted(company, kind)));
      } finally {
        await release();
      }
    }
    return swept;
  }

  private async markInterrupted(company: string, kind: string): Promise<JobView[]> {
    const rows = await this.db.control.updateTable('job')
      .set({ status: 'interrupted', message: 'Interrupted: the server stopped while this was running', updated_at: new Date(), finished_at: new Date() })
      .where('company', '=', company).where('kind', '=', kind).where('status', '=', 'running')
      .returningAll().execute();
    return rows.map(viewOf);
  }

  private async run<R>(row: JobRow, release: ReleaseRunner, work: (job: JobContext) => Promise<R>): Promise<void> {
    let written = { percent: 0, message: row.message, at: Date.now() };
    const update = (values: Updateable<ControlTables['job']>) =>
      this.db.control.updateTable('job').set({ ...values, updated_at: new Date() }).where('id', '=', row.id).execute();
    const context: JobContext = {
      id: row.id,
      company: row.company,
      userId: row.user_id,
      report: async (percent, message) => {
        const next = { percent: Math.max(0, Math.min(99, Math.round(percent))), message: message ?? written.message, at: Date.now() };
        // A poll every 500 ms needs no more than a write every 200 ms.
        if (next.at - written.at < REPORT_EVERY_MS && next.message === written.message) return;
        written = next;
        await update({ percent: next.percent, message: next.message });
      },
    };
    try {
      const result = await work(context);
      await update({ status: 'done', percent: 100, message: messageOf(result) ?? 'Complete', result: result === undefined ? null : jsonb(result), finished_at: new Date() });
    } catch (e) {
      const known = e instanceof ApiError;
      if (!known) {
        await writeLog(this.db.root, {
          database: row.company, severity: 'ERROR', identity: row.user_id, routine: row.kind,
          message: `${row.kind} ${row.id} failed: ${e instanceof Error ? e.message : String(e)}`,
          stack: e instanceof Error ? (e.stack ?? null) : null,
        }).catch(() => {});
      }
      const error = known ? { status: e.status, message: e.message } : { status: 500, message: FAILED_UNEXPECTEDLY };
      await update({ status: 'failed', percent: 100, message: error.message, error: jsonb(error), finished_at: new Date() }).catch(() => {});
    } finally {
      await release();
      await this.finished(row.company).catch(() => {});
    }
  }
}

const lockKey = (company: string, kind: string) => `job:${company}:${kind}`;

const messageOf = (result: unknown): string | undefined =>
  result && typeof result === 'object' && typeof (result as { message?: unknown }).message === 'string' ? (result as { message: string }).message : undefined;

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function viewOf(row: JobRow): JobView {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    percent: row.percent,
    message: row.message,
    active: row.status === 'running',
    result: row.result ?? null,
    error: row.error ?? null,
    input: row.input ?? null,
    userId: row.user_id,
    createdAt: iso(row.created_at)!,
    finishedAt: iso(row.finished_at),
  };
}
