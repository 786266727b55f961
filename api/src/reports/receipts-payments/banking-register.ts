import { sql } from 'kysely';
import { moneyText } from '../../documents/table.js';
import type { ReportDefinition } from '../definition.js';
import { firstLine, plural } from './cash-book.js';

/**
 * Banking Register (spec 3 §2 'Reports', 'Daily Banking'): the deposits dated in the range, each
 * with the receipts it took to the bank. Its total is the money banked: the deposits' amounts,
 * which the notes show beside it (a deposit is the sum of its cash lines, api/src/banking). Where
 * a deposit has been reconciled, the reconciliation's number is shown.
 */
export const bankingRegister: ReportDefinition = {
  key: 'banking',
  async build({ db, selection }) {
    const [rows, deposits] = await Promise.all([
      db.selectFrom('deposit as d').innerJoin('deposit_item as i', 'i.banking_ref', 'd.banking_ref')
        .innerJoin('cashbook as c', 'c.id', 'i.cashbook_id').innerJoin('txn as t', 't.id', 'c.txn_id')
        .leftJoin('reconcile_item as ri', 'ri.cashbook_id', 'c.id').leftJoin('reconciliation as rec', 'rec.id', 'ri.reconciliation_id')
        .select(['d.banking_ref', 'd.date as deposit_date', 'c.date', 't.ref', 'c.method', 'c.card_type', 'c.amount', 'rec.ref as reconciled',
          sql<string>`coalesce(nullif(${sql.ref('c.payer')}, ''), ${sql.ref('t.memo')})`.as('payer')])
        .where('d.date', '>=', selection.from).where('d.date', '<=', selection.to)
        .orderBy('d.date').orderBy('d.banking_ref').orderBy('c.date').orderBy('c.id')
        .execute(),
      db.selectFrom('deposit').select([(eb) => eb.fn.countAll<string>().as('n'), sql<string>`coalesce(sum(amount), 0)`.as('amount')])
        .where('date', '>=', selection.from).where('date', '<=', selection.to).executeTakeFirstOrThrow(),
    ]);
    return {
      title: 'Banking Register',
      selectionLine: '',
      orientation: 'landscape',
      sections: [{
        table: {
          columns: [
            { header: 'Deposit', value: (r) => r.banking_ref, width: 12 },
            { header: 'Banked', kind: 'date', value: (r) => r.deposit_date, width: 11 },
            { header: 'Receipt', value: (r) => r.ref, width: 9 },
            { header: 'Received', kind: 'date', value: (r) => r.date, width: 11 },
            { header: 'Method', value: (r) => (r.card_type ? `${r.method} ${r.card_type}` : r.method), width: 10 },
            { header: 'Payer', value: (r) => firstLine(r.payer), width: 30 },
            { header: 'Reconciled', value: (r) => r.reconciled ?? '', width: 12 },
            { header: 'Amount', kind: 'money', value: (r) => Number(r.amount), width: 13, total: true },
          ],
          rows,
          totalsLabel: plural(Number(deposits.n), 'deposit'),
        },
        notes: [{ label: `Banked in ${plural(Number(deposits.n), 'deposit')}`, value: moneyText(Number(deposits.amount)), strong: true }],
      }],
    };
  },
};
