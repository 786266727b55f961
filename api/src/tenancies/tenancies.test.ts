import { execFileSync } from 'node:child_process';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityDefaults } from '../companies/starter-books.js';
import type { CompanyTables } from '../db/schema.js';
import { addDays, businessDate } from '../ledger/business-date.js';
import { openPeriod } from '../ledger/ledger.js';
import { addTestParties } from '../testing/parties.js';
import { type TestApi, startTestApi } from '../testing/test-api.js';
import { createStaff, expectRefused } from '../users/test-support.js';

let api: TestApi;
let db: Kysely<CompanyTables>;
let today: string;
let start: string;

beforeAll(async () => {
  api = await startTestApi();
  db = api.db.company('co_demotrust');
  await addTestParties(db);
  await db.insertInto('entity').values({ ...entityDefaults, code: 'BONDAUTH', type: 'SUPPLIER', category: 'TRADES', name: 'Rental Bond Authority', disburse_method: 'CHEQUE' }).execute();
  today = await businessDate(db);
  // Three weeks of rent past, the fourth week starting today; charges of closed months are dated in the open one.
  start = addDays(today, -21);
});
afterAll(() => api.close());

const tenancy = (over: Record<string, unknown> = {}) => ({
  door: '101', account_id: 'RENT', entity: 'TENGREEN', name: 'Sam Green', email: 'sam.green@example.com', phone: '0400 111 222',
  commission: 10, start_date: start, duration: 52, expiry_date: addDays(start, 52 * 7 - 1), end_date: addDays(start, 52 * 7 - 1),
  frequency: 'W', advance_days: 0, value: 500, bond_applies: true, bond: 2000, bond_entity: 'BONDAUTH', bond_notes: 'Four weeks bond',
  bond_create_charge: true, lease_reference: 'LEASE-101', ...over,
});
const balance = async (entity: string, door = '') => Number((await db.selectFrom('ledger_balance').select('balance').where('entity', '=', entity).where('door', '=', door).executeTakeFirst())?.balance ?? 0);

