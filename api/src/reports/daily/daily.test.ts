import { unzipSync } from 'fflate';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportKey, ReportSelection } from '../../contracts/reports.js';
import type { CompanyTables } from '../../db/schema.js';
import { dateInZone } from '../../ledger/business-date.js';
import { nextNumber, openPeriod } from '../../ledger/ledger.js';
import { cashLineOf, payment, receipt } from '../../testing/banking.js';
import { addTestParties } from '../../testing/parties.js';
import { answerFile, callReport, centsOf, csvRows, pdfLayoutText, renderedPages } from '../../testing/report-files.js';
import { type TestApi, startTestApi } from '../../testing/test-api.js';

let api: TestApi;
let db: Kysely<CompanyTables>;
let range: { from: string; to: string };
let cashDeposit: string;
let cardDeposit: string;
let recRef: string;
let invoiceRef: string;
let memoRef: string;

const file = async (key: ReportKey, selection: ReportSelection = {}) => {
  const res = await callReport(api, key, { ...range, ...selection });
  expect(res.status).toBe(200);
  return answerFile(res.body);
};

async function charge(recipientType: string, recipient: string, items: [string, number][], status = 'PENDING') {
  return db.transaction().execute(async (trx) => {
    const ref = await nextNumber(trx, 'CHARGE');
    const row = await trx.insertInto('charge').values({
      ref, date: range.from, payer_type: 'OWNER', entity: 'OWNSMITH', door: '101', recipient_type: recipientType, recipient, recipient_door: null,
      memo: `Charge ${ref} details`, user_id: 'TEST', status, source_ref: 'INV-77',
    }).returning('id').executeTakeFirstOrThrow();
    await trx.insertInto('charge_item').values(items.map(([description, cents]) => ({ charge_id: row.id, account_id: 'OWNFUNDS', recipient_entity: recipient, door: '101', description, amount: cents }))).execute();
    return ref;
  });
}

beforeAll(async () => {
  api = await startTestApi();
  db = api.db.company('co_demotrust');
  await addTestParties(db);
  const open = await openPeriod(db);
  const today = dateInZone();
  range = { from: open.first, to: today > open.last ? open.last : today };
  const day = open.first;
  const cash = await receipt(db, day, 'CASH', 12_050, { payer: 'Guest Cash' });
  const chq = await receipt(db, day, 'CHQ', 30_000, { payer: 'Tenant Cheque' });
  const card = await receipt(db, day, 'CARD', 45_599, { payer: 'Card guest', cardType: 'VISA' });
  await payment(db, day, 20_000, { payee: 'Sparkle Cleaning' });
  const deposit = async (ids: number[], amounts: number[]) => {
    const res = await api.call('POST', `/api/cashbook/deposit/new?date=${day}`, { body: await Promise.all(ids.map(async (id, i) => ({ id: await cashLineOf(db, id), amount: amounts[i] }))) });
    expect(res.status).toBe(200);
  };
  await deposit([cash.id, chq.id], [120.5, 300]);
  await deposit([card.id], [455.99]);
  [cashDeposit, cardDeposit] = (await db.selectFrom('deposit').select('banking_ref').orderBy('banking_ref').execute()).map((d) => d.banking_ref) as [string, string];
  // The bank statement shows the cash deposit only: the card settlement and the payment are outstanding.
  const rec = await api.call('POST', '/api/bankrec', { body: { data: [{ banking_ref: cashDeposit, amount: 420.5 }], starting: 0, balance: 420.5, control: 420.5, date: range.to } });
  expect(rec.status).toBe(200);
  recRef = (await db.selectFrom('reconciliation').select('ref').executeTakeFirstOrThrow()).ref;
  invoiceRef = await charge('BUSINESS', 'BUSINESS', [['Management fee', 5_500], ['Linen', 1_250]]);
  memoRef = await charge('SUPPLIER', 'SUPCLEAN', [['Clean after checkout', 9_900]]);
  await charge('SUPPLIER', 'SUPPLUMB', [['Tap washer', 4_000]], 'CANCELLED');
}, 60_000);
afterAll(() => api.close());

