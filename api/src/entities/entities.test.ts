import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postTxn } from '../ledger/ledger.js';
import { addTestParties } from '../testing/parties.js';
import { type TestApi, startTestApi } from '../testing/test-api.js';
import { changeLog, countRows, createStaff, expectRefused, tableRows } from '../users/test-support.js';
import { DEFAULT_TIME_ZONE, dateInZone } from '../ledger/business-date.js';

let api: TestApi;
let db: Kysely<any>;
let today: string;
const co = () => api.db.company('co_demotrust');

beforeAll(async () => {
  api = await startTestApi();
  await addTestParties(co());
  db = co() as never as Kysely<any>;
  const info = (await api.call('GET', '/api/control/info')).body.data;
  today = dateInZone(DEFAULT_TIME_ZONE);
  const first = `${info.current_year}-${String(info.current_month).padStart(2, '0')}-01`;
  if (today < first) today = first;
  // OWNSMITH holds $250.00 for door 101; OWNSMITH pays a pending $40.00 charge.
  await co().transaction().execute((trx) => postTxn(trx, 'admin', {
    kind: 'RECEIPT', date: today, memo: 'Owner contribution', postings: [{ entity: 'OWNSMITH', door: '101', accountId: 'OWNFUNDS', amount: 25000, description: 'Contribution' }],
    cashbook: [{ date: today, method: 'EFT', amount: 25000, payer: 'Jane Smith' }],
  }));
  const charge = await api.call('POST', '/api/charge', { body: {
    date: today, payer_type: 'OWNER', entity: 'OWNSMITH', door: '101', recipient_type: 'SUPPLIER', recipient: 'SUPCLEAN', memo: 'Clean', name: 'Jane Smith',
    items: [{ account_id: 'CLEAN', amount: 40 }],
  } });
  expect(charge.status).toBe(200);
});
afterAll(() => api.close());

const owner = {
  code: 'ownnew', type: 'OWNER', category: 'HOLIDAY', name: 'Nora Newman', email: 'nora@example.com', address: '9 Hill St', town: 'Noosa',
  state: 'QLD', postcode: '4567', bank_bsb: '062 000', bank_account_number: '12345678', bank_account_name: 'N Newman', disburse_method: 'EFT',
  hold_always: 100, hold_always_reason: 'Reserve',
};

describe('POST /api/entity', () => {
  it('creates an owner: code upper-cased, money in cents, logged', async () => {
    const res = await api.call('POST', '/api/entity', { body: owner });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: 'Record Created', data: { code: 'OWNNEW', type: 'OWNER', bank_bsb: '062-000', hold_always: 100, funds: 0, pending: 0, balance: 0, _candelete: true, _allow_inactive: true } });
    const row = await db.selectFrom('entity').selectAll().where('code', '=', 'OWNNEW').executeTakeFirstOrThrow();
    expect(row.hold_always).toBe('10000');
    const log = await changeLog(api, 'entity', 'OWNNEW');
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ method: 'POST', before: null, after: expect.objectContaining({ name: 'Nora Newman', bank_account_number: '12345678' }) });
  });

  it('refuses bad input with the spec messages and changes nothing', async () => {
    const post = (body: object, refusal: object) => expectRefused(api, 'entity', 'POST', '/api/entity', { ...owner, code: 'OWNOTHER', ...body }, refusal);
    await post({ category: 'TRADES' }, { error: { path: 'category', msg: 'Category must be Selected' } });
    await post({ category: 'NOPE' }, { error: { path: 'category', msg: 'Category must be Selected' } });
    await post({ category: '' }, { error: { path: 'category', msg: 'Category must be Selected' } });
    await post({ code: 'ABC' }, { error: { path: 'code', msg: 'Must be at least 4 characters' } });
    await post({ code: 'A'.repeat(21) }, { error: { path: 'code', msg: 'Must be at most 20 characters' } });
    await post({ name: 123 }, { error: { path: 'name', msg: 'Input is Required' } });
    await post({ hold_always: 1.005 }, { error: { path: 'hold_always', msg: 'Amounts have at most two decimals' } });
    await post({ hold_this_month: -5 }, { error: { path: 'hold_this_month', msg: 'Amount cannot be negative' } });
    await post({ hold_always: '10' }, { error: { path: 'hold_always', msg: 'Amount must be a number' } });
    await post({ bank_bsb: '12345' }, { error: { path: 'bank_bsb', msg: 'BSB is 6 digits (NNN-NNN)' } });
    await post({ bank_account_number: '1234567890' }, { error: { path: 'bank_account_number', msg: 'Account number is up to 9 digits' } });
    await post({ bank: 'NOBANK' }, { error: { path: 'bank', msg: 'Bank NOBANK does not exist' } });
    await post({ type: 'BUSINESS', category: 'BUSINESS' }, { error: { path: 'type', msg: 'Only OWNER, SUPPLIER, TENANT, POOL entities can be created' } });
    await post({ type: 'ALIEN' }, { error: { path: 'type', msg: 'Type must be Selected' } });
    await post({ code: 'OWNSMITH' }, { status: 409, error: { path: 'code', msg: 'Code already exists' } });
  });
});

