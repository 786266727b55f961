import { monthYearStartCase } from '../../control/settings.js';
import { ownerStatements } from '../../statements/owner.js';
import { statementsOutput } from '../accounts/statements.js';
import type { ReportDefinition } from '../definition.js';
import { refuseOpenMonth } from './month-end-reports.js';

/**
 * End of Month Statements (spec 3 §1 'End Of Month': download, statements; issue 12): every
 * owner's statement of a closed month as month end filed it, each in the owner's own format
 * (statements/owner.ts, the function month end draws them with), to reprint the month's set;
 * the ZIP holds the PDFs under month end's names. A month not yet closed is refused, as for End of
 * Month Reports: its statements come from its month end. One owner's statement, or another format,
 * is the Accounts tab's Statements report.
 */
export const endOfMonthStatements: ReportDefinition = {
  key: 'statements',
  async build({ db, selection, letterhead, printedAt, reference }) {
    await refuseOpenMonth(db, selection.year, selection.month, 'statements');
    const period = monthYearStartCase(selection.month, selection.year);
    return statementsOutput(await ownerStatements(db, selection.year, selection.month), { letterhead, printedAt, reference }, {
      period,
      selectionLine: `${period} · as month end filed them`,
      filename: `MonthEnd Statements ${selection.year}-${String(selection.month).padStart(2, '0')}`,
    });
  },
};
