import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApi, startTestApi } from '../testing/test-api.js';
import { changeLog, expectRefused } from '../users/test-support.js';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
  await api.call('POST', '/api/banks', { body: { id: 'cba', name: 'Commonwealth Bank' } });
});
afterAll(() => api.close());

const business = {
  code: 'BUSINESS', type: 'BUSINESS', category: 'business', name: 'Seaside Holiday Lettings', email: 'accounts@seaside.example',
  address: '1 Beach Road', town: 'Noosa', state: 'QLD', postcode: '4567', phone1: '07 5555 0000', abn: '51 824 753 556',
  bank: 'cba', bank_account_name: 'Seaside Trust', bank_bsb: '062000', bank_account_number: '1234 5678', disburse_method: 'EFT',
  hold_this_month: 1500.5, hold_this_month_reason: 'Insurance due', hold_always: 200, statement_format: 'SUM', commission: 12.5, budget: 0,
};

describe('the business entity /api/entity/BUSINESS', () => {
  it('reads the business with defaults and no delete', async () => {
    const res = await api.call('GET', '/api/entity/business');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ code: 'BUSINESS', type: 'BUSINESS', disburse_method: 'EFT', hold_this_month: 0, hold_always: 0, _candelete: false });
  });

  it('saves every field: holds in cents, BSB as NNN-NNN, and logs the regulated change', async () => {
    const res = await api.call('PUT', '/api/entity/BUSINESS', { body: { ...business, code: 'SOMETHING', type: 'OWNER' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: 'Record Updated', data: { code: 'BUSINESS', type: 'BUSINESS', category: 'BUSINESS', bank: 'CBA', bank_bsb: '062-000', bank_account_number: '12345678', abn: '51824753556', hold_this_month: 1500.5, hold_always: 200, commission: 12.5, statement_format: 'SUM' } });
    const row = await (api.db.company('co_demotrust') as never as Kysely<any>).selectFrom('entity').selectAll().where('code', '=', 'BUSINESS').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ hold_this_month: '150050', hold_always: '20000', commission: 1250, type: 'BUSINESS' });
    const log = await changeLog(api, 'entity', 'BUSINESS');
    expect(log).toHaveLength(1);
    expect(log[0]!.before).toMatchObject({ name: 'Seaside Holiday Lettings Pty Ltd', bank_bsb: null });
    expect(log[0]!.after).toMatchObject({ name: 'Seaside Holiday Lettings', bank_bsb: '062-000', hold_this_month: 1500.5 });
    expect((await api.call('GET', '/api/log?regulated=true')).body.data.map((l: { routine: string }) => l.routine)).toContain('entity');
  });

  it('refuses bad details and changes nothing', async () => {
    const put = (body: object, error: { path: string; msg: string }) => expectRefused(api, 'entity', 'PUT', '/api/entity/BUSINESS', { ...business, ...body }, { error });
    await put({ bank_bsb: '06200' }, { path: 'bank_bsb', msg: 'BSB is 6 digits (NNN-NNN)' });
    await put({ bank_account_number: '1234567890' }, { path: 'bank_account_number', msg: 'Account number is up to 9 digits' });
    await put({ email: 'not-an-email' }, { path: 'email', msg: 'Invalid email address format' });
    await put({ disburse_method: 'CASH' }, { path: 'disburse_method', msg: 'Disburse method is EFT, CHEQUE or HOLD' });
    await put({ statement_format: 'XYZ' }, { path: 'statement_format', msg: 'Statement format is DET or SUM' });
    await put({ hold_always: 10.005 }, { path: 'hold_always', msg: 'Amounts have at most two decimals' });
    await put({ hold_this_month: -1 }, { path: 'hold_this_month', msg: 'Amount cannot be negative' });
    await put({ name: 'Abc' }, { path: 'name', msg: 'Must be at least 4 characters' });
    await put({ category: '' }, { path: 'category', msg: 'Category must be Selected' });
    await put({ category: 'NOPE' }, { path: 'category', msg: 'Category must be Selected' });
    await put({ bank: 'XYZ' }, { path: 'bank', msg: 'Bank XYZ does not exist' });
    await put({ abn: '123' }, { path: 'abn', msg: 'ABN is 11 digits' });
  });

  it('answers 404 for unknown parties; the business is never deleted (the entities API serves the other parties)', async () => {
    expect((await api.call('GET', '/api/entity/OWNER01')).body).toMatchObject({ status: 404, message: 'Entity OWNER01 not found' });
    await expectRefused(api, 'entity', 'PUT', '/api/entity/UNALLOC', business, { status: 400, error: { path: 'code', msg: 'The code of an entity cannot be changed' } });
    await expectRefused(api, 'entity', 'DELETE', '/api/entity/BUSINESS', undefined, { status: 409, message: /BUSINESS is a permanent party and is never deleted/ });
  });
});
