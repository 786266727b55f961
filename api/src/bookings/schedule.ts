import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { addDays, businessDate } from '../ledger/business-date.js';
import { jsonb } from '../db/open.js';
import type { CompanyTables } from '../db/schema.js';
import type { AppDeps } from '../deps.js';
import { ApiError } from '../http/errors.js';
import { runPeriodically } from '../jobs/single-runner.js';
import { openPeriod } from '../ledger/ledger.js';
import { BookingSystemClient } from './client.js';
import { startSyncJob, wholeSync } from './routes.js';
import { BookingSimulator, type RunningSimulator, serveSimulator } from './simulator.js';
import { type SyncReport, syncAccounts, syncBookings, syncUnits } from './sync.js';

type Db = Kysely<CompanyTables>;

/** Marks a link to the demo's own simulator (renewed at every start, its port changing). */
const DEMO_LINK_KEY = 'demo_booking_sim';

const setting = async (db: Db, key: string) => (await db.selectFrom('control_setting').select('value').where('key', '=', key).executeTakeFirst())?.value;

/**
 * The automatic sync (spec 3 'Booking-system Sync': every sync_frequency seconds): once a minute,
 * every company with a booking system and a frequency whose last sync is older than that starts one
 * (a company already syncing answers busy and is left alone). Every API process schedules it;
 * the tick runs in one of them at a time (the advisory lock SYNC_SCHEDULE_LOCK), so two processes
 * never both decide a company is due.
 */
export function scheduleSyncs(deps: AppDeps, userId: string, intervalMs = 60_000): () => void {
  const tick = async () => {
    const companies = await deps.db.control.selectFrom('company').select(['code', 'schema_name']).where('inactive', '=', false).execute();
    for (const company of companies) {
      const db = deps.db.company(company.schema_name);
      // Control Settings keep the frequency in seconds (0, 300, 900, 1800 or 3600; 0 is manual only).
      const seconds = Number(await setting(db, 'sync_frequency'));
      if (!(seconds > 0) || !(await setting(db, 'gp_host'))) continue;
      const last = await setting(db, 'last_sync_run_date');
      if (typeof last === 'string' && Date.now() - Date.parse(last) < seconds * 1000) continue;
      await startSyncJob(deps, { code: company.code, db }, userId, 'Scheduled sync with the booking system', wholeSync)
        .catch((e) => { if (!(e instanceof ApiError)) throw e; });
    }
  };
  const periodic = runPeriodically(deps.db, SYNC_SCHEDULE_LOCK, intervalMs, tick, (e) => console.error('Scheduled booking sync:', e));
  return () => periodic.stop();
}

/** The scheduler's single-runner lock: one API process decides which companies are due. */
export const SYNC_SCHEDULE_LOCK = 'booking-sync-schedule';

/**
 * The season the demo's simulator generates for a period: its stays, from its first day to its
 * last. The demo company's bookings come through the sync in every month: the demo books
 * (api/src/demo/books.ts, `bookingsSynced`) type no letting income on holiday doors, and sync
 * each closed month's season as it is posted (syncDemoMonth) and the open month's at the first
 * start (syncDemoBookings), so each month's income is counted once, as the sync receipts and
 * distributes it. Stays start on or after the first day, so none began in another period.
 * The ids name the period (BK2611000001), so no month's stays take another month's ids.
 */
export function demoSeason(period: { year: number; month: number; first: string; last: string }, typedToDate: string | null = null): { from: string; to: string; seed: number; idPrefix: string } {
  // A demo built before its bookings came through the sync typed the open month's letting income
  // up to the day it was built; `typedToDate` is a day no earlier (its today), and its simulator
  // keeps to the stays after it, so nothing is counted twice.
  const from = typedToDate && typedToDate >= period.first ? addDays(typedToDate, 1) : period.first;
  return { from, to: period.last, seed: period.year * 100 + period.month, idPrefix: `BK${period.year % 100}${String(period.month).padStart(2, '0')}` };
}

/** Set by the first start that syncs the demo's open month (syncDemoBookings); absent in a demo built before. */
export const DEMO_SYNCED_KEY = 'demo_bookings_synced';

/** A simulator for the demo company's holiday doors. */
async function demoUnitsSimulator(db: Db, idPrefix: string, clockFrom?: number): Promise<BookingSimulator> {
  const units = await db.selectFrom('unit').select(['door', 'name', 'unittype']).where('inactive', '=', false).where('unittype', 'is not', null)
    .where('class', '=', 'HOLIDAY').orderBy('door').execute();
  const types = await db.selectFrom('unit_type').select(['id', 'name']).execute();
  const sim = new BookingSimulator(idPrefix, clockFrom);
  sim.setUnits(units.map((u) => ({ door: u.door, name: u.name.slice(0, 40), unitType: u.unittype! })), types);
  return sim;
}

