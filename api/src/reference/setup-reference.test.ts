import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApi, startTestApi } from '../testing/test-api.js';
import { changeLog, expectRefused } from '../users/test-support.js';

let api: TestApi;
let books: Kysely<any>;
beforeAll(async () => {
  api = await startTestApi();
  books = api.db.company('co_demotrust') as never;
});
afterAll(() => api.close());

const ids = async (path: string, key = 'id') => (await api.call('GET', path)).body.data.map((r: Record<string, unknown>) => r[key]);

describe('transaction accounts /api/account', () => {
  const account = { id: 'pool', type: 'OTHER', description: 'Pool Maintenance', gstcode: 'gst', entity: false, override_type: false, override_class_code: false };

  it('creates with upper-cased codes, empty disburse-to as null, and logs the change', async () => {
    const res = await api.call('POST', '/api/account', { body: { ...account, gpid: 'SHOULD-BE-IGNORED' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: 'Record Created', data: { id: 'POOL', gstcode: 'GST', entity: null, override_class_code: null, gpid: null, _pk: 'POOL' } });
    const log = await changeLog(api, 'account', 'POOL');
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ severity: 'CHANGE', method: 'POST', before: null });
    expect(log[0]!.after).toMatchObject({ id: 'POOL', description: 'Pool Maintenance' });
  });

  it("refuses bad input with the spec's messages and changes nothing", async () => {
    const post = (body: object, error?: { path: string; msg: string }) => expectRefused(api, 'account', 'POST', '/api/account', { ...account, ...body }, { error });
    await post({ id: '' }, { path: 'id', msg: 'Code is required' });
    await post({ id: 'A' }, { path: 'id', msg: 'Must be at least 2 characters' });
    await post({ id: 'A'.repeat(21) }, { path: 'id', msg: 'Must be at most 20 characters' });
    await post({ id: 'X1', type: 'BOGUS' }, { path: 'type', msg: 'Classification must be Selected' });
    await post({ id: 'X1', description: 'A' }, { path: 'description', msg: 'Must be at least 2 characters' });
    await post({ id: 'X1', description: 'D'.repeat(41) }, { path: 'description', msg: 'Must be at most 40 characters' });
    await post({ id: 'X1', gstcode: '' }, { path: 'gstcode', msg: 'GST Code must be selected' });
    await post({ id: 'X1', gstcode: 'NOPE' }, { path: 'gstcode', msg: 'GST Code must be selected' });
    await post({ id: 'X1', entity: 'NOBODY' }, { path: 'entity', msg: 'Entity NOBODY does not exist' });
    await post({ id: 'X1', override_type: true, override_class_code: '' }, { path: 'override_class_code', msg: 'Override Class must be Selected' });
    await post({ id: 'X1', override_type: true, override_class_code: 'NOCLASS' }, { path: 'override_class_code', msg: 'Unit Class NOCLASS does not exist' });
    await post({ id: 12 }, { path: 'id', msg: 'Code is required' });
    await expectRefused(api, 'account', 'POST', '/api/account', { ...account, id: 'POOL' }, { status: 409, message: 'Account POOL already exists' });
    await expectRefused(api, 'account', 'PUT', '/api/account/POOL', { ...account, gstcode: 'NOPE' }, { error: { path: 'gstcode', msg: 'GST Code must be selected' } });
  });

  it('accepts a 2-character code, a disburse-to entity and an override class', async () => {
    const res = await api.call('POST', '/api/account', { body: { ...account, id: 'ab', entity: 'business', override_type: true, override_class_code: 'holiday' } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: 'AB', entity: 'BUSINESS', override_type: true, override_class_code: 'HOLIDAY' });
  });

  it('updates with before and after in the log; the override class is cleared with the override', async () => {
    const res = await api.call('PUT', '/api/account/ab', { body: { ...account, id: 'AB', description: 'Renamed', override_type: false, override_class_code: 'HOLIDAY' } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ description: 'Renamed', override_class_code: null });
    const log = await changeLog(api, 'account', 'AB');
    expect(log[1]!.before).toMatchObject({ description: 'Pool Maintenance', override_class_code: 'HOLIDAY' });
    expect(log[1]!.after).toMatchObject({ description: 'Renamed', override_class_code: null });
    expect((await api.call('PUT', '/api/account/NOSUCH', { body: account })).status).toBe(404);
  });

  it('lists at /list, hides inactive accounts and searches from 3 characters', async () => {
    await api.call('PUT', '/api/account/AB', { body: { ...account, id: 'AB', inactive: true } });
    expect(await ids('/api/account/list')).not.toContain('AB');
    expect(await ids('/api/account/list?inactive=true')).toContain('AB');
    expect(await ids('/api/account/list?search=maint')).toEqual(['POOL', 'REPAIRS']);
    expect((await ids('/api/account/list?search=ma')).length).toBeGreaterThan(2);
  });

  it('refuses to delete an account used by a fee or a control setting, and deletes an unused one', async () => {
    await expectRefused(api, 'account', 'DELETE', '/api/account/MGMTFEE', undefined, { status: 409, message: 'Account MGMTFEE cannot be deleted: it is used by 1 fee. Make it inactive instead.' });
    await expectRefused(api, 'account', 'DELETE', '/api/account/OWNFUNDS', undefined, { status: 409, message: /named by the control setting owner_account/ });
    expect((await api.call('GET', '/api/account/OWNFUNDS')).body.data._candelete).toBe(false);
    expect((await api.call('DELETE', '/api/account/POOL')).body.message).toBe('Record Deleted.');
    expect((await api.call('GET', '/api/account/POOL')).status).toBe(404);
    expect((await changeLog(api, 'account', 'POOL')).map((l) => l.method)).toEqual(['POST', 'DELETE']);
  });
});

