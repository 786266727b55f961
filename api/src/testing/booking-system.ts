import type { Kysely } from 'kysely';
import { afterAll, beforeAll, expect } from 'vitest';
import { type BookingSimulator, type RunningSimulator, serveSimulator } from '../bookings/simulator.js';
import { jsonb } from '../db/open.js';
import type { CompanyTables } from '../db/schema.js';
import { openPeriod } from '../ledger/ledger.js';
import { addTestParties } from './parties.js';
import { type TestApi, startTestApi } from './test-api.js';

/** The booking system's side of the test parties (api/src/testing/parties.ts): the same three doors. */
export const TEST_DOORS = [
  { door: '101', name: 'Ocean View 101', unitType: 'ONEBED' },
  { door: '102', name: 'Ocean View 102', unitType: 'TWOBED' },
  { door: '201', name: 'Garden Studio 201', unitType: 'STUDIO' },
];
export const TEST_UNIT_TYPES = [
  { id: 'STUDIO', name: 'Studio Apartment' },
  { id: 'ONEBED', name: 'One Bedroom Apartment' },
  { id: 'TWOBED', name: 'Two Bedroom Apartment' },
];
export const SIM_USER = 'oa-sync';
export const SIM_PASSWORD = 'sim-secret-2026';

/**
 * A company linked to a running simulator: the test parties, owners on 12% (OWNSMITH) and 10%
 * (OWNJONES) letting commission, and Control Settings naming the simulator.
 */
export async function linkCompanyToSimulator(books: Kysely<CompanyTables>, sim: BookingSimulator, options: { parties?: boolean } = {}): Promise<RunningSimulator> {
  if (options.parties !== false) await addTestParties(books);
  await books.updateTable('entity').set({ commission: 1200 }).where('code', '=', 'OWNSMITH').execute();
  await books.updateTable('entity').set({ commission: 1000 }).where('code', '=', 'OWNJONES').execute();
  sim.setUnits(TEST_DOORS, TEST_UNIT_TYPES);
  const running = await serveSimulator(sim, { user: SIM_USER, password: SIM_PASSWORD });
  await setLink(books, running.url);
  return running;
}

export async function setLink(books: Kysely<CompanyTables>, url: string) {
  for (const [key, value] of [['gp_host', url], ['gp_user', SIM_USER], ['gp_pwd', SIM_PASSWORD]] as const) {
    await books.insertInto('control_setting').values({ key, value: jsonb(value) })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: jsonb(value) })).execute();
  }
}

/** A day of the open period (1-based), so bookings check out where postings may go. */
export async function periodDay(books: Kysely<CompanyTables>, day: number): Promise<string> {
  const p = await openPeriod(books);
  return `${p.first.slice(0, 8)}${String(day).padStart(2, '0')}`;
}

/** The books a sync leaves: every ledger balance and every allocation line, in a comparable order. */
export async function booksOf(db: Kysely<CompanyTables>) {
  const balances = await db.selectFrom('ledger_balance').select(['entity', 'door', 'balance']).where('balance', '!=', '0').orderBy('entity').orderBy('door').execute();
  const allocations = await db.selectFrom('booking_allocation').select(['booking_id', 'door', 'sub_type', 'account_id', 'entity', 'amount']).execute();
  const totals = new Map<string, number>();
  for (const a of allocations) {
    const k = [a.booking_id, a.door, a.sub_type, a.account_id, a.entity].join('|');
    totals.set(k, (totals.get(k) ?? 0) + Number(a.amount));
  }
  const payments = await db.selectFrom('booking_payment').select(['payment_id', 'amount']).orderBy('payment_id').execute();
  return { balances, allocations: [...totals].filter(([, v]) => v !== 0).sort(), payments };
}


export interface LinkedTestApi {
  api: TestApi;
  /** The test company's books. */
  books: Kysely<CompanyTables>;
}

/**
 * A test file's API whose company is linked to the simulator: started before the file's tests,
 * closed after them. Its fields are set once the tests run.
 */
export function linkedTestApi(sim: BookingSimulator): LinkedTestApi {
  const linked = {} as LinkedTestApi;
  let running: RunningSimulator | undefined;
  beforeAll(async () => {
    linked.api = await startTestApi();
    linked.books = linked.api.db.company('co_demotrust');
    running = await linkCompanyToSimulator(linked.books, sim);
  }, 60_000);
  afterAll(async () => {
    await running?.close();
    await linked.api?.close();
  });
  return linked;
}

/** Sync Now: a whole sync run to the end of its job, which must finish; answers its result. */
export async function syncNow(api: TestApi): Promise<{ bookings: number; applied: number; errors: number; message: string }> {
  const res = await api.call('POST', '/api/sync');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const done = await api.deps.jobs.settled('DEMOTRUST', res.body.data.id);
  expect(done?.status, JSON.stringify(done)).toBe('done');
  const progress = await api.call('GET', `/api/progress/${res.body.data.id}`);
  expect(progress.body.data).toMatchObject({ percent: 100, active: false });
  return done!.result as { bookings: number; applied: number; errors: number; message: string };
}
