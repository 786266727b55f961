import { moneyText } from '../../documents/table.js';
import type { ReportDefinition } from '../definition.js';
import { cashBookLines, cashBookTotals, firstLine, lineStatus, plural, registerColumns } from './cash-book.js';

/**
 * Payment Register (spec 3 §2 'Reports'): every payment out of the trust account dated in the
 * range, from the cash book: payments, disbursements and the reversals of receipts, each as a
 * positive amount paid. The total is the cash book's money out for the range.
 */
export const paymentRegister: ReportDefinition = {
  key: 'payments',
  async build({ db, selection }) {
    const [lines, totals] = await Promise.all([cashBookLines(db, selection.from, selection.to, 'out'), cashBookTotals(db, selection.from, selection.to)]);
    const rows = lines.map((l) => ({
      date: l.date, ref: l.ref, kind: l.kind, method: l.method, who: firstLine(l.payee) || firstLine(l.payer), memo: l.memo, status: lineStatus(l), amount: -l.amount,
    }));
    return {
      title: 'Payment Register',
      selectionLine: '',
      orientation: 'landscape',
      sections: [{
        table: { columns: registerColumns({ header: 'Payee', value: (r) => r.who }), rows, totalsLabel: plural(rows.length, 'payment') },
        notes: [
          { label: 'Of which disbursements', value: moneyText(rows.filter((r) => r.kind === 'DISBURSE').reduce((a, r) => a + r.amount, 0)) },
          { label: 'Cash book payments for the range', value: moneyText(totals.payments), strong: true },
        ],
      }],
    };
  },
};