describe('card types /api/cardtype', () => {
  const card = { code: 'diners', name: 'Diners Club', surcharge_owner: 0.5, surcharge_payer: 1.25 };

  it('keeps surcharges as hundredths and answers percentages', async () => {
    const res = await api.call('POST', '/api/cardtype', { body: card });
    expect(res.body.data).toMatchObject({ code: 'DINERS', surcharge_owner: 0.5, surcharge_payer: 1.25 });
    expect(await books.selectFrom('card_type').select(['surcharge_owner', 'surcharge_payer']).where('code', '=', 'DINERS').executeTakeFirst()).toEqual({ surcharge_owner: 50, surcharge_payer: 125 });
    expect((await api.call('POST', '/api/cardtype', { body: { ...card, code: 'ab', name: 'Two letter card' } })).status).toBe(200);
  });

  it('refuses a third decimal, more than 10%, short codes and names', async () => {
    const post = (body: object, error: { path: string; msg: string }) => expectRefused(api, 'card_type', 'POST', '/api/cardtype', { ...card, code: 'NEWCARD', ...body }, { error });
    await post({ surcharge_payer: 1.255 }, { path: 'surcharge_payer', msg: 'Percentages have at most two decimals' });
    await post({ surcharge_owner: 10.01 }, { path: 'surcharge_owner', msg: 'Must be at most 10%' });
    await post({ surcharge_owner: -1 }, { path: 'surcharge_owner', msg: 'Must be at least 0%' });
    await post({ surcharge_owner: '1.5' }, { path: 'surcharge_owner', msg: 'Percentage must be a number' });
    await post({ code: 'A' }, { path: 'code', msg: 'Must be at least 2 characters' });
    await post({ code: 'ABCDEFGHIJK' }, { path: 'code', msg: 'Must be at most 10 characters' });
    await post({ name: 'Visa' }, { path: 'name', msg: 'Must be at least 5 characters' });
    await expectRefused(api, 'card_type', 'PUT', '/api/cardtype/DINERS', { ...card, surcharge_payer: 0.001 }, { error: { path: 'surcharge_payer', msg: 'Percentages have at most two decimals' } });
  });

  it('updates, filters inactive, searches and deletes', async () => {
    await api.call('PUT', '/api/cardtype/diners', { body: { ...card, inactive: true } });
    expect(await ids('/api/cardtype', 'code')).not.toContain('DINERS');
    expect(await ids('/api/cardtype?inactive=true&search=din', 'code')).toEqual(['DINERS']);
    expect((await changeLog(api, 'card_type', 'DINERS'))[1]!.after).toMatchObject({ inactive: true, surcharge_payer: 1.25 });
    expect((await api.call('DELETE', '/api/cardtype/DINERS')).status).toBe(200);
    expect((await api.call('DELETE', '/api/cardtype/DINERS')).status).toBe(404);
  });
});