describe('Daily reports on real books', () => {
  it('Deposit Slips: one slip by number as Daily Banking prints it; the range as one PDF and a CSV of each slip totalling the deposits', async () => {
    const one = await file('depositslips', { ref: cashDeposit });
    expect(renderedPages(one.bytes)).toBe(1);
    const text = pdfLayoutText(one.bytes);
    expect(text).toContain(`Bank Deposit ${cashDeposit}`);
    expect(text).toMatch(/Cheques\s+\$300\.00/);
    expect(text).toMatch(/Deposit total\s+\$420\.50/);

    const all = await file('depositslips');
    expect(renderedPages(all.bytes)).toBe(2);
    expect(pdfLayoutText(all.bytes)).toContain(`Merchant Settlement ${cardDeposit}`);
    const csv = csvRows((await file('depositslips', { mode: 'CSV' })).bytes);
    const totals = csv.filter((r) => /^\d+ items?$/.test(r[0]!)).map((r) => centsOf(r.at(-1)!));
    const banked = await db.selectFrom('deposit').select('amount').orderBy('banking_ref').execute();
    expect(totals).toEqual(banked.map((d) => Number(d.amount)));
    expect((await callReport(api, 'depositslips', { ref: 'DEP999999' })).body).toEqual({ error: { message: 'Deposit DEP999999 not found' } });
  });

  it('Reconciliations: the COMPLETE report by number, in balance three ways; the CSV line carries the same figures', async () => {
    const one = await file('reconciliations', { ref: recRef });
    expect(renderedPages(one.bytes)).toBeGreaterThan(0);
    const text = pdfLayoutText(one.bytes);
    expect(text).toContain(`Bank Reconciliation ${recRef}`);
    expect(text).toContain('Result: IN BALANCE');
    expect(text).toMatch(/Add outstanding deposits\s+\$455\.99/);
    expect(text).toMatch(/Less unpresented payments\s+-\$200\.00/);

    const csv = csvRows((await file('reconciliations', { mode: 'CSV' })).bytes);
    expect(csv[1]!.slice(0, 1)).toEqual([recRef]);
    const [adjusted, cashbook, ledgers] = csv[1]!.slice(7, 10).map(centsOf);
    expect(adjusted).toBe(42_050 + 45_599 - 20_000);
    expect(cashbook).toBe(adjusted);
    expect(ledgers).toBe(adjusted);
    expect(csv[1]!.at(-1)).toBe('IN BALANCE');
    expect(pdfLayoutText((await file('reconciliations')).bytes)).toContain(`Bank Reconciliation ${recRef}`);
  });

  it('Invoices: an INVOICE when the business receives the charge, a MEMO otherwise; the range as a ZIP of one PDF each', async () => {
    const invoice = pdfLayoutText((await file('invoice', { ref: invoiceRef })).bytes);
    expect(invoice).toContain('INVOICE');
    expect(invoice).toContain('Jane Smith');
    expect(invoice).toMatch(/Total\s+\$67\.50/);
    expect(invoice).toContain('INV-77');
    const memo = pdfLayoutText((await file('invoice', { ref: memoRef })).bytes);
    expect(memo).toContain('MEMO');
    expect(memo).toContain('Sparkle Cleaning Co');

    const zip = unzipSync((await file('invoice', { mode: 'ZIP' })).bytes);
    const pdfs = Object.keys(zip).filter((n) => n.endsWith('.pdf')).sort();
    expect(pdfs).toContain(`Invoice-${invoiceRef}.pdf`);
    expect(pdfs).toContain(`Memo-${memoRef}.pdf`);
    expect(pdfs).toHaveLength(3);
    for (const name of pdfs) expect(renderedPages(zip[name]!)).toBe(1);
    const csv = csvRows(zip[Object.keys(zip).find((n) => n.endsWith('.csv'))!]!);
    expect(centsOf(csv.at(-1)!.at(-1)!)).toBe(5_500 + 1_250 + 9_900);
    expect(pdfLayoutText(zip[pdfs.find((n) => !n.includes(invoiceRef) && !n.includes(memoRef))!]!)).toContain('CANCELLED');
    expect((await callReport(api, 'invoice', { ref: '424242' })).body).toEqual({ error: { message: 'Invoice 424242 not found' } });
  });
});
