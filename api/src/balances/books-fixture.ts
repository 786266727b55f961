import type { Kysely } from 'kysely';
import { createCompany } from '../companies/companies.js';
import { schemaNameFor } from '../db/open.js';
import type { CompanyTables } from '../db/schema.js';
import { type PostedTxn, postTxn } from '../ledger/ledger.js';
import type { CashLine, TxnDraft, TxnKind } from '../ledger/posting-rules.js';
import { addTestParties } from '../testing/parties.js';
import type { TestApi } from '../testing/test-api.js';
import { addAdminTo } from '../testing/users.js';

type Db = Kysely<CompanyTables>;

/**
 * Test books for the balances, audit and export tests: a fresh company (open period given) with
 * the test parties, the admin given access, and a terse way to post through the ledger engine.
 */
export async function booksCompany(api: TestApi, code: string, year = 2026, month = 10): Promise<Db> {
  await createCompany(api.db, { code, companyName: `Books ${code}`, year, month });
  await addAdminTo(api.db, api.config.adminUser, code);
  const db = api.db.company(schemaNameFor(code));
  await addTestParties(db);
  return db;
}

/** A ledger line: [entity, door, account, cents]. */
export type Line = [string, string | null, string, number];

export function post(db: Db, kind: TxnKind, date: string, lines: Line[], cash: [CashLine['method'], number][] = [], extra: Partial<TxnDraft> = {}): Promise<PostedTxn> {
  const draft: TxnDraft = {
    kind,
    date,
    memo: `${kind} ${date}`,
    postings: lines.map(([entity, door, accountId, amount]) => ({ entity, door, accountId, amount, description: `${kind} line` })),
    cashbook: cash.map(([method, amount]) => ({ date, method, amount })),
    ...extra,
  };
  return db.transaction().execute((trx) => postTxn(trx, 'TESTER', draft, { allowOverdraw: kind === 'REVERSAL' }));
}

/** A reversal of a posted txn dated `date` (reverseTxn dates reversals today; tests need fixed dates). */
export async function reverseOn(db: Db, txnId: number, date: string): Promise<PostedTxn> {
  const lines = await db.selectFrom('posting').selectAll().where('txn_id', '=', String(txnId)).orderBy('id').execute();
  const cash = await db.selectFrom('cashbook').selectAll().where('txn_id', '=', String(txnId)).orderBy('id').execute();
  return post(
    db,
    'REVERSAL',
    date,
    lines.map((l): Line => [l.entity, l.door, l.account_id, -Number(l.amount)]),
    cash.map((c): [CashLine['method'], number] => [c.method as CashLine['method'], -Number(c.amount)]),
    { reversalOf: txnId, reason: 'Entered in error by the tester' },
  );
}
