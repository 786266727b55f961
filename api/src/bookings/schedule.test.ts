import { describe, expect, it } from 'vitest';
import { addDays, businessDate } from '../ledger/business-date.js';
import { linkedTestApi, periodDay, syncNow } from '../testing/booking-system.js';
import { bankDemoBookingReceipts } from './schedule.js';
import { BookingSimulator } from './simulator.js';

const sim = new BookingSimulator();
const linked = linkedTestApi(sim);

describe('the demo\'s first booking sync', () => {
  it('banks the booking receipts up to two days before today, one deposit per day, and leaves the rest for Daily Banking', async () => {
    const today = await businessDate(linked.books);
    for (const day of [2, 3, 20, 27]) {
      const b = sim.take({ doors: ['101'], checkIn: await periodDay(linked.books, day), nights: 1, rate: 10_000 + day });
      sim.pay(b.id, undefined, undefined, 'CARD');
    }
    const cash = sim.take({ doors: ['102'], checkIn: await periodDay(linked.books, 2), nights: 1, rate: 7_000 });
    sim.pay(cash.id, undefined, undefined, 'CASH');
    await syncNow(linked.api);
    const receipts = async () => linked.books.selectFrom('cashbook as c').innerJoin('txn as t', 't.id', 'c.txn_id')
      .select(['c.id', 'c.date', 'c.method', (eb) => eb.exists(eb.selectFrom('deposit_item as d').select('d.cashbook_id').whereRef('d.cashbook_id', '=', 'c.id')).as('banked')])
      .where('t.source', '=', 'BKG').execute();
    expect((await receipts()).some((r) => r.banked)).toBe(false);

    const deposits = await bankDemoBookingReceipts(linked.api.deps, { code: 'DEMOTRUST' }, linked.books, 'ADMIN', today);
    const after = await receipts();
    expect(after).toHaveLength(5);
    for (const r of after) expect(r.banked, `${r.date} ${r.method}`).toBe(r.date <= addDays(today, -2));
    expect(deposits).toBe(new Set(after.filter((r) => r.banked).map((r) => `${r.date}|${r.method === 'CARD' ? 'CARD' : 'CASH'}`)).size);
    // Daily Banking lists what is left; a second run banks nothing more.
    expect(await bankDemoBookingReceipts(linked.api.deps, { code: 'DEMOTRUST' }, linked.books, 'ADMIN', today)).toBe(0);
  });
});
