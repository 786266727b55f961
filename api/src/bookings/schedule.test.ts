import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, businessDate } from '../ledger/business-date.js';
import { openPeriod } from '../ledger/ledger.js';
import { jsonb } from '../db/open.js';
import { addTestParties } from '../testing/parties.js';
import { SIM_PASSWORD, SIM_USER, TEST_DOORS, TEST_UNIT_TYPES, linkCompanyToSimulator, periodDay, setLink } from '../testing/booking-system.js';
import { type TestApi, startTestApi } from '../testing/test-api.js';
import { BookingSystemClient } from './client.js';
import { DEMO_SYNCED_KEY, demoSeason, startDemoBookingSystem } from './schedule.js';
import { BookingSimulator, serveSimulator, totalCharges } from './simulator.js';
import { syncBookings } from './sync.js';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
  await addTestParties(api.db.company('co_demotrust'));
});
afterAll(() => api.close());

const NOVEMBER = { year: 2026, month: 11, first: '2026-11-01', last: '2026-11-30' };

/** The demo's simulator for a period, as at a day of it. */
function demoSimulator(period: typeof NOVEMBER, today: string) {
  const season = demoSeason(period);
  const sim = new BookingSimulator(season.idPrefix);
  sim.setUnits(TEST_DOORS, TEST_UNIT_TYPES);
  sim.generate({ seed: season.seed, from: season.from, to: season.to, today, perUnitPerMonth: [3, 5] });
  return sim;
}

