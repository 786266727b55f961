import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dateInZone } from '../ledger/business-date.js';
import type { CompanyTables } from '../db/schema.js';
import { openPeriod } from '../ledger/ledger.js';
import { trustPosition } from '../ledger/trust-position.js';
import { cashLineOf, payment, pdfStrings, receipt } from '../testing/banking.js';
import { addTestParties } from '../testing/parties.js';
import { type TestApi, startTestApi } from '../testing/test-api.js';

let api: TestApi;
let db: Kysely<CompanyTables>;
let day: string;
let today: string;

const state = async () => ({
  recs: await db.selectFrom('reconciliation').select(['ref', 'date', 'starting_balance', 'ending_balance']).orderBy('id').execute(),
  items: (await db.selectFrom('reconcile_item').select(['cashbook_id', 'reconciliation_id']).orderBy('cashbook_id').execute()).map((r) => `${r.cashbook_id}:${r.reconciliation_id}`),
  seq: (await db.selectFrom('number_sequence').select('last_value').where('kind', '=', 'RECONCILE').executeTakeFirstOrThrow()).last_value,
});

const items = async () => (await api.call('GET', '/api/bankrec/banked')).body.data as { banking_ref: string; amount: number; type: string; date: string }[];
const position = async () => (await api.call('GET', '/api/bankrec/position')).body.data as { bank_balance: number; last_reconcile_date: string | null };
/** GET /api/control/info and GET /api/control agree on where the bank stands. */
const controlInfo = async () => {
  const [info, record] = await Promise.all([api.call('GET', '/api/control/info'), api.call('GET', '/api/control')]);
  expect({ bank_balance: record.body.data.bank_balance, last_reconcile_date: record.body.data.last_reconcile_date })
    .toEqual({ bank_balance: info.body.data.bank_balance, last_reconcile_date: info.body.data.last_reconcile_date });
  return info.body.data as { bank_balance: number | null; last_reconcile_date: string | null };
};
const submit = (picked: { banking_ref: string; amount: number }[], balance: number, starting: number, date = today) =>
  api.call('POST', '/api/bankrec', { body: { data: picked.map((p) => ({ banking_ref: p.banking_ref, amount: p.amount })), starting, balance, control: Math.round(picked.reduce((a, p) => a + p.amount * 100, 0)) / 100, date } });

beforeAll(async () => {
  api = await startTestApi();
  db = api.db.company('co_demotrust');
  await addTestParties(db);
  day = (await openPeriod(db)).first;
  today = dateInZone();
  const c1 = await receipt(db, day, 'CASH', 10_000);
  const c2 = await receipt(db, day, 'CHQ', 2_550);
  await receipt(db, day, 'CASH', 777); // stays unbanked: an outstanding deposit in the report
  await receipt(db, day, 'EFT', 50_000, { payer: 'Direct credit' });
  await payment(db, day, 3_000, { payee: 'Cleaner' });
  const dep = await api.call('POST', `/api/cashbook/deposit/new?date=${day}`, { body: [{ id: await cashLineOf(db, c1.id), amount: 100 }, { id: await cashLineOf(db, c2.id), amount: 25.5 }] });
  expect(dep.status).toBe(200);
});
afterAll(() => api.close());

