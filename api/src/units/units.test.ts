import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postTxn } from '../ledger/ledger.js';
import { addTestParties } from '../testing/parties.js';
import { type TestApi, startTestApi } from '../testing/test-api.js';
import { changeLog, createStaff, expectRefused, tableRows } from '../users/test-support.js';
import { assertChangeDate, prorate } from './change-owner.js';
import { DEFAULT_TIME_ZONE, dateInZone } from '../ledger/business-date.js';

let api: TestApi;
let db: Kysely<any>;
let today: string;
let first: string;
const co = () => api.db.company('co_demotrust');

beforeAll(async () => {
  api = await startTestApi();
  await addTestParties(co());
  db = co() as never as Kysely<any>;
  const info = (await api.call('GET', '/api/control/info')).body.data;
  first = `${info.current_year}-${String(info.current_month).padStart(2, '0')}-01`;
  today = dateInZone();
  // OWNSMITH holds $300.00 for door 101.
  await co().transaction().execute((trx) => postTxn(trx, 'admin', {
    kind: 'RECEIPT', date: today, memo: 'Owner contribution', postings: [{ entity: 'OWNSMITH', door: '101', accountId: 'OWNFUNDS', amount: 30000, description: 'Contribution' }],
    cashbook: [{ date: today, method: 'EFT', amount: 30000, payer: 'Jane Smith' }],
  }));
});
afterAll(() => api.close());

const unit = {
  door: 'p301', name: 'Palm Court 301', location: 'Level 3', unittype: 'onebed', class: 'HOLIDAY', entity: 'OWNJONES', category: 'HOLIDAY',
  leaseback: true, letting_pool: 'BOOKINGS', letting_pool_start: '2026-01-01', letting_agreement: true, agreement_date: '2025-12-01', days_in_pool: 30,
  fees: [{ account_id: 'MGMTFEE', entity: 'BUSINESS', name: 'Management', value: 20.5 }, { account_id: 'CLEAN', entity: 'SUPCLEAN', name: 'Linen clean', value: 12 }],
  leasebacks: [{ account_id: 'RENT', name: 'Leaseback rent', value: 500 }],
  rental: [{ start_date: '2026-01-01', end_date: '2026-12-31', expiry_date: '2027-01-31' }],
};

