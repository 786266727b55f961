import { unzipSync } from 'fflate';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportKey, ReportSelection } from '../../contracts/reports.js';
import type { CompanyTables } from '../../db/schema.js';
import { openPeriod } from '../../ledger/ledger.js';
import { cashLineOf, payment, receipt } from '../../testing/banking.js';
import { addTestParties } from '../../testing/parties.js';
import { answerFile, callReport, centsOf, csvRows, pdfLayoutText, renderedPages, xlsxSheets } from '../../testing/report-files.js';
import { type TestApi, startTestApi } from '../../testing/test-api.js';

let api: TestApi;
let db: Kysely<CompanyTables>;
let range: { from: string; to: string };
let entered: { id: number; ref: string };
let reversedRef: string;
let deletedRef: string;

/** The cash book in the range: money in and out (cents), the truth the registers must tie to. */
const cashBook = async () => {
  const rows = await db.selectFrom('cashbook').select('amount').where('date', '>=', range.from).where('date', '<=', range.to).execute();
  const amounts = rows.map((r) => Number(r.amount));
  return { in: amounts.filter((a) => a > 0).reduce((a, b) => a + b, 0), out: -amounts.filter((a) => a < 0).reduce((a, b) => a + b, 0) };
};
const file = async (key: ReportKey, selection: ReportSelection = {}) => {
  const res = await callReport(api, key, { ...range, ...selection });
  expect(res.status).toBe(200);
  return answerFile(res.body);
};
/** The figure in the CSV's totals row (its last row, last column). */
const csvTotal = (rows: string[][]) => centsOf(rows.at(-1)!.at(-1)!);

beforeAll(async () => {
  api = await startTestApi();
  db = api.db.company('co_demotrust');
  await addTestParties(db);
  const open = await openPeriod(db);
  range = { from: open.first, to: open.last };
  const day = open.first;
  const cash = await receipt(db, day, 'CASH', 12_050, { payer: 'Guest Cash' });
  const chq = await receipt(db, day, 'CHQ', 30_000, { payer: 'Tenant Cheque', entity: 'OWNJONES', door: '201' });
  await receipt(db, day, 'CARD', 45_599, { payer: 'Card guest', cardType: 'VISA' });
  const posted = await api.call('POST', '/api/cashbook/receipt', { body: {
    date: day, payer_type: 'OWNER', payer_entity: 'OWNSMITH', method: 'EFT', memo: 'Owner contribution', tran_ref: 'EFT-1',
    items: [
      { selector: 'ACCOUNT', ref: 'OWNFUNDS', entity: 'OWNSMITH', door: '101', description: 'Funds for repairs', amount: 500 },
      { selector: 'ACCOUNT', ref: 'OWNFUNDS', entity: 'OWNJONES', door: '201', description: 'Share of the pool fence', amount: 125.25 },
      { selector: 'ACCOUNT', ref: 'RENT', entity: 'OWNSMITH', door: '101', description: 'Rent 03/2026', amount: 50 },
    ],
  } });
  expect(posted.status).toBe(200);
  entered = { id: posted.body.data.id, ref: posted.body.data.ref };
  const wrong = await receipt(db, day, 'EFT', 7_000, { payer: 'Entered twice' });
  const reversal = await api.call('POST', `/api/cashbook/reverse/${wrong.id}`, { body: { reason: 'Entered twice by mistake' } });
  expect(reversal.status).toBe(200);
  reversedRef = wrong.ref;
  await payment(db, day, 20_000, { payee: 'Sparkle Cleaning' });
  const last = await receipt(db, day, 'EFT', 1_000, { payer: 'Wrong payer' });
  expect((await api.call('DELETE', `/api/cashbook/${last.id}?reason=${encodeURIComponent('Keyed against the wrong payer')}`)).status).toBe(200);
  deletedRef = last.ref;
  const deposit = await api.call('POST', `/api/cashbook/deposit/new?date=${day}`, { body: [
    { id: await cashLineOf(db, cash.id), amount: 120.5 }, { id: await cashLineOf(db, chq.id), amount: 300 },
  ] });
  expect(deposit.status).toBe(200);
}, 60_000);
afterAll(() => api.close());

