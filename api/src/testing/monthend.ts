import type { Kysely } from 'kysely';
import { createCompany } from '../companies/companies.js';
import { schemaNameFor } from '../db/open.js';
import type { Database } from '../db/open.js';
import type { CompanyTables } from '../db/schema.js';
import { postTxn } from '../ledger/ledger.js';
import { addTestParties } from './parties.js';
import { addAdminTo } from './users.js';

type Db = Kysely<CompanyTables>;

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A company ready for month end: the test parties, the trust account's ABA settings, funds
 * received in the open month (today's month) and one pending charge month end releases.
 */
export async function monthEndCompany(db: Database, code: string, adminUser: string, now = new Date()): Promise<Db> {
  await createCompany(db, {
    code, companyName: 'Seaside Lettings', year: now.getFullYear(), month: now.getMonth() + 1,
    settings: { bank_code: 'CBA', bank_account_name: 'Seaside Trust Account', bank_bsb: '062-000', bank_account_number: '12345678', bank_account_id: '301500' },
  });
  await addAdminTo(db, adminUser, code);
  const books = db.company(schemaNameFor(code));
  await addTestParties(books);
  const today = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(Math.min(now.getDate(), 28))}`;
  const funds: [string, string | null, number][] = [
    ['OWNSMITH', '101', 100_000], ['OWNSMITH', '102', 50_000], ['OWNJONES', '201', 30_000], ['SUPCLEAN', null, 20_000], ['SUPPLUMB', null, 15_000],
  ];
  await receiveGuestPayments(books, today, funds);
  const charge = await books.insertInto('charge').values({
    ref: 'MEC1', date: today, payer_type: 'OWNER', entity: 'OWNSMITH', door: '101', recipient_type: 'SUPPLIER', recipient: 'SUPCLEAN', memo: 'Cleaning', user_id: 'TEST',
  }).returning('id').executeTakeFirstOrThrow();
  await books.insertInto('charge_item').values({ charge_id: charge.id, account_id: 'OWNFUNDS', recipient_entity: 'SUPCLEAN', door: null, amount: 12_500, description: 'Cleaning' }).execute();
  return books;
}

/** Guest payments by EFT into the parties' funds, one receipt each: [entity, door, cents]. */
export async function receiveGuestPayments(books: Db, date: string, funds: readonly (readonly [string, string | null, number])[]): Promise<void> {
  for (const [entity, door, cents] of funds) {
    await books.transaction().execute((trx) => postTxn(trx, 'TEST', {
      kind: 'RECEIPT', date, memo: 'Guest payment', postings: [{ entity, door, accountId: 'OWNFUNDS', amount: cents, description: 'Room charges' }],
      cashbook: [{ date, method: 'EFT', amount: cents, payer: 'A Guest' }],
    }));
  }
}
