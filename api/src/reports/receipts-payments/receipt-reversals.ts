import { sql } from 'kysely';
import { voidReceipts } from '../../ledger/receipt-delete.js';
import type { ReportDefinition } from '../definition.js';
import { firstLine } from './cash-book.js';

const when = (at: Date | string) => new Date(at).toISOString().slice(0, 16).replace('T', ' ');

/**
 * Receipt Reversals (spec 3 §2 'Reports'; spec 2 'Cash-book reversal'): the receipts reversed by a
 * reversal dated in the range, with the reason, who reversed it and when, and the receipts deleted
 * in the range, whose numbers stay void (issue 8 item 11) with their reason. The first table's
 * total is the money the reversals took back out of the trust account.
 */
export const receiptReversals: ReportDefinition = {
  key: 'reversals',
  async build({ db, selection }) {
    const [reversed, voids] = await Promise.all([
      db.selectFrom('txn as r').innerJoin('txn as o', 'o.id', 'r.reversal_of')
        .select((eb) => [
          'o.ref', 'o.date', 'r.ref as reversal_ref', 'r.date as reversal_date', 'r.reason', 'r.user_id', 'r.created_at', 'o.memo',
          eb.selectFrom('cashbook as c').select(sql<string>`coalesce(sum(${sql.ref('c.amount')}), 0)`.as('s')).whereRef('c.txn_id', '=', 'o.id').as('amount'),
          eb.selectFrom('cashbook as c').select('c.payer').whereRef('c.txn_id', '=', 'o.id').limit(1).as('payer'),
        ])
        .where('o.kind', '=', 'RECEIPT').where('r.kind', '=', 'REVERSAL')
        .where('r.date', '>=', selection.from).where('r.date', '<=', selection.to)
        .orderBy('r.date').orderBy('r.id')
        .execute(),
      voidReceipts(db, selection.from, selection.to),
    ]);
    return {
      title: 'Receipt Reversals',
      selectionLine: '',
      orientation: 'landscape',
      sections: [
        {
          heading: 'Reversed receipts',
          table: {
            columns: [
              { header: 'Receipt', value: (r) => r.ref, width: 9 },
              { header: 'Received', kind: 'date', value: (r) => r.date, width: 11 },
              { header: 'Payer', value: (r) => firstLine(r.payer) || firstLine(r.memo), width: 20 },
              { header: 'Reversal', value: (r) => r.reversal_ref, width: 9 },
              { header: 'Reversed', kind: 'date', value: (r) => r.reversal_date, width: 11 },
              { header: 'Reason', value: (r) => r.reason ?? '', width: 30 },
              { header: 'By', value: (r) => r.user_id, width: 10 },
              { header: 'Entered (UTC)', value: (r) => when(r.created_at), width: 15 },
              { header: 'Amount', kind: 'money', value: (r) => Number(r.amount ?? 0), width: 13, total: true },
            ],
            rows: reversed,
            totalsLabel: `${reversed.length} reversed`,
          },
          emptyText: 'No receipt was reversed in this range.',
        },
        {
          heading: 'Deleted receipts (numbers kept void)',
          table: {
            columns: [
              { header: 'Receipt', value: (v) => v.ref, width: 9 },
              { header: 'Dated', kind: 'date', value: (v) => v.date, width: 11 },
              { header: 'Payer', value: (v) => firstLine(v.payer) || firstLine(v.memo), width: 22 },
              { header: 'Reason', value: (v) => v.reason, width: 36 },
              { header: 'By', value: (v) => v.user_id, width: 10 },
              { header: 'Amount deleted', kind: 'money', value: (v) => Math.round(v.amount * 100), width: 14 },
            ],
            rows: voids,
          },
          emptyText: 'No receipt was deleted in this range.',
        },
      ],
    };
  },
};
