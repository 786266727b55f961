import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runChecks } from '../audit/checks.js';
import { threeWayBalance } from '../balances/dashboard.js';
import { serverDate } from '../control/settings.js';
import type { CompanyTables } from '../db/schema.js';
import { type TestApi, startTestApi } from '../testing/test-api.js';
import { bankAndReconcileDemo, dayBefore } from './bank-statements.js';
import { DEMO_BOOKS, postDemoBooks } from './books.js';
import { DEMO_COMPANY } from './first-start.js';

/** The demo bank side on two months of demo books: banked daily, reconciled at month ends and yesterday. */
let api: TestApi;
let db: Kysely<CompanyTables>;
const now = new Date();
const today = serverDate(now);
const yesterday = dayBefore(now);

beforeAll(async () => {
  api = await startTestApi();
  db = api.db.company('co_demotrust');
  await postDemoBooks(db, { ...DEMO_BOOKS, months: 2, owners: 8, units: 16, tenants: 2, userId: 'ADMIN', companyCode: DEMO_COMPANY.code, companyName: DEMO_COMPANY.name, today: now });
  await bankAndReconcileDemo(db, yesterday, 'ADMIN');
}, 300_000);
afterAll(() => api?.close());

const cents = (rows: { amount: string }[]) => rows.reduce((sum, r) => sum + Number(r.amount), 0);

describe('demo bank statements', () => {
  it('bank every receipt up to yesterday, once, in deposits that add up', async () => {
    const receipts = await db.selectFrom('cashbook').select(['id', 'amount']).where('amount', '>', '0').where('date', '<=', yesterday).execute();
    const items = await db.selectFrom('deposit_item').select(['cashbook_id']).execute();
    expect(items.map((i) => Number(i.cashbook_id)).sort((a, b) => a - b)).toEqual(receipts.map((r) => Number(r.id)).sort((a, b) => a - b));
    expect(cents(await db.selectFrom('deposit').select('amount').execute())).toBe(cents(receipts));
  });

  it('reconcile as at yesterday with the statement balance equal to the cash lines cleared', async () => {
    const recs = await db.selectFrom('reconciliation').selectAll().orderBy('date').execute();
    expect(recs.at(-1)!.date).toBe(yesterday);
    for (const [k, rec] of recs.entries()) {
      if (k > 0) expect(rec.starting_balance).toBe(recs[k - 1]!.ending_balance);
      expect(Number(rec.ending_balance)).toBe(cents(await db.selectFrom('cashbook').select('amount').where('date', '<=', rec.date).execute()));
    }
    const unreconciled = await db.selectFrom('cashbook').select('id').where('date', '<=', yesterday)
      .where((eb) => eb.not(eb.exists(eb.selectFrom('reconcile_item').select('reconcile_item.cashbook_id').whereRef('reconcile_item.cashbook_id', '=', 'cashbook.id')))).execute();
    expect(unreconciled).toEqual([]);
  });

  it('leave the three-way reconciliation in balance, reconciled a day ago, and the audit without banking tasks', async () => {
    const threeWay = await threeWayBalance(db, today);
    expect(threeWay).toMatchObject({ zeroBalance: true, recAge: 1 });
    expect(threeWay.balance).toBe(0);
    const { findings } = await runChecks(db, today, { full: true });
    expect(findings.filter((f) => /unbanked|reconciled/i.test(f.description))).toEqual([]);
  });
});
