import { sql } from 'kysely';
import type { DocColumn } from '../../documents/table.js';
import type { Db } from '../definition.js';

/**
 * One cash line of the cash book with its txn: what the registers list. Money into the trust
 * account is a positive line (receipts, reversed payments), money out negative (payments,
 * disbursements, reversed receipts), exactly as month end's registers split them
 * (statements/report-pack.ts), so a register for a month shows the pack's figures.
 */
export interface CashBookLine {
  id: string;
  txn_id: string;
  date: string;
  ref: string;
  kind: string;
  method: string;
  card_type: string | null;
  payer: string | null;
  payee: string | null;
  /** Cents, signed as in the cash book. */
  amount: number;
  memo: string;
  /** The txn this one reverses, and the txn that reversed this one. */
  reversal_of_ref: string | null;
  reversal_of_kind: string | null;
  reversed_by: string | null;
  banking_ref: string | null;
}

/** The cash lines dated from..to (inclusive) going in (`in`, amount > 0) or out (`out`, amount < 0), by date and posting order. */
export async function cashBookLines(db: Db, from: string, to: string, direction: 'in' | 'out'): Promise<CashBookLine[]> {
  const rows = await db.selectFrom('cashbook as c').innerJoin('txn as t', 't.id', 'c.txn_id')
    .leftJoin('txn as o', 'o.id', 't.reversal_of')
    .leftJoin('deposit_item as d', 'd.cashbook_id', 'c.id')
    .select((eb) => [
      'c.id', 'c.txn_id', 'c.date', 't.ref', 't.kind', 'c.method', 'c.card_type', 'c.payer', 'c.payee', 'c.amount', 't.memo', 'o.ref as reversal_of_ref', 'o.kind as reversal_of_kind', 'd.banking_ref',
      eb.selectFrom('txn as r').select(sql<string>`min(${sql.ref('r.ref')})`.as('r')).whereRef('r.reversal_of', '=', 't.id').as('reversed_by'),
    ])
    .where('c.date', '>=', from).where('c.date', '<=', to)
    .where('c.amount', direction === 'in' ? '>' : '<', '0')
    .orderBy('c.date').orderBy('t.id').orderBy('c.id')
    .execute();
  return rows.map((r) => ({ ...r, id: String(r.id), txn_id: String(r.txn_id), amount: Number(r.amount), reversed_by: r.reversed_by ?? null, reversal_of_ref: r.reversal_of_ref ?? null, reversal_of_kind: r.reversal_of_kind ?? null, banking_ref: r.banking_ref ?? null }));
}

/** The cash book's total in and out for the range (cents, out as a positive figure): what the registers must add up to. */
export async function cashBookTotals(db: Db, from: string, to: string): Promise<{ receipts: number; payments: number }> {
  const row = await db.selectFrom('cashbook').where('date', '>=', from).where('date', '<=', to)
    .select([
      sql<string>`coalesce(sum(amount) filter (where amount > 0), 0)`.as('receipts'),
      sql<string>`coalesce(-sum(amount) filter (where amount < 0), 0)`.as('payments'),
    ]).executeTakeFirstOrThrow();
  return { receipts: Number(row.receipts), payments: Number(row.payments) };
}

/** '1 receipt', '2 receipts'. */
export const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** The first line of a text (payers and memos may be several lines). */
export const firstLine = (text: string | null | undefined) => (text ?? '').split(/\r?\n/)[0]?.trim() ?? '';

/** A line's status for the registers: reversed by which reversal, or a reversal of which receipt or payment (each kind is numbered apart). */
export const lineStatus = (l: Pick<CashBookLine, 'reversed_by' | 'reversal_of_ref' | 'reversal_of_kind'>) =>
  l.reversed_by ? `Reversed by reversal ${l.reversed_by}` : l.reversal_of_ref ? `Reverses ${(l.reversal_of_kind ?? '').toLowerCase()} ${l.reversal_of_ref}`.replace('  ', ' ') : '';

/** The register columns shared by receipts and payments: who is the payer or the payee. */
export function registerColumns<Row extends { date: string; ref: string; kind: string; method: string; memo: string; status: string; amount: number }>(
  who: { header: string; value: (r: Row) => string },
): DocColumn<Row>[] {
  return [
    { header: 'Date', kind: 'date', value: (r) => r.date, width: 11 },
    { header: 'Ref', value: (r) => r.ref, width: 9 },
    { header: 'Type', value: (r) => r.kind, width: 10 },
    { header: 'Method', value: (r) => r.method, width: 8 },
    { header: who.header, value: who.value, width: 22 },
    { header: 'Details', value: (r) => firstLine(r.memo), width: 28 },
    { header: 'Status', value: (r) => r.status, width: 16 },
    { header: 'Amount', kind: 'money', value: (r) => r.amount, width: 13, total: true },
  ];
}
