import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyTables } from '../db/schema.js';
import { addDays } from '../ledger/business-date.js';
import { openPeriod } from '../ledger/ledger.js';
import { reverseTxn } from '../ledger/reversal.js';
import { cashLineOf, payment, receipt } from '../testing/banking.js';
import { addTestParties } from '../testing/parties.js';
import { type TestApi, startTestApi } from '../testing/test-api.js';
import { lineKey, unreconciledItems } from './bank-items.js';

let api: TestApi;
let db: Kysely<CompanyTables>;
let first: string;
let second: string;
const key: Record<string, string> = {};

/**
 * Issue 11 rewrote the lines query (reversals joined once instead of looked up per line, sorted by
 * the database): these books pin down which cash lines are bank items, their order, and that a
 * period filter narrows the list while the unfiltered list keeps items of every date.
 */
beforeAll(async () => {
  api = await startTestApi();
  db = api.db.company('co_demotrust');
  await addTestParties(db);
  first = (await openPeriod(db)).first;
  second = addDays(first, 1);
  const line = async (name: string, posted: Promise<{ id: number }>) => {
    key[name] = lineKey(await cashLineOf(db, (await posted).id));
  };
  await line('eft1', receipt(db, first, 'EFT', 20_000, { payer: 'Direct credit' }));
  await line('cash1', receipt(db, first, 'CASH', 5_000));
  await line('reversedCash', receipt(db, first, 'CASH', 700));
  await line('booking2', receipt(db, second, 'EFT', 9_900, { source: 'BKG', payer: 'Guest' }));
  await line('card2', receipt(db, second, 'CARD', 3_300));
  await line('payment2', payment(db, second, 1_000, { payee: 'Plumber' }));
  const reversed = await db.selectFrom('cashbook').select('txn_id').where('id', '=', key.reversedCash!.slice(2)).executeTakeFirstOrThrow();
  const reversal = await db.transaction().execute((trx) => reverseTxn(trx, 'TEST', Number(reversed.txn_id), 'Entered twice by mistake', second));
  key.reversal2 = lineKey(await cashLineOf(db, reversal.id));
});
afterAll(() => api.close());

describe('unreconciled bank items', () => {
  it('lists EFT receipts, payments, reversed receipts and their reversals oldest first, not receipts waiting for a deposit', async () => {
    const items = await unreconciledItems(db);
    expect(items.map((i) => [i.key, i.date, i.amount, i.contra, i.booking])).toEqual([
      [key.eft1, first, 20_000, false, false],
      [key.reversedCash, first, 700, true, false],
      [key.booking2, second, 9_900, false, true],
      [key.payment2, second, -1_000, false, false],
      [key.reversal2, second, -700, true, false],
    ]);
    expect(items.map((i) => i.key)).not.toContain(key.cash1);
    expect(items.map((i) => i.key)).not.toContain(key.card2);
  });

  it('within a period lists only the items dated in it; the whole list still holds the rest', async () => {
    expect((await unreconciledItems(db, { from: second, to: second })).map((i) => i.key)).toEqual([key.booking2, key.payment2, key.reversal2]);
    expect((await unreconciledItems(db, { to: first })).map((i) => i.key)).toEqual([key.eft1, key.reversedCash]);
    expect((await unreconciledItems(db, { from: addDays(second, 1) }))).toEqual([]);
    expect((await api.call('GET', '/api/bankrec/banked')).body.data.map((i: { banking_ref: string }) => i.banking_ref)).toEqual([key.eft1, key.reversedCash, key.booking2, key.payment2, key.reversal2]);
  });

  it('given keys, answers those that are unreconciled bank items and leaves out the rest', async () => {
    const items = await unreconciledItems(db, { keys: [key.reversal2!, key.cash1!, key.eft1!, 'DEP999999'] });
    expect(items.map((i) => i.key)).toEqual([key.eft1, key.reversal2]);
  });
});
