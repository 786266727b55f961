import type { Kysely } from 'kysely';
import { booksCompany, post, reverseOn } from '../balances/books-fixture.js';
import { unreconciledItems } from '../bankrec/bank-items.js';
import { completeReconciliation } from '../bankrec/bankrec.js';
import { jsonb } from '../db/open.js';
import type { CompanyTables } from '../db/schema.js';
import type { TestApi } from './test-api.js';

type Db = Kysely<CompanyTables>;

export const REPORT_MONTHS = [5, 6, 7, 8, 9, 10].map((month) => ({ year: 2025, month }));
/** The reconciliation the books end with: dated here, two items left outstanding. */
export const RECONCILED_AT = '2025-09-30';

async function setPeriod(db: Db, year: number, month: number) {
  await db.updateTable('control_setting').set({ value: jsonb(month) }).where('key', '=', 'current_month').execute();
  await db.updateTable('control_setting').set({ value: jsonb(year) }).where('key', '=', 'current_year').execute();
}

/**
 * Books for the report tests: the test parties over May–October 2025 (across the 30 June
 * financial year end), each month posted through the ledger as a letting business posts it:
 * owners' room charges (EFT and cash), rent from the tenant less rent commission, letting
 * commission to the business, cleaning charged to an owner and paid to the supplier, the
 * business taking its fees, the month's disbursement to an owner, and a reversed receipt in July.
 * The bank is reconciled at 30 September with one receipt and one payment left outstanding;
 * cash receipts are never banked. The open period is left at October 2025.
 */
export async function reportBooks(api: TestApi, code: string): Promise<Db> {
  const db = await booksCompany(api, code, 2025, 5);
  for (const [i, { year, month }] of REPORT_MONTHS.entries()) {
    await setPeriod(db, year, month);
    const d = (day: number) => `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
    await post(db, 'RECEIPT', d(2), [['OWNSMITH', '101', 'ROOMCHG', 100_000 + i * 1_000], ['OWNSMITH', '102', 'ROOMCHG', 20_000]], [['EFT', 120_000 + i * 1_000]]);
    await post(db, 'RECEIPT', d(3), [['OWNJONES', '201', 'ROOMCHG', 60_000]], [['CASH', 60_000]]);
    await post(db, 'RECEIPT', d(4), [['TENBROWN', null, 'RENT', 50_000]], [['EFT', 50_000]]);
    await post(db, 'JOURNAL', d(5), [['OWNSMITH', '101', 'COMMISS', -12_000], ['BUSINESS', null, 'COMMISS', 12_000]]);
    await post(db, 'JOURNAL', d(5), [['OWNJONES', '201', 'COMMISS', -6_000], ['BUSINESS', null, 'COMMISS', 6_000]]);
    await post(db, 'JOURNAL', d(6), [['TENBROWN', null, 'RENT', -50_000], ['OWNJONES', '201', 'RENT', 46_150], ['BUSINESS', null, 'RENTCOMM', 3_850]]);
    await post(db, 'JOURNAL', d(8), [['OWNSMITH', '102', 'CLEAN', -8_500], ['SUPCLEAN', null, 'CLEAN', 8_500]]);
    await post(db, 'PAYMENT', d(10), [['SUPCLEAN', null, 'CLEAN', -8_500]], [['EFT', -8_500]]);
    await post(db, 'PAYMENT', d(12), [['BUSINESS', null, 'COMMISS', -10_000]], [['EFT', -10_000]]);
    if (month === 7) {
      const wrong = await post(db, 'RECEIPT', d(14), [['OWNJONES', '201', 'ROOMCHG', 7_700]], [['EFT', 7_700]]);
      await reverseOn(db, wrong.id, d(15));
    }
    await post(db, 'DISBURSE', d(28), [['OWNSMITH', '101', 'DISBURSE', -50_000]], [['EFT', -50_000]]);
  }
  // Reconciled at 30 September, leaving September's owner receipt and disbursement outstanding.
  const items = (await unreconciledItems(db)).filter((i) => i.date <= RECONCILED_AT && i.date !== '2025-09-02' && i.date !== '2025-09-28');
  const cents = items.reduce((a, i) => a + i.amount, 0);
  await db.transaction().execute((trx) => completeReconciliation(trx, { id: 'TESTER' }, `Books ${code}`, {
    data: items.map((i) => ({ banking_ref: i.key, amount: i.amount / 100 })), starting: 0, balance: cents / 100, control: cents / 100, date: RECONCILED_AT,
  }, '2026-01-01', { archiveReport: false }));
  return db;
}
