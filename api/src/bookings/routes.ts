import { type Context, Hono } from 'hono';
import type { Kysely } from 'kysely';
import { BOOKING_MESSAGES, bookingAllocationBody, bookingListQuery, bookingSyncBody, bookingSyncQuery } from '../contracts/bookings.js';
import { jsonb } from '../db/open.js';
import type { CompanyTables } from '../db/schema.js';
import type { AppDeps } from '../deps.js';
import { ApiError, notFound } from '../http/errors.js';
import type { AppEnv } from '../http/env.js';
import { assertAnyPermission } from '../http/guard.js';
import { jsonBody, queryParams } from '../http/validate.js';
import type { JobContext, JobView } from '../jobs/jobs.js';
import { businessDate } from '../ledger/business-date.js';
import { writeLog } from '../log/system-log.js';
import { BookingSystemClient, type BookingSystemLink, BookingSystemError } from './client.js';
import { allocationEditView, saveManualAllocation } from './manual-allocation.js';
import { bookingAllocation, bookingCashbook, bookingDoors, bookingItems, listBookings } from './queries.js';
import { applyBooking, loadSetup, syncAccounts, syncBookings, syncUnits } from './sync.js';

type Db = Kysely<CompanyTables>;

/** Every sync of a company (whole, units, accounts, one booking) is one kind: one at a time across processes. */
export const SYNC_JOB = 'booking-sync';

/** The company's link (Control Settings gp_host, gp_user, gp_pwd); 409 when none is set up. */
export async function linkOf(db: Db): Promise<BookingSystemLink> {
  const rows = await db.selectFrom('control_setting').select(['key', 'value']).where('key', 'in', ['gp_host', 'gp_user', 'gp_pwd']).execute();
  const v = (k: string) => { const x = rows.find((r) => r.key === k)?.value; return typeof x === 'string' && x.trim() ? x.trim() : null; };
  const host = v('gp_host');
  if (!host) throw new ApiError(409, BOOKING_MESSAGES.notSetUp);
  return { host, user: v('gp_user'), password: v('gp_pwd') };
}

/** The whole sync (POST /api/sync, the timer, the demo's start): units, accounts, then the changed bookings. */
export async function wholeSync(db: Db, client: BookingSystemClient, job: JobContext) {
  await job.report(2, 'Syncing units and unit types');
  await syncUnits(db, client);
  await job.report(5, 'Syncing accounts');
  await syncAccounts(db, client);
  const result = await syncBookings(db, job.userId, client, await businessDate(db), (p, m) => job.report(5 + p * 0.94, m));
  await markSynced(db);
  return { ...result, error: result.errors > 0 };
}

export type SyncWork<R> = (db: Db, client: BookingSystemClient, job: JobContext) => Promise<R>;

/** Starts a sync job of a company; failures of the booking system are logged in the system log before the job records them. */
export async function startSyncJob<R>(deps: Pick<AppDeps, 'jobs' | 'db'>, company: { code: string; db: Db }, userId: string, message: string, work: SyncWork<R>): Promise<JobView> {
  const client = new BookingSystemClient(await linkOf(company.db));
  return deps.jobs.start({ company: company.code, kind: SYNC_JOB, userId, message, busyMessage: BOOKING_MESSAGES.busy }, async (job) => {
    try {
      return await work(company.db, client, job);
    } catch (e) {
      if (e instanceof BookingSystemError) {
        await writeLog(deps.db.root, { database: company.code, severity: 'ERROR', identity: job.userId, routine: SYNC_JOB, message: e.message }).catch(() => {});
      }
      throw e;
    }
  });
}

async function markSynced(db: Db) {
  const now = new Date().toISOString();
  await db.insertInto('control_setting').values([{ key: 'last_sync_date', value: jsonb(now) }, { key: 'last_sync_run_date', value: jsonb(now) }])
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: (eb) => eb.ref('excluded.value') })).execute();
}

/**
 * Sync routes (spec 2 §7, spec 3 §7): POST /api/sync (units, accounts and the changed bookings,
 * as a job polled at GET /api/progress/{id}), POST /api/unit/sync, /api/unit/sync_unittype,
 * /api/account/sync, POST /api/booking/sync/{id} (early distribution, undo of a manual
 * allocation); the Bookings list and its drill-downs; the manual allocation (Edit Allocation). Booking-system failures are logged in the
 * system log and answered as a 502 in the error shape.
 */
