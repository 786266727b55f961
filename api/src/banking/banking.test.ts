import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyTables } from '../db/schema.js';
import { openPeriod } from '../ledger/ledger.js';
import { reverseTxn } from '../ledger/reversal.js';
import { cashLineOf, pdfStrings, receipt } from '../testing/banking.js';
import { addTestParties } from '../testing/parties.js';
import { type TestApi, startTestApi } from '../testing/test-api.js';

let api: TestApi;
let db: Kysely<CompanyTables>;
let day: string;
let cash1: number;
let chq: number;
let card: number;
let eft: number;
let reversed: number;

beforeAll(async () => {
  api = await startTestApi();
  db = api.db.company('co_demotrust');
  await addTestParties(db);
  day = (await openPeriod(db)).first;
  cash1 = (await receipt(db, day, 'CASH', 12_050, { payer: 'Guest Cash' })).id;
  chq = (await receipt(db, day, 'CHQ', 30_000, { payer: 'Tenant Cheque' })).id;
  card = (await receipt(db, day, 'CARD', 45_599, { payer: 'Card guest', cardType: 'VISA' })).id;
  eft = (await receipt(db, day, 'EFT', 99_900)).id;
  reversed = (await receipt(db, day, 'CASH', 500, { payer: 'Mistake' })).id;
  await db.transaction().execute((trx) => reverseTxn(trx, 'TEST', reversed, 'entered twice'));
});
afterAll(() => api.close());

describe('daily banking', () => {
  it('lists unbanked receipts by banking type: cash and cheques, or cards; never EFT or reversed receipts', async () => {
    const cash = await api.call('GET', '/api/cashbook/unbanked/CASH');
    expect(cash.status).toBe(200);
    expect(cash.body.data.map((r: { amount: number }) => r.amount)).toEqual([120.5, 300]);
    expect(cash.body.data[0]).toMatchObject({ id: await cashLineOf(db, cash1), method: 'CASH', description: 'Guest Cash' });
    const cards = await api.call('GET', '/api/cashbook/unbanked/card');
    expect(cards.body.data).toEqual([expect.objectContaining({ amount: 455.99, method: 'CARD', card_type: 'VISA' })]);
    expect((await api.call('GET', '/api/cashbook/unbanked/EFT')).status).toBe(400);
  });

  it('validates the deposit: date required, at least one item, amounts as shown, one banking type', async () => {
    const id = await cashLineOf(db, cash1);
    const noDate = await api.call('POST', '/api/cashbook/deposit/new', { body: [{ id, amount: 120.5 }] });
    expect(noDate.status).toBe(400);
    expect(JSON.stringify(noDate.body)).toContain('Date must be entered');
    const none = await api.call('POST', `/api/cashbook/deposit/new?date=${day}`, { body: [] });
    expect(none.status).toBe(400);
    expect(JSON.stringify(none.body)).toContain('Select at least one item to bank');
    const stale = await api.call('POST', `/api/cashbook/deposit/new?date=${day}`, { body: [{ id, amount: 120.49 }] });
    expect(stale.status).toBe(409);
    const mixed = await api.call('POST', `/api/cashbook/deposit/new?date=${day}`, { body: [{ id, amount: 120.5 }, { id: await cashLineOf(db, card), amount: 455.99 }] });
    expect(mixed.status).toBe(400);
    const eftLine = await api.call('POST', `/api/cashbook/deposit/new?date=${day}`, { body: [{ id: await cashLineOf(db, eft), amount: 999 }] });
    expect(eftLine.status).toBe(400);
    expect(await db.selectFrom('deposit').selectAll().execute()).toEqual([]);
  });

  it('creates a deposit with its slip, lists it in Banking Review, and deletes it again', async () => {
    const items = [{ id: await cashLineOf(db, cash1), amount: 120.5 }, { id: await cashLineOf(db, chq), amount: 300 }];
    const created = await api.call('POST', `/api/cashbook/deposit/new?date=${day}`, { body: items });
    expect(created.status).toBe(200);
    const ref = created.body.ref as string;
    expect(created.body.message).toBe(`Deposit ${ref} created!`);
    expect(created.body.data.amount).toBe(420.5);
    expect((await api.call('GET', '/api/cashbook/unbanked/CASH')).body.data).toEqual([]);
    // Banking the same receipt twice is refused.
    expect((await api.call('POST', `/api/cashbook/deposit/new?date=${day}`, { body: items.slice(0, 1) })).status).toBe(409);

    const review = await api.call('GET', `/api/cashbook/banking?from=${day}&to=${day}`);
    expect(review.body.data).toEqual([{ banking_ref: ref, deposit_date: day, method: 'CASH/CHQ', reconciled: false, reconcile_ref: null, amount: 420.5 }]);

    const slip = await api.app.request(`/api/cashbook/deposit/slip/${ref}`, { headers: { Authorization: `Bearer ${await api.signIn()}`, 'X-Database': 'DEMOTRUST' } });
    expect(slip.headers.get('content-type')).toBe('application/pdf');
    const text = pdfStrings(new Uint8Array(await slip.arrayBuffer()));
    expect(text).toContain(`Bank Deposit ${ref}`);
    expect(text).toContain('Guest Cash');
    expect(text).toContain('$420.50');
    expect(await db.selectFrom('archive').select('blob_id').where('blob_id', '=', `Deposit slip ${ref}.pdf`).execute()).toHaveLength(1);

    const deleted = await api.call('DELETE', `/api/cashbook/deposit/delete/${ref}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.updated).toBe(true);
    expect((await api.call('GET', '/api/cashbook/unbanked/CASH')).body.data).toHaveLength(2);
    expect((await api.call('DELETE', `/api/cashbook/deposit/delete/${ref}`)).status).toBe(404);
  });

  it('a reconciled deposit cannot be deleted', async () => {
    const created = await api.call('POST', `/api/cashbook/deposit/new?date=${day}`, { body: [{ id: await cashLineOf(db, card), amount: 455.99 }] });
    const ref = created.body.ref as string;
    const rec = await db.insertInto('reconciliation').values({ ref: 'RECTEST', date: day, starting_balance: '0', ending_balance: '45599', user_id: 'TEST' }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('reconcile_item').values({ cashbook_id: String(await cashLineOf(db, card)), reconciliation_id: rec.id }).execute();
    const refused = await api.call('DELETE', `/api/cashbook/deposit/delete/${ref}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('reconciled');
    const review = await api.call('GET', `/api/cashbook/banking?from=${day}&to=${day}`);
    expect(review.body.data[0]).toMatchObject({ banking_ref: ref, reconciled: true, reconcile_ref: 'RECTEST', method: 'CARD' });
    await db.deleteFrom('reconcile_item').execute();
    await db.deleteFrom('reconciliation').execute();
  });

  it('needs p_fn_bank', async () => {
    expect((await api.call('GET', '/api/cashbook/unbanked/CASH', { token: null })).status).toBe(401);
  });
});
