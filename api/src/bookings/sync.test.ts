import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { postTxn, trustBalance } from '../ledger/ledger.js';
import { linkedTestApi, periodDay, syncNow } from '../testing/booking-system.js';
import { BookingSimulator } from './simulator.js';

const sim = new BookingSimulator();
const linked = linkedTestApi(sim);

const count = async (table: 'txn' | 'booking_allocation' | 'booking_payment' | 'posting') =>
  Number((await linked.books.selectFrom(table).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);

/** Invariant 2 of design/ledger.md: the cash book equals the sum of every ledger. */
async function expectTrustBalances() {
  const cash = await linked.books.selectFrom('cashbook').select((eb) => eb.fn.coalesce(eb.fn.sum<string>('amount'), sql<string>`0`).as('n')).executeTakeFirstOrThrow();
  const ledgers = await linked.books.selectFrom('ledger_balance').select((eb) => eb.fn.coalesce(eb.fn.sum<string>('balance'), sql<string>`0`).as('n')).executeTakeFirstOrThrow();
  expect(Number(cash.n)).toBe(Number(ledgers.n));
}

describe('booking sync and distribution', () => {
  it('receipts a payment into UNALLOC, distributes at check-out, and a second sync writes nothing', async () => {
    const b = sim.take({ doors: ['101'], checkIn: await periodDay(linked.books, 2), nights: 3, guest: 'Olivia Martin', cleaning: 9_500 });
    sim.pay(b.id);
    let result = await syncNow(linked.api);
    expect(result).toMatchObject({ bookings: 1, applied: 1, errors: 0 });
    const receipt = await linked.books.selectFrom('txn').selectAll().where('source_ref', '=', b.id).where('kind', '=', 'RECEIPT').execute();
    expect(receipt).toHaveLength(1);
    expect(receipt[0]!.source).toBe('BKG');
    expect(await trustBalance(linked.books, 'UNALLOC')).toBe(66_200);
    expect(await count('booking_allocation')).toBe(0);

    sim.setStatus(b.id, 'C');
    result = await syncNow(linked.api);
    expect(result).toMatchObject({ bookings: 1, applied: 1 });
    // 3 × $189 = $567 room; ADV LEVY 2% before other fees = $11.34 and its GST $1.13; commission 12% of
    // $555.66 = $66.68 and its GST $6.67 (ADVERT and COMMISS carry GST); cleaning (account with no party) to the owner.
    expect(await trustBalance(linked.books, 'UNALLOC')).toBe(0);
    expect(await trustBalance(linked.books, 'OWNSMITH', '101')).toBe(56_700 - 1_134 - 113 - 6_668 - 667 + 9_500);
    expect(await trustBalance(linked.books, 'BUSINESS')).toBe(1_134 + 113 + 6_668 + 667);
    await expectTrustBalances();

    const txns = await count('txn');
    const postings = await count('posting');
    result = await syncNow(linked.api);
    expect(result).toMatchObject({ bookings: 0, applied: 0 });
    expect(await count('txn')).toBe(txns);
    expect(await count('posting')).toBe(postings);

    const list = await linked.api.call('GET', `/api/booking?from=${await periodDay(linked.books, 1)}&to=${await periodDay(linked.books, 28)}`);
    expect(list.status).toBe(200);
    expect(list.body.data.find((r: { id: string }) => r.id === b.id)).toMatchObject({ ref: b.ref, doors: '101', status: 'C', receipts: 662, room_charges: 567, other_charges: 95, balance: 0, funds: 0, pending: 0 });
    const allocation = await linked.api.call('GET', `/api/booking/allocation/${b.id}?door=101`);
    expect(allocation.body.data.map((a: { sub_type: string; amount: number }) => [a.sub_type, a.amount])).toEqual([['OWNER', 567], ['FEE', 11.34], ['FEE', 1.13], ['FEE', 66.68], ['FEE', 6.67], ['CHG', 95]]);
    expect((await linked.api.call('GET', `/api/booking/cashbook/${b.id}`)).body.data).toHaveLength(1);
    expect((await linked.api.call('GET', `/api/booking/doors/${b.id}`)).body.data).toEqual([{ door: '101', owner: 'OWNSMITH', room_charge: 567, other_charges: 95, allocated: 662 }]);
  });

  it('posts only the difference when a distributed booking changes, as a separate allocation', async () => {
    const b = sim.take({ doors: ['201'], checkIn: await periodDay(linked.books, 3), nights: 2, rate: 10_000 });
    sim.pay(b.id);
    sim.setStatus(b.id, 'C');
    await syncNow(linked.api);
    const owner = await trustBalance(linked.books, 'OWNJONES', '201');
    expect(owner).toBe(20_000 - 400 - 40 - 1_960 - 196);
    sim.change(b.id, (x) => { x.doors[0]!.roomCharges.push({ date: x.checkOut, description: 'Late checkout', amount: 5_000 }); });
    sim.pay(b.id, 5_000);
    await syncNow(linked.api);
    expect(await trustBalance(linked.books, 'OWNJONES', '201')).toBe(25_000 - 500 - 50 - 2_450 - 245);
    const revisions = await linked.books.selectFrom('booking_allocation').select(['revision', 'sub_type', 'amount']).where('booking_id', '=', b.id).orderBy('id').execute();
    expect(new Set(revisions.map((r) => r.revision)).size).toBe(2);
    expect(revisions.filter((r) => r.revision === Math.max(...revisions.map((x) => x.revision))).map((r) => [r.sub_type, Number(r.amount)])).toEqual([['OWNER', 5_000], ['FEE', 100], ['FEE', 10], ['FEE', 490], ['FEE', 49]]);
    await expectTrustBalances();
  });

  it('early-distributes an in-house balanced booking and reverses it when unticked', async () => {
    const b = sim.take({ doors: ['102'], checkIn: await periodDay(linked.books, 4), nights: 60, rate: 10_000 });
    sim.pay(b.id);
    sim.setStatus(b.id, 'I');
    await syncNow(linked.api);
    expect(await trustBalance(linked.books, 'OWNSMITH', '102')).toBe(0);
    const ticked = await linked.api.call('POST', `/api/booking/sync/${b.id}?earlydisburse=true`, { body: {} });
    expect(ticked.status, JSON.stringify(ticked.body)).toBe(200);
    expect(ticked.body).toMatchObject({ error: false, ref: b.ref });
    const room = 600_000;
    expect(await trustBalance(linked.books, 'OWNSMITH', '102')).toBe(room - 12_000 - 1_200 - 70_560 - 7_056);
    const list = await linked.api.call('GET', `/api/booking?from=${b.checkOut}&to=${b.checkOut}`);
    expect(list.body.data[0]).toMatchObject({ early_disburse: true, future: true, funds: 0 });

    const unticked = await linked.api.call('POST', `/api/booking/sync/${b.id}?earlydisburse=false`, { body: {} });
    expect(unticked.status).toBe(200);
    expect(await trustBalance(linked.books, 'OWNSMITH', '102')).toBe(0);
    const items = (await linked.api.call('GET', `/api/booking/allocation/${b.id}`)).body.data as { is_reversed: boolean }[];
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((i) => i.is_reversed)).toBe(true);
    await expectTrustBalances();
  });

  it('a cancellation with a refund reverses the allocation and pays the guest back out of UNALLOC', async () => {
    const b = sim.take({ doors: ['101'], checkIn: await periodDay(linked.books, 5), nights: 1, rate: 20_000 });
    sim.pay(b.id);
    sim.setStatus(b.id, 'C');
    await syncNow(linked.api);
    const before = await trustBalance(linked.books, 'OWNSMITH', '101');
    sim.cancel(b.id, await periodDay(linked.books, 6));
    await syncNow(linked.api);
    expect(await trustBalance(linked.books, 'OWNSMITH', '101')).toBe(before - (20_000 - 400 - 40 - 2_352 - 235));
    const refund = await linked.books.selectFrom('txn').selectAll().where('source_ref', '=', b.id).where('kind', '=', 'PAYMENT').execute();
    expect(refund).toHaveLength(1);
    await expectTrustBalances();
  });

  it('refuses a group whose door has no owner, keeps the receipts and flags the booking for the Issues toggle', async () => {
    await linked.books.updateTable('unit').set({ entity: null }).where('door', '=', '201').execute();
    try {
      const b = sim.take({ doors: ['101', '201'], checkIn: await periodDay(linked.books, 6), nights: 1, rate: 10_000 });
      sim.pay(b.id);
      sim.setStatus(b.id, 'C');
      const result = await syncNow(linked.api);
      expect(result.errors).toBe(1);
      const issues = await linked.api.call('GET', `/api/booking?from=${b.checkOut}&to=${b.checkOut}&issues=true`);
      expect(issues.body.data).toEqual([expect.objectContaining({ id: b.id, error: true, doors: null, message: 'Door 201 has no owner' })]);
      expect(await linked.books.selectFrom('booking_payment').selectAll().where('booking_id', '=', b.id).execute()).toHaveLength(1);
      const audit = await linked.api.call('GET', '/api/control/audit?full=true');
      expect(audit.body.data).toContainEqual(expect.objectContaining({ source: 'SYNC', link_key: b.id, description: `Booking ${b.ref}: Door 201 has no owner` }));
      // The audit task's action: the door gets its owner back and the booking is re-synced.
      await linked.books.updateTable('unit').set({ entity: 'OWNJONES' }).where('door', '=', '201').execute();
      const resync = await linked.api.call('POST', `/api/booking/sync/${b.id}`, { body: {} });
      expect(resync.body).toMatchObject({ error: false, warn: false, message: 'Booking has been re-Synced with the booking system' });
      expect((await linked.books.selectFrom('booking').select('error').where('id', '=', b.id).executeTakeFirstOrThrow()).error).toBe(false);
    } finally {
      await linked.books.updateTable('unit').set({ entity: 'OWNJONES' }).where('door', '=', '201').execute();
    }
  });

  it('takes a page the books refuse one booking at a time: only the booking that would overdraw its paid-out owner keeps the error', async () => {
    const paidOut = sim.take({ doors: ['102'], checkIn: await periodDay(linked.books, 7), nights: 2, rate: 10_000 });
    sim.pay(paidOut.id);
    sim.setStatus(paidOut.id, 'C');
    await syncNow(linked.api);
    const whole = await trustBalance(linked.books, 'OWNSMITH', '102');
    expect(whole).toBeGreaterThan(0);
    const date = await periodDay(linked.books, 8);
    await linked.books.transaction().execute((trx) => postTxn(trx, 'ADMIN', {
      kind: 'PAYMENT', date, memo: 'Owner paid out', postings: [{ entity: 'OWNSMITH', door: '102', accountId: 'OWNFUNDS', amount: -whole, description: 'Paid out' }], cashbook: [{ date, method: 'EFT', amount: -whole }],
    }));
    // In one page of the feed: the paid-out stay cancelled (its reversal would overdraw door 102),
    // and a new stay checked out and paid.
    sim.cancel(paidOut.id, date);
    const fresh = sim.take({ doors: ['101'], checkIn: await periodDay(linked.books, 8), nights: 1, rate: 15_000 });
    sim.pay(fresh.id);
    sim.setStatus(fresh.id, 'C');
    const before = await trustBalance(linked.books, 'OWNSMITH', '101');

    const result = await syncNow(linked.api);
    expect(result).toMatchObject({ bookings: 2, applied: 1, errors: 1 });
    const refused = await linked.books.selectFrom('booking').selectAll().where('id', '=', paidOut.id).executeTakeFirstOrThrow();
    expect(refused).toMatchObject({ error: true, revision: sim.get(paidOut.id)!.revision });
    expect(refused.message).toMatch(/OVERDRAWN ACCOUNTS NOTICE! This would overdraw OWNSMITH \(102\)/);
    expect(await trustBalance(linked.books, 'OWNSMITH', '102')).toBe(0);
    // Nothing of the refused booking's revision was posted: no reversal, no refund.
    expect(await linked.books.selectFrom('txn').select('id').where('source_ref', '=', paidOut.id).where('kind', '=', 'PAYMENT').execute()).toEqual([]);
    expect(await trustBalance(linked.books, 'OWNSMITH', '101')).toBe(before + 15_000 - 300 - 30 - 1_764 - 176);
    expect((await linked.books.selectFrom('booking').select('error').where('id', '=', fresh.id).executeTakeFirstOrThrow()).error).toBe(false);
    await expectTrustBalances();
  });

  it('answers a clear 502 and logs it when the booking system keeps failing, and 409 when none is set up', async () => {
    sim.faults.fail500 = 100;
    try {
      const res = await linked.api.call('POST', '/api/sync');
      const done = await linked.api.deps.jobs.settled('DEMOTRUST', res.body.data.id);
      expect(done).toMatchObject({ status: 'failed', error: { status: 502, message: expect.stringMatching(/could not be read after 5 attempts: it failed \(500\)/) } });
      const logged = await linked.api.db.control.selectFrom('system_log').selectAll().where('routine', '=', 'booking-sync').execute();
      expect(logged.length).toBeGreaterThan(0);
    } finally {
      sim.faults.fail500 = 0;
    }
    const unit = await linked.api.call('POST', '/api/unit/sync');
    expect(unit.status).toBe(200);
    expect(unit.body.message).toBe('3 units and 3 unit types synced from the booking system');
  }, 20_000);
});
