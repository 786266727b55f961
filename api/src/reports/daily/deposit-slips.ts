import { readDepositSlip } from '../../banking/banking.js';
import { type DepositSlip, depositSlipLine, depositSlipPdf, depositSlipTable, depositSlipTotals, drawDepositSlip } from '../../documents/banking.js';
import { PdfDocument } from '../../documents/pdf.js';
import { dateText } from '../../documents/table.js';
import type { ReportDefinition } from '../definition.js';
import { ReportRefused } from '../definition.js';

/**
 * Deposit Slips (spec 3 §2 'Reports', 'Daily Banking'): the slip of one deposit by its number, or
 * the slips of every deposit dated in the range, drawn by the same documents module as the slip
 * Daily Banking prints (api/src/documents/banking.ts); one slip is that slip exactly, several are
 * one PDF a slip a page. The CSV has each slip's lines under its heading.
 */
export const depositSlips: ReportDefinition = {
  key: 'depositslips',
  async build({ db, selection, letterhead, printedAt, reference }) {
    const refs = selection.ref
      ? [selection.ref.toUpperCase()]
      : (await db.selectFrom('deposit').select('banking_ref').where('date', '>=', selection.from).where('date', '<=', selection.to).orderBy('date').orderBy('banking_ref').execute()).map((d) => d.banking_ref);
    if (selection.ref && !(await db.selectFrom('deposit').select('banking_ref').where('banking_ref', '=', refs[0]!).executeTakeFirst())) {
      throw new ReportRefused(`Deposit ${selection.ref} not found`);
    }
    const slips: DepositSlip[] = [];
    for (const ref of refs) slips.push(await readDepositSlip(db, ref));
    const single = slips.length === 1 && selection.ref ? slips[0]! : null;
    return {
      title: single ? `${single.title} ${single.ref}` : 'Deposit Slips',
      selectionLine: single ? depositSlipLine(single) : '',
      filename: single ? `Deposit-slip-${single.ref}` : undefined,
      sections: slips.map((slip) => ({ heading: `${slip.title} ${slip.ref} (${slip.date})`, table: depositSlipTable(slip), notes: depositSlipTotals(slip) })),
      pdf: () => {
        if (single) return depositSlipPdf(letterhead, single, printedAt, reference);
        const pdf = new PdfDocument({ letterhead, title: 'Deposit Slips', selection: `${dateText(selection.from)} to ${dateText(selection.to)}`, printedAt, reference });
        slips.forEach((slip, i) => {
          if (i > 0) pdf.newPage();
          pdf.heading(`${slip.title} ${slip.ref}`);
          pdf.paragraph(depositSlipLine(slip));
          drawDepositSlip(pdf, slip);
        });
        if (!slips.length) pdf.paragraph('No deposit is dated in this range.');
        return pdf.bytes();
      },
    };
  },
};
