import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runChecks } from '../audit/checks.js';
import type { CompanyTables } from '../db/schema.js';
import { openPeriod } from '../ledger/ledger.js';
import { balanceDrift, trustPosition, unbalancedTxns } from '../ledger/trust-position.js';
import { type TestApi, startTestApi } from '../testing/test-api.js';
import { type BooksSummary, DEMO_BOOKS, doorCode, postDemoBooks } from './books.js';
import { prng } from './random.js';
import { DEMO_COMPANY } from './first-start.js';
import { businessDay } from '../ledger/business-date.js';

/** The demo books `npm start` posts on a fresh database, on a fresh test API (PGlite, or PostgreSQL with DATABASE_URL). */
let api: TestApi;
let db: Kysely<CompanyTables>;
let summary: BooksSummary;
const today = businessDay();
const dayOf = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
const ym = (d: Date) => ({ year: d.getFullYear(), month: d.getMonth() + 1 });

beforeAll(async () => {
  api = await startTestApi();
  db = api.db.company('co_demotrust');
  summary = await postDemoBooks(db, { ...DEMO_BOOKS, userId: 'ADMIN', companyCode: DEMO_COMPANY.code, companyName: DEMO_COMPANY.name, today });
}, 300_000);
afterAll(() => api?.close());

const count = async (q: any) => Number((await q.select((eb: any) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

describe('demo books', () => {
  it('pass the audit: no INBALANCE, no CRITICAL, no ledger ever below zero', async () => {
    const { findings } = await runChecks(db, dayOf(today), { full: true });
    expect(findings.filter((f) => f.type === 'INBALANCE' || f.type === 'CRITICAL' || f.type === 'WARNING')).toEqual([]);
    expect(findings.filter((f) => f.type === 'INFO')).toEqual([]);
    expect(await balanceDrift(db)).toEqual([]);
    expect(await unbalancedTxns(db)).toEqual([]);
    const position = await trustPosition(db);
    expect(position.cashbook).toBe(position.ledgers);
    expect(position.cashbook).toBeGreaterThan(0);
    expect(await count(db.selectFrom('ledger_balance').where('balance', '<', '0'))).toBe(0);
  });

  it('have the cast: 40 owners (a few by cheque, one on hold), 120 units over the 4 unit types, 10 suppliers, tenants', async () => {
    expect(summary).toMatchObject({ owners: 40, units: 120, suppliers: 10, tenants: 10 });
    const owners = await db.selectFrom('entity').selectAll().where('type', '=', 'OWNER').execute();
    expect(owners).toHaveLength(40);
    expect(owners.filter((o) => o.disburse_method === 'HOLD')).toHaveLength(1);
    expect(owners.filter((o) => o.disburse_method === 'CHEQUE').length).toBeGreaterThanOrEqual(2);
    for (const o of owners.filter((x) => x.disburse_method === 'EFT')) {
      expect(o.bank_bsb).toMatch(/^\d{3}-\d{3}$/);
      expect(o.bank_account_number).toMatch(/^[1-9]\d{5,8}$/);
    }
    // Every bank a party names is in Setup / Banks, or saving the party's record would be refused.
    const banks = new Set((await db.selectFrom('bank').select('id').execute()).map((b) => b.id));
    const named = await db.selectFrom('entity').select(['code', 'bank']).where('bank', 'is not', null).execute();
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter((e) => !banks.has(e.bank!))).toEqual([]);
    expect(owners.every((o) => o.name.length >= 4 && o.name.length <= 40 && o.code.length >= 4 && o.code.length <= 20 && o.address && o.postcode)).toBe(true);
    const units = await db.selectFrom('unit').select(['door', 'unittype', 'entity']).execute();
    expect(units).toHaveLength(120);
    expect(new Set(units.map((u) => u.unittype))).toEqual(new Set(['STUDIO', 'ONEBED', 'TWOBED', 'PENTHOUSE']));
    expect(units.map((u) => u.door)).toContain('101');
    expect(units.map((u) => u.door)).toContain('1210');
    expect(new Set(units.map((u) => u.entity)).size).toBe(40);
    expect(await count(db.selectFrom('entity').where('type', '=', 'SUPPLIER'))).toBe(10);
    expect(await count(db.selectFrom('entity').where('type', '=', 'TENANT'))).toBe(10);
  });

  it('cover 12 months ending in the current (open) month: receipts, releases and journals every month, disbursement at every month end but the open one', async () => {
    expect(await openPeriod(db)).toMatchObject(ym(today));
    expect(summary.months).toHaveLength(12);
    const byMonth = await db.selectFrom('txn').select(['year', 'month', 'kind', (eb) => eb.fn.countAll<string>().as('n')]).groupBy(['year', 'month', 'kind']).execute();
    const n = (year: number, month: number, kind: string) => Number(byMonth.find((r) => r.year === year && r.month === month && r.kind === kind)?.n ?? 0);
    for (let k = 11; k >= 0; k--) {
      const { year, month } = ym(new Date(today.getFullYear(), today.getMonth() - k, 1));
      expect(n(year, month, 'RECEIPT'), `${month}/${year} receipts`).toBeGreaterThan(k === 0 ? 0 : 300);
      // The open month's guest receipts come through the booking system's sync (none typed, none reversed): its releases are the rented units'.
      expect(n(year, month, 'RELEASE'), `${month}/${year} releases`).toBeGreaterThan(k === 0 ? 5 : 100);
      expect(n(year, month, 'JOURNAL'), `${month}/${year} journals`).toBeGreaterThanOrEqual(1);
      expect(n(year, month, 'REVERSAL'), `${month}/${year} reversals`).toBeGreaterThanOrEqual(k === 0 ? 0 : 1);
      if (k === 0) expect(n(year, month, 'DISBURSE')).toBe(0);
      else expect(n(year, month, 'DISBURSE'), `${month}/${year} disbursements`).toBeGreaterThan(30);
    }
    // Month-end ABA files are in the archive, one per closed month.
    expect(await count(db.selectFrom('archive').where('path', '=', 'Month End'))).toBe(11);
    // Reversals carry their reasons; supplier payments were made; guests paid by card through the booking system.
    const reversals = await db.selectFrom('txn').select(['reason', 'reversal_of']).where('kind', '=', 'REVERSAL').execute();
    expect(reversals.every((r) => (r.reason ?? '').length >= 10 && r.reversal_of !== null)).toBe(true);
    expect(await count(db.selectFrom('txn').where('kind', '=', 'PAYMENT'))).toBeGreaterThan(5);
    expect(await count(db.selectFrom('cashbook').innerJoin('txn', 'txn.id', 'cashbook.txn_id').where('txn.source', '=', 'BKG').where('cashbook.method', '=', 'CARD'))).toBeGreaterThan(100);
    expect(await count(db.selectFrom('cashbook_detail'))).toBe(await count(db.selectFrom('txn').where('kind', 'in', ['RECEIPT', 'PAYMENT'])));
    // Every closed month's charges were released (the funds covered them); amounts are whole cents.
    expect(await count(db.selectFrom('charge').where('status', '=', 'PENDING').where('date', '<', (await openPeriod(db)).first))).toBe(0);
  });

  it('answer the screens: receipts list, disbursement preview, business summary, trial balance', async () => {
    const { year, month } = ym(today);
    const receipts = await api.call('GET', `/api/cashbook/receipt/list?year=${year}&month=${month}&page=1&pageSize=25`);
    expect(receipts.status).toBe(200);
    expect(receipts.body.total).toBeGreaterThan(0);
    const disburse = await api.call('GET', '/api/disburse');
    expect(disburse.status).toBe(200);
    expect(disburse.body.data.some((r: { disburse_method: string; disburse_allowed: boolean }) => r.disburse_method === 'HOLD' && !r.disburse_allowed)).toBe(true);
    expect((await api.call('GET', '/api/ledger/business/summary?period=current')).status).toBe(200);
    expect((await api.call('GET', `/api/ledger/trialbalance?date=${dayOf(today)}&format=json`)).status).toBe(200);
  });

  it('are deterministic and doors are well formed', () => {
    const a = prng(42);
    const b = prng(42);
    expect(Array.from({ length: 5 }, () => a.int(0, 1000))).toEqual(Array.from({ length: 5 }, () => b.int(0, 1000)));
    expect([doorCode(0), doorCode(9), doorCode(10), doorCode(119), doorCode(120), doorCode(2999)]).toEqual(['101', '110', '201', '1210', 'A101', expect.stringMatching(/^[A-Z]\d*\d{3,4}$/)]);
  });
});
