import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runChecks } from '../audit/checks.js';
import type { CompanyTables } from '../db/schema.js';
import { businessDate, businessDay } from '../ledger/business-date.js';
import { trustPosition } from '../ledger/trust-position.js';
import { listTenancies } from '../tenancies/tenancies.js';
import { type TestApi, startTestApi } from '../testing/test-api.js';
import { DEMO_BOOKS, postDemoBooks } from './books.js';
import { DEMO_COMPANY } from './first-start.js';
import { postDemoTenancies } from './tenancies.js';

let api: TestApi;
let db: Kysely<CompanyTables>;
let today: string;

beforeAll(async () => {
  api = await startTestApi();
  db = api.db.company('co_demotrust');
  await postDemoBooks(db, { ...DEMO_BOOKS, months: 2, userId: 'ADMIN', companyCode: DEMO_COMPANY.code, companyName: DEMO_COMPANY.name, today: businessDay() });
  today = await businessDate(db);
}, 300_000);
afterAll(() => api?.close());

describe('demo tenancies', () => {
  it('a handful of tenancies on the permanent units: one in arrears, one with a bond, the books still balanced', async () => {
    expect(await postDemoTenancies(db, 'ADMIN', today)).toEqual({ tenancies: 5, arrears: 1, receipts: 5 });
    const list = await listTenancies(db, today);
    expect(list).toHaveLength(5);
    expect(list.filter((t) => t.arrears > 0)).toHaveLength(1);
    expect(list.find((t) => t.arrears > 0)!.arrears).toBe(3 * 610);
    expect(list.find((t) => t.arrears > 0)!.pending_other).toBe(85);
    const bonded = list.filter((t) => t.bond_applies);
    expect(bonded).toHaveLength(1);
    expect(bonded[0]!.bond_charge_ref).toBeTruthy();
    expect(list.every((t) => t.last_charge_date && t.last_charge_date >= today)).toBe(true);
    const { findings } = await runChecks(db, today, { full: true });
    expect(findings.filter((f) => f.type === 'INBALANCE' || f.type === 'CRITICAL')).toEqual([]);
    const position = await trustPosition(db);
    expect(position.cashbook).toBe(position.ledgers);
  });
});
