import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApi, startTestApi } from '../testing/test-api.js';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const changeLog = (key: string) =>
  api.db.control.selectFrom('system_log').selectAll().where('routine', '=', 'category').where('record_key', '=', key).orderBy('id').execute();

describe('categories: the generic reference resource', () => {
  it('creates with an upper-cased code and logs the change', async () => {
    const res = await api.call('POST', '/api/category', { body: { code: 'resort', name: 'Resort Owners', type: 'OWNER' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: 'Record Created', data: { code: 'RESORT', name: 'Resort Owners', type: 'OWNER', inactive: false, _pk: 'RESORT' } });
    const log = await changeLog('RESORT');
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ severity: 'CHANGE', identity: 'ADMIN', database: 'DEMOTRUST', before: null });
    expect(log[0]!.after).toMatchObject({ code: 'RESORT' });
  });

  it('refuses a duplicate code with 409', async () => {
    const res = await api.call('POST', '/api/category', { body: { code: 'RESORT', name: 'Resort Owners', type: 'OWNER' } });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Category RESORT already exists');
  });

  it("applies the spec's rules and messages", async () => {
    const short = await api.call('POST', '/api/category', { body: { code: 'R', name: 'Resort Owners', type: 'OWNER' } });
    expect(short.body.errors).toContainEqual({ path: 'code', msg: 'Must be at least 2 characters' });
    const long = await api.call('POST', '/api/category', { body: { code: 'ABCDEFGHIJK', name: 'Resort Owners', type: 'OWNER' } });
    expect(long.body.errors).toContainEqual({ path: 'code', msg: 'Must be at most 10 characters' });
    const name = await api.call('POST', '/api/category', { body: { code: 'OK', name: 'abc', type: 'OWNER' } });
    expect(name.body.errors).toContainEqual({ path: 'name', msg: 'Must be at least 5 characters' });
    const type = await api.call('POST', '/api/category', { body: { code: 'OK', name: 'Abcdef', type: 'GUEST' } });
    expect(type.body.errors[0]).toMatchObject({ path: 'type', msg: 'Type must be selected' });
    expect((await api.call('GET', '/api/category/OK')).status).toBe(404);
  });

  it('updates, keeping before and after in the log', async () => {
    const res = await api.call('PUT', '/api/category/resort', { body: { code: 'RESORT', name: 'Resort Owners Renamed', type: 'OWNER', inactive: true } });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Record Updated');
    const log = await changeLog('RESORT');
    expect(log[1]!.before).toMatchObject({ name: 'Resort Owners', inactive: false });
    expect(log[1]!.after).toMatchObject({ name: 'Resort Owners Renamed', inactive: true });
  });

  it('hides inactive rows unless asked, and searches from 3 characters', async () => {
    const codes = async (query: string) => (await api.call('GET', `/api/category${query}`)).body.data.map((c: { code: string }) => c.code);
    expect(await codes('')).not.toContain('RESORT');
    expect(await codes('?inactive=true')).toContain('RESORT');
    expect(await codes('?search=tra')).toEqual(['TRADES']);
    expect((await codes('?search=tr')).length).toBeGreaterThan(1);
  });

  it('refuses to delete a category still in use, then deletes one that is not', async () => {
    await api.deps.db.company('co_demotrust').insertInto('entity').values({
      code: 'OWNER01', type: 'OWNER', category: 'RESORT', name: 'Test Owner', disburse_method: 'EFT', hold_this_month: 0, hold_always: 0,
      statement_format: 'DET', statement_show_pending: true, statement_show_summary: true, is_agent: false, commission: 0,
      room_rate_has_commission_deducted: false, apply_fees_to_gross: false, budget: 0, charge_release_override: false,
    }).execute();
    const refused = await api.call('DELETE', '/api/category/RESORT');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Category RESORT cannot be deleted: it is used by 1 entity. Make it inactive instead.');
    expect((await api.call('GET', '/api/category/RESORT')).body.data._candelete).toBe(false);
    const created = await api.call('POST', '/api/category', { body: { code: 'SPARE', name: 'Spare category', type: 'SUPPLIER' } });
    expect(created.status).toBe(200);
    const deleted = await api.call('DELETE', '/api/category/SPARE');
    expect(deleted.body.message).toBe('Record Deleted.');
    expect((await api.call('GET', '/api/category/SPARE')).status).toBe(404);
    expect((await changeLog('SPARE')).map((l) => l.method)).toEqual(['POST', 'DELETE']);
  });
});
