import { readReconciliationReport } from '../../bankrec/bankrec.js';
import { type ReconciliationReport, drawReconciliationReport, reconciliationFigures, reconciliationLine, reconciliationReportPdf } from '../../documents/banking.js';
import { PdfDocument } from '../../documents/pdf.js';
import { dateText } from '../../documents/table.js';
import type { ReportDefinition } from '../definition.js';
import { ReportRefused } from '../definition.js';

/**
 * Reconciliations (spec 3 §2 'Reports', 'Reconciliation History'): the report a bank
 * reconciliation made on COMPLETE (api/src/bankrec), for one reconciliation by its number or every
 * one dated in the range, as it stood at its date; several are one PDF a report a page. The CSV
 * is one line per reconciliation with its three-way figures.
 */
export const reconciliationReports: ReportDefinition = {
  key: 'reconciliations',
  async build({ db, selection, letterhead, printedAt, reference }) {
    let q = db.selectFrom('reconciliation').select('id');
    q = selection.ref ? q.where('ref', '=', selection.ref.toUpperCase()) : q.where('date', '>=', selection.from).where('date', '<=', selection.to);
    const ids = await q.orderBy('date').orderBy('id').execute();
    if (selection.ref && !ids.length) throw new ReportRefused(`Reconciliation ${selection.ref} not found`);
    const reports: ReconciliationReport[] = [];
    for (const { id } of ids) reports.push(await readReconciliationReport(db, Number(id)));
    const single = selection.ref ? reports[0]! : null;
    return {
      title: single ? `Bank Reconciliation ${single.ref}` : 'Reconciliations',
      selectionLine: single ? reconciliationLine(single) : '',
      filename: single ? `Bank-reconciliation-${single.ref}` : undefined,
      sections: [{
        table: {
          columns: [
            { header: 'Reconciliation', value: (r) => r.ref, width: 12 },
            { header: 'Date', kind: 'date', value: (r) => r.date, width: 11 },
            { header: 'Opening', kind: 'money', value: (r) => r.startingBalance, width: 12 },
            { header: 'Movement', kind: 'money', value: (r) => r.endingBalance - r.startingBalance, width: 12 },
            { header: 'Statement', kind: 'money', value: (r) => r.endingBalance, width: 12 },
            { header: 'Outstanding deposits', kind: 'money', value: (r) => reconciliationFigures(r).deposits, width: 12 },
            { header: 'Unpresented payments', kind: 'money', value: (r) => reconciliationFigures(r).payments, width: 12 },
            { header: 'Adjusted bank', kind: 'money', value: (r) => reconciliationFigures(r).adjusted, width: 12 },
            { header: 'Cash book', kind: 'money', value: (r) => r.cashbook, width: 12 },
            { header: 'Trust ledgers', kind: 'money', value: (r) => r.ledgers, width: 12 },
            { header: 'Result', value: (r) => (reconciliationFigures(r).balanced ? 'IN BALANCE' : 'OUT OF BALANCE'), width: 12 },
          ],
          rows: reports,
        },
      }],
      pdf: () => {
        if (single) return reconciliationReportPdf(letterhead, single, printedAt, reference);
        const pdf = new PdfDocument({ letterhead, title: 'Reconciliations', selection: `${dateText(selection.from)} to ${dateText(selection.to)}`, printedAt, reference });
        reports.forEach((r, i) => {
          if (i > 0) pdf.newPage();
          pdf.heading(`Bank Reconciliation ${r.ref}`);
          pdf.paragraph(reconciliationLine(r));
          drawReconciliationReport(pdf, r);
        });
        if (!reports.length) pdf.paragraph('No reconciliation is dated in this range.');
        return pdf.bytes();
      },
    };
  },
};
