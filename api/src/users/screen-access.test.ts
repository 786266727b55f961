import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTE_MAP } from '../../../shared-ui/src/menu/route-map.js';
import type { PermissionFlag } from '../contracts/permissions.js';
import type { ReportKey } from '../contracts/reports.js';
import { REPORT_DEFINITIONS } from '../reports/catalogue.js';
import { addTestParties } from '../testing/parties.js';
import { type TestApi, startTestApi } from '../testing/test-api.js';
import { createStaff } from './test-support.js';

/**
 * Issue 17: every screen usable with exactly the flags that show it. The route map
 * (shared-ui/src/menu/route-map.ts) is enumerated: each screen's flags are its own plus those of
 * every level above it (what the menu requires to reach it); a user holding only those exercises
 * the screen's read calls, and none may answer 403 (the shell turns a 403 into a forced logout).
 * The read calls are listed per screen below, after those the shell makes for every screen.
 */
const READS: Record<string, [string, string, unknown?][]> = {
  '/dashboard': [
    ['GET', '/api/control/health'], ['GET', '/api/control/3waybalance'], ['GET', '/api/control/revenuechart'],
    ['GET', '/api/control/equality/current'], ['GET', '/api/pinned/{user}'],
  ],
  '/bookings': [['GET', '/api/booking']],
  // A tenancy's Statement action reads its tenant's ledger.
  '/rentals': [['GET', '/api/rental/list'], ['GET', '/api/entity/statement/TENBROWN']],
  '/accounts/business': [['GET', '/api/ledger/business/summary'], ['GET', '/api/entity/pending/BUSINESS'], ['GET', '/api/entity/balance/BUSINESS']],
  '/accounts/units': [['GET', '/api/unit/list'], ['GET', '/api/unit/{door}']],
  '/accounts/ReceiptsAndPayments': [['GET', '/api/cashbook/receipt/list?page=1&pageSize=25'], ['GET', '/api/cashbook/payment/list?page=1&pageSize=25']],
  '/accounts/Revenue': [['GET', '/api/control/revenuechart']],
  // A tenant's row expands to its pending charges, opens its record and its statement, as the other parties' lists.
  '/accounts/tenant': [
    ['GET', '/api/entity/list/TENANT'], ['GET', '/api/entity/TENBROWN'], ['GET', '/api/entity/pending/TENBROWN'],
    ['GET', '/api/entity/balance/TENBROWN'], ['GET', '/api/entity/statement/TENBROWN'],
  ],
  // The pool screens read with their flags; pools are off in the test company, so they answer 409, never 403.
  '/accounts/pools': [['GET', '/api/entity/list/POOL'], ['GET', '/api/pool/POOLTEST']],
  '/management/transactions/poolrelease': [['GET', '/api/control/poolrelease']],
  '/accounts/owners': [['GET', '/api/entity/list/OWNER'], ['GET', '/api/entity/OWNSMITH'], ['GET', '/api/entity/pending/OWNSMITH'], ['GET', '/api/entity/balance/OWNSMITH'], ['GET', '/api/entity/statement/OWNSMITH']],
  '/accounts/suppliers': [
    ['GET', '/api/entity/list/SUPPLIER'], ['GET', '/api/entity/SUPCLEAN'], ['GET', '/api/entity/pending/SUPCLEAN'],
    ['GET', '/api/entity/balance/SUPCLEAN'], ['GET', '/api/entity/statement/SUPCLEAN'],
  ],
  '/accounts/unallocated': [['GET', '/api/entity/list/UNALLOC']],
  '/management/daily/banking': [['GET', '/api/cashbook/unbanked/RECEIPT'], ['GET', '/api/cashbook/banking']],
  '/management/daily/bankhist': [['GET', '/api/cashbook/banking']],
  '/management/daily/reconcile': [
    ['GET', '/api/bankrec/banked'], ['GET', '/api/bankrec/position'], ['GET', '/api/bankstatements/lines'],
    ['GET', '/api/bankstatements/suggestions'], ['GET', '/api/bankstatements/sample'],
  ],
  '/management/daily/rechist': [['GET', '/api/bankrec/list']],
  '/management/daily/task': [['GET', '/api/task'], ['GET', '/api/control/audit']],
  '/management/daily/logs': [['GET', '/api/log'], ['GET', '/api/log/1']],
  '/management/daily/email': [['GET', '/api/email'], ['GET', '/api/email/templates'], ['GET', '/api/email/1']],
  '/management/daily/emailstatements': [['GET', '/api/entity/emaillist/OWNER']],
  '/management/daily/blob': [['GET', '/api/blob']],
  '/management/transactions/receipts': [['GET', '/api/cashbook/receipt/list'], ['GET', '/api/charge/lookup?payer=OWNSMITH'], ['GET', '/api/entity/balance/OWNSMITH']],
  '/management/transactions/payments': [['GET', '/api/cashbook/payment/list'], ['GET', '/api/entity/balance/SUPCLEAN']],
  '/management/transactions/charges': [['GET', '/api/charge/list'], ['GET', '/api/charge/lookup?payer=OWNSMITH'], ['GET', '/api/charge/full/1']],
  '/management/transactions/disbursement': [['GET', '/api/disburse']],
  '/management/transactions/chargerelease': [['GET', '/api/charge/release']],
  // Charge Update reads nothing until UPDATE NOW or Undo Charges is pressed.
  '/management/transactions/chargeupdate': [],
  '/management/transactions/journals': [['GET', '/api/journal/list'], ['GET', '/api/journal/1']],
  '/management/transactions/monthend': [['GET', '/api/monthend/preview'], ['GET', '/api/checklist']],
  '/management/setup/banks': [['GET', '/api/banks']],
  '/management/setup/business': [['GET', '/api/entity/BUSINESS']],
  '/management/setup/cardtypes': [['GET', '/api/cardtype']],
  '/management/setup/categories': [['GET', '/api/category']],
  '/management/setup/control': [['GET', '/api/control'], ['GET', '/api/control/logo']],
  '/management/setup/fees': [['GET', '/api/fees']],
  '/management/setup/gstcodes': [['GET', '/api/gstcodes']],
  '/management/setup/templates': [['GET', '/api/templates']],
  '/management/setup/accounts': [['GET', '/api/account/list']],
  '/management/setup/unittype': [['GET', '/api/unittype']],
  '/management/setup/unitclass': [['GET', '/api/unitclass']],
  // The list with the super flag, otherwise the Temporary Notice and the user's own profile.
  '/management/setup/users': [['GET', '/api/user/list'], ['GET', '/api/user/{user}']],
  '/management/setup/snapshot': [['GET', '/api/snapshot/years'], ['GET', '/api/snapshot/summary/2026']],
  '/management/setup/checklist': [['GET', '/api/checklist']],
  '/management/setup/backup': [['GET', '/api/util/export?model=all']],
};

