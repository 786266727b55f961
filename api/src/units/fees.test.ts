import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTestParties } from '../testing/parties.js';
import { type TestApi, startTestApi } from '../testing/test-api.js';
import { changeLog, createStaff, expectRefused } from '../users/test-support.js';
import { assertChargeDate, isoToday } from './fees.js';

let api: TestApi;
let db: Kysely<any>;
const today = isoToday();
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
  .where('charge.source', '=', 'UNITFEE').orderBy('charge.door').orderBy('charge.recipient').execute();
const pendingTotal = async () => (await feeCharges()).filter((c) => c.status === 'PENDING').reduce((s, c) => s + Number(c.amount), 0);

describe('unit fees as charges', () => {
  it('the date rule: not before today, at most one year ahead', () => {
    expect(() => assertChargeDate('2026-04-19', '2026-04-20')).toThrow('The date may not be earlier than today (2026-04-20)');
    expect(() => assertChargeDate('2027-04-21', '2026-04-20')).toThrow('The date may be at most one year ahead (2027-04-20)');
    expect(() => assertChargeDate('2027-04-20', '2026-04-20')).not.toThrow();
  });

  it('start of day raises the month\'s fees once', async () => {
    expect((await api.call('GET', '/api/control/start?force=true')).body.data.ran).toBe(true);
    const rows = await feeCharges();
    expect(rows.map((r) => [r.door, r.entity, r.recipient, r.account_id, r.amount, r.status])).toEqual([
      ['101', 'OWNSMITH', 'BUSINESS', 'MGMTFEE', '5500', 'PENDING'],
      ['101', 'OWNSMITH', 'SUPCLEAN', 'CLEAN', '2000', 'PENDING'],
      ['102', 'OWNSMITH', 'BUSINESS', 'MGMTFEE', '6000', 'PENDING'],
      ['201', 'OWNJONES', 'BUSINESS', 'MGMTFEE', '5500', 'PENDING'],
    ]);
    expect(rows.every((r) => r.date === today)).toBe(true);
  });

  it('PUT /api/unit/applyfees is idempotent per unit and month; P fees are not monthly', async () => {
    const res = await api.call('PUT', '/api/unit/applyfees', { body: {} });
    expect(res.body).toMatchObject({ message: '0 charges raised', error: false });
    expect((await api.call('PUT', '/api/unit/applyfees', { body: { door: '101' } })).body.message).toBe('0 charges raised');
    expect(await pendingTotal()).toBe(19000);
    expect((await feeCharges()).some((r) => r.account_id === 'ADVERT')).toBe(false);
  });

  it('refuses bad bodies and dates, changing nothing', async () => {
    const yesterday = new Date(Date.now() - 86_400_000);
    const y = `${yesterday.getFullYear()}-${String(yesterday.getMonth() + 1).padStart(2, '0')}-${String(yesterday.getDate()).padStart(2, '0')}`;
    const nextDay = new Date(Number(today.slice(0, 4)) + 1, Number(today.slice(5, 7)) - 1, Number(today.slice(8, 10)) + 1);
    const tooLate = `${nextDay.getFullYear()}-${String(nextDay.getMonth() + 1).padStart(2, '0')}-${String(nextDay.getDate()).padStart(2, '0')}`;
    for (const path of [['PUT', '/api/unit/applyfees'], ['DELETE', '/api/rental/deletecharges']] as const) {
      await expectRefused(api, 'charge', path[0], path[1], { date: y }, { error: { path: 'date', msg: `The date may not be earlier than today (${today})` } });
      await expectRefused(api, 'charge', path[0], path[1], { date: tooLate }, { message: /^The date may be at most one year ahead/ });
      await expectRefused(api, 'charge', path[0], path[1], { date: '01/01/2027' }, { error: { path: 'date', msg: 'Date must be YYYY-MM-DD' } });
      await expectRefused(api, 'charge', path[0], path[1], { tenancyId: 7 }, { error: { path: 'tenancyId', msg: 'Tenancies are not available' } });
      await expectRefused(api, 'charge', path[0], path[1], { door: 'NOPE' }, { status: 404 });
      await expectRefused(api, 'charge', path[0], path[1], { colour: 'red' }, { status: 400 });
    }
  });

  it('DELETE /api/rental/deletecharges cancels the month\'s unpaid fee charges; applying again raises them again', async () => {
    const one = await api.call('DELETE', '/api/rental/deletecharges', { body: { door: '201' } });
    expect(one.body).toMatchObject({ message: '1 charges cancelled', error: false });
    expect(await pendingTotal()).toBe(13500);
    const all = await api.call('DELETE', '/api/rental/deletecharges', { body: {} });
    expect(all.body.message).toBe('3 charges cancelled');
    expect(await pendingTotal()).toBe(0);
    expect((await feeCharges()).every((c) => c.status === 'CANCELLED')).toBe(true);
    expect((await api.call('DELETE', '/api/rental/deletecharges', { body: {} })).body.message).toBe('0 charges cancelled');
    const again = await api.call('PUT', '/api/unit/applyfees', { body: { date: today } });
    expect(again.body).toMatchObject({ message: '4 charges raised', error: false });
    expect(await pendingTotal()).toBe(19000);
    expect((await api.call('PUT', '/api/unit/applyfees', { body: { date: today } })).body.message).toBe('0 charges raised');
    const log = (await changeLog(api, 'charge')).map((l) => l.message);
    expect(log).toEqual(expect.arrayContaining([`Unit fees for ${month}: 4 charges raised`, `Unit fees for ${month}: 3 charges cancelled`]));
  });

  it('needs p_entry_disbursement', async () => {
    const token = await createStaff(api, 'NOFEES', { p_entities: true });
    await expectRefused(api, 'charge', 'PUT', '/api/unit/applyfees', {}, { status: 403 }, token);
    await expectRefused(api, 'charge', 'DELETE', '/api/rental/deletecharges', {}, { status: 403 }, token);
  });
});
