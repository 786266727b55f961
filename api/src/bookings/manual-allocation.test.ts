import { describe, expect, it } from 'vitest';
import { jsonb } from '../db/open.js';
import { trustBalance } from '../ledger/ledger.js';
import { linkedTestApi, periodDay, syncNow } from '../testing/booking-system.js';
import { createStaff } from '../users/test-support.js';
import type { AllocationEditView } from '../contracts/bookings.js';
import { BookingSimulator } from './simulator.js';

const sim = new BookingSimulator();
const linked = linkedTestApi(sim);

const count = async (table: 'txn' | 'booking_allocation') =>
  Number((await linked.books.selectFrom(table).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);

async function editView(id: string): Promise<AllocationEditView> {
  const res = await linked.api.call('GET', `/api/booking/allocation/${id}/edit`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

describe('manual allocation (spec 2 §4 Allocation editing, POST /api/booking/allocation)', () => {
  it('is not offered before the booking is distributed', async () => {
    const b = sim.take({ doors: ['102'], checkIn: await periodDay(linked.books, 8), nights: 1, rate: 10_000 });
    sim.pay(b.id);
    await syncNow(linked.api);
    expect(await editView(b.id)).toMatchObject({ offered: false, reason: 'The booking has no undisbursed room charges to allocate' });
    const res = await linked.api.call('POST', '/api/booking/allocation', { body: { bookID: b.id, ref: b.ref, items: [{ door: '102', type: 'ROOM', sub_type: 'OWNER', account_id: 'ROOMCHG', entity: 'OWNSMITH', amount: 100 }], deleted: [] } });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/no undisbursed room charges/);
  });

  it('saves a balanced edit through the ledger, refuses an unbalanced one, keeps it through a sync and undoes it', async () => {
    const b = sim.take({ doors: ['101'], checkIn: await periodDay(linked.books, 2), nights: 2, rate: 10_000, cleaning: 9_500 });
    sim.pay(b.id);
    sim.setStatus(b.id, 'C');
    await syncNow(linked.api);
    // Room $200; ADV LEVY 2% = $4 and GST $0.40; commission 12% of $196 = $23.52 and GST $2.35; cleaning to the owner.
    const automatic = await trustBalance(linked.books, 'OWNSMITH', '101');
    const business = await trustBalance(linked.books, 'BUSINESS');
    const held = await trustBalance(linked.books, 'UNALLOC');
    const view = await editView(b.id);
    expect(view).toMatchObject({ ref: b.ref, offered: true, reason: null, doors: [{ door: '101', owner: 'OWNSMITH', available: 295, room_charge: 200 }] });
    const items = view.doors[0]!.items;
    expect(items.map((i) => [i.sub_type, i.account_id, i.entity, i.amount])).toEqual([
      ['OWNER', 'ROOMCHG', 'OWNSMITH', 200], ['FEE', 'ADVERT', 'BUSINESS', 4], ['FEE', 'ADVERT', 'BUSINESS', 0.4], ['FEE', 'COMMISS', 'BUSINESS', 23.52],
      ['FEE', 'COMMISS', 'BUSINESS', 2.35], ['CHG', 'CLEAN', 'OWNSMITH', 95],
    ]);
    // The rates the dialog recomputes a fee's GST line with (gstOnFee), one per account whose GST code carries one.
    expect(view.gst_rates).toMatchObject({ ADVERT: 10, COMMISS: 10 });
    expect(Object.values(view.gst_rates).every((r) => r > 0)).toBe(true);
    const commission = items.find((i) => i.type === 'COMMISSION')!;
    const cleaning = items.find((i) => i.sub_type === 'CHG')!;
    const kept = items.filter((i) => i !== commission && i !== cleaning);
    const edited = [...kept, { ...commission, amount: 10 }, { door: '101', type: 'CHARGE' as const, sub_type: 'CHG' as const, account_id: 'CLEAN', entity: 'BUSINESS', description: 'Departure clean', amount: 95 }];

    const txns = await count('txn');
    const rows = await count('booking_allocation');
    const unbalanced = await linked.api.call('POST', '/api/booking/allocation', { body: { bookID: b.id, ref: b.ref, items: edited.map((i) => (i.sub_type === 'OWNER' ? { ...i, amount: 199.99 } : i)), deleted: [cleaning.id] } });
    expect(unbalanced.status).toBe(409);
    expect(unbalanced.body.message).toBe('Every door must be balanced: its allocation must equal the amount available for it. Door 101: $294.99 allocated but $295.00 available');
    const unseen = await linked.api.call('POST', '/api/booking/allocation', { body: { bookID: b.id, ref: b.ref, items: edited, deleted: [] } });
    expect(unseen.status).toBe(409);
    expect(unseen.body.message).toMatch(/neither kept nor deleted/);
    const staff = await createStaff(linked.api, 'NOBOOK', { p_dashboard: true });
    expect((await linked.api.call('POST', '/api/booking/allocation', { token: staff, body: { bookID: b.id, items: edited, deleted: [cleaning.id] } })).status).toBe(403);
    await linked.books.insertInto('control_setting').values([{ key: 'monthend_lock_uuid', value: jsonb('lock-1') }, { key: 'monthend_lock_user', value: jsonb('CLOSER') }]).execute();
    try {
      expect((await linked.api.call('POST', '/api/booking/allocation', { body: { bookID: b.id, items: edited, deleted: [cleaning.id] } })).status).toBe(423);
    } finally {
      await linked.books.deleteFrom('control_setting').where('key', 'in', ['monthend_lock_uuid', 'monthend_lock_user']).execute();
    }
    expect(await count('txn')).toBe(txns);
    expect(await count('booking_allocation')).toBe(rows);

    const saved = await linked.api.call('POST', '/api/booking/allocation', { body: { bookID: b.id, ref: b.ref, items: edited, deleted: [cleaning.id] } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.message).toBe(`Manual Allocation for ${b.ref} successful`);
    expect(await trustBalance(linked.books, 'OWNSMITH', '101')).toBe(20_000 - 400 - 40 - 1_000 - 235);
    expect(await trustBalance(linked.books, 'BUSINESS')).toBe(business - 2_352 + 1_000 + 9_500);
    expect(await trustBalance(linked.books, 'UNALLOC')).toBe(held);
    const manual = await linked.books.selectFrom('booking_allocation').select(['sub_type', 'entity', 'amount', 'manual']).where('booking_id', '=', b.id).where('manual', '=', true).orderBy('id').execute();
    expect(manual.map((r) => [r.sub_type, r.entity, Number(r.amount)])).toEqual([['FEE', 'BUSINESS', -1_352], ['CHG', 'OWNSMITH', -9_500], ['CHG', 'BUSINESS', 9_500]]);
    // commission_addback: distribution charged 12% of $196 = $23.52 on a $200 room charge, $0.48 back; the manual $10 at 12% gives $14.00 back in all.
    const drill = await linked.api.call('GET', `/api/booking/allocation/${b.id}`);
    const commissions = (drill.body.data as { type: string; amount: number; commission_addback: number }[]).filter((i) => i.type === 'COMMISSION');
    expect(commissions.map((i) => [i.amount, i.commission_addback])).toEqual([[23.52, 0.48], [-13.52, 13.52]]);
    expect((drill.body.data as { type: string; commission_addback: number }[]).filter((i) => i.type !== 'COMMISSION').every((i) => i.commission_addback === 0)).toBe(true);
    const list = await linked.api.call('GET', `/api/booking?from=${b.checkOut}&to=${b.checkOut}`);
    expect(list.body.data.find((r: { id: string }) => r.id === b.id)).toMatchObject({ manual_allocation: true, funds: 0, pending: 0 });

    // A re-sync of the booking keeps the manual allocation; undoing it restores the automatic one.
    const resync = await linked.api.call('POST', `/api/booking/sync/${b.id}`, { body: {} });
    expect(resync.body).toMatchObject({ error: false, warn: false });
    expect(await trustBalance(linked.books, 'OWNSMITH', '101')).toBe(20_000 - 400 - 40 - 1_000 - 235);
    const undo = await linked.api.call('POST', `/api/booking/sync/${b.id}`, { body: { undoManualAllocation: true } });
    expect(undo.body).toMatchObject({ error: false });
    expect(await trustBalance(linked.books, 'OWNSMITH', '101')).toBe(automatic);
    expect(await trustBalance(linked.books, 'BUSINESS')).toBe(business);
    const after = await linked.api.call('GET', `/api/booking?from=${b.checkOut}&to=${b.checkOut}`);
    expect(after.body.data.find((r: { id: string }) => r.id === b.id)).toMatchObject({ manual_allocation: false });
  });
});
