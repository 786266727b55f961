import type { Kysely } from 'kysely';
import type { CompanyTables } from '../db/schema.js';
import { type PostedTxn, postTxn } from '../ledger/ledger.js';

type Db = Kysely<CompanyTables>;
type Method = 'CASH' | 'CHQ' | 'EFT' | 'CARD';

/**
 * A receipt to an owner's door through the ledger's one writer (cents), with its one cash line;
 * `source: 'BKG'` makes it a booking guest's payment as the booking sync posts it.
 */
export function receipt(db: Db, date: string, method: Method, cents: number, over: { entity?: string; door?: string | null; payer?: string; cardType?: string; tranRef?: string; source?: string } = {}): Promise<PostedTxn> {
  return db.transaction().execute((trx) => postTxn(trx, 'TEST', {
    kind: 'RECEIPT', date, memo: over.payer ?? `Receipt ${method}`, source: over.source,
    postings: [{ entity: over.entity ?? 'OWNSMITH', door: over.door === undefined ? '101' : over.door, accountId: 'OWNFUNDS', amount: cents, description: 'Funds' }],
    cashbook: [{ date, method, amount: cents, payer: over.payer ?? null, cardType: method === 'CARD' ? (over.cardType ?? 'VISA') : null, tranRef: over.tranRef ?? null }],
  }));
}

/** A payment out of an owner's door by EFT (cents, positive). */
export function payment(db: Db, date: string, cents: number, over: { entity?: string; door?: string | null; payee?: string } = {}): Promise<PostedTxn> {
  return db.transaction().execute((trx) => postTxn(trx, 'TEST', {
    kind: 'PAYMENT', date, memo: over.payee ?? 'Payment',
    postings: [{ entity: over.entity ?? 'OWNSMITH', door: over.door === undefined ? '101' : over.door, accountId: 'OWNFUNDS', amount: -cents, description: 'Paid' }],
    cashbook: [{ date, method: 'EFT', amount: -cents, payee: over.payee ?? 'Payee' }],
  }));
}

/** The cash line id of a posted txn. */
export async function cashLineOf(db: Db, txnId: number): Promise<number> {
  const row = await db.selectFrom('cashbook').select('id').where('txn_id', '=', String(txnId)).executeTakeFirstOrThrow();
  return Number(row.id);
}

/** The text a PDF draws, read from its (uncompressed, as jspdf writes them) text operators. */
export function pdfStrings(bytes: Uint8Array): string {
  const raw = Buffer.from(bytes).toString('latin1');
  return [...raw.matchAll(/\((?:\\.|[^\\)])*\)\s*Tj/g)].map((m) => m[0].slice(1, m[0].lastIndexOf(')')).replace(/\\(.)/g, '$1')).join('\n');
}