describe('GST codes /api/gstcodes', () => {
  it('keeps whole-percent rates and the payer surcharge to two places', async () => {
    const res = await api.call('POST', '/api/gstcodes', { body: { code: 'gs', name: 'Half GST', rate: 5, surcharge_payer: 1.25 } });
    expect(res.body.data).toMatchObject({ code: 'GS', rate: 5, surcharge_payer: 1.25 });
    expect((await api.call('GET', '/api/gstcodes/GS')).body.data).toMatchObject({ surcharge_payer: 1.25 });
  });

  it('refuses fractional or out-of-range rates and bad codes', async () => {
    const post = (body: object, error: { path: string; msg: string }) => expectRefused(api, 'gst_code', 'POST', '/api/gstcodes', { code: 'NEWGST', name: 'New GST code', rate: 10, ...body }, { error });
    await post({ rate: 12.5 }, { path: 'rate', msg: 'GST rate is a whole percent' });
    await post({ rate: 101 }, { path: 'rate', msg: 'Must be at most 100%' });
    await post({ rate: -1 }, { path: 'rate', msg: 'Must be at least 0%' });
    await post({ surcharge_payer: 10.5 }, { path: 'surcharge_payer', msg: 'Must be at most 10%' });
    await post({ code: '' }, { path: 'code', msg: 'Code is Required' });
    await post({ code: 'G' }, { path: 'code', msg: 'Must be at least 2 characters' });
    await post({ code: 'ABCDEFGHIJK' }, { path: 'code', msg: 'Must be at most 10 characters' });
    await post({ name: 'GST' }, { path: 'name', msg: 'Must be at least 5 characters' });
  });

  it('refuses to delete a code accounts use', async () => {
    await expectRefused(api, 'gst_code', 'DELETE', '/api/gstcodes/FRE', undefined, { status: 409, message: /FRE cannot be deleted: it is used by \d+ accounts/ });
    expect((await api.call('DELETE', '/api/gstcodes/GS')).status).toBe(200);
  });
});

describe('unit classes and unit types', () => {
  it('unit class codes are 3 to 10 characters and upper-cased', async () => {
    await expectRefused(api, 'unit_class', 'POST', '/api/unitclass', { id: 'AB', name: 'Short code' }, { error: { path: 'id', msg: 'Must be at least 3 characters' } });
    await expectRefused(api, 'unit_class', 'POST', '/api/unitclass', { id: 'ABCDEFGHIJK', name: 'Long code' }, { error: { path: 'id', msg: 'Must be at most 10 characters' } });
    await expectRefused(api, 'unit_class', 'POST', '/api/unitclass', { id: 'ABC', name: 'Shor' }, { error: { path: 'name', msg: 'Must be at least 5 characters' } });
    expect((await api.call('POST', '/api/unitclass', { body: { id: 'abc', name: 'Corporate Letting' } })).body.data).toMatchObject({ id: 'ABC', name: 'Corporate Letting' });
  });

  it('unit types keep the budget in cents and answer whole dollars', async () => {
    const res = await api.call('POST', '/api/unittype', { body: { id: 'villa', name: 'Garden Villa', default_unit_class: 'abc', annual_budget: 41000, gpid: 'X' } });
    expect(res.body.data).toMatchObject({ id: 'VILLA', default_unit_class: 'ABC', annual_budget: 41000, gpid: null });
    expect((await books.selectFrom('unit_type').select('annual_budget').where('id', '=', 'VILLA').executeTakeFirst())!.annual_budget).toBe('4100000');
  });

  it('unit types refuse cents in the budget, unknown classes and short codes', async () => {
    const body = { id: 'LOFT', name: 'Loft Apartment', default_unit_class: 'HOLIDAY', annual_budget: 1000 };
    await expectRefused(api, 'unit_type', 'POST', '/api/unittype', { ...body, annual_budget: 1234.5 }, { error: { path: 'annual_budget', msg: 'Budget is whole dollars' } });
    await expectRefused(api, 'unit_type', 'POST', '/api/unittype', { ...body, default_unit_class: 'NOPE' }, { error: { path: 'default_unit_class', msg: 'Unit Class NOPE does not exist' } });
    await expectRefused(api, 'unit_type', 'POST', '/api/unittype', { ...body, id: 'LO' }, { error: { path: 'id', msg: 'Must be at least 3 characters' } });
    await expectRefused(api, 'unit_type', 'PUT', '/api/unittype/VILLA', { ...body, annual_budget: -5 }, { error: { path: 'annual_budget', msg: 'Budget cannot be negative' } });
  });

  it('refuses deletes while units, unit types or fees use them', async () => {
    await books.insertInto('unit').values({ door: '101', name: 'UNIT 101', unittype: 'VILLA', class: 'ABC', entity: null }).execute();
    await expectRefused(api, 'unit_type', 'DELETE', '/api/unittype/VILLA', undefined, { status: 409, message: 'Unit type VILLA cannot be deleted: it is used by 1 unit. Make it inactive instead.' });
    await expectRefused(api, 'unit_class', 'DELETE', '/api/unitclass/ABC', undefined, { status: 409, message: /used by 1 unit type; it is used by 1 unit/ });
    await books.deleteFrom('unit').execute();
    expect((await api.call('DELETE', '/api/unittype/VILLA')).status).toBe(200);
    await api.call('POST', '/api/fees', { body: { name: 'CORP FEE', account_id: 'MGMTFEE', method: 'V', apply_to: ['ABC'], value: 10 } });
    await expectRefused(api, 'unit_class', 'DELETE', '/api/unitclass/ABC', undefined, { status: 409, message: /used by 1 fee/ });
  });
});

