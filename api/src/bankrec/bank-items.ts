import { type Kysely, sql } from 'kysely';
import type { BankItem } from '../contracts/banking.js';
import type { CompanyTables } from '../db/schema.js';
import { BANKED_BY_DEPOSIT } from '../banking/banking.js';

type Db = Kysely<CompanyTables>;

/**
 * Bank items: what the bank statement shows one line for. A deposit (its banking_ref) reaches the
 * bank as one credit; every other cash line reaches it alone and is keyed 'CB' + its cash-book
 * id: EFT receipts, payments, reversals, adjustments. Receipts still waiting to be banked (cash,
 * cheques, cards not yet in a deposit) are not bank items yet.
 */
export interface BankItemRow {
  key: string;
  date: string;
  ref: string;
  type: string;
  method: string;
  details: string;
  /** Cents. */
  amount: number;
  cashbookIds: number[];
  /** A reversed receipt or payment, or the reversal itself: the pair cancel out and rarely reach the bank. */
  contra: boolean;
  /** Posted by the booking sync (a guest's payment or refund): an OTA pays these out together. */
  booking: boolean;
}

export const lineKey = (cashbookId: number | string) => `CB${cashbookId}`;

/** Keys in number order (CB9 before CB10); one collator, as localeCompare with options builds one per call. */
const KEY_ORDER = new Intl.Collator('en', { numeric: true });

/** Bank items oldest first, then by key in number order. */
export const byDateThenKey = (a: { date: string; key: string }, b: { date: string; key: string }) => a.date.localeCompare(b.date) || KEY_ORDER.compare(a.key, b.key);
export const isLineKey = (key: string) => /^CB\d+$/.test(key);
/** The cash-book line id a line key names (isLineKey first). */
export const lineIdOf = (key: string) => key.slice('CB'.length);


/** Which unreconciled bank items to read: named ones, or those dated within from..to. */
export interface BankItemFilter {
  keys?: string[];
  from?: string;
  to?: string;
}

/**
 * The unreconciled bank items, oldest first; or, given `keys`, those of them (any that are not
 * unreconciled bank items are simply absent, so the caller can name them).
 */
export async function unreconciledItems(db: Db, { keys, from, to }: BankItemFilter = {}): Promise<BankItemRow[]> {
  const depositRefs = keys?.filter((k) => !isLineKey(k));
  const lineIds = keys?.filter(isLineKey).map(lineIdOf);
  const deposits = depositRefs && !depositRefs.length ? [] : await (() => {
    let q = db
      .selectFrom('deposit as d')
      .innerJoin('deposit_item as i', 'i.banking_ref', 'd.banking_ref')
      .select(['d.banking_ref', 'd.date', 'd.method', 'd.amount', sql<string[]>`array_agg(i.cashbook_id order by i.cashbook_id)`.as('ids')])
      .where((eb) => eb.not(eb.exists(eb.selectFrom('deposit_item as x').innerJoin('reconcile_item as r', 'r.cashbook_id', 'x.cashbook_id').select(sql`1`.as('one')).whereRef('x.banking_ref', '=', 'd.banking_ref'))))
      .groupBy(['d.banking_ref', 'd.date', 'd.method', 'd.amount']);
    if (depositRefs) q = q.where('d.banking_ref', 'in', depositRefs);
    if (from) q = q.where('d.date', '>=', from);
    if (to) q = q.where('d.date', '<=', to);
    return q.execute();
  })();
  const lines = lineIds && !lineIds.length ? [] : await (() => {
    let q = db
      .selectFrom('cashbook as c')
      .innerJoin('txn as t', 't.id', 'c.txn_id')
      // Reversals are few: joined by hash as one small set rather than looked up once per cash line,
      // which on a year never reconciled (220,000 items) was most of the query's time (issue 11).
      .leftJoin((eb) => eb.selectFrom('txn').select('reversal_of').where('reversal_of', 'is not', null).as('rv'), (join) => join.onRef('rv.reversal_of', '=', 't.id'))
      .select(['c.id', 'c.date', 't.ref', 't.kind', 'c.method', 'c.amount', 't.reversal_of', 't.source', sql<string>`coalesce(nullif(c.payee, ''), nullif(c.payer, ''), t.memo)`.as('details')])
      .select(sql<boolean>`rv.reversal_of is not null`.as('reversed'))
      .where((eb) => eb.not(eb.exists(eb.selectFrom('deposit_item as d').select(sql`1`.as('one')).whereRef('d.cashbook_id', '=', 'c.id'))))
      .where((eb) => eb.not(eb.exists(eb.selectFrom('reconcile_item as r').select(sql`1`.as('one')).whereRef('r.cashbook_id', '=', 'c.id'))))
      // Not a cash line that waits for a deposit before it reaches the bank: a payment, a line
      // banked on its own, a reversal, or a reversed receipt.
      .where((eb) => eb.or([
        eb('c.amount', '<=', '0'),
        eb('c.method', 'not in', BANKED_BY_DEPOSIT),
        eb('t.kind', '=', 'REVERSAL'),
        eb('rv.reversal_of', 'is not', null),
      ]))
      // Already in the order the items are sorted in, so the sort below only merges in the deposits.
      .orderBy('c.date')
      .orderBy('c.id');
    if (lineIds) q = q.where('c.id', 'in', lineIds);
    if (from) q = q.where('c.date', '>=', from);
    if (to) q = q.where('c.date', '<=', to);
    return q.execute();
  })();
  const items: BankItemRow[] = [
    ...deposits.map((d) => ({
      key: d.banking_ref, date: d.date, ref: d.banking_ref, type: 'DEPOSIT', method: d.method,
      details: `Deposit of ${d.ids.length} receipt${d.ids.length === 1 ? '' : 's'}`, amount: Number(d.amount), cashbookIds: d.ids.map(Number), contra: false, booking: false,
    })),
    ...lines.map((l) => ({ key: lineKey(l.id), date: l.date, ref: l.ref, type: l.kind, method: l.method, details: l.details ?? '', amount: Number(l.amount), cashbookIds: [Number(l.id)], contra: !!l.reversal_of || !!l.reversed, booking: l.source === 'BKG' })),
  ];
  return items.sort(byDateThenKey);
}

/** A bank item as the screen shows it (dollars), with the statement lines it is matched to. */
export function bankItemView(item: BankItemRow, matched: string | null): BankItem {
  return { banking_ref: item.key, date: item.date, ref: item.ref, type: item.type, method: item.method, details: item.details, amount: item.amount / 100, matched };
}
