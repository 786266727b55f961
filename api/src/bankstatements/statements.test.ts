import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dateInZone } from '../ledger/business-date.js';
import type { CompanyTables } from '../db/schema.js';
import { openPeriod, trustBalance } from '../ledger/ledger.js';
import { cashLineOf, payment, receipt } from '../testing/banking.js';
import { addTestParties } from '../testing/parties.js';
import { type TestApi, startTestApi } from '../testing/test-api.js';
import { addDays } from '../ledger/business-date.js';

let api: TestApi;
let db: Kysely<CompanyTables>;
let day: string;
let next: string;
let today: string;
let depositRef: string;
let cardRef: string;

const dmy = (iso: string) => iso.split('-').reverse().join('/');
/** A CommBank export (newest first, as NetBank writes it). */
const cba = (rows: [string, number, string, number][]) => rows.map(([d, a, text, bal]) => `${dmy(d)},"${a >= 0 ? '+' : ''}${a.toFixed(2)}","${text}","+${bal.toFixed(2)}"`).reverse().join('\n');
const count = async () => Number((await db.selectFrom('bank_statement_line').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);

let statement: string;

beforeAll(async () => {
  api = await startTestApi();
  db = api.db.company('co_demotrust');
  await addTestParties(db);
  day = (await openPeriod(db)).first;
  next = addDays(day, 1);
  today = dateInZone();
  // The business has card surcharges to pay processor fees from.
  await receipt(db, day, 'EFT', 5_000, { entity: 'BUSINESS', door: null });
  const cash = await receipt(db, day, 'CASH', 12_550, { payer: 'Guest cash' });
  const card = await receipt(db, day, 'CARD', 45_599, { payer: 'Card guest' });
  await receipt(db, day, 'EFT', 80_000, { payer: 'J Smith rent' });
  await payment(db, next, 3_000, { payee: 'Sparkle Cleaning' });
  depositRef = (await api.call('POST', `/api/cashbook/deposit/new?date=${day}`, { body: [{ id: await cashLineOf(db, cash.id), amount: 125.5 }] })).body.ref;
  cardRef = (await api.call('POST', `/api/cashbook/deposit/new?date=${day}`, { body: [{ id: await cashLineOf(db, card.id), amount: 455.99 }] })).body.ref;
  statement = cba([
    [day, 50, 'TRANSFER BUSINESS', 50],
    [day, 800, 'DIRECT CREDIT J SMITH RENT', 850],
    [next, 125.5, `DEPOSIT ${depositRef}`, 975.5],
    [next, 446.87, 'MERCHANT SETTLEMENT VISA', 1422.37],
    [next, -30, 'SPARKLE CLEANING', 1392.37],
    [next, 314.15, 'DIRECT CREDIT UNKNOWN PAYER', 1706.52],
  ]);
});
afterAll(() => api.close());

describe('bank statements', () => {
  it('refuses a malformed file with a 400 naming the line, importing nothing', async () => {
    const broken = statement.replace(dmy(day), '32/13/2026');
    const res = await api.call('POST', '/api/bankstatements/import', { body: { name: 'cba.csv', content: broken } });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^cba\.csv: Line \d: '32\/13\/2026' is not a date\. Nothing was imported\.$/);
    expect(await count()).toBe(0);
    expect(await db.selectFrom('bank_statement').selectAll().execute()).toEqual([]);
  });

  it('imports lines once: the same file again adds nothing; the closing balance fills the statement balance', async () => {
    const first = await api.call('POST', '/api/bankstatements/import', { body: { name: 'cba.csv', content: statement } });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ format: 'CSV', lines: 6, added: 6, duplicates: 0, closing_balance: 1706.52 });
    const again = await api.call('POST', '/api/bankstatements/import', { body: { name: 'cba-again.csv', content: statement } });
    expect(again.body.data).toMatchObject({ added: 0, duplicates: 6 });
    expect(await count()).toBe(6);
    expect((await api.call('GET', '/api/bankrec/position')).body.data).toMatchObject({ statement_balance: 1706.52, statement_date: next });
  });

  it('suggests matches, confirms them in bulk (the card fee paid from the business ledger), and the reconciliation ticks them', async () => {
    const suggestions = (await api.call('GET', '/api/bankstatements/suggestions')).body.data as { lines: number[]; items: string[]; difference: number; reason: string }[];
    expect(suggestions).toHaveLength(5);
    expect(suggestions.find((s) => s.items.includes(cardRef))).toMatchObject({ difference: 9.12, reason: 'Card settlement of 1 item net of fees' });
    expect(suggestions.find((s) => s.items.includes(depositRef))!.reason).toBe(`Amount and reference ${depositRef}`);

    const business = await trustBalance(db, 'BUSINESS');
    const bulk = await api.call('POST', '/api/bankstatements/match/suggested');
    expect(bulk.body.data).toEqual({ matches: 5, fees: 1 });
    expect(await trustBalance(db, 'BUSINESS')).toBe(business - 912);

    const unmatched = (await api.call('GET', '/api/bankstatements/lines?status=unmatched')).body.data;
    expect(unmatched).toEqual([expect.objectContaining({ description: 'DIRECT CREDIT UNKNOWN PAYER', amount: 314.15, age: expect.any(Number) })]);
    expect(unmatched[0].age).toBe(Math.round((Date.parse(today) - Date.parse(next)) / 86_400_000));

    const items = (await api.call('GET', '/api/bankrec/banked')).body.data as { banking_ref: string; amount: number; matched: string | null }[];
    expect(items.every((i) => i.matched)).toBe(true);
    // Each suggestion's lines and items share one match (the matches are written in bulk).
    const lines = (await api.call('GET', '/api/bankstatements/lines')).body.data as { id: number; description: string; match_id: number | null }[];
    for (const s of suggestions) {
      const matchIds = new Set(s.lines.map((id) => lines.find((l) => l.id === id)!.match_id));
      expect(matchIds.size).toBe(1);
      const description = lines.find((l) => l.id === s.lines[0])!.description;
      for (const key of s.items.filter((k) => items.some((i) => i.banking_ref === k))) expect(items.find((i) => i.banking_ref === key)!.matched).toContain(description);
    }
    const selected = Math.round(items.reduce((a, i) => a + i.amount * 100, 0)) / 100;
    expect(selected).toBe(1392.37);
    const rec = await api.call('POST', '/api/bankrec', { body: { data: items.map((i) => ({ banking_ref: i.banking_ref, amount: i.amount })), starting: 0, balance: 1392.37, control: selected, date: today } });
    expect(rec.status).toBe(200);
    // A reconciled match is history: it cannot be undone.
    const line = (await api.call('GET', '/api/bankstatements/lines')).body.data.find((l: { description: string }) => l.description === 'SPARKLE CLEANING');
    expect((await api.call('DELETE', `/api/bankstatements/match/${line.match_id}`)).status).toBe(409);
  });

  it('matches and unmatches by hand; refuses sums that differ', async () => {
    const eft = await receipt(db, next, 'EFT', 1_000, { payer: 'Small credit' });
    const key = `CB${await cashLineOf(db, eft.id)}`;
    const unknown = (await api.call('GET', '/api/bankstatements/lines?status=unmatched')).body.data[0];
    const wrong = await api.call('POST', '/api/bankstatements/match', { body: { matches: [{ lines: [unknown.id], items: [key] }] } });
    expect(wrong.status).toBe(409);
    expect(wrong.body.message).toContain('only card settlements and OTA payouts may differ');
  });

  it('undoing a card settlement match reverses the fee it paid, so matching again pays it once', async () => {
    const card = await receipt(db, next, 'CARD', 20_000, { payer: 'Second card guest' });
    const ref = (await api.call('POST', `/api/cashbook/deposit/new?date=${next}`, { body: [{ id: await cashLineOf(db, card.id), amount: 200 }] })).body.ref;
    const imported = await api.call('POST', '/api/bankstatements/import', { body: { name: 'cba-card.csv', content: cba([[next, 197, 'MERCHANT SETTLEMENT MASTERCARD', 197]]) } });
    expect(imported.body.data).toMatchObject({ added: 1 });
    const line = (await api.call('GET', '/api/bankstatements/lines?status=unmatched')).body.data.find((l: { description: string }) => l.description === 'MERCHANT SETTLEMENT MASTERCARD');
    const business = await trustBalance(db, 'BUSINESS');
    const matchByHand = () => api.call('POST', '/api/bankstatements/match', { body: { matches: [{ lines: [line.id], items: [ref] }] } });

    expect((await matchByHand()).body.data).toEqual({ matches: 1, fees: 1 });
    expect(await trustBalance(db, 'BUSINESS')).toBe(business - 300);
    const matchId = (await api.call('GET', '/api/bankstatements/lines')).body.data.find((l: { id: number }) => l.id === line.id).match_id;
    const undone = await api.call('DELETE', `/api/bankstatements/match/${matchId}`);
    expect(undone.status).toBe(200);
    expect(undone.body.data.reversed).toHaveLength(1);
    expect(await trustBalance(db, 'BUSINESS')).toBe(business);

    expect((await matchByHand()).body.data).toEqual({ matches: 1, fees: 1 });
    expect(await trustBalance(db, 'BUSINESS')).toBe(business - 300);
  });

  it('suggests an OTA payout net of commission for its booking receipts, and confirming it pays the commission from the business ledger', async () => {
    const a = await receipt(db, day, 'EFT', 40_000, { payer: 'Guest A (Airbnb)', source: 'BKG' });
    const b = await receipt(db, day, 'EFT', 20_000, { payer: 'Guest B (Airbnb)', source: 'BKG' });
    const keys = [`CB${await cashLineOf(db, a.id)}`, `CB${await cashLineOf(db, b.id)}`];
    // 15% of 600.00 withheld: 510.00 paid out.
    const imported = await api.call('POST', '/api/bankstatements/import', { body: { name: 'cba-airbnb.csv', content: cba([[next, 510, 'AIRBNB PAYMENTS UK LTD', 510]]) } });
    expect(imported.body.data).toMatchObject({ added: 1 });
    const line = (await api.call('GET', '/api/bankstatements/lines?status=unmatched')).body.data.find((l: { description: string }) => l.description.startsWith('AIRBNB'));
    const suggestion = (await api.call('GET', '/api/bankstatements/suggestions')).body.data.find((s: { lines: number[] }) => s.lines.includes(line.id));
    expect(suggestion).toEqual({ lines: [line.id], items: keys, difference: 90, reason: 'AIRBNB payout of 2 booking receipts net of commission' });

    // The same shortfall against receipts that are not a booking's is refused.
    const direct = await receipt(db, day, 'EFT', 60_000, { payer: 'Direct transfer' });
    const refused = await api.call('POST', '/api/bankstatements/match', { body: { matches: [{ lines: [line.id], items: [`CB${await cashLineOf(db, direct.id)}`] }] } });
    expect(refused.status).toBe(409);

    // The business ledger has its commission income to pay the OTA's commission from.
    await receipt(db, day, 'EFT', 10_000, { entity: 'BUSINESS', door: null, payer: 'Commission income' });
    const business = await trustBalance(db, 'BUSINESS');
    const confirmed = await api.call('POST', '/api/bankstatements/match', { body: { matches: [{ lines: suggestion.lines, items: suggestion.items }] } });
    expect(confirmed.body.data).toEqual({ matches: 1, fees: 1 });
    expect(await trustBalance(db, 'BUSINESS')).toBe(business - 9_000);
    const fee = await db.selectFrom('txn').select(['memo', 'kind']).where('source', '=', 'BANKREC').where('memo', 'like', 'AIRBNB commission%').executeTakeFirstOrThrow();
    expect(fee).toEqual({ kind: 'PAYMENT', memo: `AIRBNB commission withheld from payout of ${a.ref}, ${b.ref}` });
    // The match's items and its one line now agree: the receipts and the commission paid total the payout.
    const matched = (await api.call('GET', '/api/bankrec/banked')).body.data.filter((i: { matched: string | null }) => i.matched?.includes('AIRBNB'));
    expect(matched).toHaveLength(3);
    expect(Math.round(matched.reduce((t: number, i: { amount: number }) => t + i.amount * 100, 0))).toBe(51_000);
  });

  /** SUSPENSE as the trial balance, the parties' balance totals (type UNALLOC) and its own balance show it, in dollars. */
  const suspenseShown = async () => {
    const tb = (await api.call('GET', `/api/ledger/trialbalance?date=${next}`)).body.data as { rows: { code: string; account: string; balance: number }[]; ledgers: number; cashbook: number };
    const summary = (await api.call('GET', `/api/ledger/summary?type=UNALLOC&from=${day}&to=${next}`)).body.data as { rows: { code?: string; balance: number }[] };
    return {
      trial: tb.rows.filter((r) => r.code === 'SUSPENSE').map((r) => [r.account, r.balance]),
      balanced: tb.ledgers === tb.cashbook,
      summary: summary.rows.find((r) => r.code === 'SUSPENSE')?.balance,
      party: (await api.call('GET', '/api/entity/balance/SUSPENSE')).body.data.ledger,
    };
  };

  it('receipts an unidentified deposit to SUSPENSE, shown by the audit with its age, the trial balance and the parties’ balances, and cleared by a journal to the owner', async () => {
    const unknown = (await api.call('GET', '/api/bankstatements/lines?status=unmatched')).body.data[0];
    const moved = await api.call('POST', `/api/bankstatements/line/${unknown.id}/suspense`, { body: {} });
    expect(moved.status).toBe(200);
    expect(await trustBalance(db, 'SUSPENSE')).toBe(31_415);
    expect(await suspenseShown()).toEqual({ trial: [['SUSPENSE', 314.15]], balanced: true, summary: 314.15, party: 314.15 });
    expect((await api.call('GET', '/api/bankstatements/lines?status=unmatched')).body.data).toEqual([]);
    expect((await api.call('POST', `/api/bankstatements/line/${unknown.id}/suspense`, { body: {} })).status).toBe(409);

    const audit = await api.call('GET', '/api/control/audit?full=true');
    expect(audit.status).toBe(200);
    const task = (await api.call('GET', '/api/task')).body.data.find((t: { description: string }) => t.description.includes('SUSPENSE'));
    expect(task).toBeTruthy();

    const journal = await api.call('POST', '/api/journal', {
      body: { date: next, memo: 'Identified: owner Smith', items: [
        { entity: 'SUSPENSE', door: null, account_id: 'SUSPENSE', description: 'Identified', debit: 314.15, credit: 0 },
        { entity: 'OWNSMITH', door: '101', account_id: 'OWNFUNDS', description: 'Rent identified', debit: 0, credit: 314.15 },
      ] },
    });
    expect(journal.status).toBe(200);
    expect(await trustBalance(db, 'SUSPENSE')).toBe(0);
    // The trial balance leaves a ledger of zero out; the parties' balances still list SUSPENSE, at zero.
    expect(await suspenseShown()).toEqual({ trial: [], balanced: true, summary: 0, party: 0 });
  });
});
