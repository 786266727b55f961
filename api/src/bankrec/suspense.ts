import type { Kysely } from 'kysely';
import { entityDefaults } from '../companies/starter-books.js';
import type { CompanyTables } from '../db/schema.js';

type Db = Kysely<CompanyTables>;

/**
 * The suspense party (issue 11 'suspense ledger'): money on the bank statement that nobody can
 * identify yet is receipted here, not to the business nor to an owner, and cleared later by a
 * journal to the right owner or tenant. Reconciliation adjustments pass through it too (their two
 * balancing transactions net to nothing). It is an ordinary trust ledger, so the trial balance,
 * reports and the audit see it.
 */
export const SUSPENSE = { entity: 'SUSPENSE', account: 'SUSPENSE', name: 'Suspense (unidentified bank items)' } as const;

/** Creates the suspense party and its account the first time a company needs them. */
export async function ensureSuspense(trx: Db): Promise<void> {
  await trx.insertInto('account').values({ id: SUSPENSE.account, description: 'Suspense - unidentified bank items', type: 'OTHER', gstcode: 'FRE', entity: null, gpid: null, override_class_code: null, trantype: null })
    .onConflict((oc) => oc.column('id').doNothing()).execute();
  await trx.insertInto('entity').values({ ...entityDefaults, code: SUSPENSE.entity, type: 'UNALLOC', category: null, name: SUSPENSE.name, disburse_method: 'HOLD' })
    .onConflict((oc) => oc.column('code').doNothing()).execute();
}

/** The account card processors' withheld fees are paid from the business ledger on (issue 11 'fees withheld'). */
export const MERCHANT_FEES = { account: 'MERCHFEE', description: 'Merchant Fees (card settlements)' } as const;

/** The account an OTA's commission withheld from a payout is paid from the business ledger on. */
export const OTA_COMMISSION = { account: 'OTACOMM', description: 'OTA Commission (payouts net of fees)' } as const;

/** Creates a business expense account for withheld fees the first time a company needs it. */
export async function ensureFeeAccount(trx: Db, fee: { account: string; description: string }): Promise<void> {
  await trx.insertInto('account').values({ id: fee.account, description: fee.description, type: 'OTHER', gstcode: 'FRE', entity: 'BUSINESS', gpid: null, override_class_code: null, trantype: null })
    .onConflict((oc) => oc.column('id').doNothing()).execute();
}

export interface SuspenseItem {
  ref: string;
  date: string;
  /** Cents still in suspense from this receipt. */
  amount: number;
}

/**
 * What is still in suspense, receipt by receipt: clearing journals take the oldest money first,
 * so the receipts still (partly) held are the newest ones summing to the balance. The audit ages them.
 */
export async function heldInSuspense(db: Db): Promise<SuspenseItem[]> {
  const balance = await db.selectFrom('ledger_balance').select((eb) => eb.fn.coalesce(eb.fn.sum<string>('balance'), eb.val('0')).as('b')).where('entity', '=', SUSPENSE.entity).executeTakeFirst();
  let left = Number(balance?.b ?? 0);
  if (left <= 0) return [];
  const credits = await db
    .selectFrom('posting as p')
    .innerJoin('txn as t', 't.id', 'p.txn_id')
    .select(['t.ref', 't.date', 'p.amount'])
    .where('p.entity', '=', SUSPENSE.entity)
    .where('t.kind', '=', 'RECEIPT')
    .where('p.amount', '>', '0')
    .orderBy('t.date', 'desc')
    .orderBy('t.id', 'desc')
    .execute();
  const held: SuspenseItem[] = [];
  for (const c of credits) {
    if (left <= 0) break;
    const amount = Math.min(left, Number(c.amount));
    held.push({ ref: c.ref, date: c.date, amount });
    left -= amount;
  }
  return held.reverse();
}
