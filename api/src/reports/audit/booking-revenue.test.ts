import { describe, expect, it } from 'vitest';
import { BookingSimulator } from '../../bookings/simulator.js';
import { addDays } from '../../ledger/business-date.js';
import { openPeriod, trustBalance } from '../../ledger/ledger.js';
import { linkedTestApi, periodDay, syncNow } from '../../testing/booking-system.js';
import { answerFile, callReport, centsOf, csvRows, pdfLayoutText, renderedPages, xlsxSheets } from '../../testing/report-files.js';

const sim = new BookingSimulator();
const linked = linkedTestApi(sim);

describe('Booking Revenue Held In Trust', () => {
  it('lists the guest money not yet distributed, per booking, totalling the held ledger', async () => {
    const deposit = sim.take({ doors: ['101'], checkIn: await periodDay(linked.books, 20), nights: 3, guest: 'Held Deposit' });
    sim.pay(deposit.id, 20_000);
    const inHouse = sim.take({ doors: ['102'], checkIn: await periodDay(linked.books, 4), nights: 30, guest: 'In House' });
    sim.pay(inHouse.id);
    sim.setStatus(inHouse.id, 'I');
    const done = sim.take({ doors: ['201'], checkIn: await periodDay(linked.books, 2), nights: 2, rate: 10_000, guest: 'Checked Out' });
    sim.pay(done.id);
    sim.setStatus(done.id, 'C');
    await syncNow(linked.api);

    const period = await openPeriod(linked.books);
    const res = await callReport(linked.api, 'bookings', { to: period.last, mode: 'CSV' });
    expect(res.status).toBe(200);
    const csv = csvRows(answerFile(res.body).bytes);
    expect(csv[0]).toEqual(['Booking', 'Guest', 'Doors', 'Check-in', 'Check-out', 'Status', 'Received', 'Distributed', 'Held in trust']);
    const rows = csv.slice(1, -1);
    const paid = (id: string) => sim.get(id)!.payments.reduce((a, p) => a + p.amount, 0);
    expect(rows.map((r) => [r[0], r[1], r[2], centsOf(r[8]!)])).toEqual([
      [deposit.ref, 'Held Deposit', '101', 20_000],
      [inHouse.ref, 'In House', '102', paid(inHouse.id)],
    ]);
    const held = await trustBalance(linked.books, 'UNALLOC');
    expect(centsOf(csv.at(-1)!.at(-1)!)).toBe(held);
    expect(held).toBe(20_000 + paid(inHouse.id));

    // Before the payments were received nothing was held.
    const before = csvRows(answerFile((await callReport(linked.api, 'bookings', { to: addDays(period.first, -1), mode: 'CSV' })).body).bytes);
    expect(before.slice(1, -1)).toEqual([]);

    const pdf = answerFile((await callReport(linked.api, 'bookings', { to: period.last })).body);
    expect(renderedPages(pdf.bytes)).toBeGreaterThan(0);
    const text = pdfLayoutText(pdf.bytes);
    expect(text).toContain('Booking Revenue Held In Trust');
    expect(text).toMatch(/Difference\s+\$0\.00/);
    const [sheet] = [...(await xlsxSheets(answerFile((await callReport(linked.api, 'bookings', { to: period.last, mode: 'XLSX' })).body).bytes)).values()];
    expect(Math.round(Number(sheet!.at(-1)!.at(-1)) * 100)).toBe(held);
  });
});
