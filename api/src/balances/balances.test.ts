import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { threeWayColour } from '../contracts/audit.js';
import type { CompanyTables } from '../db/schema.js';
import { type TestApi, startTestApi } from '../testing/test-api.js';
import { booksCompany, post } from './books-fixture.js';
import { equalityRange } from './dashboard.js';

/**
 * Books of BALTEST (open period October 2026), in dollars:
 *   R1 02/10 OWNSMITH 101 +1000 OWNFUNDS (EFT)       R2 03/10 TENBROWN +500 RENT (CASH)
 *   J1 05/10 OWNSMITH 101 −100 → BUSINESS +100 COMMISS
 *   J2 06/10 TENBROWN −500 RENT → OWNJONES 201 +450 ROOMCHG, BUSINESS +50 COMMISS
 *   P1 10/10 OWNSMITH 101 −300 DISBURSE (EFT)         R3 12/10 OWNSMITH 102 +250 ROOMCHG (CARD)
 *   R4 12/10 OWNJONES 202 +400, 203 +300 ROOMCHG (EFT 700)
 *   Charge CHG1 04/10 pending: OWNSMITH 101 pays SUPCLEAN 80 CLEAN.
 * Balances: OWNSMITH 101 600, 102 250; OWNJONES 201 450, 202 400, 203 300; BUSINESS 150; cash 2150.
 */
let api: TestApi;
let db: Kysely<CompanyTables>;
const CO = { database: 'BALTEST' };

beforeAll(async () => {
  api = await startTestApi();
  db = await booksCompany(api, 'BALTEST');
  await db.insertInto('unit').values([
    { door: '202', name: 'Garden Studio 202', unittype: 'STUDIO', class: 'HOLIDAY', entity: 'OWNJONES' },
    { door: '203', name: 'Garden Studio 203', unittype: 'STUDIO', class: 'HOLIDAY', entity: 'OWNJONES' },
  ]).execute();
  await post(db, 'RECEIPT', '2026-10-02', [['OWNSMITH', '101', 'OWNFUNDS', 100_000]], [['EFT', 100_000]]);
  await post(db, 'RECEIPT', '2026-10-03', [['TENBROWN', null, 'RENT', 50_000]], [['CASH', 50_000]]);
  await post(db, 'JOURNAL', '2026-10-05', [['OWNSMITH', '101', 'COMMISS', -10_000], ['BUSINESS', null, 'COMMISS', 10_000]]);
  await post(db, 'JOURNAL', '2026-10-06', [['TENBROWN', null, 'RENT', -50_000], ['OWNJONES', '201', 'ROOMCHG', 45_000], ['BUSINESS', null, 'COMMISS', 5_000]]);
  await post(db, 'PAYMENT', '2026-10-10', [['OWNSMITH', '101', 'DISBURSE', -30_000]], [['EFT', -30_000]]);
  await post(db, 'RECEIPT', '2026-10-12', [['OWNSMITH', '102', 'ROOMCHG', 25_000]], [['CARD', 25_000]]);
  await post(db, 'RECEIPT', '2026-10-12', [['OWNJONES', '202', 'ROOMCHG', 40_000], ['OWNJONES', '203', 'ROOMCHG', 30_000]], [['EFT', 70_000]]);
  const charge = await db.insertInto('charge').values({
    ref: 'CHG1', date: '2026-10-04', payer_type: 'OWNER', entity: 'OWNSMITH', door: '101', recipient_type: 'SUPPLIER', recipient: 'SUPCLEAN', memo: 'Clean after stay', user_id: 'TESTER',
  }).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('charge_item').values({ charge_id: charge.id, account_id: 'CLEAN', recipient_entity: 'SUPCLEAN', door: '101', description: 'Clean', amount: 8_000 }).execute();
});
afterAll(() => api.close());