describe('the demo\'s booking system (npm start)', () => {
  it('generates the whole open month, seeded by the period, with ids that name it', () => {
    expect(demoSeason(NOVEMBER)).toEqual({ from: '2026-11-01', to: '2026-11-30', seed: 202_611, idPrefix: 'BK2611' });
    // A demo built before the sync typed its open month up to that day: only the stays after it.
    expect(demoSeason(NOVEMBER, '2026-11-12')).toEqual({ from: '2026-11-13', to: '2026-11-30', seed: 202_611, idPrefix: 'BK2611' });
    expect(demoSeason(NOVEMBER, '2026-10-31')).toMatchObject({ from: '2026-11-01' });
    const sim = demoSimulator(NOVEMBER, '2026-11-12');
    const stays = sim.all();
    expect(stays.length).toBeGreaterThan(5);
    expect(stays.every((b) => /^BK2611\d{6}$/.test(b.id) && b.checkIn >= NOVEMBER.first && b.checkIn < NOVEMBER.last)).toBe(true);
    // Statuses follow today: checked out and paid, in house and paid, to come (some with a deposit), cancelled and refunded.
    for (const b of stays) {
      const paid = b.payments.reduce((s, p) => s + p.amount, 0);
      if (b.status === 'Z') expect(paid).toBe(0);
      else if (b.checkOut <= '2026-11-12') expect([b.status, paid]).toEqual(['C', totalCharges(b)]);
      else if (b.checkIn <= '2026-11-12') expect([b.status, paid]).toEqual(['I', totalCharges(b)]);
      else expect(b.status).toBe('');
    }
    expect(stays.some((b) => b.status === 'C')).toBe(true);
    expect(stays.some((b) => b.status === '' && b.payments.length > 0)).toBe(true);
  });

  it('a restart later in the month gives the same stays with the same ids and payment ids, each at the same or a later revision', () => {
    const before = demoSimulator(NOVEMBER, '2026-11-12');
    const after = demoSimulator(NOVEMBER, '2026-11-15');
    expect(after.all().map((b) => b.id)).toEqual(before.all().map((b) => b.id));
    let unchanged = 0;
    for (const b of before.all()) {
      const a = after.get(b.id)!;
      expect({ ref: a.ref, checkIn: a.checkIn, checkOut: a.checkOut, guest: a.guest, doors: a.doors }).toEqual({ ref: b.ref, checkIn: b.checkIn, checkOut: b.checkOut, guest: b.guest, doors: b.doors });
      // What was paid by the 12th is still there, the same payments; later ones follow them.
      expect(a.payments.slice(0, b.payments.length)).toEqual(b.payments);
      expect(a.revision).toBeGreaterThanOrEqual(b.revision);
      if (a.status === b.status && a.payments.length === b.payments.length) {
        expect(a.revision).toBe(b.revision);
        unchanged++;
      }
    }
    expect(unchanged).toBeGreaterThan(0);
    expect(unchanged).toBeLessThan(before.all().length);
  });

  it('syncing the restart writes only what happened between the two days: no payment receipted twice, a second sync writes nothing', async () => {
    // A test API of its own: the demo start below generates the same period's ids on other doors.
    const own = await startTestApi();
    const books = own.db.company('co_demotrust');
    const period = await openPeriod(books);
    const [first, later] = [await periodDay(books, 12), await periodDay(books, 15)];
    const seasonPeriod = { year: period.year, month: period.month, first: period.first, last: period.last };
    // The restart generates after the first sync, as a server started again does (its revisions' instants come after the cursor).
    const sims = [demoSimulator(seasonPeriod, first)];
    const running = await linkCompanyToSimulator(books, sims[0]!);
    const count = async (table: 'txn' | 'booking_payment' | 'booking_allocation') => Number((await books.selectFrom(table).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
    const client = (url: string) => new BookingSystemClient({ host: url, user: SIM_USER, password: SIM_PASSWORD });
    try {
      const one = await syncBookings(books, 'ADMIN', client(running.url), first);
      expect(one).toMatchObject({ bookings: sims[0]!.all().length, errors: 0 });
      const lastTxn = (await books.selectFrom('txn').select((eb) => eb.fn.max('id').as('id')).executeTakeFirstOrThrow()).id;
      sims.push(demoSimulator(seasonPeriod, later));
      const next = await serveSimulator(sims[1]!, { user: SIM_USER, password: SIM_PASSWORD });
      try {
        await setLink(books, next.url);
        const changed = sims[1]!.all().filter((b) => b.revision !== sims[0]!.get(b.id)!.revision);
        const two = await syncBookings(books, 'ADMIN', client(next.url), later);
        expect(two).toMatchObject({ bookings: sims[1]!.all().length, applied: changed.length, errors: 0 });
        // Every payment of the later day is receipted exactly once (refunds paid once), none of the first day's again.
        const payments = await books.selectFrom('booking_payment').select(['payment_id', 'amount']).orderBy('payment_id').execute();
        expect(payments.map((p) => [p.payment_id, Number(p.amount)])).toEqual(sims[1]!.all().flatMap((b) => b.payments.map((p) => [p.id, p.amount])).sort((x, y) => String(x[0]).localeCompare(String(y[0]))));
        const newTxns = await books.selectFrom('txn').select('source_ref').where('id', '>', lastTxn as never).execute();
        expect(new Set(newTxns.map((t) => t.source_ref)).size).toBeLessThanOrEqual(changed.length);
        expect(newTxns.every((t) => changed.some((b) => b.id === t.source_ref))).toBe(true);
        const held = await books.selectFrom('booking').select(['id', 'revision', 'status']).execute();
        expect(held.map((b) => [b.id, b.revision, b.status]).sort()).toEqual(sims[1]!.all().map((b) => [b.id, b.revision, b.status]).sort());

        const counts = [await count('txn'), await count('booking_payment'), await count('booking_allocation')];
        const three = await syncBookings(books, 'ADMIN', client(next.url), later);
        expect(three).toMatchObject({ bookings: 0, applied: 0 });
        expect([await count('txn'), await count('booking_payment'), await count('booking_allocation')]).toEqual(counts);
      } finally {
        await next.close();
      }
    } finally {
      await running.close();
      await own.close();
    }
  });

  it('links the demo company and its first sync receipts and distributes the open month\'s checked-out stays', async () => {
    const books = api.db.company('co_demotrust');
    // As a first start that synced the open month marks it (a demo built before keeps to the stays after today).
    await books.insertInto('control_setting').values({ key: DEMO_SYNCED_KEY, value: jsonb(true) }).execute();
    const running = await startDemoBookingSystem(api.deps, { code: 'DEMOTRUST', schema: 'co_demotrust' }, 'ADMIN');
    try {
      expect(running).not.toBeNull();
      await api.deps.jobs.idle();
      const today = await businessDate(books);
      const period = await openPeriod(books);
      const synced = await books.selectFrom('booking').select(['id', 'check_in', 'check_out', 'status', 'error', 'room_charges', 'other_charges']).where('id', 'like', `BK${period.year % 100}%`).execute();
      expect(synced.length).toBeGreaterThan(0);
      expect(synced.every((b) => b.check_in >= period.first && !b.error)).toBe(true);
      // An owner's stay with nothing charged has nothing to distribute.
      const checkedOut = synced.filter((b) => b.status === 'C' && Number(b.room_charges) + Number(b.other_charges) > 0);
      expect(checkedOut.every((b) => b.check_out <= today)).toBe(true);
      // Every door's first stay begins in the month's first week and lasts at most 8 nights: by the 15th some have checked out.
      if (today >= addDays(period.first, 14)) expect(checkedOut.length).toBeGreaterThan(0);
      const distributed = new Set((await books.selectFrom('booking_allocation').select('booking_id').execute()).map((a) => a.booking_id));
      expect(checkedOut.filter((b) => !distributed.has(b.id))).toEqual([]);
      expect(synced.filter((b) => b.status !== 'C' && distributed.has(b.id))).toEqual([]);
    } finally {
      await running?.close();
    }
  });
});
