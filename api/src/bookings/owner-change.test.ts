import { describe, expect, it } from 'vitest';
import { businessDate } from '../ledger/business-date.js';
import { trustBalance } from '../ledger/ledger.js';
import { linkedTestApi, syncNow } from '../testing/booking-system.js';
import { bookingShares } from './owner-change.js';
import { BookingSimulator } from './simulator.js';

describe('bookingShares (Change Owner preview, spec 2 §4)', () => {
  const stay = { ref: 'R1', guest: 'Ann Lee', checkIn: '2026-11-10', checkOut: '2026-11-13', held: 10_000 };
  it('gives the new owner the nights from the change date, rounded once, the old owner the rest', () => {
    expect(bookingShares([stay], '2026-11-11', true)).toEqual([{ ref: 'R1', desc: 'Ann Lee 2026-11-10 to 2026-11-13', amount: 10_000, nights: 3, newNights: 2, oldShare: 3_333, newShare: 6_667 }]);
    expect(bookingShares([stay], '2026-11-01', true)[0]).toMatchObject({ newNights: 3, newShare: 10_000, oldShare: 0 });
    expect(bookingShares([stay], '2026-11-13', true)[0]).toMatchObject({ newNights: 0, newShare: 0 });
  });
  it('leaves everything with the old owner when the door is unassigned, and skips nothing held', () => {
    expect(bookingShares([stay], '2026-11-11', false)[0]).toMatchObject({ newShare: 0, oldShare: 10_000 });
    expect(bookingShares([{ ...stay, held: 0 }], '2026-11-11', true)).toEqual([]);
  });
});

describe('GET /api/unit/changeowner with bookings', () => {
  const sim = new BookingSimulator();
  const linked = linkedTestApi(sim);

  it('lists a held booking of the door split by nights from the change date', async () => {
    const today = await businessDate(linked.books);
    const checkIn = new Date(Date.parse(`${today}T00:00:00Z`) - 2 * 86_400_000).toISOString().slice(0, 10);
    const b = sim.take({ doors: ['101'], checkIn, nights: 4, rate: 10_000 });
    sim.pay(b.id);
    sim.setStatus(b.id, 'I');
    const sync = await linked.api.call('POST', '/api/sync');
    expect((await linked.api.deps.jobs.settled('DEMOTRUST', sync.body.data.id))?.status).toBe('done');
    const res = await linked.api.call('GET', `/api/unit/changeowner?door=101&date=${today}&new=OWNJONES`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.filter((r: { type: string }) => r.type === 'BOOKING')).toEqual([
      { type: 'BOOKING', ref: b.ref, desc: `${b.guest.name} ${b.checkIn} to ${b.checkOut}`, amount: 400, new_owner_days: 2, days: 4, old_owner: 200, new_owner: 200 },
    ]);
    expect(res.body.message).toBe('1 booking with receipts held, shared by nights');
  });

  it('after the change, distribution gives the old owner the nights before the change date and the new owner the rest', async () => {
    const today = await businessDate(linked.books);
    const checkIn = new Date(Date.parse(`${today}T00:00:00Z`) - 2 * 86_400_000).toISOString().slice(0, 10);
    const b = sim.take({ doors: ['102'], checkIn, nights: 4, rate: 10_000 });
    sim.pay(b.id);
    sim.setStatus(b.id, 'I');
    await syncNow(linked.api);
    const changed = await linked.api.call('POST', '/api/unit/changeowner', { body: { door: '102', old_owner: 'OWNSMITH', new_owner: 'OWNJONES', change_date: today, adjustment: true } });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const before = { smith: await trustBalance(linked.books, 'OWNSMITH'), jones: await trustBalance(linked.books, 'OWNJONES') };
    // Early distribution of the in-house stay: two nights each, each at their owner's commission
    // (OWNSMITH 12%, OWNJONES 10%), the 2% ADV LEVY and GST on both.
    const ticked = await linked.api.call('POST', `/api/booking/sync/${b.id}?earlydisburse=true`, { body: {} });
    expect(ticked.body, JSON.stringify(ticked.body)).toMatchObject({ error: false });
    const share = (commission: number) => { const adv = 400; const com = Math.round(((20_000 - adv) * commission) / 10_000); return 20_000 - adv - Math.round(adv / 10) - com - Math.round(com / 10); };
    expect(await trustBalance(linked.books, 'OWNSMITH') - before.smith).toBe(share(1200));
    expect(await trustBalance(linked.books, 'OWNJONES') - before.jones).toBe(share(1000));
  });
});