describe('POST, GET, PUT /api/unit', () => {
  it('creates a unit with its fee, leaseback and rental lines, upper-cased, logged', async () => {
    const res = await api.call('POST', '/api/unit', { body: unit });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: 'Record Created', data: {
      door: 'P301', name: 'PALM COURT 301', unittype: 'ONEBED', entity: 'OWNJONES', entityname: 'Robert Jones', letting_pool: 'BOOKINGS', letting_pool_start: '2026-01-01',
      fee_total: 32.5, leaseback_total: 500, funds: 0, pending: 0, balance: 0, _candelete: true, _allow_inactive: true, _allowchangeowner: true,
      fees: [{ type: 'F', account_id: 'MGMTFEE', entity: 'BUSINESS', name: 'Management', value: 20.5 }, { type: 'F', account_id: 'CLEAN', value: 12 }],
      leasebacks: [{ type: 'L', account_id: 'RENT', value: 500 }], rental: [{ start_date: '2026-01-01', end_date: '2026-12-31', expiry_date: '2027-01-31' }],
    } });
    expect((await db.selectFrom('unit_fee').select('value').where('door', '=', 'P301').orderBy('id').execute()).map((r) => r.value)).toEqual(['2050', '1200']);
    expect((await changeLog(api, 'unit', 'P301'))[0]).toMatchObject({ method: 'POST', after: expect.objectContaining({ name: 'PALM COURT 301' }) });
  });

  it('refuses bad input with the spec messages and changes nothing', async () => {
    const post = (body: object, refusal: object) => expectRefused(api, 'unit', 'POST', '/api/unit', { ...unit, door: 'P999', ...body }, refusal);
    await post({ unittype: '' }, { error: { path: 'unittype', msg: 'Unit Type must be Selected' } });
    await post({ unittype: 'CASTLE' }, { error: { path: 'unittype', msg: 'Unit Type must be Selected' } });
    await post({ name: 'Tiny' }, { error: { path: 'name', msg: 'Must be at least 5 characters' } });
    await post({ door: '' }, { error: { path: 'door', msg: 'Door is required' } });
    await post({ door: 'X'.repeat(11) }, { error: { path: 'door', msg: 'Must be at most 10 characters' } });
    await post({ is_pool: true }, { error: { path: 'pool_owner', msg: 'Pool is Required' } });
    await post({ is_pool: true, pool_owner: 'OWNSMITH' }, { error: { path: 'pool_owner', msg: 'Pool is Required' } });
    await post({ fees: [{ entity: 'BUSINESS', name: 'Fee', value: 1 }] }, { error: { path: 'fees.0.account_id', msg: 'Account is required' } });
    await post({ fees: [{ account_id: 'CLEAN', name: 'Fee', value: 1 }] }, { error: { path: 'fees.0.entity', msg: 'Recipient is required' } });
    await post({ fees: [{ account_id: 'CLEAN', entity: 'BUSINESS', value: 1 }] }, { error: { path: 'fees.0.name', msg: 'Description is Required' } });
    await post({ fees: [{ account_id: 'CLEAN', entity: 'BUSINESS', name: 'Fee', value: 1.005 }] }, { error: { path: 'fees.0.value', msg: 'Amounts have at most two decimals' } });
    await post({ fees: [{ account_id: 'CLEAN', entity: 'BUSINESS', name: 'Fee', value: '1' }] }, { error: { path: 'fees.0.value', msg: 'Amount must be a number' } });
    await post({ fees: [{ account_id: 'NOACC', entity: 'BUSINESS', name: 'Fee', value: 1 }] }, { error: { path: 'fees.0.account_id', msg: 'Account NOACC does not exist' } });
    await post({ fees: [{ account_id: 'CLEAN', entity: 'NOBODY', name: 'Fee', value: 1 }] }, { error: { path: 'fees.0.entity', msg: 'Unknown recipient NOBODY' } });
    await post({ leasebacks: [{ account_id: 'RENT', value: 1 }] }, { error: { path: 'leasebacks.0.name', msg: 'Description is Required' } });
    await post({ leasebacks: [{ name: 'Rent', value: 1 }] }, { error: { path: 'leasebacks.0.account_id', msg: 'Account is required' } });
    await post({ letting_pool: 'HOTEL' }, { error: { path: 'letting_pool', msg: 'Letting pool is BOOKINGS, TENANCY or none' } });
    await post({ letting_pool_start: '01/01/2026' }, { error: { path: 'letting_pool_start', msg: 'Date must be YYYY-MM-DD' } });
    await post({ entity: 'NOBODY' }, { error: { path: 'entity', msg: 'Unknown owner NOBODY' } });
    await post({ entity: 'SUPCLEAN' }, { error: { path: 'entity', msg: 'SUPCLEAN is not an owner' } });
    await post({ days_in_pool: 1.5 }, { error: { path: 'days_in_pool', msg: 'Days in pool is a whole number' } });
    await post({ door: '101' }, { status: 409, error: { path: 'door', msg: 'Door already exists' } });
    expect(await tableRows(api, 'unit_fee')).toContain('P301');
  });

  it('lists units with the owner ledger figures and flags, filtered', async () => {
    const res = await api.call('GET', '/api/unit/list');
    const u101 = res.body.data.find((r: { door: string }) => r.door === '101');
    expect(u101).toMatchObject({ door: '101', name: 'Ocean View 101', unittype: 'ONEBED', class: 'HOLIDAY', entity: 'OWNSMITH', entityname: 'Jane Smith',
      funds: 300, pending: 0, balance: 300, inactive: false, _candelete: false, _allow_inactive: false, _allowchangeowner: false });
    expect((await api.call('GET', '/api/unit/list?owner=OWNJONES')).body.data.map((r: { door: string }) => r.door)).toEqual(['201', 'P301']);
    expect((await api.call('GET', '/api/unit/list?unittype=TWOBED')).body.data.map((r: { door: string }) => r.door)).toEqual(['102']);
    expect((await api.call('GET', '/api/unit/list?search=palm')).body.data.map((r: { door: string }) => r.door)).toEqual(['P301']);
    expect((await api.call('GET', '/api/unit/NOPE')).status).toBe(404);
  });

  it('updates with deleted line lists; refuses lines of another door, owner changes with history and inactive with balances', async () => {
    const current = (await api.call('GET', '/api/unit/P301')).body.data;
    const [mgmt, clean] = current.fees;
    const res = await api.call('PUT', '/api/unit/p301', { body: { ...unit, name: 'Palm Court Three', letting_pool: 'TENANCY', letting_pool_start: '2026-05-01',
      fees: [{ ...mgmt, value: 25 }, { account_id: 'LINEN', entity: 'SUPCLEAN', name: 'Linen', value: 7.5 }], _deleted_fees: [clean.id],
      leasebacks: [], _deleted_leasebacks: [current.leasebacks[0].id], rental: [] } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'PALM COURT THREE', letting_pool: 'TENANCY', letting_pool_start: '2026-01-01', fee_total: 32.5, leaseback_total: 0,
      fees: [{ id: mgmt.id, value: 25 }, { account_id: 'LINEN', value: 7.5 }], leasebacks: [], rental: [{ start_date: '2026-01-01' }] });
    const log = (await changeLog(api, 'unit', 'P301')).at(-1)!;
    expect(log).toMatchObject({ method: 'PUT', before: expect.objectContaining({ name: 'PALM COURT 301' }), after: expect.objectContaining({ name: 'PALM COURT THREE' }) });

    await db.insertInto('unit_fee').values({ door: '102', account_id: 'CLEAN', entity: 'SUPCLEAN', name: 'Other door', value: 100 }).execute();
    const foreign = (await db.selectFrom('unit_fee').select('id').where('door', '=', '102').executeTakeFirstOrThrow()).id;
    const again = { ...unit, fees: [], leasebacks: [], rental: [] };
    await expectRefused(api, 'unit_fee', 'PUT', '/api/unit/P301', { ...again, _deleted_fees: [foreign] }, { error: { path: '_deleted_fees', msg: `Line ${foreign} is not a fees line of unit P301` } });
    await expectRefused(api, 'unit_fee', 'PUT', '/api/unit/P301', { ...again, fees: [{ id: foreign, account_id: 'CLEAN', entity: 'SUPCLEAN', name: 'Stolen', value: 1 }] }, { error: { path: 'fees.0.id', msg: `Line ${foreign} is not a fees line of unit P301` } });
    await expectRefused(api, 'unit', 'PUT', '/api/unit/P301', { ...again, door: 'P302' }, { error: { path: 'door', msg: 'The door of a unit cannot be changed' } });

    const u101 = (await api.call('GET', '/api/unit/101')).body.data;
    const body101 = { ...u101, fees: [], leasebacks: [], rental: [] };
    await expectRefused(api, 'unit', 'PUT', '/api/unit/101', { ...body101, entity: 'OWNJONES' }, { status: 409, error: { path: 'entity', msg: 'The owner of this unit can only be changed with Change Owner (it has ledger history or charges)' } });
    await expectRefused(api, 'unit', 'PUT', '/api/unit/101', { ...body101, inactive: true }, { status: 409, error: { path: 'inactive', msg: 'Cannot set inactive while there are ledger balances or charges' } });
    const u102 = (await api.call('GET', '/api/unit/102')).body.data;
    await expectRefused(api, 'unit', 'PUT', '/api/unit/102', { ...u102, gpid: 'GP-102', inactive: true }, { status: 409, error: { path: 'inactive', msg: 'Cannot set Inactive when linked to the booking system' } });
    // Without history the owner can be changed in the editor, and the unit made inactive.
    const moved = await api.call('PUT', '/api/unit/P301', { body: { ...again, entity: 'OWNSMITH', inactive: true } });
    expect(moved.body.data).toMatchObject({ entity: 'OWNSMITH', inactive: true });
  });

  it('deletes only units without balances, charges or postings', async () => {
    await expectRefused(api, 'unit', 'DELETE', '/api/unit/101', undefined, { status: 409, message: 'Unit 101 cannot be deleted: it has ledger balances; it has posting history. Make it inactive instead.' });
    const res = await api.call('DELETE', '/api/unit/P301');
    expect(res.body).toMatchObject({ message: 'Record Deleted.' });
    expect(await db.selectFrom('unit_fee').select('id').where('door', '=', 'P301').execute()).toEqual([]);
    expect((await changeLog(api, 'unit', 'P301')).at(-1)).toMatchObject({ method: 'DELETE', after: null });
    await expectRefused(api, 'unit', 'DELETE', '/api/unit/P301', undefined, { status: 404 });
  });
});

