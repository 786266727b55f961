import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BookingSimulator } from '../bookings/simulator.js';
import { readLetterhead } from '../documents/letterhead.js';
import { openPeriod, trustBalance } from '../ledger/ledger.js';
import { linkedTestApi, periodDay, syncNow } from '../testing/booking-system.js';
import { kindName, ownerStatementPdf, ownerStatements } from './owner.js';

const sim = new BookingSimulator();
const linked = linkedTestApi(sim);

describe('owner statement', () => {
  it('shows each revision of a booking allocation on its own lines and ties to the ledger to the cent', async () => {
    const b = sim.take({ doors: ['201'], checkIn: await periodDay(linked.books, 3), nights: 2, rate: 10_000 });
    sim.pay(b.id);
    sim.setStatus(b.id, 'C');
    await syncNow(linked.api);
    sim.change(b.id, (x) => { x.doors[0]!.roomCharges.push({ date: x.checkOut, description: 'Late checkout', amount: 5_000 }); });
    sim.pay(b.id, 5_000);
    await syncNow(linked.api);

    const period = await openPeriod(linked.books);
    const [st] = await ownerStatements(linked.books, period.year, period.month, ['OWNJONES']);
    const booking = st!.lines.filter((l) => l.kind === 'BOOKING');
    const revisions = [...new Set(booking.map((l) => l.revision))];
    expect(revisions).toHaveLength(2);
    for (const l of booking) expect(l.description).toMatch(new RegExp(`^Booking ${b.ref} .+ \\(revision ${l.revision}\\)$`));
    // The second revision posts only the difference: the late checkout less its commission and fees, and the GST (10%) on each.
    const second = booking.filter((l) => l.revision === Math.max(...(revisions as number[])));
    expect(second.reduce((a, l) => a + l.amount, 0)).toBe(5_000 - 100 - 490 - 10 - 49);
    expect(st!.closing).toBe(await trustBalance(linked.books, 'OWNJONES'));
    expect(st!.byKind.map((k) => kindName(k.kind))).toContain('Booking allocations');

    const dir = mkdtempSync(join(tmpdir(), 'owner-statement-'));
    writeFileSync(join(dir, 's.pdf'), ownerStatementPdf(st!, await readLetterhead(linked.books, 'Seaside'), new Date()));
    const text = execFileSync('pdftotext', ['-layout', join(dir, 's.pdf'), '-'], { encoding: 'utf8' });
    expect(text).toContain(`(revision ${second[0]!.revision})`);
  });
});