describe('ReceiptsAndPayments reports on real books', () => {
  it('Receipt Register: totals the cash book receipts, lists the void number CANCELLED and shows no numbers missing', async () => {
    const book = await cashBook();
    const csv = csvRows((await file('register', { mode: 'CSV' })).bytes);
    expect(csv[0]).toEqual(['Date', 'Ref', 'Type', 'Method', 'Payer', 'Details', 'Status', 'Amount']);
    expect(csvTotal(csv)).toBe(book.in);
    const cancelled = csv.find((r) => r[1] === deletedRef)!;
    expect(cancelled.slice(2)).toEqual(['CANCELLED', '', 'Wrong payer', 'Cancelled: Keyed against the wrong payer', 'Void number', '0.00']);
    expect(csv.find((r) => r[1] === reversedRef)![6]).toMatch(/^Reversed by reversal \d+$/);

    const pdf = await file('register');
    expect(renderedPages(pdf.bytes)).toBeGreaterThan(0);
    const text = pdfLayoutText(pdf.bytes);
    expect(text).toContain('Receipt Register');
    expect(text).toMatch(/Numbers missing\s+none/);
    const [sheet] = [...(await xlsxSheets((await file('register', { mode: 'XLSX' })).bytes)).values()];
    expect(Math.round(Number(sheet!.at(-1)!.at(-1)) * 100)).toBe(book.in);
  });

  it('Payment Register: totals the cash book payments, the reversed receipt among them', async () => {
    const book = await cashBook();
    const csv = csvRows((await file('payments', { mode: 'CSV' })).bytes);
    expect(csvTotal(csv)).toBe(book.out);
    expect(csv.some((r) => r[2] === 'REVERSAL' && r[6] === `Reverses receipt ${reversedRef}`)).toBe(true);
    expect(csv.some((r) => r[2] === 'PAYMENT' && r[4] === 'Sparkle Cleaning' && r[7] === '200.00')).toBe(true);
    expect(pdfLayoutText((await file('payments')).bytes)).toMatch(/Cash book payments for the range\s+\$\d/);
  });

  it('Receipt Allocation: each receipt by party, door and account; the total is the receipts', async () => {
    const receipts = await db.selectFrom('cashbook as c').innerJoin('txn as t', 't.id', 'c.txn_id').select('c.amount')
      .where('t.kind', '=', 'RECEIPT').where('t.date', '>=', range.from).where('t.date', '<=', range.to).execute();
    const total = receipts.reduce((a, r) => a + Number(r.amount), 0);
    const csv = csvRows((await file('allocations', { mode: 'CSV' })).bytes);
    expect(csvTotal(csv)).toBe(total);
    const split = csv.filter((r) => r[1] === entered.ref);
    expect(split.map((r) => [r[3], r[5], r[6], r[8]])).toEqual([['OWNSMITH', '101', 'OWNFUNDS', '500.00'], ['OWNJONES', '201', 'OWNFUNDS', '125.25'], ['OWNSMITH', '101', 'RENT', '50.00']]);
    const [sheet] = [...(await xlsxSheets((await file('allocations', { mode: 'XLSX' })).bytes)).values()];
    expect(Math.round(Number(sheet!.at(-1)!.at(-1)) * 100)).toBe(total);
  });

  it('Banking Register: the deposit with its receipts, totalling the banked amount', async () => {
    const banked = await db.selectFrom('deposit').select('amount').execute();
    const csv = csvRows((await file('banking', { mode: 'CSV' })).bytes);
    expect(csvTotal(csv)).toBe(banked.reduce((a, d) => a + Number(d.amount), 0));
    expect(csv.slice(1, -1).map((r) => r[7])).toEqual(['120.50', '300.00']);
    expect(pdfLayoutText((await file('banking')).bytes)).toMatch(/Banked in 1 deposit\s+\$420\.50/);
  });

  it('Receipt Reversals: the reversed receipt with reason and who, and the deleted number', async () => {
    const csv = csvRows((await file('reversals', { mode: 'CSV' })).bytes);
    const reversed = csv.find((r) => r[0] === reversedRef)!;
    expect(reversed[5]).toBe('Entered twice by mistake');
    expect(reversed[8]).toBe('70.00');
    const deleted = csv.find((r) => r[0] === deletedRef)!;
    expect(deleted[3]).toBe('Keyed against the wrong payer');
    const text = pdfLayoutText((await file('reversals')).bytes);
    expect(text).toContain('Deleted receipts (numbers kept void)');
  });

  it('Receipts: reprints one receipt by number as a Trust Account Receipt, a range as a ZIP of one PDF each, REVERSED marked', async () => {
    const one = await file('receipts', { ref: entered.ref });
    expect(renderedPages(one.bytes)).toBe(1);
    const text = pdfLayoutText(one.bytes);
    expect(text).toContain('Trust Account Receipt');
    expect(text).toContain(entered.ref);
    expect(text).toContain('Jane Smith');
    expect(text).toContain('Share of the pool fence (OWNJONES)');
    expect(text).toMatch(/Total\s+\$675\.25/);
    expect(text).toContain('Rent 03/2026 - rent paid to 31/03/2026');
    expect(text).toContain('Bank Transfer');
    expect(text).toContain(`Report ${one.archive_id}`);

    const reversed = pdfLayoutText((await file('receipts', { ref: reversedRef })).bytes);
    expect(reversed).toContain('REVERSED');

    const zip = await file('receipts', { mode: 'ZIP' });
    const entries = unzipSync(zip.bytes);
    const count = await db.selectFrom('txn').select((eb) => eb.fn.countAll<string>().as('n')).where('kind', '=', 'RECEIPT').executeTakeFirstOrThrow();
    const pdfs = Object.keys(entries).filter((n) => n.endsWith('.pdf'));
    expect(pdfs).toHaveLength(Number(count.n));
    expect(pdfs).toContain(`Receipt-${entered.ref}.pdf`);
    expect(renderedPages(entries[`Receipt-${entered.ref}.pdf`]!)).toBe(1);
    expect(Object.keys(entries).some((n) => n.endsWith('.csv'))).toBe(true);

    const missing = await callReport(api, 'receipts', { ref: deletedRef });
    expect(missing.body).toEqual({ error: { message: expect.stringMatching(/was deleted \(Keyed against the wrong payer\): its number is void/) } });
    expect((await callReport(api, 'receipts', { ref: '99999' })).body).toEqual({ error: { message: 'Receipt 99999 not found' } });
  });

  it('Receipt Register: names a receipt number missing from the sequence', async () => {
    // A number taken and never used (written behind the ledger's back): the register must show the gap.
    const seq = await db.selectFrom('number_sequence').select('last_value').where('kind', '=', 'RECEIPT').executeTakeFirstOrThrow();
    const skipped = Number(seq.last_value) + 1;
    await db.updateTable('number_sequence').set({ last_value: String(skipped) }).where('kind', '=', 'RECEIPT').execute();
    await receipt(db, range.from, 'EFT', 2_500, { payer: 'After the gap' });
    const text = pdfLayoutText((await file('register')).bytes);
    expect(text).toMatch(new RegExp(`Numbers missing\\s+${skipped}\\b`));
  });
});
