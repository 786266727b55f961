import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runChecks } from '../audit/checks.js';
import { threeWayBalance } from '../balances/dashboard.js';
import type { CompanyTables } from '../db/schema.js';
import { type TestApi, startTestApi } from '../testing/test-api.js';
import { type DemoBankingSummary, bankAndReconcileDemo } from './bank-statements.js';
import { DEMO_BOOKS, postDemoBooks } from './books.js';
import { DEMO_COMPANY } from './first-start.js';
import { DEFAULT_TIME_ZONE, dateInZone } from '../ledger/business-date.js';
import { addDays } from '../ledger/business-date.js';

/** The demo bank side on two months of demo books, made through daily banking, reconciliation and statement import. */
let api: TestApi;
let db: Kysely<CompanyTables>;
let summary: DemoBankingSummary;
const now = new Date();
const today = dateInZone(DEFAULT_TIME_ZONE, now);

beforeAll(async () => {
  api = await startTestApi();
  db = api.db.company('co_demotrust');
  // Books with this month's guest receipts typed (no booking system), so this month has receipts to bank; start.test.ts has the demo's own.
  await postDemoBooks(db, { ...DEMO_BOOKS, bookingsSynced: false, months: 2, owners: 8, units: 16, tenants: 2, userId: 'ADMIN', companyCode: DEMO_COMPANY.code, companyName: DEMO_COMPANY.name, today: now });
  summary = await bankAndReconcileDemo(db, today, { id: 'ADMIN' }, { code: DEMO_COMPANY.code, name: DEMO_COMPANY.name });
}, 300_000);
afterAll(() => api?.close());

const cents = (rows: { amount: string }[]) => rows.reduce((sum, r) => sum + Number(r.amount), 0);

describe('demo bank side', () => {
  it('banks cash, cheques and cards up to two days ago, leaving the last days for Daily Banking', async () => {
    expect(summary.deposits).toBeGreaterThan(10);
    expect(cents(await db.selectFrom('deposit').select('amount').execute())).toBe(cents(await db.selectFrom('deposit_item as d').innerJoin('cashbook as c', 'c.id', 'd.cashbook_id').select('c.amount').execute()));
    const last = (await db.selectFrom('cashbook').select((eb) => eb.fn.max('date').as('d')).where('amount', '>', '0').where('method', 'in', ['CASH', 'CHQ', 'CARD']).executeTakeFirstOrThrow()).d as string;
    const unbanked = [...(await api.call('GET', '/api/cashbook/unbanked/CARD')).body.data, ...(await api.call('GET', '/api/cashbook/unbanked/CASH')).body.data] as { date: string }[];
    expect(unbanked.length).toBeGreaterThan(0);
    expect(unbanked.every((u) => u.date > addDays(last, -2))).toBe(true);
  });

  it('reconciles every month end before this month, each starting where the last ended', async () => {
    const recs = await db.selectFrom('reconciliation').selectAll().orderBy('date').execute();
    expect(recs.length).toBe(summary.reconciliations);
    for (const [k, rec] of recs.entries()) if (k > 0) expect(rec.starting_balance).toBe(recs[k - 1]!.ending_balance);
    const history = (await api.call('GET', '/api/bankrec/list')).body.data as { allow_delete: boolean }[];
    expect(history.filter((h) => h.allow_delete)).toHaveLength(1);
  });

  it('imports this month’s statement with matched and unmatched lines, and keeps the three-way reconciliation in balance', async () => {
    const lines = (await api.call('GET', '/api/bankstatements/lines')).body.data as { match_id: number | null; description: string }[];
    expect(lines.length).toBe(summary.statementLines);
    expect(lines.some((l) => l.match_id)).toBe(summary.matched > 0);
    expect(lines.find((l) => l.description.includes('UNKNOWN PAYER'))!.match_id).toBeNull();
    const threeWay = await threeWayBalance(db, today);
    expect(threeWay.zeroBalance).toBe(true);
    const { findings } = await runChecks(db, today, { full: true });
    expect(findings.filter((f) => f.type === 'INBALANCE')).toEqual([]);
  });

  it('ships the whole month as a sample statement: importing it adds only the last days\' lines, which the matcher suggests, and its closing balance fills the statement balance', async () => {
    const sample = (await api.call('GET', '/api/bankstatements/sample')).body.data as { name: string; content: string };
    expect(sample.name).toBe(`CommBank ${today.slice(0, 7)}.csv`);
    const held = summary.statementLines;
    const imported = await api.call('POST', '/api/bankstatements/import', { body: sample });
    expect(imported.status).toBe(200);
    expect(imported.body.data.duplicates).toBe(held);
    expect(imported.body.data.added).toBe(sample.content.split('\n').length - held);
    const position = (await api.call('GET', '/api/bankrec/position')).body.data as { statement_balance: number };
    expect(position.statement_balance).toBe(imported.body.data.closing_balance);
    if (imported.body.data.added) expect(imported.body.data.suggestions).toBeGreaterThan(0);
    const again = await api.call('POST', '/api/bankstatements/import', { body: sample });
    expect(again.body.data.added).toBe(0);

    // What a newcomer does next: accept the suggestions, the unidentified deposit to suspense; then the ticked items balance to the cent.
    expect((await api.call('POST', '/api/bankstatements/match/suggested')).status).toBe(200);
    const unknown = ((await api.call('GET', '/api/bankstatements/lines?status=unmatched')).body.data as { id: number; description: string }[]);
    expect(unknown.map((l) => l.description)).toEqual(['DIRECT CREDIT UNKNOWN PAYER 884210']);
    expect((await api.call('POST', `/api/bankstatements/line/${unknown[0]!.id}/suspense`, { body: {} })).status).toBe(200);
    const items = (await api.call('GET', '/api/bankrec/banked')).body.data as { matched: string | null; amount: number }[];
    const ticked = items.filter((i) => i.matched).reduce((a, i) => a + Math.round(i.amount * 100), 0);
    const { bank_balance } = (await api.call('GET', '/api/bankrec/position')).body.data as { bank_balance: number };
    expect(Math.round(bank_balance * 100) + ticked).toBe(Math.round(position.statement_balance * 100));
  });
});
