import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOOKUP_LISTS } from '../contracts/lookup.js';
import { type TestApi, startTestApi } from '../testing/test-api.js';
import { createStaff } from '../users/test-support.js';
import { userKey } from '../users/user-key.js';
import { businessDay } from '../ledger/business-date.js';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
  const books = api.db.company('co_demotrust') as never as Kysely<any>;
  await books.insertInto('unit').values({ door: '12A', name: 'UNIT 12A', unittype: 'STUDIO', class: 'HOLIDAY', entity: null }).execute();
  await books.updateTable('account').set({ inactive: true }).where('id', '=', 'INSURE').execute();
});
afterAll(() => api.close());

describe('POST /api/lookup and POST /api/control/info', () => {
  it('answers every list for ALL, converted to wire units', async () => {
    const res = await api.call('POST', '/api/lookup', { body: { lists: 'ALL' } });
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(Object.keys(data).sort()).toEqual(['account', 'accountType', 'bank', 'business', 'cardType', 'category', 'entity', 'entityTypes', 'gstCode',
      'health', 'months', 'reports', 'statementFormats', 'sync', 'templates', 'unit', 'unitClass', 'unitType', 'userKey', 'years'].sort());
    expect(data.account[0]).toEqual({ id: 'ADVERT', description: 'Advertising Levy', type: 'ADVERT', gstcode: 'GST', entity: 'BUSINESS', inactive: false });
    expect(data.account.map((a: { id: string }) => a.id)).not.toContain('INSURE');
    expect(data.cardType.find((c: { code: string }) => c.code === 'VISA')).toMatchObject({ name: 'Visa Card', surcharge_payer: 1.2, surcharge_owner: 0 });
    expect(data.unitType.find((u: { id: string }) => u.id === 'STUDIO').annual_budget).toBe(32000);
    expect(data.unit).toEqual([{ door: '12A', name: 'UNIT 12A', entity: null, unittype: 'STUDIO', inactive: false }]);
    expect(data.entity.map((e: { code: string }) => e.code)).toEqual(['BUSINESS', 'UNALLOC']);
    expect(data.business).toMatchObject({ code: 'BUSINESS', name: 'Seaside Holiday Lettings Pty Ltd' });
    expect(data.accountType).toContainEqual({ code: 'OWNER', description: 'Owners Funds' });
    expect(data.statementFormats).toEqual([{ code: 'DET', description: 'Detailed' }, { code: 'SUM', description: 'Summary' }]);
    expect(data.entityTypes.map((t: { code: string }) => t.code)).toEqual(['BUSINESS', 'OWNER', 'SUPPLIER', 'TENANT', 'POOL', 'UNALLOC']);
    expect(data.years[0]).toBe(businessDay().getFullYear());
    expect(data.months[10]).toEqual({ value: 11, label: 'Nov' });
    expect(data.userKey).toBe(userKey('DEMOTRUST', 'ADMIN'));
    expect(data.sync).toBe(false);
    expect(data.templates[0]).not.toHaveProperty('memo');
  });

  it('answers HEALTH and REPORTS (spec 1 §3.4): the server health, and the reports this user may run', async () => {
    const res = await api.call('POST', '/api/control/info', { body: { lists: ['HEALTH', 'reports'] } });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data).sort()).toEqual(['health', 'reports', 'sync', 'userKey']);
    expect(res.body.data.health).toEqual({ status: 'ok', database: api.db.kind });
    expect(res.body.data.reports).toContainEqual({ id: 'balances', title: 'Balance Summary', tab: 'accounts' });
    const { createStaff } = await import('../users/test-support.js');
    const token = await createStaff(api, 'LOOKREPS', { p_entry_receipts: true });
    const clerk = await api.call('POST', '/api/lookup', { token, body: { lists: ['REPORTS'] } });
    expect(clerk.body.data.reports).toEqual([]);
  });

  it('answers only the lists asked for; inactive rows on request', async () => {
    const res = await api.call('POST', '/api/control/info', { body: { lists: ['account', 'GST'], includeInactive: true } });
    expect(Object.keys(res.body.data).sort()).toEqual(['account', 'gstCode', 'sync', 'userKey']);
    expect(res.body.data.account.map((a: { id: string }) => a.id)).toContain('INSURE');
    const constants = await api.call('POST', '/api/lookup', { body: { lists: ['ACCOUNTTYPE'] } });
    expect(Object.keys(constants.body.data).sort()).toEqual(['accountType', 'sync', 'userKey']);
    expect((await api.call('POST', '/api/lookup', { body: { lists: [...LOOKUP_LISTS] } })).body.data.years).toHaveLength(6);
  });

  it('refuses unknown list names and malformed requests with 400', async () => {
    const res = await api.call('POST', '/api/lookup', { body: { lists: ['ACCOUNT', 'REPORTZ'] } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: true, status: 400, message: "lists.1: Unknown lookup list 'REPORTZ'" });
    expect((await api.call('POST', '/api/lookup', { body: { lists: 'SOME' } })).status).toBe(400);
    expect((await api.call('POST', '/api/lookup', { body: { lists: 5 } })).status).toBe(400);
  });

  it('serves any user of the company, without p_mgt', async () => {
    const token = await createStaff(api, 'CLERK2', { p_dashboard: true });
    const res = await api.call('POST', '/api/lookup', { token, body: { lists: ['BUSINESS'] } });
    expect(res.status).toBe(200);
    expect(res.body.data.userKey).toBe(userKey('DEMOTRUST', 'CLERK2'));
    expect((await api.call('POST', '/api/lookup', { token: null, body: { lists: 'ALL' } })).status).toBe(401);
  });
});
