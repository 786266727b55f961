import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApi, startTestApi } from '../testing/test-api.js';
import { createStaff } from './test-support.js';

let api: TestApi;
let clerk: string;
beforeAll(async () => {
  api = await startTestApi();
  // Every menu flag except the Setup ones: p_mgt and p_is_admin are what the Setup API checks.
  clerk = await createStaff(api, 'CLERK1', { p_dashboard: true, p_accounting: true, p_set_up: true, p_reports: true, p_entities: true, p_daily: true });
});
afterAll(() => api.close());

const SETUP_PREFIXES = ['/api/account', '/api/banks', '/api/category', '/api/cardtype', '/api/gstcodes', '/api/unittype', '/api/unitclass', '/api/fees',
  '/api/checklist', '/api/templates', '/api/entity', '/api/control', '/api/user', '/api/log', '/api/pinned', '/api/lookup'];
const sample = (path: string) => path.replace(/:key|:code|:id/g, (p) => (p === ':code' ? 'BUSINESS' : p === ':id' ? 'ADMIN' : '1'));

describe('a user without p_mgt', () => {
  it('gets 403 from every Setup route that needs p_mgt or p_is_admin, and changes nothing', async () => {
    const routes = api.app.routes
      .filter((r) => SETUP_PREFIXES.some((p) => r.path.startsWith(p)))
      .filter((r) => ['p_mgt', 'p_is_admin'].includes((r.handler as { access?: string }).access ?? ''));
    expect(routes.length).toBeGreaterThan(45);
    const logBefore = (await api.db.control.selectFrom('system_log').select('id').execute()).length;
    const failures: string[] = [];
    for (const r of routes) {
      const res = await api.call(r.method, sample(r.path), { token: clerk, body: ['GET', 'DELETE'].includes(r.method) ? undefined : {} });
      if (res.status !== 403 || res.body.error !== true) failures.push(`${r.method} ${r.path} → ${res.status}`);
    }
    expect(failures).toEqual([]);
    expect((await api.db.control.selectFrom('system_log').select('id').execute()).length).toBe(logBefore);
  });

  it('still reads what every screen needs: control, control info, lookups, own user record, user key, own pinned cards', async () => {
    for (const [method, path, body] of [
      ['GET', '/api/control'], ['GET', '/api/control/info'], ['GET', '/api/control/start'], ['POST', '/api/lookup', { lists: 'ALL' }],
      ['POST', '/api/control/info', { lists: ['ACCOUNT'] }], ['GET', '/api/user/CLERK1'], ['GET', '/api/user/key'], ['GET', '/api/pinned/CLERK1'],
    ] as [string, string, unknown?][]) {
      expect((await api.call(method, path, { token: clerk, body })).status, `${method} ${path}`).toBe(200);
    }
  });

  it("gets 403 for other users' records and pinned cards", async () => {
    expect((await api.call('GET', '/api/user/ADMIN', { token: clerk })).status).toBe(403);
    expect((await api.call('PUT', '/api/user/ADMIN', { token: clerk, body: { name: 'Trust Administrator', desktopRows: 25, mobileRows: 20 } })).status).toBe(403);
    expect((await api.call('GET', '/api/pinned/ADMIN', { token: clerk })).status).toBe(403);
  });
});
