import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTestParties } from '../testing/parties.js';
import { type TestApi, startTestApi } from '../testing/test-api.js';
import { changeLog, createStaff, expectRefused } from '../users/test-support.js';
import { assertChargeDate, percentageBase } from './fees.js';
import { jsonb } from '../db/open.js';
import { openPeriod, postTxns } from '../ledger/ledger.js';
import { DEFAULT_TIME_ZONE, dateInZone } from '../ledger/business-date.js';

let api: TestApi;
let db: Kysely<any>;
const today = dateInZone();
const month = today.slice(0, 7);

beforeAll(async () => {
  api = await startTestApi();
  await addTestParties(api.db.company('co_demotrust'));
  db = api.db.company('co_demotrust') as never as Kysely<any>;
  // Door 101 also pays $20.00 a month to the cleaner; 102 pays its management fee to the business at $60 (replacing the $55 default).
  await db.insertInto('unit_fee').values([
    { door: '101', account_id: 'CLEAN', entity: 'SUPCLEAN', name: 'Linen service', value: 2000 },
    { door: '102', account_id: 'MGMTFEE', entity: 'BUSINESS', name: 'Management', value: 6000 },
  ]).execute();
});
afterAll(() => api.close());

const feeCharges = () => db.selectFrom('charge').innerJoin('charge_item', 'charge_item.charge_id', 'charge.id')
  .select(['charge.id', 'charge.entity', 'charge.door', 'charge.recipient', 'charge.status', 'charge.date', 'charge_item.account_id', 'charge_item.amount'])
  .where('charge.source', '=', 'UNITFEE').orderBy('charge.door').orderBy('charge.recipient').orderBy('charge_item.id').execute();
const pendingTotal = async () => (await feeCharges()).filter((c) => c.status === 'PENDING').reduce((s, c) => s + Number(c.amount), 0);

