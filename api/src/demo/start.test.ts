import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runChecks } from '../audit/checks.js';
import { threeWayBalance } from '../balances/dashboard.js';
import { startDemoBookingSystem } from '../bookings/schedule.js';
import type { RunningSimulator } from '../bookings/simulator.js';
import type { CompanyTables } from '../db/schema.js';
import { addDays, businessDate } from '../ledger/business-date.js';
import { openPeriod } from '../ledger/ledger.js';
import { periodBounds } from '../ledger/posting-rules.js';
import { balanceDrift, unbalancedTxns } from '../ledger/trust-position.js';
import { type TestApi, startTestApi } from '../testing/test-api.js';
import { postStartBooks } from './books.js';
import { DEMO_COMPANY } from './first-start.js';

/**
 * The demo as `npm start` leaves it (api/src/server.ts): the demo books, whose closed months'
 * bookings came through the sync as each was posted, then the demo's booking system linked and its
 * first sync, which receipts and distributes the open month's bookings.
 */
let api: TestApi;
let db: Kysely<CompanyTables>;
let running: RunningSimulator | null = null;
let today: string;
const start = async () => {
  await running?.close();
  running = await startDemoBookingSystem(api.deps, { code: DEMO_COMPANY.code, schema: 'co_demotrust' }, 'ADMIN');
  await api.deps.jobs.idle();
};
const count = async (table: 'txn' | 'posting' | 'booking_payment' | 'booking_allocation') => Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);

beforeAll(async () => {
  api = await startTestApi();
  db = api.db.company('co_demotrust');
  await postStartBooks(api.db, 'ADMIN');
  today = await businessDate(db);
  await start();
}, 600_000);
afterAll(async () => {
  await running?.close();
  await api?.close();
});