/** What the shell reads for every screen: the user, the company's control record and the lookups. */
const SHELL_READS: [string, string, unknown?][] = [['GET', '/api/auth'], ['GET', '/api/control'], ['POST', '/api/lookup', { lists: 'ALL' }]];

/** Every report screen reads the catalogue of reports this user may run. */
const REPORT_READS: [string, string, unknown?][] = [['GET', '/api/reports']];

const readsOf = (path: string) => READS[path] ?? (path.startsWith('/reports/') ? REPORT_READS : undefined);

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

  it('lists every screen of the route map', () => {
    expect(screens().map((s) => s.path).filter((p) => !readsOf(p))).toEqual([]);
  });

  it.each(screens().map((s, i) => [s.title, s.path, s.flags, i] as const))('%s (%s): its read calls answer with its flags only', async (_title, path, flags, i) => {
    const id = `SCREEN${i}`;
    const token = await createStaff(api, id, Object.fromEntries(flags.map((f) => [f, true])));
    const units = await api.call('GET', '/api/unit/list');
    const door = String(units.body.data[0]?.door ?? 'NONE');
    for (const [method, template, body] of [...SHELL_READS, ...readsOf(path)!]) {
      const url = template.replace('{user}', id).replace('{door}', encodeURIComponent(door));
      const res = await api.call(method, url, { token, ...(body === undefined ? {} : { body }) });
      expect(res.status, `${method} ${url} with ${flags.join(', ')}: ${JSON.stringify(res.body).slice(0, 200)}`).not.toBe(403);
    }
  });

  // A report screen runs its report with POST /api/reports/{key}, refused unless the catalogue (the
  // same rule, mayRunReport) lists it for the user: every report screen's flags must reach it.
  const reportScreens = screens().filter((s) => s.path.startsWith('/reports/') && REPORT_DEFINITIONS.has(s.path.split('/').at(-1) as ReportKey));
  it.each(reportScreens.map((s, i) => [s.title, s.path, s.flags, i] as const))('%s (%s): its report is in the catalogue of a user with its flags only', async (_title, path, flags, i) => {
    const token = await createStaff(api, `REPORT${i}`, Object.fromEntries(flags.map((f) => [f, true])));
    const catalogue = await api.call('GET', '/api/reports', { token });
    expect(catalogue.status).toBe(200);
    expect((catalogue.body.data as { key: string }[]).map((e) => e.key)).toContain(path.split('/').at(-1));
  });

  it('Bank Reconciliation\'s Sync Now and Tasks & Audit\'s booking re-sync run with those screens\' flags; the Bookings screen\'s sync options stay p_bookings', async () => {
    const flagsOf = (path: string) => Object.fromEntries(screens().find((x) => x.path === path)!.flags.map((f) => [f, true]));
    const bank = await createStaff(api, 'SCREENSYNC', flagsOf('/management/daily/reconcile'));
    const sync = await api.call('POST', '/api/sync', { token: bank, body: {} });
    expect(sync.status, JSON.stringify(sync.body)).not.toBe(403);
    const tasks = await createStaff(api, 'SCREENTASK', flagsOf('/management/daily/task'));
    expect((await api.call('POST', '/api/sync', { token: tasks, body: {} })).status).toBe(403);
    // Not synced here, so 404: past the flag check.
    expect((await api.call('POST', '/api/booking/sync/NOSUCH', { token: tasks, body: {} })).status).toBe(404);
    expect((await api.call('POST', '/api/booking/sync/NOSUCH?earlydisburse=true', { token: tasks, body: {} })).status).toBe(403);
    expect((await api.call('POST', '/api/booking/sync/NOSUCH', { token: tasks, body: { undoManualAllocation: true } })).status).toBe(403);
    expect((await api.call('POST', '/api/booking/sync/NOSUCH', { token: bank, body: {} })).status).toBe(403);
  });

  it('a tenant is read, not changed, with the Tenants and Permanent Rentals flags; other parties stay p_entities\'', async () => {
    for (const [id, flag] of [['SCREENTENA', 'p_accounting'], ['SCREENTENB', 'p_bookings']] as const) {
      const token = await createStaff(api, id, { [flag]: true });
      expect((await api.call('GET', '/api/entity/statement/TENBROWN', { token })).status).toBe(200);
      expect((await api.call('GET', '/api/entity/statement/OWNSMITH', { token })).status).toBe(403);
      expect((await api.call('GET', '/api/entity/SUPCLEAN', { token })).status).toBe(403);
      const tenant = await api.call('GET', '/api/entity/TENBROWN', { token });
      expect(tenant.status).toBe(200);
      expect((await api.call('PUT', '/api/entity/TENBROWN', { token, body: { ...tenant.body.data, name: 'Renamed' } })).status).toBe(403);
      expect((await api.call('DELETE', '/api/entity/TENBROWN', { token })).status).toBe(403);
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
