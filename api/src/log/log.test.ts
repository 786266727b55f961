import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApi, startTestApi } from '../testing/test-api.js';
import { writeLog } from './system-log.js';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
  await api.call('POST', '/api/category', { body: { code: 'LOGCAT', name: 'Logged category', type: 'OWNER' } });
  await api.call('PUT', '/api/control/licence_no', { body: { value: 'LIC-9' } });
  await writeLog(api.db.root, { database: 'OTHERCO', severity: 'CHANGE', message: 'Another company', routine: 'control' });
  const old = await api.db.control.insertInto('system_log').values({ database: 'DEMOTRUST', severity: 'INFO', message: 'Long ago', date: '2020-03-04T10:00:00Z' }).returning('id').executeTakeFirstOrThrow();
  oldId = Number(old.id);
});
afterAll(() => api.close());
let oldId = 0;

describe('GET /api/log', () => {
  it("lists this company's last 7 days, newest first", async () => {
    const res = await api.call('GET', '/api/log');
    expect(res.status).toBe(200);
    expect(res.body.truncated).toBe(false);
    const messages = res.body.data.map((r: { message: string }) => r.message);
    expect(messages).toEqual(['Control setting changed: licence_no', 'Category LOGCAT created']);
    expect(res.body.data[0]).toMatchObject({ database: 'DEMOTRUST', routine: 'control', identity: 'ADMIN', has_detail: true });
    expect(res.body.data[0]).not.toHaveProperty('before');
  });

  it('filters by dates, severity, routine, key and regulated changes', async () => {
    const messages = async (q: string) => (await api.call('GET', `/api/log?${q}`)).body.data.map((r: { message: string }) => r.message);
    expect(await messages('from=2020-03-01&to=2020-03-04')).toEqual(['Long ago']);
    expect(await messages('from=2020-03-05&to=2020-03-10')).toEqual([]);
    expect(await messages('routine=category&key=LOGCAT')).toEqual(['Category LOGCAT created']);
    expect(await messages('severity=change&regulated=true')).toEqual(['Control setting changed: licence_no']);
    expect((await api.call('GET', '/api/log?from=yesterday')).status).toBe(400);
  });

  it('caps the list at 1000 rows and says so', async () => {
    await api.db.control.insertInto('system_log').values(Array.from({ length: 1005 }, (_, i) => ({ database: 'DEMOTRUST', severity: 'INFO', message: `bulk ${i}` }))).execute();
    const res = await api.call('GET', '/api/log');
    expect(res.body.data).toHaveLength(1000);
    expect(res.body.truncated).toBe(true);
  });
});

describe('GET /api/log/{id}', () => {
  it('answers a row of this company with its detail, and 404 for other companies or nonsense', async () => {
    const [row] = (await api.call('GET', '/api/log?routine=control')).body.data;
    const res = await api.call('GET', `/api/log/${row.id}`);
    expect(res.body.data).toMatchObject({ id: row.id, before: { licence_no: 'LIC-2040-118' }, after: { licence_no: 'LIC-9' } });
    expect((await api.call('GET', `/api/log/${oldId}`)).status).toBe(200);
    const other = await api.db.control.selectFrom('system_log').select('id').where('database', '=', 'OTHERCO').executeTakeFirstOrThrow();
    expect((await api.call('GET', `/api/log/${other.id}`)).status).toBe(404);
    expect((await api.call('GET', '/api/log/abc')).body).toMatchObject({ error: true, status: 404 });
  });
});