describe('change owner', () => {
  it('prorates once, half away from zero, the remainder on the old owner\'s line', () => {
    expect(prorate(10000, 16, 30)).toBe(5333);
    expect(10000 - prorate(10000, 16, 30)).toBe(4667);
    expect(prorate(1, 1, 2)).toBe(1);
    expect(prorate(-1, 1, 2)).toBe(-1);
    expect(prorate(10001, 1, 2)).toBe(5001);
    expect(prorate(3333, 31, 31)).toBe(3333);
    expect(prorate(3333, 0, 31)).toBe(0);
    expect(() => assertChangeDate('2026-03-31', { first: '2026-04-01', last: '2026-04-30' }, '2026-04-20')).toThrow(/between 2026-04-01 and 2026-04-20/);
    expect(() => assertChangeDate('2026-04-21', { first: '2026-04-01', last: '2026-04-30' }, '2026-04-20')).toThrow();
    expect(() => assertChangeDate('2026-04-20', { first: '2026-04-01', last: '2026-04-30' }, '2026-04-20')).not.toThrow();
  });

  it('previews the door\'s pending charges of the month by days, and refuses dates outside the month up to today', async () => {
    const charge = await api.call('POST', '/api/charge', { body: {
      date: today, payer_type: 'OWNER', entity: 'OWNSMITH', door: '101', recipient_type: 'SUPPLIER', recipient: 'SUPCLEAN', memo: 'Cleaning and repairs', name: 'Jane Smith',
      items: [{ account_id: 'CLEAN', amount: 100 }, { account_id: 'REPAIRS', amount: 33.33 }],
    } });
    expect(charge.status).toBe(200);
    const days = new Date(Number(first.slice(0, 4)), Number(first.slice(5, 7)), 0).getDate();
    const newDays = days - Number(today.slice(8, 10)) + 1;
    const share = prorate(10000, newDays, days) + prorate(3333, newDays, days);
    const res = await api.call('GET', `/api/unit/changeowner?door=101&date=${today}&new=OWNJONES&old=OWNSMITH`);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('No booking receipts held for this door');
    expect(res.body.data).toEqual([{ type: 'CHARGE', ref: expect.any(String), desc: 'Cleaning and repairs', amount: 133.33, new_owner_days: newDays, days,
      new_owner: share / 100, old_owner: (13333 - share) / 100 }]);
    const before = first.slice(0, 8) === '2026-01-' ? '2025-12-31' : `${first.slice(0, 4)}-${String(Number(first.slice(5, 7)) - 1).padStart(2, '0')}-28`;
    expect((await api.call('GET', `/api/unit/changeowner?door=101&date=${before}&new=OWNJONES`)).status).toBe(400);
    const t = dateInZone(DEFAULT_TIME_ZONE, new Date(Date.now() + 86_400_000));
    expect((await api.call('GET', `/api/unit/changeowner?door=101&date=${t}&new=OWNJONES`)).body).toMatchObject({ status: 400, message: expect.stringMatching(/within the current month/) });
    expect((await api.call('GET', `/api/unit/changeowner?door=101&date=${today}&new=OWNJONES&old=OWNJONES`)).status).toBe(409);
    expect((await api.call('GET', `/api/unit/changeowner?door=101&date=${today}&new=SUPCLEAN`)).body.message).toBe('SUPCLEAN is not an owner');
    expect((await api.call('GET', `/api/unit/changeowner?door=101&date=31-12-2026&new=OWNJONES`)).status).toBe(400);
  });

  it('refuses foreign doors, unknown owners, bad dates and types, changing nothing', async () => {
    const body = { door: '101', old_owner: 'OWNSMITH', new_owner: 'OWNJONES', change_date: today, adjustment: true };
    for (const table of ['unit', 'charge_item', 'charge', 'ledger_balance']) {
      await expectRefused(api, table, 'POST', '/api/unit/changeowner', { ...body, door: '201' }, { status: 409, message: 'Unit 201 belongs to OWNJONES, not OWNSMITH' });
    }
    await expectRefused(api, 'unit', 'POST', '/api/unit/changeowner', { ...body, new_owner: 'NOBODY' }, { error: { path: 'new_owner', msg: 'Unknown owner NOBODY' } });
    await expectRefused(api, 'unit', 'POST', '/api/unit/changeowner', { ...body, change_date: '2020-01-01' }, { message: /^The change date must be within the current month, between / });
    await expectRefused(api, 'unit', 'POST', '/api/unit/changeowner', { ...body, adjustment: 'yes' }, { error: { path: 'adjustment', msg: 'Adjustment is true or false' } });
    await expectRefused(api, 'unit', 'POST', '/api/unit/changeowner', { ...body, door: 'NOPE' }, { status: 404 });
  });

  it('moves the door, keeps the old owner\'s funds on the old owner\'s ledger and splits the month\'s charge', async () => {
    const preview = (await api.call('GET', `/api/unit/changeowner?door=101&date=${today}&new=OWNJONES`)).body.data[0];
    const res = await api.call('POST', '/api/unit/changeowner', { body: { door: '101', old_owner: 'OWNSMITH', new_owner: 'OWNJONES', change_date: today, adjustment: true } });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Ownership Change Completed');
    expect((await db.selectFrom('unit').select('entity').where('door', '=', '101').executeTakeFirstOrThrow()).entity).toBe('OWNJONES');
    const balances = await db.selectFrom('ledger_balance').selectAll().where('entity', '=', 'OWNSMITH').orderBy('door').execute();
    expect(balances.map((b) => [b.door, b.balance])).toEqual([['', '30000'], ['101', '0']]);
    const pending = await db.selectFrom('charge').innerJoin('charge_item', 'charge_item.charge_id', 'charge.id').select(['charge.entity', 'charge.door', 'charge_item.amount'])
      .where('charge.status', '=', 'PENDING').where('charge.recipient', '=', 'SUPCLEAN').execute();
    const total = (who: string) => pending.filter((p) => p.entity === who).reduce((s, p) => s + Number(p.amount), 0);
    if (preview.old_owner === 0) {
      expect(total('OWNSMITH')).toBe(0);
    } else {
      expect(total('OWNSMITH')).toBe(Math.round(preview.old_owner * 100));
      expect(pending.filter((p) => p.entity === 'OWNSMITH').every((p) => p.door === null)).toBe(true);
    }
    expect(total('OWNJONES')).toBe(Math.round(preview.new_owner * 100));
    expect(total('OWNSMITH') + total('OWNJONES')).toBe(13333);
    const log = (await changeLog(api, 'unit', '101')).at(-1)!;
    expect(log).toMatchObject({ before: { entity: 'OWNSMITH' }, after: expect.objectContaining({ entity: 'OWNJONES' }) });
    // Unassign: the door has no owner afterwards.
    const un = await api.call('POST', '/api/unit/changeowner', { body: { door: '102', old_owner: 'OWNSMITH', new_owner: '', change_date: today } });
    expect(un.body.message).toBe('Ownership Change Completed');
    expect((await db.selectFrom('unit').select('entity').where('door', '=', '102').executeTakeFirstOrThrow()).entity).toBeNull();
  });
});

