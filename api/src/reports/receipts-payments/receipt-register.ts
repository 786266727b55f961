import { sql } from 'kysely';
import { moneyText } from '../../documents/table.js';
import { voidReceipts } from '../../ledger/receipt-delete.js';
import type { Db, ReportDefinition } from '../definition.js';
import { cashBookLines, cashBookTotals, firstLine, lineStatus, plural, registerColumns } from './cash-book.js';

/**
 * The receipt numbers of the register and any number missing between its first and last (spec 2:
 * receipt numbers are gapless; a deleted receipt's number stays void, issue 8 item 11). A number
 * counts as accounted for when a receipt or a void holds it, whatever its date.
 */
export async function receiptNumbering(db: Db, refs: string[]): Promise<{ first: number; last: number; gaps: number[] } | null> {
  const numbers = refs.filter((r) => /^\d{1,15}$/.test(r)).map(Number);
  if (!numbers.length) return null;
  const first = Math.min(...numbers);
  const last = Math.max(...numbers);
  const between = (ref: string) => sql<boolean>`${sql.ref(ref)} ~ '^[0-9]{1,15}$' and cast(${sql.ref(ref)} as bigint) between ${first} and ${last}`;
  const [issued, voided] = await Promise.all([
    db.selectFrom('txn').select('ref').where('kind', '=', 'RECEIPT').where(between('ref')).execute(),
    db.selectFrom('receipt_void').select('ref').where(between('ref')).execute(),
  ]);
  const held = new Set([...issued, ...voided].map((r) => Number(r.ref)));
  const gaps: number[] = [];
  for (let n = first; n <= last && gaps.length < 50; n++) if (!held.has(n)) gaps.push(n);
  return { first, last, gaps };
}

/**
 * Receipt Register (spec 3 §2 'Reports'): every receipt into the trust account dated in the range,
 * from the cash book, with the void numbers of deleted receipts shown CANCELLED with their reason
 * in date order among them, so the numbering can be read off gapless. The total is the cash
 * book's money in for the range; the notes say so and name any number missing.
 */
export const receiptRegister: ReportDefinition = {
  key: 'register',
  async build({ db, selection }) {
    const [lines, voids, totals] = await Promise.all([
      cashBookLines(db, selection.from, selection.to, 'in'),
      voidReceipts(db, selection.from, selection.to),
      cashBookTotals(db, selection.from, selection.to),
    ]);
    const rows = [
      ...lines.map((l) => ({ date: l.date, ref: l.ref, kind: l.kind, method: l.card_type ? `${l.method} ${l.card_type}` : l.method, who: firstLine(l.payer), memo: l.memo, status: lineStatus(l), amount: l.amount })),
      ...voids.map((v) => ({ date: v.date, ref: v.ref, kind: 'CANCELLED', method: '', who: firstLine(v.payer), memo: `Cancelled: ${v.reason}`, status: 'Void number', amount: 0 })),
    ].sort((a, b) => a.date.localeCompare(b.date));
    const numbering = await receiptNumbering(db, [...lines.filter((l) => l.kind === 'RECEIPT').map((l) => l.ref), ...voids.map((v) => v.ref)]);
    return {
      title: 'Receipt Register',
      selectionLine: '',
      orientation: 'landscape',
      sections: [{
        table: { columns: registerColumns({ header: 'Payer', value: (r) => r.who }), rows, totalsLabel: `${plural(lines.length, 'receipt')}, ${voids.length} cancelled` },
        notes: [
          { label: 'Cash book receipts for the range', value: moneyText(totals.receipts), strong: true },
          ...(numbering ? [
            { label: 'Receipt numbers', value: `${numbering.first} to ${numbering.last}` },
            { label: 'Numbers missing', value: numbering.gaps.length ? numbering.gaps.join(', ') : 'none' },
          ] : []),
        ],
      }],
    };
  },
};