describe('GET /api/entity/list/{type} and /api/entity/{code}', () => {
  it('lists owners with funds, pending and balance in dollars and the flags', async () => {
    const res = await api.call('GET', '/api/entity/list/owner');
    expect(res.status).toBe(200);
    const smith = res.body.data.find((r: { code: string }) => r.code === 'OWNSMITH');
    expect(smith).toMatchObject({ name: 'Jane Smith', funds: 250, pending: 40, balance: 210, pay: 0, _candelete: false, _allow_inactive: false });
    expect(res.body.data.every((r: { type: string }) => r.type === 'OWNER')).toBe(true);
    expect((await api.call('GET', '/api/entity/list/OWNER?search=smi')).body.data.map((r: { code: string }) => r.code)).toEqual(['OWNSMITH']);
    expect((await api.call('GET', '/api/entity/list/SUPPLIER?category=TRADES')).body.data.map((r: { code: string }) => r.code)).toEqual(['SUPCLEAN', 'SUPPLUMB']);
    expect((await api.call('GET', '/api/entity/list/SUPPLIER?category=UTILITY')).body.data).toEqual([]);
    expect((await api.call('GET', '/api/entity/list/ALIEN')).status).toBe(400);
  });

  it("answers spec 2's list path with a trailing slash or a query segment like the one without (issue 17)", async () => {
    const plain = await api.call('GET', '/api/entity/list/OWNER');
    expect((await api.call('GET', '/api/entity/list/OWNER/')).body).toEqual(plain.body);
    expect((await api.call('GET', '/api/entity/list/OWNER/smi')).body.data.map((r: { code: string }) => r.code)).toEqual(['OWNSMITH']);
    expect((await api.call('GET', '/api/entity/list/OWNER/Jane%20Smith')).body.data.map((r: { code: string }) => r.code)).toEqual(['OWNSMITH']);
    expect((await api.call('GET', `/api/entity/list/OWNER/${'x'.repeat(101)}`)).status).toBe(400);
    expect((await api.call('GET', '/api/entity/list/ALIEN/')).status).toBe(400);
    const clerk = await createStaff(api, 'LISTNOENT', { p_entry_receipts: true });
    expect((await api.call('GET', '/api/entity/list/OWNER/smi', { token: clerk })).status).toBe(403);
  });

  it('reads every field of an entity with the computed figures', async () => {
    const res = await api.call('GET', '/api/entity/ownsmith');
    expect(res.body.data).toMatchObject({ code: 'OWNSMITH', type: 'OWNER', category: 'HOLIDAY', bank_bsb: '062-001', hold_this_month: 0, hold_always: 0,
      commission: 0, budget: 0, charge_release_override: false, funds: 250, pending: 40, balance: 210, _candelete: false, _allow_inactive: false,
      _inactive_reason: 'Cannot set inactive while there are ledger balances or charges' });
    for (const f of ['email', 'address', 'town', 'state', 'postcode', 'phone1', 'phone2', 'abn', 'acn', 'bank', 'bank_account_name', 'bank_account_number',
      'disburse_method', 'hold_this_month_reason', 'hold_always_reason', 'notes', 'statement_notes', 'statement_format', 'statement_show_pending',
      'statement_show_summary', 'is_agent', 'room_rate_has_commission_deducted', 'apply_fees_to_gross', 'inactive', 'pay']) {
      expect(res.body.data).toHaveProperty(f);
    }
    expect((await api.call('GET', '/api/entity/NOBODY')).status).toBe(404);
  });
});

