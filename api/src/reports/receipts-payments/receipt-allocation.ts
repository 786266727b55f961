import { moneyText } from '../../documents/table.js';
import type { ReportDefinition } from '../definition.js';
import { firstLine, plural } from './cash-book.js';

/**
 * Receipt Allocation (spec 3 §2 'Reports'): where each receipt dated in the range went, one line
 * per ledger it credited (party, door, account, amount), from its postings, which always add up
 * to its cash (design/ledger.md: every txn balances against the bank). So the total is the
 * receipts' cash, shown in the notes; a reversed receipt is listed with its reversal's number.
 */
export const receiptAllocation: ReportDefinition = {
  key: 'allocations',
  async build({ db, selection }) {
    const receipts = db.selectFrom('txn as t').where('t.kind', '=', 'RECEIPT').where('t.date', '>=', selection.from).where('t.date', '<=', selection.to);
    const [rows, cash] = await Promise.all([
      receipts.innerJoin('posting as p', 'p.txn_id', 't.id').leftJoin('entity as e', 'e.code', 'p.entity')
        .select((eb) => [
          't.date', 't.ref', 'p.entity', 'e.name', 'p.door', 'p.account_id', 'p.description', 'p.amount',
          eb.selectFrom('cashbook as c').select('c.payer').whereRef('c.txn_id', '=', 't.id').limit(1).as('payer'),
          eb.selectFrom('txn as r').select('r.ref').whereRef('r.reversal_of', '=', 't.id').limit(1).as('reversed_by'),
        ])
        .orderBy('t.date').orderBy('t.id').orderBy('p.id')
        .execute(),
      receipts.innerJoin('cashbook as c', 'c.txn_id', 't.id').select((eb) => [eb.fn.coalesce(eb.fn.sum<string>('c.amount'), eb.val('0')).as('amount'), eb.fn.count<string>('t.id').distinct().as('n')])
        .executeTakeFirstOrThrow(),
    ]);
    return {
      title: 'Receipt Allocation',
      selectionLine: '',
      orientation: 'landscape',
      sections: [{
        table: {
          columns: [
            { header: 'Date', kind: 'date', value: (r) => r.date, width: 11 },
            { header: 'Receipt', value: (r) => (r.reversed_by ? `${r.ref} (reversed, reversal ${r.reversed_by})` : r.ref), width: 12 },
            { header: 'Payer', value: (r) => firstLine(r.payer), width: 20 },
            { header: 'Party', value: (r) => r.entity, width: 12 },
            { header: 'Name', value: (r) => r.name ?? '', width: 18 },
            { header: 'Door', value: (r) => r.door ?? '', width: 7 },
            { header: 'Account', value: (r) => r.account_id, width: 11 },
            { header: 'Description', value: (r) => firstLine(r.description), width: 20 },
            { header: 'Amount', kind: 'money', value: (r) => Number(r.amount), width: 13, total: true },
          ],
          rows,
          totalsLabel: plural(Number(cash.n), 'receipt'),
        },
        notes: [{ label: `Cash received by ${plural(Number(cash.n), 'receipt')}`, value: moneyText(Number(cash.amount)), strong: true }],
      }],
    };
  },
};