describe('tenancies', () => {
  let id = 0;

  it('creates a tenancy, its tenant and its bond charge (payable to the bond authority, never the owner)', async () => {
    const res = await api.call('POST', '/api/rental', { body: tenancy() });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    id = res.body.data.id;
    expect(res.body.data).toMatchObject({ door: '101', entity: 'TENGREEN', owner: 'OWNSMITH', commission: 10, value: 500, bond: 2000, last_charge_date: null, arrears: 0, due: 0, _candelete: false });
    expect(res.body.data.bond_charge_ref).toBeTruthy();
    const tenant = await db.selectFrom('entity').selectAll().where('code', '=', 'TENGREEN').executeTakeFirstOrThrow();
    expect(tenant).toMatchObject({ type: 'TENANT', name: 'Sam Green', email: 'sam.green@example.com' });
    const bond = await db.selectFrom('charge').innerJoin('charge_item', 'charge_item.charge_id', 'charge.id').selectAll().where('charge.id', '=', String(res.body.data.bond_charge_id)).executeTakeFirstOrThrow();
    expect(bond).toMatchObject({ entity: 'TENGREEN', recipient: 'BONDAUTH', account_id: 'BOND', amount: '200000', status: 'PENDING', source: 'BOND' });
    expect(res.body.data.items).toMatchObject([{ type: 'OTHER', source: 'BOND', amount: 2000 }]);
    expect(res.body.data.pending_other).toBe(2000);
  });

  it('refuses a tenancy that breaks the spec 3 §5 rules, with their messages, writing nothing', async () => {
    await expectRefused(api, 'tenancy', 'POST', '/api/rental', tenancy({ door: '' }), { error: { path: 'door', msg: 'Door is Required' } });
    await expectRefused(api, 'tenancy', 'POST', '/api/rental', tenancy({ entity: 'AB' }), { error: { path: 'entity', msg: 'Must be at least 4 characters' } });
    await expectRefused(api, 'tenancy', 'POST', '/api/rental', tenancy({ entity: 'ABCDEFGHIJK' }), { error: { path: 'entity', msg: 'Must be at most 10 characters' } });
    await expectRefused(api, 'tenancy', 'POST', '/api/rental', tenancy({ name: '' }), { error: { path: 'name', msg: 'Name is  required' } });
    await expectRefused(api, 'tenancy', 'POST', '/api/rental', tenancy({ commission: null }), { error: { path: 'commission', msg: 'Commssion is Required' } });
    await expectRefused(api, 'tenancy', 'POST', '/api/rental', tenancy({ start_date: '' }), { error: { path: 'start_date', msg: 'Lease Start Date' } });
    await expectRefused(api, 'tenancy', 'POST', '/api/rental', tenancy({ frequency: '' }), { error: { path: 'frequency', msg: 'Frequency is required' } });
    await expectRefused(api, 'tenancy', 'POST', '/api/rental', tenancy({ lease_reference: 'x'.repeat(31) }), { error: { path: 'lease_reference', msg: 'Max 30 characters' } });
    await expectRefused(api, 'tenancy', 'POST', '/api/rental', tenancy({ bond_notes: '' }), { error: { path: 'bond_notes', msg: 'Details are required' } });
    await expectRefused(api, 'tenancy', 'POST', '/api/rental', tenancy({ expiry_date: addDays(start, -1) }), { error: { path: 'expiry_date', msg: 'The expiry date cannot be before the start date' } });
    await expectRefused(api, 'tenancy', 'POST', '/api/rental', tenancy({ entity: 'OWNSMITH' }), { error: { path: 'entity', msg: 'OWNSMITH is a OWNER, not a tenant' } });
    await expectRefused(api, 'tenancy', 'POST', '/api/rental', tenancy({ door: 'NOPE' }), { error: { path: 'door', msg: 'Unknown door NOPE' } });
  });

  it('Update Rent raises the advance rent to the chosen date: rent less commission to the owner, commission to BUSINESS', async () => {
    const res = await api.call('PUT', '/api/unit/applyfees', { body: { tenancyId: id, date: today } });
    expect(res.body, JSON.stringify(res.body)).toMatchObject({ message: '4 rent charges raised', error: false });
    const items = await db.selectFrom('tenancy_charge as tc').innerJoin('charge_item as ci', 'ci.charge_id', 'tc.charge_id')
      .select(['tc.period_from', 'ci.recipient_entity', 'ci.door', 'ci.account_id', 'ci.amount']).where('tc.kind', '=', 'RENT').orderBy('tc.period_from').orderBy('ci.id').execute();
    expect(items.slice(0, 2)).toEqual([
      { period_from: start, recipient_entity: 'OWNSMITH', door: '101', account_id: 'RENT', amount: '45000' },
      { period_from: start, recipient_entity: 'BUSINESS', door: null, account_id: 'RENTCOMM', amount: '5000' },
    ]);
    const owners = await db.selectFrom('charge_item').select('description').where('recipient_entity', '=', 'OWNSMITH').where('account_id', '=', 'RENT').execute();
    expect(owners[0]!.description).toMatch(/^Rent \d{2}\/\d{2}\/\d{4} to \d{2}\/\d{2}\/\d{4} \(\$500\.00 less 10% commission \$50\.00\)$/);
    const t = (await api.call('GET', `/api/rental/${id}`)).body.data;
    expect(t).toMatchObject({ last_charge_date: addDays(today, 6), arrears: 1500, due: 500, pending: 0, paid: 0, paid_to: addDays(start, -1) });
    expect(t.items.map((i: { type: string }) => i.type)).toEqual(['ARREARS', 'ARREARS', 'ARREARS', 'DUE', 'OTHER']);
    // Nothing twice.
    expect((await api.call('PUT', '/api/unit/applyfees', { body: { tenancyId: id, date: today } })).body.message).toBe('0 rent charges raised');
  });

  it('receipting two weeks through the receipt path lowers the arrears and moves the paid-to date', async () => {
    const t = (await api.call('GET', `/api/rental/${id}`)).body.data;
    const twoWeeks = t.items.slice(0, 2);
    const owner = await balance('OWNSMITH', '101');
    const business = await balance('BUSINESS');
    const r = await api.call('POST', '/api/cashbook/receipt', {
      body: { date: today, payer_type: 'TENANT', payer_entity: 'TENGREEN', method: 'EFT', memo: 'Rent two weeks',
        items: twoWeeks.map((i: { id: number; amount: number; description: string }) => ({ selector: 'CHARGE', ref: String(i.id), entity: 'TENGREEN', door: '101', description: i.description, amount: i.amount })) },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    // The receipt answers the rent account as it left it, for the screen's confirmation.
    expect(r.body.data.rent).toEqual([{ tenancy_id: id, door: '101', paid_to: addDays(start, 13), arrears: 500, next_due: { date: addDays(start, 14), amount: 500 } }]);
    expect(await balance('OWNSMITH', '101')).toBe(owner + 90_000);
    expect(await balance('BUSINESS')).toBe(business + 10_000);
    const after = (await api.call('GET', `/api/rental/${id}`)).body.data;
    expect(after).toMatchObject({ arrears: 500, due: 500, paid: 1000, paid_to: addDays(start, 13) });
    const list = (await api.call('GET', '/api/rental/list')).body.data;
    expect(list.find((x: { id: number }) => x.id === id)).toMatchObject({ arrears: 500, due: 500, owner: 'OWNSMITH', name: 'Sam Green' });

    // The printed Trust Account Receipt shows the date the rent is paid to.
    const headers = { 'X-Database': 'DEMOTRUST', Authorization: `Bearer ${await api.signIn()}` };
    const pdf = await api.app.request(`/api/cashbook/print/${r.body.data.id}`, { headers });
    const text = Buffer.from(await pdf.arrayBuffer()).toString('latin1');
    const dmy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
    expect(text).toContain(`rent paid to ${dmy(addDays(start, 13))}`);
    // ...and the state of the rent account as the receipt left it: paid-to date, arrears remaining, next rent due.
    const receiptText = execFileSync('pdftotext', ['-layout', '-', '-'], { input: Buffer.from(await (await api.app.request(`/api/cashbook/print/${r.body.data.id}`, { headers })).arrayBuffer()), encoding: 'utf8' });
    expect(receiptText).toContain(`Rent account: tenancy ${id}, unit 101`);
    expect(receiptText).toMatch(new RegExp(`Rent paid to:\\s+${dmy(addDays(start, 13))}`));
    expect(receiptText).toMatch(/Arrears remaining:\s+\$500\.00/);
    expect(receiptText).toMatch(new RegExp(`Next rent due:\\s+\\$500\\.00 on ${dmy(addDays(start, 14))}`));

    // The tenancy statement: each week charged with the date it was paid, the position, the bond register.
    const statement = await api.app.request(`/api/rental/${id}/statement`, { headers });
    expect(statement.status).toBe(200);
    expect(statement.headers.get('Content-Type')).toBe('application/pdf');
    const printed = execFileSync('pdftotext', ['-layout', '-', '-'], { input: Buffer.from(await statement.arrayBuffer()), encoding: 'utf8' });
    expect(printed).toContain(`Tenancy Statement ${id}`);
    expect(printed).toContain('Sam Green (TENGREEN)');
    expect(printed).toMatch(new RegExp(`${dmy(start)}\\s+${dmy(addDays(start, 6))}\\s+${dmy(today)}\\s+\\$500\\.00`));
    expect(printed).toMatch(new RegExp(`Rent paid to\\s+${dmy(addDays(start, 13))}`));
    expect(printed).toMatch(/Rent in arrears\s+\$500\.00/);
    expect(printed).toMatch(/Bond\s+\$2,000\.00/);
    expect(printed).toContain('Not yet received');
  });

  it('Undo Charges after a partial receipt cancels only the unreceipted advance charges; Update Rent raises them again', async () => {
    const undo = await api.call('DELETE', '/api/rental/deletecharges', { body: { tenancyId: id } });
    expect(undo.body).toMatchObject({ message: '2 rent charges cancelled', error: false });
    let t = (await api.call('GET', `/api/rental/${id}`)).body.data;
    expect(t).toMatchObject({ last_charge_date: addDays(start, 13), arrears: 0, due: 0, paid_to: addDays(start, 13) });
    expect((await api.call('PUT', '/api/unit/applyfees', { body: { tenancyId: id } })).body.message).toBe('2 rent charges raised');
    t = (await api.call('GET', `/api/rental/${id}`)).body.data;
    expect(t).toMatchObject({ last_charge_date: addDays(today, 6), arrears: 500, due: 500 });
  });

  it('locks door and tenant once saved, the start date once charged, the bond authority once set; refuses deleting a charged tenancy', async () => {
    const saved = { ...tenancy(), id };
    await expectRefused(api, 'tenancy', 'PUT', '/api/rental', { ...saved, door: '102' }, { status: 409, error: { path: 'door', msg: 'The door and tenant code cannot be changed once the tenancy is saved' } });
    await expectRefused(api, 'tenancy', 'PUT', '/api/rental', { ...saved, start_date: addDays(start, 1) }, { status: 409, error: { path: 'start_date', msg: 'The start date cannot be changed once rent has been charged' } });
    await expectRefused(api, 'tenancy', 'PUT', '/api/rental', { ...saved, bond_entity: 'SUPCLEAN' }, { status: 409, error: { path: 'bond_entity', msg: 'The bond authority cannot be changed once set' } });
    await expectRefused(api, 'tenancy', 'DELETE', `/api/rental/${id}`, undefined, { status: 409, message: 'This tenancy has charges and cannot be deleted' });
    expect((await api.call('PUT', `/api/rental/${id}`, { body: { ...saved, id: id + 1 } })).status).toBe(400);
    const ok = await api.call('PUT', `/api/rental/${id}`, { body: { ...tenancy(), value: 520, notes: 'Rent review in March' } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data).toMatchObject({ value: 520, notes: 'Rent review in March', bond_charge_id: expect.any(Number) });
  });

  it('deletes a tenancy without charges; refuses callers without the flags', async () => {
    const res = await api.call('POST', '/api/rental', { body: tenancy({ door: '201', entity: 'TENBROWN', name: 'Alex Brown', bond_applies: false }) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data._candelete).toBe(true);
    const viewer = await createStaff(api, 'RENTVIEW', { p_bookings: true });
    expect((await api.call('GET', '/api/rental/list', { token: viewer })).status).toBe(200);
    await expectRefused(api, 'tenancy', 'DELETE', `/api/rental/${res.body.data.id}`, undefined, { status: 403 }, viewer);
    await expectRefused(api, 'charge', 'PUT', '/api/unit/applyfees', { tenancyId: res.body.data.id }, { status: 403 }, viewer);
    const other = await createStaff(api, 'RENTNONE', { p_entities: true });
    expect((await api.call('GET', '/api/rental/list', { token: other })).status).toBe(403);
    expect((await api.call('DELETE', `/api/rental/${res.body.data.id}`)).status).toBe(200);
    expect((await api.call('GET', `/api/rental/${res.body.data.id}`)).status).toBe(404);
  });

  it('start of day raises each tenancy\'s rent within its advance days', async () => {
    await db.updateTable('tenancy').set({ advance_days: 14 }).where('id', '=', id).execute();
    await db.insertInto('control_setting').values({ key: 'last_start_date', value: JSON.stringify(addDays(today, -1)) as never })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(addDays(today, -1)) as never })).execute();
    expect((await api.call('GET', '/api/control/start?force=true')).body.data.ran).toBe(true);
    const t = (await api.call('GET', `/api/rental/${id}`)).body.data;
    expect(t.last_charge_date).toBe(addDays(today, 20));
    expect(t.pending).toBe(1040);
    expect((await openPeriod(db)).first <= today).toBe(true);
  });
});
