import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDate } from '../ledger/business-date.js';
import { openPeriod } from '../ledger/ledger.js';
import { addTestParties } from '../testing/parties.js';
import { type TestApi, startTestApi } from '../testing/test-api.js';
import { demoSeason, startDemoBookingSystem } from './schedule.js';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
  await addTestParties(api.db.company('co_demotrust'));
});
afterAll(() => api.close());

describe('the demo\'s booking system (npm start)', () => {
  it('generates the open month\'s stays from the day after today: the demo books type the income up to today', () => {
    expect(demoSeason({ last: '2026-11-30' }, '2026-11-26')).toEqual({ from: '2026-11-27', to: '2026-11-30' });
    expect(demoSeason({ last: '2026-11-30' }, '2026-11-30')).toEqual({ from: '2026-12-01', to: '2026-11-30' });
  });

  it('syncs bookings that have not checked in, so its first sync distributes no letting income a second time', async () => {
    const books = api.db.company('co_demotrust');
    const running = await startDemoBookingSystem(api.deps, { code: 'DEMOTRUST', schema: 'co_demotrust' }, 'ADMIN');
    try {
      expect(running).not.toBeNull();
      await api.deps.jobs.idle();
      const today = await businessDate(books);
      const period = await openPeriod(books);
      const synced = await books.selectFrom('booking').select(['check_in', 'status']).execute();
      // Some bookings unless the month has no day left after today.
      if (today < period.last) expect(synced.length).toBeGreaterThan(0);
      expect(synced.filter((b) => b.check_in <= today)).toEqual([]);
      expect(synced.every((b) => b.status === '' || b.status === 'Z')).toBe(true);
      expect(await books.selectFrom('booking_allocation').select('id').where('amount', '!=', '0').where('type', '=', 'ROOM').execute()).toEqual([]);
    } finally {
      await running?.close();
    }
  });
});