describe('permissions', () => {
  it('a user without p_entities gets 403 on every unit route and changes nothing', async () => {
    const token = await createStaff(api, 'NOUNITS', { p_mgt: true, p_entry_charges: true });
    const before = await tableRows(api, 'unit');
    for (const [method, path, body] of [['GET', '/api/unit/list'], ['GET', '/api/unit/101'], ['POST', '/api/unit', { ...unit, door: 'Z1' }], ['PUT', '/api/unit/201', unit],
      ['DELETE', '/api/unit/201'], ['GET', `/api/unit/changeowner?door=201&date=${today}`], ['POST', '/api/unit/changeowner', { door: '201', old_owner: 'OWNJONES', new_owner: 'OWNSMITH', change_date: today }],
      ['PUT', '/api/unit/applyfees', {}], ['DELETE', '/api/rental/deletecharges', {}]] as [string, string, object?][]) {
      expect((await api.call(method, path, { token, body })).status, `${method} ${path}`).toBe(403);
    }
    expect(await tableRows(api, 'unit')).toBe(before);
  });
});

describe('POST /api/unit/sync', () => {
  it('says plainly that no booking system is set up, changing nothing (the sync itself: api/src/bookings)', async () => {
    await expectRefused(api, 'unit', 'POST', '/api/unit/sync', undefined, { status: 409, message: /^No booking system is set up \(Setup \/ Control, Booking-system Sync\)/ });
    const token = await createStaff(api, 'NOSYNC', { p_dashboard: true });
    expect((await api.call('POST', '/api/unit/sync', { token })).status).toBe(403);
  });
});
