import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyTables } from '../db/schema.js';
import { businessDay } from '../ledger/business-date.js';
import { openPeriod } from '../ledger/ledger.js';
import { type TestApi, startTestApi } from '../testing/test-api.js';
import { DEMO_BOOKS, postDemoBooks } from './books.js';
import { DEMO_COMPANY } from './first-start.js';
import { DEMO_POOL, type DemoPoolsSummary, poolsAndSnapshotsDemo } from './pools-snapshots.js';

/** Issue 14 on the demo company: an owner pool with money to release and two years of snapshots. */
let api: TestApi;
let db: Kysely<CompanyTables>;
let summary: DemoPoolsSummary;

beforeAll(async () => {
  api = await startTestApi();
  db = api.db.company('co_demotrust');
  await postDemoBooks(db, { ...DEMO_BOOKS, months: 3, userId: 'ADMIN', companyCode: DEMO_COMPANY.code, companyName: DEMO_COMPANY.name, today: businessDay() });
  summary = await poolsAndSnapshotsDemo(db);
}, 300_000);
afterAll(() => api?.close());

describe('demo pools and snapshots', () => {
  it('has one owner pool with members and funds to release, and releases them to the cent', async () => {
    const rows = (await api.call('GET', '/api/control/poolrelease')).body.data as any[];
    const pool = rows.find((r) => r.code === DEMO_POOL.code);
    expect(pool.members.length).toBe(summary.poolMembers);
    expect(pool.members.length).toBeGreaterThan(1);
    expect(Math.round(pool.disburse * 100)).toBe(summary.poolFunds);
    expect(pool.members.reduce((a: number, m: any) => a + Math.round(m.share * 100), 0)).toBe(summary.poolFunds);
    const res = await api.call('POST', '/api/control/poolrelease', { body: [{ pool: { entity: pool.code, amount: pool.disburse }, members: pool.members }] });
    expect(res.status).toBe(200);
  });

  it('has two years of snapshots that the revenue chart shows', async () => {
    const open = await openPeriod(db);
    expect((await api.call('GET', '/api/snapshot/years')).body.data).toEqual([{ year: open.year - 1 }, { year: open.year - 2 }]);
    const chart = (await api.call('GET', '/api/control/revenuechart')).body.data;
    const earliest = chart.totals[chart.years.indexOf(open.year - 2)] as number[];
    expect(earliest.every((v) => v > 0)).toBe(true);
  });
});