describe('the demo after npm start', () => {
  it('types no booking income in the open month: its guests\' payments come through the sync (source BKG)', async () => {
    const { year, month } = await openPeriod(db);
    const receipts = await db.selectFrom('txn').select(['source', 'source_ref']).where('kind', '=', 'RECEIPT').where('year', '=', year).where('month', '=', month).execute();
    expect(receipts.filter((t) => t.source === 'MANUAL' && t.source_ref?.startsWith('BK'))).toEqual([]);
    expect(receipts.filter((t) => t.source === 'BKG').length).toBeGreaterThan(0);
    // The closed months' syncs (stamped from their last days) left the cursor before the open month's changes, stamped by the wall clock: every one was read and applied.
    const stays = await db.selectFrom('booking').select(['id', 'revision']).where('id', 'like', `BK${year % 100}${String(month).padStart(2, '0')}%`).execute();
    expect(stays.length).toBeGreaterThan(100);
    expect(stays.filter((b) => b.revision === 0)).toEqual([]);
  });

  it('brings every closed month\'s letting income through the sync: BKG receipts, distribution in the month, stays checked out by its close, commission from distribution only', async () => {
    // No guest receipt typed to an owner's door in any month: the typed receipts are tenants' rent and the pool's income.
    const typed = await db.selectFrom('posting').innerJoin('txn', 'txn.id', 'posting.txn_id').select(['txn.id', 'posting.account_id'])
      .where('txn.kind', '=', 'RECEIPT').where('txn.source', '!=', 'BKG').where('posting.account_id', 'in', ['ROOMCHG', 'CLEAN']).execute();
    expect(typed).toEqual([]);
    expect(await db.selectFrom('txn').select('id').where('source', '=', 'MANUAL').where('source_ref', 'like', 'BK%').execute()).toEqual([]);
    const open = await openPeriod(db);
    const kinds = await db.selectFrom('txn').select(['year', 'month', 'kind', 'source', (eb) => eb.fn.countAll<string>().as('n')]).groupBy(['year', 'month', 'kind', 'source']).execute();
    const n = (year: number, month: number, kind: string, source: string) => Number(kinds.find((r) => r.year === year && r.month === month && r.kind === kind && r.source === source)?.n ?? 0);
    const paid = await db.selectFrom('booking_payment').innerJoin('txn', 'txn.id', 'booking_payment.txn_id').select(['txn.year', 'txn.month', (eb) => eb.fn.countAll<string>().as('n')])
      .where('txn.kind', '=', 'RECEIPT').groupBy(['txn.year', 'txn.month']).execute();
    const stays = await db.selectFrom('booking').select(['check_in', 'check_out', 'status']).execute();
    for (let k = 11; k >= 1; k--) {
      const d = new Date(open.year, open.month - 1 - k, 1);
      const { year, month } = { year: d.getFullYear(), month: d.getMonth() + 1 };
      const { first, last } = periodBounds(year, month);
      expect(n(year, month, 'RECEIPT', 'BKG'), `${month}/${year} synced receipts`).toBeGreaterThan(300);
      expect(Number(paid.find((r) => r.year === year && r.month === month)?.n ?? 0), `${month}/${year} booking payments`).toBe(n(year, month, 'RECEIPT', 'BKG'));
      expect(n(year, month, 'BOOKING', 'BKG'), `${month}/${year} distributions`).toBeGreaterThan(300);
      expect(stays.filter((b) => b.status === 'C' && b.check_out >= first && b.check_out <= last).length, `${month}/${year} stays checked out`).toBeGreaterThan(300);
      // Every stay that began by a closed month's end was over by then: none left in house at its close.
      expect(stays.filter((b) => b.check_in <= last && b.check_out > last && b.check_in < open.first)).toEqual([]);
    }
    // The business's letting commission comes from distribution only: none charged by hand.
    const commission = await db.selectFrom('posting').innerJoin('txn', 'txn.id', 'posting.txn_id').select(['txn.kind', (eb) => eb.fn.sum<string>('posting.amount').as('n')])
      .where('posting.entity', '=', 'BUSINESS').where('posting.account_id', '=', 'COMMISS').groupBy('txn.kind').execute();
    expect(commission.map((c) => c.kind)).toEqual(['BOOKING']);
    expect(Number(commission[0]!.n)).toBeGreaterThan(0);
    expect(await db.selectFrom('charge_item').select('id').where('account_id', '=', 'COMMISS').execute()).toEqual([]);
    // A closed month's monthly accounts charge a departure clean per checked-out stay of the door.
    const cleans = await db.selectFrom('charge_item').select('description').where('account_id', '=', 'CLEAN').where('description', 'like', 'Departure cleans%').execute();
    expect(cleans.length).toBeGreaterThan(11 * 100);
  });

  it('distributes the checked-out stays: allocations, commission and fees to BUSINESS, the rest to the owners', async () => {
    const bookings = await db.selectFrom('booking').select(['id', 'status', 'error', 'message', 'room_charges', 'other_charges']).execute();
    expect(bookings.filter((b) => b.error)).toEqual([]);
    // An owner's stay with nothing charged has nothing to distribute.
    const checkedOut = bookings.filter((b) => b.status === 'C' && Number(b.room_charges) + Number(b.other_charges) > 0);
    expect(checkedOut.length).toBeGreaterThan(0);
    const allocations = await db.selectFrom('booking_allocation').select(['booking_id', 'sub_type', 'account_id', 'entity', 'amount']).execute();
    expect(new Set(allocations.map((a) => a.booking_id))).toEqual(new Set(checkedOut.map((b) => b.id)));
    const commission = allocations.filter((a) => a.account_id === 'COMMISS' && a.entity === 'BUSINESS');
    expect(commission.length).toBeGreaterThan(0);
    expect(commission.every((a) => Number(a.amount) > 0)).toBe(true);
    expect(allocations.some((a) => a.sub_type === 'OWNER' && a.entity.length > 0 && Number(a.amount) > 0)).toBe(true);
    const business = await db.selectFrom('posting').innerJoin('txn', 'txn.id', 'posting.txn_id').select((eb) => eb.fn.sum<string>('posting.amount').as('n'))
      .where('txn.kind', '=', 'BOOKING').where('posting.entity', '=', 'BUSINESS').where('posting.account_id', '=', 'COMMISS').executeTakeFirstOrThrow();
    expect(Number(business.n)).toBeGreaterThan(0);
  });

  it('keeps the audit clean and the trial balance and three-way reconciliation in balance', async () => {
    const { findings } = await runChecks(db, today, { full: true });
    expect(findings.filter((f) => f.type === 'CRITICAL' || f.type === 'INBALANCE')).toEqual([]);
    expect(await balanceDrift(db)).toEqual([]);
    expect(await unbalancedTxns(db)).toEqual([]);
    const trial = (await api.call('GET', `/api/ledger/trialbalance?date=${today}&format=csv`)).body as string;
    const total = (label: string) => trial.split('\r\n').find((l) => l.startsWith(label))!.split(',').at(-1);
    expect(total('TOTAL,LEDGERS')).toBe(total('CASHBOOK,TRUST'));
    expect((await threeWayBalance(db, today)).zeroBalance).toBe(true);
  });

  it('banks the synced guest payments as it banks typed ones, leaving the last days in Daily Banking; the sample statement\'s last days are suggested', async () => {
    const { first } = await openPeriod(db);
    const unbanked = [...(await api.call('GET', '/api/cashbook/unbanked/CARD')).body.data, ...(await api.call('GET', '/api/cashbook/unbanked/CASH')).body.data] as { date: string }[];
    expect(unbanked.length).toBeGreaterThan(0);
    expect(unbanked.filter((u) => u.date < first)).toEqual([]);
    const banked = await db.selectFrom('deposit_item').innerJoin('cashbook', 'cashbook.id', 'deposit_item.cashbook_id').innerJoin('txn', 'txn.id', 'cashbook.txn_id')
      .select('txn.source').where('cashbook.date', '>=', first).execute();
    if (today >= addDays(first, 6)) expect(banked.filter((b) => b.source === 'BKG').length).toBeGreaterThan(0);
    const sample = (await api.call('GET', '/api/bankstatements/sample')).body.data as { name: string; content: string };
    const imported = await api.call('POST', '/api/bankstatements/import', { body: sample });
    expect(imported.status).toBe(200);
    if (imported.body.data.added) expect(imported.body.data.suggestions).toBeGreaterThan(0);
    expect((await threeWayBalance(db, today)).zeroBalance).toBe(true);
  });

  it('a restart re-reads the same bookings and writes nothing new', async () => {
    const before = [await count('txn'), await count('posting'), await count('booking_payment'), await count('booking_allocation')];
    await start();
    expect([await count('txn'), await count('posting'), await count('booking_payment'), await count('booking_allocation')]).toEqual(before);
  });
});