export function bookingRoutes({ requires, jobs, db: database }: AppDeps) {
  const app = new Hono<AppEnv>();
  const companyDb = (c: Context<AppEnv>) => c.get('company').db as Db;

  const startSync = async <R>(c: Context<AppEnv>, message: string, work: SyncWork<R>): Promise<JobView> =>
    startSyncJob({ jobs, db: database }, { code: c.get('company').code, db: companyDb(c) }, c.get('user').id, message, work);

  /** Runs a short sync and answers its outcome (the spec's toasts read message and error). */
  const runToEnd = async (c: Context<AppEnv>, view: JobView) => {
    const done = await jobs.settled(c.get('company').code, view.id);
    if (!done || done.status !== 'done') throw new ApiError((done?.error?.status ?? 500) as 500, done?.error?.message ?? 'The sync did not finish');
    return done;
  };

  // The whole sync is also Bank Reconciliation's Sync Now (spec 3 §4 'Send Now and Sync Now'):
  // p_fn_bank, which shows that screen, runs it too (issue 17).
  app.post('/sync', requires('company'), async (c) => {
    assertAnyPermission(c, ['p_bookings', 'p_fn_bank']);
    const view = await startSync(c, 'Syncing with the booking system', wholeSync);
    return c.json({ data: view, message: 'Sync started' });
  });

  app.post('/unit/sync', requires('p_entities'), async (c) => {
    const done = await runToEnd(c, await startSync(c, 'Syncing units', (db, client) => syncUnits(db, client)));
    return c.json({ data: done.result, message: (done.result as { message: string }).message, error: false });
  });

  app.post('/unit/sync_unittype', requires('p_set_up'), async (c) => {
    const done = await runToEnd(c, await startSync(c, 'Syncing unit types', (db, client) => syncUnits(db, client)));
    return c.json({ data: done.result, message: (done.result as { message: string }).message, error: false });
  });

  app.post('/account/sync', requires('p_set_up'), async (c) => {
    const done = await runToEnd(c, await startSync(c, 'Syncing accounts', (db, client) => syncAccounts(db, client)));
    return c.json({ data: done.result, message: (done.result as { message: string }).message, error: false });
  });

  // A plain re-sync is also Tasks & Audit's row action (spec 3 §4, a SYNC task): p_daily_task runs
  // it too (issue 17); early distribution and undoing a manual allocation stay the Bookings screen's.
  app.post('/booking/sync/:id', requires('company'), queryParams(bookingSyncQuery), jsonBody(bookingSyncBody), async (c) => {
    const id = c.req.param('id').slice(0, 40);
    const early = c.req.valid('query').earlydisburse;
    const undoManual = c.req.valid('json')?.undoManualAllocation === true;
    assertAnyPermission(c, early !== undefined || undoManual ? ['p_bookings'] : ['p_bookings', 'p_daily_task']);
    const db = companyDb(c);
    const known = await db.selectFrom('booking').select(['id', 'ref', 'status']).where('id', '=', id).executeTakeFirst();
    if (!known) throw notFound(`Booking ${id} has not been synced`);
    const view = await startSync(c, `Syncing booking ${known.ref}`, async (db, client, job) => {
      const booking = await client.booking(id);
      const changes: { early_disburse?: boolean; manual_allocation?: boolean } = {};
      if (early !== undefined) changes.early_disburse = early === 'true';
      if (undoManual) changes.manual_allocation = false;
      if (Object.keys(changes).length) await db.updateTable('booking').set(changes).where('id', '=', id).execute();
      const outcome = await applyBooking(db, job.userId, booking, await loadSetup(db), { force: true, today: await businessDate(db) });
      return { ref: booking.ref, error: outcome.status === 'error', warn: outcome.warn, message: outcome.message ?? BOOKING_MESSAGES.resyncDone };
    });
    const done = await runToEnd(c, view);
    const result = done.result as { ref: string; error: boolean; warn: boolean; message: string };
    return c.json({ data: result, ...result });
  });

  app.get('/booking', requires('p_bookings'), queryParams(bookingListQuery), async (c) => {
    const q = c.req.valid('query');
    return c.json({ data: await listBookings(companyDb(c), { from: q.from, to: q.to, issues: q.issues === 'true' }) });
  });

  app.get('/booking/cashbook/:id', requires('p_bookings'), async (c) => c.json({ data: await bookingCashbook(companyDb(c), c.req.param('id')) }));

  app.get('/booking/doors/:id', requires('p_bookings'), async (c) => {
    const rows = await bookingDoors(companyDb(c), c.req.param('id'));
    if (!rows) throw notFound(`Booking ${c.req.param('id').slice(0, 40)} not found`);
    return c.json({ data: rows });
  });

  app.get('/booking/items/:id', requires('p_bookings'), async (c) => {
    const rows = await bookingItems(companyDb(c), c.req.param('id'), c.req.query('door') || undefined);
    if (!rows) throw notFound(`Booking ${c.req.param('id').slice(0, 40)} not found`);
    return c.json({ data: rows });
  });

  app.get('/booking/allocation/:id/edit', requires('p_bookings'), async (c) => c.json({ data: await allocationEditView(companyDb(c), c.req.param('id').slice(0, 40)) }));

  app.post('/booking/allocation', requires('p_bookings'), jsonBody(bookingAllocationBody), async (c) => {
    const saved = await saveManualAllocation(companyDb(c), c.get('user').id, c.req.valid('json'));
    return c.json({ data: { ref: saved.ref }, message: saved.message });
  });

  app.get('/booking/allocation/:id', requires('p_bookings'), async (c) =>
    c.json({ data: await bookingAllocation(companyDb(c), c.req.param('id'), c.req.query('door') || undefined) }));

  return app;
}