describe('GET /api/ledger/summary', () => {
  it('sums the ledgers by party type for a month', async () => {
    const res = await api.call('GET', '/api/ledger/summary?year=2026&month=10', CO);
    expect(res.status).toBe(200);
    const rows = Object.fromEntries(res.body.data.rows.map((r: { type: string }) => [r.type, r]));
    expect(rows.BUSINESS).toEqual({ type: 'BUSINESS', opening: 0, funds: 150, pending: 0, charges: 0, hold: 0, pay: 0, balance: 150 });
    expect(rows.OWNER).toEqual({ type: 'OWNER', opening: 0, funds: 2300, pending: 0, charges: 80, hold: 0, pay: 300, balance: 2000 });
    expect(rows.SUPPLIER).toMatchObject({ funds: 0, pending: 80, charges: 0, balance: 0 });
    expect(rows.TENANT).toMatchObject({ funds: 0, balance: 0 });
    expect(res.body.data.totals).toEqual({ opening: 0, funds: 2450, pending: 0, charges: 80, hold: 0, pay: 300, balance: 2150 });
    expect(res.body.data).toMatchObject({ from: '2026-10-01', to: '2026-10-31' });
  });

  it('lists the parties of one type, with from/to, and opening balances before the range', async () => {
    const res = await api.call('GET', '/api/ledger/summary?from=2026-10-11&to=2026-10-31&type=OWNER', CO);
    expect(res.status).toBe(200);
    expect(res.body.data.rows).toEqual([
      { type: 'OWNER', code: 'OWNJONES', name: 'Robert Jones', opening: 450, funds: 1150, pending: 0, charges: 0, hold: 0, pay: 0, balance: 1150 },
      { type: 'OWNER', code: 'OWNSMITH', name: 'Jane Smith', opening: 600, funds: 850, pending: 0, charges: 80, hold: 0, pay: 0, balance: 850 },
    ]);
  });

  it('refuses half a period, mixed forms, bad types and a reversed range', async () => {
    for (const q of ['year=2026', 'from=2026-10-01', 'year=2026&month=13', 'year=2026&month=10&from=2026-10-01&to=2026-10-02', 'type=BOGUS', 'from=2026-10-05&to=2026-10-01', 'year=abc&month=1']) {
      const res = await api.call('GET', `/api/ledger/summary?${q}`, CO);
      expect(res.status, q).toBe(400);
      expect(res.body.error).toBe(true);
    }
  });

  it('needs p_accounting', async () => {
    const res = await api.call('GET', '/api/ledger/summary', { ...CO, token: null });
    expect(res.status).toBe(401);
  });
});

describe('GET /api/cashbook/summary', () => {
  it('answers opening, receipts, payments and closing for the period', async () => {
    const res = await api.call('GET', '/api/cashbook/summary?year=2026&month=10', CO);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      from: '2026-10-01', to: '2026-10-31', opening: 0, receipts: 2450, payments: 300, closing: 2150,
      byMethod: [{ method: 'CARD', receipts: 250, payments: 0 }, { method: 'CASH', receipts: 500, payments: 0 }, { method: 'EFT', receipts: 1700, payments: 300 }],
    });
    const later = await api.call('GET', '/api/cashbook/summary?from=2026-10-11&to=2026-10-12', CO);
    expect(later.body.data).toMatchObject({ opening: 1200, receipts: 950, payments: 0, closing: 2150 });
  });
});

describe('GET /api/ledger/business/summary', () => {
  it('answers the business ledger by account with default comparison periods', async () => {
    for (const path of ['/api/ledger/business/summary?period=current', '/api/ledger/business/summary/?period=current', '/api/ledger/business/summary?year=2026&month=10']) {
      const res = await api.call('GET', path, CO);
      expect(res.status, path).toBe(200);
      expect(res.body.data.rows).toEqual([{ account_id: 'COMMISS', description: 'Letting Commission', pending: 0, funds: 150, funds_compare1: 0, funds_compare2: 0 }]);
      expect(res.body.data.compare1).toMatchObject({ year: 2026, month: 9 });
      expect(res.body.data.compare2).toMatchObject({ year: 2025, month: 10 });
      expect(res.body.data.totals).toEqual({ pending: 0, funds: 150, funds_compare1: 0, funds_compare2: 0 });
    }
  });

  it('takes comparison periods and refuses bad ones', async () => {
    const res = await api.call('GET', '/api/ledger/business/summary?year=2026&month=9&compare1=2026-10&compare2=2026-08', CO);
    expect(res.body.data.rows).toEqual([{ account_id: 'COMMISS', description: 'Letting Commission', pending: 0, funds: 0, funds_compare1: 150, funds_compare2: 0 }]);
    for (const q of ['compare1=2026-13', 'period=last', 'year=2026', 'compare2=26-10']) {
      expect((await api.call('GET', `/api/ledger/business/summary?${q}`, CO)).status, q).toBe(400);
    }
  });
});

