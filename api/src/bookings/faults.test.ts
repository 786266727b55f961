import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { createCompany } from '../companies/companies.js';
import { dateInZone } from '../ledger/business-date.js';
import type { CompanyTables } from '../db/schema.js';
import { openPeriod } from '../ledger/ledger.js';
import { SIM_PASSWORD, SIM_USER, booksOf, linkCompanyToSimulator } from '../testing/booking-system.js';
import { type TestApi, startTestApi } from '../testing/test-api.js';
import { BookingSystemClient } from './client.js';
import { BookingSimulator, type RunningSimulator } from './simulator.js';
import { syncBookings, syncUnits } from './sync.js';

let api: TestApi;
let faulty: Kysely<CompanyTables>;
let clean: Kysely<CompanyTables>;
const sim = new BookingSimulator();
let running: RunningSimulator;
const fast = { retries: 4, baseWaitMs: 10, maxWaitMs: 2_000, timeoutMs: 5_000 };

beforeAll(async () => {
  api = await startTestApi();
  faulty = api.db.company('co_demotrust');
  running = await linkCompanyToSimulator(faulty, sim);
  const p = await openPeriod(faulty);
  await createCompany(api.db, { code: 'CLEANRUN', companyName: 'Clean Run Pty Ltd', year: p.year, month: p.month });
  clean = api.db.company('co_cleanrun');
  await linkCompanyToSimulator(clean, new BookingSimulator()).then((r) => r.close());
  sim.generate({ seed: 7, from: p.first, to: p.last, today: dateInZone(), perUnitPerMonth: [4, 6] });
});
afterAll(async () => {
  await running.close();
  await api.close();
});

describe('booking-system faults', () => {
  it('after 500s, a 429 with Retry-After, a dropped connection and a booking changed between pages, the books equal a run without faults', async () => {
    const client = new BookingSystemClient({ host: running.url, user: SIM_USER, password: SIM_PASSWORD }, fast);
    await syncUnits(faulty, client);
    expect(sim.all().length).toBeGreaterThan(10);
    sim.faults = { slowMs: 5, fail500: 2, rateLimit: 1, retryAfterSeconds: 1, dropConnection: 1, changeBetweenPages: 2 };
    const requests = sim.feedRequests;
    const first = await syncBookings(faulty, 'ADMIN', client, dateInZone(), async () => {}, 5);
    expect(sim.feedRequests - requests).toBeGreaterThanOrEqual(4 + Math.ceil(first.bookings / 5));
    expect(sim.faults).toMatchObject({ fail500: 0, rateLimit: 0, dropConnection: 0, changeBetweenPages: 0 });
    // The bookings changed mid-read arrived again with their new revision.
    expect(first.bookings).toBe(sim.all().length + 2);
    const again = await syncBookings(faulty, 'ADMIN', client, dateInZone(), async () => {}, 5);
    expect(again.bookings).toBe(0);

    sim.faults = { slowMs: 0, fail500: 0, rateLimit: 0, retryAfterSeconds: 1, dropConnection: 0, changeBetweenPages: 0 };
    await syncUnits(clean, client);
    await syncBookings(clean, 'ADMIN', client, dateInZone());
    expect(await booksOf(faulty)).toEqual(await booksOf(clean));
    expect((await booksOf(clean)).allocations.length).toBeGreaterThan(0);
  }, 60_000);
});