describe('PUT /api/entity/{code}', () => {
  const full = async (code: string) => {
    const { _pk, _candelete, _allow_inactive, _delete_reason, _inactive_reason, funds, pay, pending, balance, ...rest } = (await api.call('GET', `/api/entity/${code}`)).body.data;
    return rest;
  };

  it('logs a change of an owner\'s bank account number with before and after', async () => {
    const res = await api.call('PUT', '/api/entity/OWNSMITH', { body: { ...(await full('OWNSMITH')), bank_account_number: '99998888' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: 'Record Updated', data: { bank_account_number: '99998888', funds: 250 } });
    const log = await changeLog(api, 'entity', 'OWNSMITH');
    expect(log.at(-1)).toMatchObject({ severity: 'CHANGE', method: 'PUT', before: expect.objectContaining({ bank_account_number: '11112222' }), after: expect.objectContaining({ bank_account_number: '99998888' }) });
    expect((await api.call('GET', '/api/log?regulated=true')).body.data.some((l: { record_key: string }) => l.record_key === 'OWNSMITH')).toBe(true);
  });

  it('accepts the holds-only body and the charge release override toggle', async () => {
    const holds = await api.call('PUT', '/api/entity/OWNSMITH', { body: { hold_always: 50.25, hold_always_reason: 'Repairs due', hold_this_month: 10, hold_this_month_reason: 'Rates' } });
    expect(holds.body.data).toMatchObject({ hold_always: 50.25, hold_always_reason: 'Repairs due', hold_this_month: 10, name: 'Jane Smith', bank_account_number: '99998888' });
    expect((await db.selectFrom('entity').select('hold_always').where('code', '=', 'OWNSMITH').executeTakeFirstOrThrow()).hold_always).toBe('5025');
    const override = await api.call('PUT', '/api/entity/OWNSMITH', { body: { charge_release_override: true } });
    expect(override.body.data.charge_release_override).toBe(true);
    const log = await changeLog(api, 'entity', 'OWNSMITH');
    expect(log.at(-1)).toMatchObject({ before: expect.objectContaining({ charge_release_override: false }), after: expect.objectContaining({ charge_release_override: true }) });
    await expectRefused(api, 'entity', 'PUT', '/api/entity/SUPCLEAN', { charge_release_override: true }, { status: 409, message: 'Charge release override applies to owners and pools only' });
    await expectRefused(api, 'entity', 'PUT', '/api/entity/OWNSMITH', { hold_always: 1.001, hold_always_reason: null, hold_this_month: 0, hold_this_month_reason: null }, { error: { path: 'hold_always', msg: 'Amounts have at most two decimals' } });
    await expectRefused(api, 'entity', 'PUT', '/api/entity/OWNSMITH', { hold_always: -1, hold_this_month: 0 }, { error: { path: 'hold_always', msg: 'Amount cannot be negative' } });
    await expectRefused(api, 'entity', 'PUT', '/api/entity/OWNSMITH', { charge_release_override: 'yes' }, { error: { path: 'charge_release_override', msg: 'Charge release override is true or false' } });
  });

  it('refuses a type change, a wrong category, and inactive while there are balances, charges or a booking-system link', async () => {
    const smith = await full('OWNSMITH');
    await expectRefused(api, 'entity', 'PUT', '/api/entity/OWNSMITH', { ...smith, type: 'SUPPLIER' }, { status: 409, error: { path: 'type', msg: 'The type of an entity cannot be changed' } });
    await expectRefused(api, 'entity', 'PUT', '/api/entity/OWNSMITH', { ...smith, category: 'TRADES' }, { error: { path: 'category', msg: 'Category must be Selected' } });
    await expectRefused(api, 'entity', 'PUT', '/api/entity/OWNSMITH', { ...smith, inactive: true }, { status: 409, error: { path: 'inactive', msg: 'Cannot set inactive while there are ledger balances or charges' } });
    // SUPCLEAN has no balance but receives a pending charge.
    await expectRefused(api, 'entity', 'PUT', '/api/entity/SUPCLEAN', { ...(await full('SUPCLEAN')), inactive: true }, { status: 409, message: 'Cannot set inactive while there are ledger balances or charges' });
    await db.updateTable('unit').set({ gpid: 'GP-201' }).where('door', '=', '201').execute();
    const jones = await full('OWNJONES');
    expect((await api.call('GET', '/api/entity/OWNJONES')).body.data._allow_inactive).toBe(false);
    await expectRefused(api, 'entity', 'PUT', '/api/entity/OWNJONES', { ...jones, inactive: true }, { status: 409, error: { path: 'inactive', msg: 'Cannot set Inactive when linked to the booking system' } });
    await db.updateTable('unit').set({ gpid: null }).where('door', '=', '201').execute();
    const tenant = await api.call('PUT', '/api/entity/TENBROWN', { body: { ...(await full('TENBROWN')), inactive: true } });
    expect(tenant.body.data.inactive).toBe(true);
    expect((await api.call('GET', '/api/entity/list/TENANT')).body.data).toEqual([]);
    expect((await api.call('GET', '/api/entity/list/TENANT?inactive=true')).body.data.map((r: { code: string }) => r.code)).toEqual(['TENBROWN']);
    await expectRefused(api, 'entity', 'PUT', '/api/entity/NOBODY', { charge_release_override: true }, { status: 404 });
  });
});

describe('DELETE /api/entity/{code}', () => {
  it('never deletes BUSINESS or UNALLOC, refuses parties with history, deletes an unused one', async () => {
    await expectRefused(api, 'entity', 'DELETE', '/api/entity/BUSINESS', undefined, { status: 409, message: /permanent party/ });
    await expectRefused(api, 'entity', 'DELETE', '/api/entity/UNALLOC', undefined, { status: 409, message: /permanent party/ });
    await expectRefused(api, 'entity', 'DELETE', '/api/entity/OWNSMITH', undefined, { status: 409, message: /cannot be deleted: it has a trust ledger balance; it has charges; it has 2 units; it has posting history. Make it inactive instead./ });
    await expectRefused(api, 'entity', 'DELETE', '/api/entity/SUPCLEAN', undefined, { status: 409, message: /it has charges/ });
    await expectRefused(api, 'entity', 'DELETE', '/api/entity/OWNJONES', undefined, { status: 409, message: /it has 1 unit\b/ });
    const before = await countRows(api, 'entity');
    const res = await api.call('DELETE', '/api/entity/OWNNEW');
    expect(res.body).toMatchObject({ message: 'Record Deleted.' });
    expect(await countRows(api, 'entity')).toBe(before - 1);
    expect((await changeLog(api, 'entity', 'OWNNEW')).at(-1)).toMatchObject({ method: 'DELETE', after: null, before: expect.objectContaining({ name: 'Nora Newman' }) });
    await expectRefused(api, 'entity', 'DELETE', '/api/entity/OWNNEW', undefined, { status: 404 });
  });
});

describe('permissions', () => {
  it('a user without p_entities gets 403 (the business editor also opens with p_mgt)', async () => {
    const token = await createStaff(api, 'NOENTITY', { p_mgt: true, p_accounting: true });
    const before = await tableRows(api, 'entity');
    for (const [method, path, body] of [['GET', '/api/entity/list/OWNER'], ['GET', '/api/entity/OWNSMITH'], ['POST', '/api/entity', { ...owner, code: 'OWNX' }],
      ['PUT', '/api/entity/OWNSMITH', { charge_release_override: false }], ['DELETE', '/api/entity/OWNJONES']] as [string, string, object?][]) {
      const res = await api.call(method, path, { token, body });
      expect(res.status, `${method} ${path}`).toBe(403);
    }
    expect((await api.call('GET', '/api/entity/BUSINESS', { token })).status).toBe(200);
    expect(await tableRows(api, 'entity')).toBe(before);
    const clerk = await createStaff(api, 'ENTCLERK', { p_entities: true });
    expect((await api.call('GET', '/api/entity/BUSINESS', { token: clerk })).status).toBe(200);
    expect((await api.call('GET', '/api/entity/list/OWNER', { token: clerk })).status).toBe(200);
  });
});