describe('POST /api/entity/balances', () => {
  it('answers ledger, pending charges and balance per entity and door', async () => {
    const res = await api.call('POST', '/api/entity/balances', { ...CO, body: { entities: ['OWNSMITH', 'business'], items: [{ entity: 'OWNSMITH', door: '101', amount: 10.5 }] } });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      OWNSMITH: { ledger: 850, charge: 80, balance: 780.5, doors: { 101: 600, 102: 250 } },
      BUSINESS: { ledger: 150, charge: 0, balance: 150, doors: {} },
    });
    const excluded = await api.call('POST', '/api/entity/balances', { ...CO, body: { entities: ['OWNSMITH'], exclude: ['CHG1'] } });
    expect(excluded.body.data.OWNSMITH).toMatchObject({ charge: 0, balance: 850 });
  });

  it('refuses unknown entities, third decimals and wrong types', async () => {
    expect((await api.call('POST', '/api/entity/balances', { ...CO, body: { entities: ['NOSUCH'] } })).status).toBe(404);
    expect((await api.call('POST', '/api/entity/balances', { ...CO, body: { entities: [] } })).status).toBe(400);
    expect((await api.call('POST', '/api/entity/balances', { ...CO, body: { entities: 'OWNSMITH' } })).status).toBe(400);
    const third = await api.call('POST', '/api/entity/balances', { ...CO, body: { entities: ['OWNSMITH'], items: [{ entity: 'OWNSMITH', amount: 1.005 }] } });
    expect(third.status).toBe(400);
    expect(third.body.message).toMatch(/two decimals/);
  });
});

describe('GET /api/control/3waybalance', () => {
  it('is zero when bank, cash book and ledgers agree', async () => {
    const res = await api.call('GET', '/api/control/3waybalance', CO);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ bank: 2150, basis: 'CASHBOOK', cashbook: 2150, ledgers: 2150, balance: 0, zeroBalance: true, lastReconcile: null, recAge: null });
    expect(threeWayColour(res.body.data.recAge, true)).toBe('orange');
  });

  it('shows the difference when a kept balance drifts from its postings', async () => {
    await db.updateTable('ledger_balance').set({ balance: 15_005 }).where('entity', '=', 'BUSINESS').execute();
    try {
      const res = await api.call('GET', '/api/control/3waybalance', CO);
      expect(res.body.data).toMatchObject({ cashbook: 2150, ledgers: 2150.05, balance: -0.05, zeroBalance: false });
      expect(threeWayColour(0, false)).toBe('orange');
    } finally {
      await db.updateTable('ledger_balance').set({ balance: 15_000 }).where('entity', '=', 'BUSINESS').execute();
    }
    expect((await api.call('GET', '/api/control/3waybalance', CO)).body.data.zeroBalance).toBe(true);
  });
});

describe('GET /api/control/revenuechart', () => {
  it('answers business income per month', async () => {
    const res = await api.call('GET', '/api/control/revenuechart', CO);
    expect(res.status).toBe(200);
    expect(res.body.data.years).toEqual([2026]);
    expect(res.body.data.months).toHaveLength(12);
    expect(res.body.data.totals).toEqual([[0, 0, 0, 0, 0, 0, 0, 0, 0, 150, 0, 0]]);
  });
});

describe('GET /api/control/equality/{period}', () => {
  it('groups owner room-charge income per door by unit type with low/mid/high counts', async () => {
    const res = await api.call('GET', '/api/control/equality/current', CO);
    expect(res.status).toBe(200);
    const rows = Object.fromEntries(res.body.data.map((r: { door: string }) => [r.door, r]));
    // STUDIO: 450, 400, 300 → average 383.33; ±10%: below 345 low, above 421.67 high.
    expect(rows['201']).toEqual({ door: '201', unittype: 'STUDIO', original_amount: 450, adjusted_amount: 450, type_avg: 383.33, owner_stay_days: 0, letting_days: 0, period_days: 31, count: 3, low_count: 1, mid_count: 1, high_count: 1 });
    expect(rows['203']).toMatchObject({ original_amount: 300, type_avg: 383.33, low_count: 1 });
    // One door of a type: no low bar.
    expect(rows['101']).toMatchObject({ unittype: 'ONEBED', original_amount: 0, count: 1, low_count: 0, mid_count: 1, high_count: 0 });
    expect(rows['102']).toMatchObject({ unittype: 'TWOBED', original_amount: 250, type_avg: 250, count: 1, low_count: 0, mid_count: 1 });
    expect(res.body.range).toEqual({ from: '2026-10-01', to: '2026-10-31', variance: 10 });
  });

  it('knows the period options and refuses others', async () => {
    const open = { year: 2026, month: 10 };
    expect(equalityRange('3month', open)).toEqual({ from: '2026-08-01', to: '2026-10-31' });
    expect(equalityRange('12month', open)).toEqual({ from: '2025-11-01', to: '2026-10-31' });
    expect(equalityRange('currentyear', open)).toEqual({ from: '2026-01-01', to: '2026-10-31' });
    expect(equalityRange('prevyear', open)).toEqual({ from: '2025-01-01', to: '2025-12-31' });
    expect(equalityRange('2026-02', open)).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    const prev = await api.call('GET', '/api/control/equality/prevyear', CO);
    expect(prev.body.data.every((r: { original_amount: number; period_days: number }) => r.original_amount === 0 && r.period_days === 365)).toBe(true);
    expect((await api.call('GET', '/api/control/equality/lastweek', CO)).status).toBe(400);
  });
});
