import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { addDays, businessDate } from '../ledger/business-date.js';
import { jsonb } from '../db/open.js';
import type { CompanyTables } from '../db/schema.js';
import type { AppDeps } from '../deps.js';
import { ApiError } from '../http/errors.js';
import { runPeriodically } from '../jobs/single-runner.js';
import { openPeriod } from '../ledger/ledger.js';
import { startSyncJob, wholeSync } from './routes.js';
import { BookingSimulator, type RunningSimulator, serveSimulator } from './simulator.js';

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
 * The season the demo's simulator generates: the open month's stays from the day after `today`.
 * The demo's books (api/src/demo/books.ts) already type the open month's letting income up to today
 * as receipts on the same holiday doors; stays the simulator generated up to today would be
 * distributed at the first sync and count that income twice. Empty once today is the month's last day.
 */
export function demoSeason(period: { last: string }, today: string): { from: string; to: string } {
  return { from: addDays(today, 1), to: period.last };
}

/**
 * The demo company's booking system: a simulator on a loopback port with bookings for the demo's
 * holiday units for the rest of this month (demoSeason: stays not checked in yet, some with
 * deposits, a few cancelled), linked in Control Settings unless the company names another
 * endpoint, and a first sync through the job runner, so Bookings, Sync Now and the Health Check
 * work after `npm start`. The same seed and day give the same bookings, so a restart re-reads them unchanged.
 */
export async function startDemoBookingSystem(deps: AppDeps, company: { code: string; schema: string }, userId: string, port = 0): Promise<RunningSimulator | null> {
  const known = await deps.db.control.selectFrom('company').select('code').where('code', '=', company.code).executeTakeFirst();
  if (!known) return null;
  const db = deps.db.company(company.schema);
  const host = await setting(db, 'gp_host');
  // A company that names its own booking system keeps it; only the demo's own link is renewed.
  if (typeof host === 'string' && host && (await setting(db, DEMO_LINK_KEY)) !== true) return null;
  const units = await db.selectFrom('unit').select(['door', 'name', 'unittype']).where('inactive', '=', false).where('unittype', 'is not', null)
    .where('class', '=', 'HOLIDAY').orderBy('door').execute();
  const types = await db.selectFrom('unit_type').select(['id', 'name']).execute();
  const sim = new BookingSimulator();
  sim.setUnits(units.map((u) => ({ door: u.door, name: u.name.slice(0, 40), unitType: u.unittype! })), types);
  const period = await openPeriod(db);
  const today = await businessDate(db);
  sim.generate({ seed: period.year * 100 + period.month, ...demoSeason(period, today), today, perUnitPerMonth: [3, 5] });
  const user = 'demo-sync';
  const password = randomBytes(12).toString('base64url');
  const running = await serveSimulator(sim, { user, password, port });
  for (const [key, value] of [['gp_host', running.url], ['gp_user', user], ['gp_pwd', password], [DEMO_LINK_KEY, true]] as const) {
    await db.insertInto('control_setting').values({ key, value: jsonb(value) }).onConflict((oc) => oc.column('key').doUpdateSet({ value: jsonb(value) })).execute();
  }
  await startSyncJob(deps, { code: company.code, db }, userId, 'Syncing the demo bookings', wholeSync).catch((e) => { if (!(e instanceof ApiError)) throw e; });
  return running;
}