describe('bank reconciliation', () => {
  it('lists deposits and lone cash lines as bank items, not receipts waiting to be banked', async () => {
    const list = await items();
    expect(list.map((i) => [i.type, i.amount]).sort()).toEqual([['DEPOSIT', 125.5], ['PAYMENT', -30], ['RECEIPT', 500]]);
    expect(await position()).toMatchObject({ bank_balance: 0, last_reconcile_date: null });
  });

  it('refuses a statement balance that is off by a cent, writing nothing', async () => {
    const before = await state();
    const list = await items();
    const refused = await submit(list, 595.49, 0);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('The statement balance does not equal the bank balance plus the selected items');
    expect((await submit(list, 595.5, 12)).status).toBe(409);
    expect((await api.call('POST', '/api/bankrec', { body: { data: [], starting: 0, balance: 'x', control: 0, date: today } })).status).toBe(400);
    expect(await state()).toEqual(before);
  });

  it('completes to the cent; after it, statement balance + unreconciled items = cash book; then the history, the report, and the delete that restores the state', async () => {
    const before = await state();
    const list = await items();
    const picked = list.filter((i) => i.type !== 'PAYMENT'); // the payment is unpresented
    const done = await submit(picked, 625.5, 0);
    expect(done.status).toBe(200);
    const ref = done.body.ref as string;
    expect((await items()).map((i) => i.type)).toEqual(['PAYMENT']);
    expect(await position()).toMatchObject({ bank_balance: 625.5, last_reconcile_date: today });
    expect(await controlInfo()).toMatchObject({ bank_balance: 625.5, last_reconcile_date: today });

    const open = await db.selectFrom('cashbook').select((eb) => eb.fn.sum<string>('amount').as('s')).where((eb) => eb.not(eb.exists(eb.selectFrom('reconcile_item as r').select('r.cashbook_id').whereRef('r.cashbook_id', '=', 'cashbook.id')))).executeTakeFirstOrThrow();
    expect(62_550 + Number(open.s)).toBe((await trustPosition(db)).cashbook);

    // A reconciled item can be neither unbanked nor reversed.
    const deposit = (await api.call('GET', `/api/cashbook/banking?from=${day}&to=${today}`)).body.data[0];
    expect(deposit).toMatchObject({ reconciled: true, reconcile_ref: ref });
    expect((await api.call('DELETE', `/api/cashbook/deposit/delete/${deposit.banking_ref}`)).status).toBe(409);

    const history = await api.call('GET', `/api/bankrec/list?from=${day}&to=${today}`);
    expect(history.body.data).toEqual([{ id: done.body.data.id, ref, date: today, starting_balance: 0, ending_balance: 625.5, amount: 625.5, allow_delete: true }]);

    const pdf = await api.app.request(`/api/bankrec/report/${done.body.data.id}`, { headers: { Authorization: `Bearer ${await api.signIn()}`, 'X-Database': 'DEMOTRUST' } });
    const text = pdfStrings(new Uint8Array(await pdf.arrayBuffer()));
    expect(text).toContain(`Bank Reconciliation ${ref}`);
    expect(text).toContain('Result: IN BALANCE');
    expect(text).toContain('Cleaner');
    expect(text).toContain('$7.77'); // the unbanked cash receipt is an outstanding deposit

    const second = await submit(await items(), 595.5, 625.5);
    expect(second.status).toBe(200);
    const listed = (await api.call('GET', `/api/bankrec/list?from=${day}&to=${today}`)).body.data;
    expect(listed.map((r: { allow_delete: boolean }) => r.allow_delete)).toEqual([true, false]);
    expect((await api.call('DELETE', `/api/bankrec/${done.body.data.id}`)).status).toBe(409);
    expect(await controlInfo()).toMatchObject({ bank_balance: 595.5, last_reconcile_date: today });
    expect((await api.call('DELETE', `/api/bankrec/${second.body.data.id}`)).status).toBe(200);
    expect(await controlInfo()).toMatchObject({ bank_balance: 625.5, last_reconcile_date: today });
    expect((await api.call('DELETE', `/api/bankrec/${done.body.data.id}`)).status).toBe(200);
    expect(await state()).toEqual(before);
    // No reconciliation left: the control record shows none again, not a made-up zero.
    expect(await controlInfo()).toMatchObject({ bank_balance: null, last_reconcile_date: null });
    expect((await api.call('PUT', '/api/control/bank_balance_cents', { body: { value: 1 } })).status).toBe(400);
  });

  it('an adjustment posts two balancing transactions through the ledger: one ticked now, the other left until corrected', async () => {
    const cashBefore = (await trustPosition(db)).cashbook;
    const bad = await api.call('POST', '/api/bankrec/adjustment', { body: { date: today, amount: 0, detail: '' } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('Amount is Required');
    expect(JSON.stringify(bad.body)).toContain('Details Required');
    const adj = await api.call('POST', '/api/bankrec/adjustment', { body: { date: today, amount: -4.5, detail: 'Bank fee not yet identified' } });
    expect(adj.status).toBe(200);
    const list = await items();
    const tick = list.find((i) => i.banking_ref === adj.body.in)!;
    const other = list.find((i) => i.banking_ref === adj.body.out)!;
    expect([tick.amount, other.amount, tick.type]).toEqual([-4.5, 4.5, 'ADJUSTMENT']);
    expect((await trustPosition(db)).cashbook).toBe(cashBefore);
    const withTick = list.filter((i) => i.banking_ref !== adj.body.out);
    const done = await submit(withTick, Math.round(withTick.reduce((a, i) => a + i.amount * 100, 0)) / 100, 0);
    expect(done.status).toBe(200);
    expect((await items()).map((i) => i.banking_ref)).toEqual([adj.body.out]);
  });

  it('answers a month\'s deposits and reconciliations by ref for the Daily reports; a month outside answers none', async () => {
    const [y, m] = day.split('-').map(Number);
    const deposits = await api.call('GET', `/api/bankrec/depositrange?year=${y}&month=${m}`);
    expect(deposits.status).toBe(200);
    expect(deposits.body.data).toEqual([{ ref: expect.stringMatching(/^DEP\d+$/), id: expect.stringMatching(/^DEP\d+$/), date: day, amount: 125.5 }]);
    const [ty, tm] = today.split('-').map(Number);
    const recs = (await api.call('GET', `/api/bankrec/reconcilerange?year=${ty}&month=${tm}`)).body.data;
    const history = (await api.call('GET', `/api/bankrec/list?from=${today}&to=${today}`)).body.data as { id: number; ref: string; amount: number }[];
    expect(recs).toEqual(history.map((h) => ({ ref: h.ref, id: h.id, date: today, amount: h.amount })).reverse());
    expect((await api.call('GET', `/api/bankrec/depositrange?year=${y! - 1}&month=${m}`)).body.data).toEqual([]);
    const bad = await api.call('GET', '/api/bankrec/reconcilerange?year=2026&month=13');
    expect(bad.status).toBe(400);
    expect((await api.call('GET', '/api/bankrec/depositrange?month=1')).status).toBe(400);
  });
});