/** The demo's simulator as at today: the open month's stays (demoSeason) on the demo company's holiday doors. */
async function demoSimulator(db: Db): Promise<BookingSimulator> {
  const today = await businessDate(db);
  const season = demoSeason(await openPeriod(db), (await setting(db, DEMO_SYNCED_KEY)) === true ? null : today);
  const sim = await demoUnitsSimulator(db, season.idPrefix);
  sim.generate({ seed: season.seed, from: season.from, to: season.to, today, perUnitPerMonth: [3, 5] });
  return sim;
}

/** The demo simulator's login: a fresh password for each simulator served. */
const demoLogin = () => ({ user: 'demo-sync', password: randomBytes(12).toString('base64url') });

/** Serves a simulator for one sync in place: (units and accounts when `link`, then) the bookings feed from the company's cursor, as at `today`. */
async function syncServed(db: Db, userId: string, sim: BookingSimulator, today: string, link: boolean): Promise<SyncReport> {
  const { user, password } = demoLogin();
  const running = await serveSimulator(sim, { user, password });
  try {
    const client = new BookingSystemClient({ host: running.url, user, password });
    if (link) {
      await syncUnits(db, client);
      await syncAccounts(db, client);
    }
    return await syncBookings(db, userId, client, today);
  } finally {
    await running.close();
  }
}

/**
 * A closed month of the demo's history through the sync, while that month is the open period
 * (postDemoBooks, before its charges and month end): its season (demoSeason) as at its last day,
 * every stay checked out by then (none left in house at the month's close), so each is receipted
 * and distributed in its own month. Its changes are stamped from the month's last day (history,
 * before any later month's and the open month's, which stamps the wall clock), so the company's
 * cursor passes them in order and never skips a later month's bookings. `link` syncs the units
 * and accounts first (the first synced month).
 */
export async function syncDemoMonth(db: Db, userId: string, period: { year: number; month: number; first: string; last: string }, link: boolean): Promise<SyncReport> {
  const season = demoSeason(period);
  const sim = await demoUnitsSimulator(db, season.idPrefix, Date.parse(`${period.last}T00:00:00Z`));
  sim.generate({ seed: season.seed, from: season.from, to: season.to, today: period.last, perUnitPerMonth: [3, 5], checkOutBy: period.last });
  return syncServed(db, userId, sim, period.last, link);
}

/**
 * The demo's sync at its first start, run in place before its bank side is made (postStartBooks
 * in api/src/demo/books.ts): the open month's guest payments are then in the cash book when the
 * demo banks its receipts and writes this month's statement, as a company syncing all month long
 * would have them. A simulator is served for this sync alone; the server's start links its own,
 * whose first sync then finds these bookings unchanged.
 */
export async function syncDemoBookings(db: Db, userId: string): Promise<SyncReport> {
  await db.insertInto('control_setting').values({ key: DEMO_SYNCED_KEY, value: jsonb(true) }).onConflict((oc) => oc.column('key').doUpdateSet({ value: jsonb(true) })).execute();
  return syncServed(db, userId, await demoSimulator(db), await businessDate(db), true);
}

/**
 * The demo company's booking system: a simulator on a loopback port with the open month's
 * bookings for the demo's holiday units (demoSeason) as at today: stays checked out and paid,
 * in house, to come with or without a deposit, a few cancelled. It is linked in Control Settings
 * unless the company names another endpoint, and a sync through the job runner receipts the
 * guests' payments and distributes the checked-out stays, so Bookings, Sync Now and the Health
 * Check work after `npm start`. The same period gives the same stays on every day of it: the sync
 * finds the first start's (syncDemoBookings) unchanged, and a restart later in the month syncs
 * only what happened since.
 */
export async function startDemoBookingSystem(deps: AppDeps, company: { code: string; schema: string }, userId: string, port = 0): Promise<RunningSimulator | null> {
  const known = await deps.db.control.selectFrom('company').select('code').where('code', '=', company.code).executeTakeFirst();
  if (!known) return null;
  const db = deps.db.company(company.schema);
  const host = await setting(db, 'gp_host');
  // A company that names its own booking system keeps it; only the demo's own link is renewed.
  if (typeof host === 'string' && host && (await setting(db, DEMO_LINK_KEY)) !== true) return null;
  const { user, password } = demoLogin();
  const running = await serveSimulator(await demoSimulator(db), { user, password, port });
  for (const [key, value] of [['gp_host', running.url], ['gp_user', user], ['gp_pwd', password], [DEMO_LINK_KEY, true]] as const) {
    await db.insertInto('control_setting').values({ key, value: jsonb(value) }).onConflict((oc) => oc.column('key').doUpdateSet({ value: jsonb(value) })).execute();
  }
  await startSyncJob(deps, { code: company.code, db }, userId, 'Syncing the demo bookings', wholeSync).catch((e) => { if (!(e instanceof ApiError)) throw e; });
  return running;
}
