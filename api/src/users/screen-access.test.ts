import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTE_MAP } from '../../../shared-ui/src/menu/route-map.js';
import type { PermissionFlag } from '../contracts/permissions.js';
import { addTestParties } from '../testing/parties.js';
import { type TestApi, startTestApi } from '../testing/test-api.js';
import { createStaff } from './test-support.js';

/**
 * Issue 17: every screen usable with exactly the flags that show it. The route map
 * (shared-ui/src/menu/route-map.ts) is enumerated: each screen's flags are its own plus those of
 * every level above it (what the menu requires to reach it); a user holding only those exercises
 * the screen's read calls, and none may answer 403 (the shell turns a 403 into a forced logout).
 * The read calls are listed per screen below; screens not listed yet are named by the last test.
 */
const READS: Record<string, [string, string, unknown?][]> = {
  '/accounts/tenant': [['GET', '/api/entity/list/TENANT'], ['POST', '/api/lookup', { lists: 'ALL' }], ['GET', '/api/control']],
  '/accounts/owners': [['GET', '/api/entity/list/OWNER'], ['GET', '/api/entity/OWNSMITH']],
  '/accounts/suppliers': [['GET', '/api/entity/list/SUPPLIER']],
  '/accounts/unallocated': [['GET', '/api/entity/list/UNALLOC']],
  '/management/transactions/receipts': [
    ['GET', '/api/cashbook/receipt/list'], ['GET', '/api/charge/lookup?payer=OWNSMITH'], ['POST', '/api/lookup', { lists: 'ALL' }], ['GET', '/api/control'],
  ],
  '/management/transactions/payments': [['GET', '/api/cashbook/payment/list']],
  '/management/transactions/charges': [['GET', '/api/charge/list'], ['GET', '/api/charge/lookup?payer=OWNSMITH']],
  '/management/transactions/disbursement': [['GET', '/api/disburse']],
  '/management/transactions/chargerelease': [['GET', '/api/charge/release']],
  '/management/setup/backup': [['GET', '/api/util/export?model=all']],
};

/** Every screen of the route map with the flags that show it. */
function screens(): { path: string; title: string; flags: PermissionFlag[] }[] {
  const out: { path: string; title: string; flags: PermissionFlag[] }[] = [];
  const flags = (...f: (PermissionFlag | undefined)[]) => [...new Set(f.filter((x): x is PermissionFlag => !!x))];
  for (const g of ROUTE_MAP) {
    if (!g.routes && !g.tabs) out.push({ path: g.path, title: g.title, flags: flags(g.permission) });
    for (const r of g.routes ?? []) out.push({ path: r.path, title: r.title, flags: flags(g.permission, r.permission) });
    for (const t of g.tabs ?? []) for (const r of t.routes) out.push({ path: r.path, title: r.title, flags: flags(g.permission, t.permission, r.permission) });
  }
  return out;
}

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
  await addTestParties(api.db.company('co_demotrust'));
});
afterAll(() => api.close());

describe('every screen usable with exactly its own flags (issue 17)', () => {
  it('lists only screens of the route map', () => {
    const paths = new Set(screens().map((s) => s.path));
    expect(Object.keys(READS).filter((p) => !paths.has(p))).toEqual([]);
  });

  const listed = screens().filter((s) => READS[s.path]);
  it.each(listed.map((s, i) => [s.title, s.path, s.flags, i] as const))('%s (%s): its read calls answer with its flags only', async (_title, path, flags, i) => {
    const token = await createStaff(api, `SCREEN${i}`, Object.fromEntries(flags.map((f) => [f, true])));
    for (const [method, url, body] of READS[path]!) {
      const res = await api.call(method, url, { token, ...(body === undefined ? {} : { body }) });
      expect(res.status, `${method} ${url} with ${flags.join(', ')}: ${JSON.stringify(res.body).slice(0, 200)}`).not.toBe(403);
    }
  });

  it('the Disbursement holds panel saves holds and the override with p_entry_disbursement only, nothing else of the party', async () => {
    const flags = screens().find((x) => x.path === '/management/transactions/disbursement')!.flags;
    const token = await createStaff(api, 'SCREENHOLDS', Object.fromEntries(flags.map((f) => [f, true])));
    const holds = { hold_always: 10, hold_always_reason: 'Reserve', hold_this_month: 5, hold_this_month_reason: 'Rates due' };
    const saved = await api.call('PUT', '/api/entity/OWNSMITH', { token, body: holds });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject(holds);
    expect((await api.call('PUT', '/api/entity/OWNSMITH', { token, body: { charge_release_override: true } })).status).toBe(200);
    // The party's form stays p_entities'.
    const form = await api.call('PUT', '/api/entity/OWNSMITH', { token, body: { ...saved.body.data, name: 'Renamed' } });
    expect(form.status).toBe(403);
    expect((await api.call('PUT', '/api/entity/OWNSMITH', { token, rawBody: '{"hold_always":' })).status).toBe(403);
  });
});
