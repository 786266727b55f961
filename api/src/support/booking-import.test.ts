import { describe, expect, it } from 'vitest';
import { BookingSimulator } from '../bookings/simulator.js';
import { CURSOR_KEY } from '../bookings/sync.js';
import { linkedTestApi, periodDay, setLink, syncNow } from '../testing/booking-system.js';

const sim = new BookingSimulator();
const linked = linkedTestApi(sim);

const bookings = async () => Number((await linked.books.selectFrom('booking').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);

describe('Booking System Import (support console)', () => {
  it('is for support users only', async () => {
    const res = await linked.api.call('POST', '/api/support/booking_import', { database: 'DEMOTRUST', body: {} });
    expect(res.status).toBe(403);
  });

  it('reads units, accounts and every booking from the start of the feed, with progress, and logs who ran it', async () => {
    const { api } = linked;
    const support = await api.signIn(api.config.supportUser, api.config.supportPassword);
    const first = sim.take({ doors: ['101'], checkIn: await periodDay(linked.books, 2), nights: 2, guest: 'Ada Import' });
    sim.pay(first.id);
    await syncNow(api);
    expect(await bookings()).toBe(1);
    // A normal sync reads only what changed since its cursor; the import reads the whole feed again.
    const second = sim.take({ doors: ['102'], checkIn: await periodDay(linked.books, 4), nights: 3, guest: 'Bea Import' });

    const started = await api.call('POST', '/api/support/booking_import', { token: support, database: 'DEMOTRUST', body: {} });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body.message).toBe('Booking system import started');
    const id = started.body.data.id as string;
    const done = await api.deps.jobs.settled('DEMOTRUST', id);
    expect(done?.status, JSON.stringify(done)).toBe('done');
    const progress = await api.call('GET', `/api/support/booking_import/${id}`, { token: support, database: 'DEMOTRUST' });
    expect(progress.status).toBe(200);
    expect(progress.body.data).toMatchObject({ id, kind: 'booking-sync', status: 'done', percent: 100, active: false, result: { error: false, bookings: 2, errors: 0 } });
    const ids = (await linked.books.selectFrom('booking').select('id').execute()).map((b) => b.id).sort();
    expect(ids).toEqual([first.id, second.id].sort());
    expect(await linked.books.selectFrom('control_setting').select('value').where('key', '=', CURSOR_KEY).executeTakeFirst()).toBeDefined();
    const logged = await api.db.control.selectFrom('system_log').select(['identity', 'message']).where('message', 'like', 'Booking system import%').execute();
    expect(logged).toEqual([{ identity: api.config.supportUser.toUpperCase(), message: 'Booking system import of DEMOTRUST started' }]);
    expect((await api.call('GET', '/api/support/booking_import/nope', { token: support, database: 'DEMOTRUST' })).status).toBe(404);
  });

  it('answers 409 for a company with no booking system', async () => {
    const { api } = linked;
    const support = await api.signIn(api.config.supportUser, api.config.supportPassword);
    const saved = await linked.books.selectFrom('control_setting').selectAll().where('key', '=', 'gp_host').executeTakeFirstOrThrow();
    await linked.books.deleteFrom('control_setting').where('key', '=', 'gp_host').execute();
    try {
      const res = await api.call('POST', '/api/support/booking_import', { token: support, database: 'DEMOTRUST', body: {} });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ error: true, status: 409 });
    } finally {
      await setLink(linked.books, saved.value as string);
    }
  });
});