describe('fees /api/fees', () => {
  const fee = { name: 'LINEN FEE', account_id: 'linen', method: 'V', apply_to: ['holiday'], value: 55.25, frequency: 1, entity: 'business' };

  it('creates with a serial id, value in hundredths, and account and entity names', async () => {
    const res = await api.call('POST', '/api/fees', { body: fee });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ account_id: 'LINEN', account_name: 'Linen Hire', apply_to: ['HOLIDAY'], value: 55.25, entity: 'BUSINESS', entity_name: 'Seaside Holiday Lettings Pty Ltd', show_on_statement: true });
    const id = res.body.data.id as number;
    expect((await books.selectFrom('fee').select('value').where('id', '=', id).executeTakeFirst())!.value).toBe('5525');
    const percent = await api.call('POST', '/api/fees', { body: { ...fee, name: 'PCT FEE', method: 'P', value: 12.5, apply_to: '*', entity: '' } });
    expect(percent.body.data).toMatchObject({ method: 'P', value: 12.5, apply_to: ['*'], entity: null, frequency: 1 });
    expect((await api.call('GET', `/api/fees/${id}`)).body.data).toMatchObject({ id, account_name: 'Linen Hire', _candelete: true });
  });

  it("refuses bad fees with the spec's messages and changes nothing", async () => {
    const post = (body: object, error: { path: string; msg: string }) => expectRefused(api, 'fee', 'POST', '/api/fees', { ...fee, ...body }, { error });
    await post({ name: '' }, { path: 'name', msg: 'Name is Required' });
    await post({ name: 'FEE' }, { path: 'name', msg: 'Must be at least 5 characters' });
    await post({ name: 'A VERY LONG FEE' }, { path: 'name', msg: 'Must be at most 10 characters' });
    await post({ apply_to: [] }, { path: 'apply_to', msg: 'Letting Type is Required' });
    await post({ apply_to: null }, { path: 'apply_to', msg: 'Letting Type is Required' });
    await post({ apply_to: ['NOCLASS'] }, { path: 'apply_to', msg: 'Unknown Letting Type NOCLASS' });
    await post({ account_id: '' }, { path: 'account_id', msg: 'Account is Required' });
    await post({ account_id: 'NOACCT' }, { path: 'account_id', msg: 'Account NOACCT does not exist' });
    await post({ entity: 'NOBODY' }, { path: 'entity', msg: 'Entity NOBODY does not exist' });
    await post({ method: 'X' }, { path: 'method', msg: 'Method is Required' });
    await post({ value: 55.255 }, { path: 'value', msg: 'Amounts have at most two decimals' });
    await post({ method: 'P', value: 150 }, { path: 'value', msg: 'A percentage fee is at most 100%' });
    await post({ frequency: 1.5 }, { path: 'frequency', msg: 'Frequency is a whole number' });
    await post({ frequency: -1 }, { path: 'frequency', msg: 'Frequency cannot be negative' });
    await expectRefused(api, 'fee', 'PUT', '/api/fees/1', { ...fee, value: 'ten' }, { error: { path: 'value', msg: 'Amount must be a number' } });
    expect((await api.call('GET', '/api/fees/999')).status).toBe(404);
    expect((await api.call('GET', '/api/fees/abc')).status).toBe(404);
  });

  it('updates, hides inactive fees, searches by account name, deletes with a log', async () => {
    const [first] = (await api.call('GET', '/api/fees?search=linen')).body.data;
    expect(first.name).toBe('LINEN FEE');
    const put = await api.call('PUT', `/api/fees/${first.id}`, { body: { ...fee, value: 60, inactive: true } });
    expect(put.body.data).toMatchObject({ value: 60, inactive: true, account_name: 'Linen Hire' });
    expect(await ids('/api/fees')).not.toContain(first.id);
    expect(await ids('/api/fees?inactive=true')).toContain(first.id);
    expect((await api.call('DELETE', `/api/fees/${first.id}`)).status).toBe(200);
    const log = await changeLog(api, 'fee', String(first.id));
    expect(log.map((l) => l.method)).toEqual(['POST', 'PUT', 'DELETE']);
    expect(log[1]!.before).toMatchObject({ value: 55.25 });
    expect(log[1]!.after).toMatchObject({ value: 60 });
  });
});

