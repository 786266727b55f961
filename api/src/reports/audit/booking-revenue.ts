import { sql } from 'kysely';
import { moneyText } from '../../documents/table.js';
import type { Db, ReportDefinition } from '../definition.js';

/** The held ledger booking receipts go to (control settings, as bookings/sync.ts loadSetup reads them). */
async function heldLedger(db: Db): Promise<{ entity: string; account: string }> {
  const rows = await db.selectFrom('control_setting').select(['key', 'value']).where('key', 'in', ['unallocated_entity', 'unallocated_account']).execute();
  const text = (k: string, fallback: string) => {
    const v = rows.find((r) => r.key === k)?.value;
    return typeof v === 'string' && v ? v : fallback;
  };
  return { entity: text('unallocated_entity', 'UNALLOC'), account: text('unallocated_account', 'UNALLOC') };
}

/**
 * Booking Revenue Held In Trust (spec 3 §2 'Reports'; bookings/sync.ts): as at a date, per
 * booking, the guests' money received for it (receipts less refunds) and what its distributions
 * had moved out of the held ledger to owners and other parties by then (allocation lines OWNER and
 * CHG, as heldOut counts them), and the difference, still held in trust for the booking. The
 * total ties to the held ledger's booking postings at that date, shown under the table.
 */
export const bookingRevenue: ReportDefinition = {
  key: 'bookings',
  async build({ db, selection }) {
    const asAt = selection.to;
    const held = await heldLedger(db);
    const [received, allocated, ledger] = await Promise.all([
      db.selectFrom('booking_payment as bp').innerJoin('txn as t', 't.id', 'bp.txn_id')
        .select(['bp.booking_id', sql<string>`sum(bp.amount)`.as('total')])
        .where('t.date', '<=', asAt).groupBy('bp.booking_id').execute(),
      db.selectFrom('booking_allocation as ba').innerJoin('txn as t', 't.id', 'ba.txn_id')
        .select(['ba.booking_id', sql<string>`sum(ba.amount)`.as('total')])
        .where('ba.sub_type', 'in', ['OWNER', 'CHG']).where('t.date', '<=', asAt).groupBy('ba.booking_id').execute(),
      db.selectFrom('posting as p').innerJoin('txn as t', 't.id', 'p.txn_id')
        .select(sql<string>`coalesce(sum(p.amount), 0)`.as('total'))
        .where('p.entity', '=', held.entity).where('p.account_id', '=', held.account).where('t.source', '=', 'BKG').where('t.date', '<=', asAt)
        .executeTakeFirstOrThrow(),
    ]);
    const totals = new Map<string, { received: number; allocated: number }>();
    for (const r of received) totals.set(r.booking_id, { received: Number(r.total), allocated: 0 });
    for (const a of allocated) {
      const t = totals.get(a.booking_id) ?? { received: 0, allocated: 0 };
      t.allocated += Number(a.total);
      totals.set(a.booking_id, t);
    }
    const heldFor = [...totals].filter(([, t]) => t.received !== t.allocated);
    const bookings = heldFor.length
      ? await db.selectFrom('booking').select(['id', 'ref', 'guest_name', 'check_in', 'check_out', 'status', 'doors']).where('id', 'in', heldFor.map(([id]) => id)).execute()
      : [];
    const bookingOf = new Map(bookings.map((b) => [b.id, b]));
    const rows = heldFor.map(([id, t]) => {
      const b = bookingOf.get(id);
      const doors = ((b?.doors ?? []) as { door: string }[]).map((d) => d.door).join(', ');
      return { id, ref: b?.ref ?? id, guest: b?.guest_name ?? '', checkIn: b?.check_in ?? null, checkOut: b?.check_out ?? null, status: b?.status ?? '', doors, ...t, held: t.received - t.allocated };
    }).sort((a, b) => (a.checkOut ?? '').localeCompare(b.checkOut ?? '') || a.ref.localeCompare(b.ref));
    const total = rows.reduce((a, r) => a + r.held, 0);
    const ledgerTotal = Number(ledger.total);
    return {
      title: 'Booking Revenue Held In Trust',
      selectionLine: '',
      orientation: 'landscape',
      sections: [{
        table: {
          columns: [
            { header: 'Booking', value: (r) => r.ref, width: 11 },
            { header: 'Guest', value: (r) => r.guest, width: 24 },
            { header: 'Doors', value: (r) => r.doors, width: 12 },
            { header: 'Check-in', kind: 'date', value: (r) => r.checkIn, width: 10 },
            { header: 'Check-out', kind: 'date', value: (r) => r.checkOut, width: 10 },
            { header: 'Status', value: (r) => r.status, width: 6 },
            { header: 'Received', kind: 'money', value: (r) => r.received, width: 13, total: true },
            { header: 'Distributed', kind: 'money', value: (r) => r.allocated, width: 13, total: true },
            { header: 'Held in trust', kind: 'money', value: (r) => r.held, width: 13, total: true },
          ],
          rows,
          totalsLabel: `${rows.length} booking${rows.length === 1 ? '' : 's'}`,
        },
        emptyText: 'No booking money held in trust at this date.',
        notes: [
          { label: `Booking postings on the ${held.entity} ledger`, value: moneyText(ledgerTotal) },
          { label: 'Difference', value: moneyText(total - ledgerTotal), strong: true },
        ],
      }],
    };
  },
};