describe('unit fees as charges', () => {
  it('the date rule: not before today, at most one year ahead', () => {
    expect(() => assertChargeDate('2026-04-19', '2026-04-20')).toThrow('The date may not be earlier than today (2026-04-20)');
    expect(() => assertChargeDate('2027-04-21', '2026-04-20')).toThrow('The date may be at most one year ahead (2027-04-20)');
    expect(() => assertChargeDate('2027-04-20', '2026-04-20')).not.toThrow();
  });

  it('takes a P fee on room charges for bookings, on rent for rentals, on both when it applies to both', () => {
    const revenue = { room: 100_000, rent: 50_000 };
    expect(percentageBase({ apply_to_booking: true, apply_to_rental: false }, revenue)).toBe(100_000);
    expect(percentageBase({ apply_to_booking: false, apply_to_rental: true }, revenue)).toBe(50_000);
    expect(percentageBase({ apply_to_booking: true, apply_to_rental: true }, revenue)).toBe(150_000);
    expect(percentageBase({ apply_to_booking: false, apply_to_rental: false }, revenue)).toBe(0);
    expect(percentageBase({ apply_to_booking: true, apply_to_rental: true }, undefined)).toBe(0);
  });

  it('start of day raises the month\'s fees once, each followed by its GST where its account\'s GST code has a rate', async () => {
    expect((await api.call('GET', '/api/control/start?force=true')).body.data.ran).toBe(true);
    const rows = await feeCharges();
    // MGMTFEE and CLEAN carry GST 10% in the starter books: fees are before GST, as booking fees are in distribution.
    expect(rows.map((r) => [r.door, r.entity, r.recipient, r.account_id, r.amount, r.status])).toEqual([
      ['101', 'OWNSMITH', 'BUSINESS', 'MGMTFEE', '5500', 'PENDING'],
      ['101', 'OWNSMITH', 'BUSINESS', 'MGMTFEE', '550', 'PENDING'],
      ['101', 'OWNSMITH', 'SUPCLEAN', 'CLEAN', '2000', 'PENDING'],
      ['101', 'OWNSMITH', 'SUPCLEAN', 'CLEAN', '200', 'PENDING'],
      ['102', 'OWNSMITH', 'BUSINESS', 'MGMTFEE', '6000', 'PENDING'],
      ['102', 'OWNSMITH', 'BUSINESS', 'MGMTFEE', '600', 'PENDING'],
      ['201', 'OWNJONES', 'BUSINESS', 'MGMTFEE', '5500', 'PENDING'],
      ['201', 'OWNJONES', 'BUSINESS', 'MGMTFEE', '550', 'PENDING'],
    ]);
    expect(rows.every((r) => r.date === today)).toBe(true);
  });

  it('PUT /api/unit/applyfees is idempotent per unit and month; P fees apply only when they are defaults', async () => {
    const res = await api.call('PUT', '/api/unit/applyfees', { body: {} });
    expect(res.body).toMatchObject({ message: '0 charges raised', error: false });
    expect((await api.call('PUT', '/api/unit/applyfees', { body: { door: '101' } })).body.message).toBe('0 charges raised');
    expect(await pendingTotal()).toBe(20900);
    expect((await feeCharges()).some((r) => r.account_id === 'ADVERT')).toBe(false);
  });

  it('refuses bad bodies and dates, changing nothing', async () => {
    const y = dateInZone(DEFAULT_TIME_ZONE, new Date(Date.now() - 86_400_000));
    const nextDay = new Date(Number(today.slice(0, 4)) + 1, Number(today.slice(5, 7)) - 1, Number(today.slice(8, 10)) + 1);
    const tooLate = `${nextDay.getFullYear()}-${String(nextDay.getMonth() + 1).padStart(2, '0')}-${String(nextDay.getDate()).padStart(2, '0')}`;
    for (const path of [['PUT', '/api/unit/applyfees'], ['DELETE', '/api/rental/deletecharges']] as const) {
      await expectRefused(api, 'charge', path[0], path[1], { date: y }, { error: { path: 'date', msg: `The date may not be earlier than today (${today})` } });
      await expectRefused(api, 'charge', path[0], path[1], { date: tooLate }, { message: /^The date may be at most one year ahead/ });
      await expectRefused(api, 'charge', path[0], path[1], { date: '01/01/2027' }, { error: { path: 'date', msg: 'Date must be YYYY-MM-DD' } });
      await expectRefused(api, 'charge', path[0], path[1], { tenancyId: 7 }, { status: 404, message: 'Tenancy 7 not found' });
      await expectRefused(api, 'charge', path[0], path[1], { door: 'NOPE' }, { status: 404 });
      await expectRefused(api, 'charge', path[0], path[1], { colour: 'red' }, { status: 400 });
    }
  });

  it('DELETE /api/rental/deletecharges cancels the month\'s unpaid fee charges; applying again raises them again', async () => {
    const one = await api.call('DELETE', '/api/rental/deletecharges', { body: { door: '201' } });
    expect(one.body).toMatchObject({ message: '1 charges cancelled', error: false });
    expect(await pendingTotal()).toBe(14850);
    const all = await api.call('DELETE', '/api/rental/deletecharges', { body: {} });
    expect(all.body.message).toBe('3 charges cancelled');
    expect(await pendingTotal()).toBe(0);
    expect((await feeCharges()).every((c) => c.status === 'CANCELLED')).toBe(true);
    expect((await api.call('DELETE', '/api/rental/deletecharges', { body: {} })).body.message).toBe('0 charges cancelled');
    const again = await api.call('PUT', '/api/unit/applyfees', { body: { date: today } });
    expect(again.body).toMatchObject({ message: '4 charges raised', error: false });
    expect(await pendingTotal()).toBe(20900);
    expect((await api.call('PUT', '/api/unit/applyfees', { body: { date: today } })).body.message).toBe('0 charges raised');
    const log = (await changeLog(api, 'charge')).map((l) => l.message);
    expect(log).toEqual(expect.arrayContaining([`Unit fees for ${month}: 4 charges raised`, `Unit fees for ${month}: 3 charges cancelled`]));
  });

  it('raises percentage (P) fees on last month\'s room charges and rent reaching the owner\'s door, gross or after the other fees', async () => {
    const [y, m] = month.split('-').map(Number) as [number, number];
    const prev = m === 1 ? { year: y - 1, month: 12 } : { year: y, month: m - 1 };
    const day = (d: number) => `${prev.year}-${String(prev.month).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
    const books = api.db.company('co_demotrust');
    const open = await openPeriod(books);
    const receipt = (d: number, entity: string, door: string, account: string, cents: number) => ({
      kind: 'RECEIPT' as const, date: day(d), memo: 'Letting revenue', postings: [{ entity, door, accountId: account, amount: cents, description: account }], cashbook: [{ date: day(d), method: 'EFT' as const, amount: cents }],
    });
    // Last month's revenue, posted while that month was open: 201 has $1,000.00 of room charges and
    // $500.00 rent; 101 has $333.33 of room charges; this month's room charges do not count.
    await db.updateTable('control_setting').set({ value: jsonb(prev.year) }).where('key', '=', 'current_year').execute();
    await db.updateTable('control_setting').set({ value: jsonb(prev.month) }).where('key', '=', 'current_month').execute();
    try {
      await books.transaction().execute((trx) => postTxns(trx, 'TEST', [
        receipt(3, 'OWNJONES', '201', 'ROOMCHG', 60_000), receipt(9, 'OWNJONES', '201', 'ROOMCHG', 40_000),
        receipt(5, 'OWNJONES', '201', 'RENT', 50_000), receipt(20, 'OWNSMITH', '101', 'ROOMCHG', 33_333),
      ]));
    } finally {
      await db.updateTable('control_setting').set({ value: jsonb(open.year) }).where('key', '=', 'current_year').execute();
      await db.updateTable('control_setting').set({ value: jsonb(open.month) }).where('key', '=', 'current_month').execute();
    }
    await books.transaction().execute((trx) => postTxns(trx, 'TEST', [{ ...receipt(1, 'OWNJONES', '201', 'ROOMCHG', 99_900), date: today, cashbook: [{ date: today, method: 'EFT', amount: 99_900 }] }]));
    // ADV LEVY: 2% of room charges, before other fees. A rent commission: 10% of rent after the other fees.
    await db.updateTable('fee').set({ is_default: true }).where('name', '=', 'ADV LEVY').execute();
    await db.insertInto('fee').values({
      name: 'RENT COMM', account_id: 'RENTCOMM', method: 'P', apply_to: jsonb(['*']), value: 1000, frequency: 1, entity: 'BUSINESS', show_on_statement: true,
      is_default: true, apply_to_booking: false, apply_to_rental: true, apply_before_other_fees: false,
    }).execute();
    try {
      expect((await api.call('DELETE', '/api/rental/deletecharges', { body: {} })).status).toBe(200);
      const res = await api.call('PUT', '/api/unit/applyfees', { body: {} });
      expect(res.body).toMatchObject({ message: '4 charges raised', error: false });
      const items = await db.selectFrom('charge').innerJoin('charge_item', 'charge_item.charge_id', 'charge.id')
        .select(['charge.door', 'charge_item.account_id', 'charge_item.amount', 'charge_item.description'])
        .where('charge.source', '=', 'UNITFEE').where('charge.status', '=', 'PENDING').orderBy('charge.door').orderBy('charge_item.id').execute();
      const label = `letting revenue ${prev.month}/${prev.year}`;
      expect(items.map((i) => [i.door, i.account_id, Number(i.amount), i.description])).toEqual([
        ['101', 'CLEAN', 2000, 'Linen service'],
        ['101', 'CLEAN', 200, 'GST on Linen service'],
        ['101', 'MGMTFEE', 5500, 'MGMT FEE'],
        ['101', 'MGMTFEE', 550, 'GST on MGMT FEE'],
        // 2% of $333.33 = 666.66 cents -> $6.67, its GST 66.7 cents -> $0.67; 101 has no rent, so no rent commission.
        ['101', 'ADVERT', 667, `ADV LEVY 2% of $333.33 (${label})`],
        ['101', 'ADVERT', 67, `GST on ADV LEVY 2% of $333.33 (${label})`],
        ['102', 'MGMTFEE', 6000, 'Management'],
        ['102', 'MGMTFEE', 600, 'GST on Management'],
        ['201', 'MGMTFEE', 5500, 'MGMT FEE'],
        ['201', 'MGMTFEE', 550, 'GST on MGMT FEE'],
        ['201', 'ADVERT', 2000, `ADV LEVY 2% of $1,000.00 (${label})`],
        ['201', 'ADVERT', 200, `GST on ADV LEVY 2% of $1,000.00 (${label})`],
        // 10% of ($500.00 rent - $55.00 - $20.00) = $42.50: the fees taken before it, not their GST.
        ['201', 'RENTCOMM', 4250, `RENT COMM 10% of $425.00 (${label})`],
        ['201', 'RENTCOMM', 425, `GST on RENT COMM 10% of $425.00 (${label})`],
      ]);
      expect((await api.call('PUT', '/api/unit/applyfees', { body: {} })).body.message).toBe('0 charges raised');
    } finally {
      await db.updateTable('fee').set({ is_default: false }).where('name', '=', 'ADV LEVY').execute();
      await db.deleteFrom('fee').where('name', '=', 'RENT COMM').execute();
      await api.call('DELETE', '/api/rental/deletecharges', { body: {} });
      await api.call('PUT', '/api/unit/applyfees', { body: {} });
    }
  });

  it('skips a unit whose fees the books refuse, whole, and raises the others under consecutive numbers', async () => {
    expect((await api.call('DELETE', '/api/rental/deletecharges', { body: {} })).status).toBe(200);
    await db.updateTable('account').set({ inactive: true }).where('id', '=', 'CLEAN').execute();
    try {
      const res = await api.call('PUT', '/api/unit/applyfees', { body: {} });
      // 101's management fee is refused with its linen service: no unit is left half charged.
      expect(res.body).toMatchObject({ message: '2 charges raised; not raised: 101: Account CLEAN is inactive', error: false });
      const refs = (res.body.data.refs as string[]).map(Number);
      expect(refs[1]).toBe(refs[0]! + 1);
      const pending = (await feeCharges()).filter((c) => c.status === 'PENDING');
      expect([...new Set(pending.map((c) => c.door))]).toEqual(['102', '201']);
    } finally {
      await db.updateTable('account').set({ inactive: false }).where('id', '=', 'CLEAN').execute();
    }
    const rest = await api.call('PUT', '/api/unit/applyfees', { body: {} });
    expect(rest.body.message).toBe('2 charges raised');
    expect(await pendingTotal()).toBe(20900);
  });

  it('needs p_entry_disbursement', async () => {
    const token = await createStaff(api, 'NOFEES', { p_entities: true });
    await expectRefused(api, 'charge', 'PUT', '/api/unit/applyfees', {}, { status: 403 }, token);
    await expectRefused(api, 'charge', 'DELETE', '/api/rental/deletecharges', {}, { status: 403 }, token);
  });
});