describe('checklist /api/checklist', () => {
  it('answers the list as data and list', async () => {
    const res = await api.call('GET', '/api/checklist');
    expect(res.body.data.length).toBeGreaterThan(5);
    expect(res.body.list).toEqual(res.body.data);
  });

  it('creates, updates and deletes items; refuses unknown types', async () => {
    await expectRefused(api, 'checklist', 'POST', '/api/checklist', { code: 'MTHEND_MID', description: 'Check something' }, { error: { path: 'code', msg: 'Type must be Selected' } });
    await expectRefused(api, 'checklist', 'POST', '/api/checklist', { code: 'MTHEND_PRE', description: ' ' }, { error: { path: 'description', msg: 'Description is Required' } });
    await expectRefused(api, 'checklist', 'POST', '/api/checklist', { code: 'MTHEND_PRE', description: 'Check', sequence: 'x' }, { error: { path: 'sequence', msg: 'Sequence must be a number' } });
    const created = await api.call('POST', '/api/checklist', { body: { code: 'MTHEND_POST', description: 'Archive the ABA file', sequence: 5, link: '' } });
    expect(created.body.data).toMatchObject({ code: 'MTHEND_POST', link: null, complete: false });
    const id = created.body.data.id;
    expect((await api.call('PUT', `/api/checklist/${id}`, { body: { code: 'MTHEND_POST', description: 'Archive the ABA file', sequence: 1, link: '/management/daily' } })).body.data).toMatchObject({ sequence: 1, link: '/management/daily' });
    expect((await api.call('GET', '/api/checklist')).body.data[0].id).toBe(id);
    expect((await api.call('DELETE', `/api/checklist/${id}`)).status).toBe(200);
    expect((await changeLog(api, 'checklist', String(id))).length).toBe(3);
  });
});

describe('templates /api/templates', () => {
  it('keys templates by upper-cased name, 5 to 30 characters, with a required description', async () => {
    const res = await api.call('POST', '/api/templates', { body: { name: 'welcome', description: 'Welcome to FROM_NAME', memo: '<p>Hello TO_NAME</p>' } });
    expect(res.body.data).toMatchObject({ name: 'WELCOME', description: 'Welcome to FROM_NAME', memo: '<p>Hello TO_NAME</p>' });
    await expectRefused(api, 'template', 'POST', '/api/templates', { name: 'SHRT', description: 'Subject' }, { error: { path: 'name', msg: 'Must be at least 5 characters' } });
    await expectRefused(api, 'template', 'POST', '/api/templates', { name: 'N'.repeat(31), description: 'Subject' }, { error: { path: 'name', msg: 'Must be at most 30 characters' } });
    await expectRefused(api, 'template', 'POST', '/api/templates', { name: 'NOSUBJECT', description: '' }, { error: { path: 'description', msg: 'Description is required' } });
    await expectRefused(api, 'template', 'POST', '/api/templates', { name: 'WELCOME', description: 'Again' }, { status: 409 });
  });

  it('refuses to delete a template a control setting names, deletes others', async () => {
    await expectRefused(api, 'template', 'DELETE', '/api/templates/STATEMENT', undefined, { status: 409, message: 'Template STATEMENT cannot be deleted: it is named by the control setting default_statement_template. Make it inactive instead.' });
    expect((await api.call('DELETE', '/api/templates/welcome')).status).toBe(200);
    expect(await ids('/api/templates', 'name')).not.toContain('WELCOME');
  });
});
