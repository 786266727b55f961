import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { BUSINESS_ENTITY_CODE } from '../contracts/entity.js';
import { readConfig } from '../config.js';
import { type TestApi, startTestApi } from '../testing/test-api.js';

/** Spec 3 §7 'Test-only calls': present in test mode, absent otherwise and always in production. */
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const booking = {
  id: 'B-1', ref: 'R1', revision: 1, modifiedAt: '2026-11-01T10:00:00.000Z', checkIn: '2026-11-02', checkOut: '2026-11-04', status: 'C',
  guest: { name: 'Test Guest', email: null, phone: null }, guests: 2, ownerStay: false, doors: [], payments: [],
};

describe('test mode', () => {
  it('is off unless TEST_MODE is set, and never in production', () => {
    expect(readConfig({}).testMode).toBe(false);
    expect(readConfig({ TEST_MODE: '1' }).testMode).toBe(true);
    expect(readConfig({ TEST_MODE: '1', NODE_ENV: 'production' }).testMode).toBe(false);
    expect(readConfig({ TEST_MODE: 'true', HOST: '0.0.0.0' }).testMode).toBe(false);
  });

  it('without it the test-only calls do not exist', async () => {
    expect(api.app.routes.some((r) => r.path.startsWith('/api/testapi'))).toBe(false);
    const res = await api.call('POST', '/api/testapi', { body: { ping: 1 } });
    expect(res.status).toBe(404);
    for (const path of ['/api/email/test', '/api/email/insert', '/api/email/demo']) {
      expect((await api.call('POST', path, { body: { to: 'owner@example.com', subject: 'x' } })).status).toBe(404);
    }
  });

  it('with it they answer, behind the guard', async () => {
    const app = createApp({ ...api.deps, config: { ...api.deps.config, testMode: true } });
    const token = await api.signIn();
    const call = (path: string, body: unknown, auth = true) => app.request(path, {
      method: 'POST', body: JSON.stringify(body), headers: { 'Content-Type': 'application/json', 'X-Database': 'DEMOTRUST', ...(auth && { Authorization: `Bearer ${token}` }) },
    });
    const echo = await call('/api/testapi', { ping: 'é' });
    expect(echo.status).toBe(200);
    expect((await echo.json()).data).toMatchObject({ testMode: true, user: 'ADMIN', company: 'DEMOTRUST', body: { ping: 'é' } });
    expect((await call('/api/testapi', {}, false)).status).toBe(401);
    expect((await call('/api/testapi/booking', booking)).status).toBe(400);
    const ok = await call('/api/testapi/booking', { ...booking, doors: [{ door: '101', roomCharges: [], otherCharges: [] }] });
    expect(ok.status).toBe(200);
    expect((await ok.json()).data).toMatchObject({ id: 'B-1', doors: [{ door: '101' }] });

    // The e-mail test calls: a test message queued, a row in a chosen state, header injection refused.
    const books = api.deps.db.company('co_demotrust');
    await books.updateTable('entity').set({ email: 'office@example.com' }).where('code', '=', BUSINESS_ENTITY_CODE).execute();
    const sent = await call('/api/email/test', { to: 'auditor@example.com' });
    expect(await sent.json()).toMatchObject({ data: { message: 'Email(s) Sent to queue!' } });
    const inserted = await call('/api/email/insert', { to: 'owner@example.com', subject: 'Failed on purpose', status: 'Failed' });
    expect(inserted.status).toBe(200);
    const id = String((await inserted.json()).data.id);
    expect(await books.selectFrom('email_log').select(['current_status', 'subject']).where('id', '=', id).executeTakeFirst()).toEqual({ current_status: 'Failed', subject: 'Failed on purpose' });
    expect((await call('/api/email/insert', { to: 'owner@example.com\nBcc: x@example.com', subject: 'x' })).status).toBe(400);
    expect((await call('/api/email/demo', {})).status).toBe(200);
  });
});
