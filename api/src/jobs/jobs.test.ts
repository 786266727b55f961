import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../http/errors.js';
import { openSecondProcess } from '../testing/second-process.js';
import { type TestApi, startTestApi } from '../testing/test-api.js';
import { JobRunner } from './jobs.js';
import { withSingleRunner } from './single-runner.js';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

/** A job that waits until the test lets it finish. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((r) => (open = r));
  return { open, opened };
}

const spec = (kind = 'test-op', company = 'DEMOTRUST') => ({ company, kind, userId: 'ADMIN', message: 'Starting' });

describe('long operations (jobs) and GET /api/progress/{id}', () => {
  it('reports progress while running and the result once done, capped at 100', async () => {
    const g = gate();
    const reported = gate();
    const job = await api.deps.jobs.start(spec(), async (ctx) => {
      await ctx.report(42.4, 'Releasing charges');
      reported.open();
      await g.opened;
      await ctx.report(180, 'Still going');
      return { message: 'All done', files: 2 };
    });
    await reported.opened;
    const running = await api.call('GET', `/api/progress/${job.id}`);
    expect(running.status).toBe(200);
    expect(running.body.data).toMatchObject({ id: job.id, percent: 42, message: 'Releasing charges', active: true, status: 'running' });
    g.open();
    await api.deps.jobs.settled('DEMOTRUST', job.id);
    const done = await api.call('GET', `/api/progress/${job.id}`);
    expect(done.body.data).toMatchObject({ percent: 100, active: false, status: 'done', message: 'All done', result: { message: 'All done', files: 2 }, error: null });
  });

  it('runs one operation of a kind per company at a time: a second start is a 409 that changes nothing', async () => {
    const g = gate();
    const first = await api.deps.jobs.start(spec('sync'), () => g.opened);
    await expect(api.deps.jobs.start(spec('sync'), async () => 'never')).rejects.toMatchObject({ status: 409 });
    const otherKind = await api.deps.jobs.start(spec('email'), async () => undefined);
    const otherCompany = await api.deps.jobs.start(spec('sync', 'OTHERCO01'), async () => undefined);
    g.open();
    await api.deps.jobs.idle();
    expect((await api.deps.jobs.read('DEMOTRUST', first.id))?.status).toBe('done');
    expect((await api.deps.jobs.read('DEMOTRUST', otherKind.id))?.status).toBe('done');
    expect((await api.deps.jobs.read('OTHERCO01', otherCompany.id))?.status).toBe('done');
    const again = await api.deps.jobs.start(spec('sync'), async () => undefined);
    await api.deps.jobs.settled('DEMOTRUST', again.id);
    expect((await api.deps.jobs.read('DEMOTRUST', again.id))?.status).toBe('done');
  });

  it('keeps a refusal as the error in the spec shape, and an unexpected failure as a logged generic error', async () => {
    const refused = await api.deps.jobs.start(spec(), async () => {
      throw new ApiError(409, 'There are Critical Audit Tasks that must be rectificed before rollover');
    });
    await api.deps.jobs.settled('DEMOTRUST', refused.id);
    expect((await api.call('GET', `/api/progress/${refused.id}`)).body.data).toMatchObject({
      status: 'failed', active: false, percent: 100, error: { status: 409, message: 'There are Critical Audit Tasks that must be rectificed before rollover' },
    });

    const crashed = await api.deps.jobs.start(spec(), async () => {
      throw new Error('disk on fire');
    });
    await api.deps.jobs.settled('DEMOTRUST', crashed.id);
    const view = (await api.call('GET', `/api/progress/${crashed.id}`)).body.data;
    expect(view.error.status).toBe(500);
    expect(view.error.message).not.toContain('disk on fire');
    const logged = await api.db.control.selectFrom('system_log').select('message').where('routine', '=', 'test-op').where('message', 'like', `%${crashed.id}%`).execute();
    expect(logged[0]?.message).toContain('disk on fire');
  });

  it("never shows another company's operation", async () => {
    const other = await api.deps.jobs.start(spec('secret', 'OTHERCO01'), async () => ({ message: 'secret' }));
    await api.deps.jobs.settled('OTHERCO01', other.id);
    expect((await api.call('GET', `/api/progress/${other.id}`)).status).toBe(404);
    expect((await api.call('GET', '/api/progress/no-such-job')).status).toBe(404);
  });

  it('marks a run whose process died as interrupted, at start-up or when the next run of its kind starts', async () => {
    const dead = { company: 'DEMOTRUST', kind: 'monthend', status: 'running' as const, message: 'Posting disbursements', user_id: 'ADMIN' };
    await api.db.control.insertInto('job').values({ ...dead, id: 'dead-1' }).execute();
    const swept = await new JobRunner(api.db).sweepInterrupted();
    expect(swept.map((j) => j.id)).toContain('dead-1');
    expect((await api.deps.jobs.read('DEMOTRUST', 'dead-1'))).toMatchObject({ status: 'interrupted', active: false });

    await api.db.control.insertInto('job').values({ ...dead, id: 'dead-2' }).execute();
    const next = await api.deps.jobs.start(spec('monthend'), async () => undefined);
    await api.deps.jobs.settled('DEMOTRUST', next.id);
    expect((await api.deps.jobs.read('DEMOTRUST', 'dead-2'))?.status).toBe('interrupted');
  });

  it('a running job is not swept by a process that finds its lock held', async () => {
    const g = gate();
    const live = await api.deps.jobs.start(spec('long'), () => g.opened);
    expect((await new JobRunner(api.db).sweepInterrupted()).map((j) => j.id)).not.toContain(live.id);
    g.open();
    await api.deps.jobs.settled('DEMOTRUST', live.id);
    expect((await api.deps.jobs.read('DEMOTRUST', live.id))?.status).toBe('done');
  });

  it('on PostgreSQL, holds across API processes and frees the lock when the holding process dies', async () => {
    const other = await openSecondProcess(api.db);
    if (!other) return; // PGlite: one process per data folder (the in-process lock is tested above)
    const g = gate();
    const started = gate();
    const ran = withSingleRunner(other, 'job:DEMOTRUST:crossproc', async () => {
      started.open();
      await g.opened;
    });
    await started.opened;
    await expect(api.deps.jobs.start(spec('crossproc'), async () => undefined)).rejects.toMatchObject({ status: 409 });
    // The other process dies with the lock held (as kill -9 would: its session ends), and
    // PostgreSQL drops the lock with the session.
    await sql`select pg_terminate_backend(pid) from pg_locks where locktype = 'advisory' and granted and pid <> pg_backend_pid()`.execute(api.db.root);
    g.open();
    await ran.catch(() => {});
    await other.close();
    const after = await api.deps.jobs.start(spec('crossproc'), async () => undefined);
    await api.deps.jobs.settled('DEMOTRUST', after.id);
    expect((await api.deps.jobs.read('DEMOTRUST', after.id))?.status).toBe('done');
  });
});
