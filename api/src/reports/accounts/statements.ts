import { monthYearStartCase } from '../../control/settings.js';
import { statementSetPdf } from '../../documents/pdf.js';
import { type OwnerStatement, drawOwnerStatement, ownerStatements, statementFilename, statementTitle } from '../../statements/owner.js';
import { ownerStatementPdfs } from '../../statements/statement-pdfs.js';
import type { ReportContext, ReportDefinition, ReportOutput } from '../definition.js';
import { selectedParties } from './parties.js';
import { balanceColumns, moneyColumn, moneyInOut, partyColumns } from '../columns.js';

/**
 * Statements (spec 3 §2 'Reports'): the owner statements of a month for the selected owners, the
 * same statements month end files (statements/owner.ts), detailed or summary as the selection
 * says.
 */
export const statementsReport: ReportDefinition = {
  key: 'statement',
  async build({ db, selection, letterhead, printedAt, reference }) {
    const owners = (await selectedParties(db, selection)).filter((p) => p.type === 'OWNER').map((p) => p.code);
    const format = selection.type === 'SUMMARY' ? 'SUM' : 'DET';
    const statements: OwnerStatement[] = owners.length ? (await ownerStatements(db, selection.year, selection.month, owners)).map((s) => ({ ...s, format })) : [];
    const period = monthYearStartCase(selection.month, selection.year);
    return statementsOutput(statements, { letterhead, printedAt, reference }, {
      period,
      selectionLine: `${period} · ${selection.type === 'SUMMARY' ? 'Summary' : 'Detailed'}`,
      filename: `Statements ${selection.year}-${String(selection.month).padStart(2, '0')}`,
    });
  },
};

/**
 * Owner statements as a report: View and Download give one PDF holding every statement, each
 * from a new page under its owner's heading; ZIP gives one PDF per owner, named as month end names
 * them; CSV gives each owner's opening, money in, money out and closing. Shared by the Accounts
 * tab's Statements and End of Month's (reports/eom/month-end-statements.ts).
 */
export function statementsOutput(
  statements: OwnerStatement[],
  { letterhead, printedAt, reference }: Pick<ReportContext, 'letterhead' | 'printedAt' | 'reference'>,
  { period, selectionLine, filename }: { period: string; selectionLine: string; filename: string },
): ReportOutput {
  const rows = statements.map((s) => {
    const moneyIn = s.lines.reduce((a, l) => a + (l.amount > 0 ? l.amount : 0), 0);
    const moneyOut = s.lines.reduce((a, l) => a - (l.amount < 0 ? l.amount : 0), 0);
    return { code: s.code, name: s.name, opening: s.opening, in: moneyIn, out: moneyOut, closing: s.closing, pending: s.pending };
  });
  type Row = (typeof rows)[number];
  return {
    title: 'Owner Statements',
    selectionLine,
    filename,
    sections: [{
      table: {
        columns: [
          ...partyColumns<Row>({ code: 14, name: 30 }),
          ...balanceColumns<Row>(14, moneyInOut<Row>()),
          moneyColumn<Row>('Pending charges', (r) => r.pending, 14),
        ],
        rows,
        totalsLabel: 'Owners',
      },
      emptyText: 'No owners for this selection.',
    }],
    pdf: () => statementSetPdf({ letterhead, title: 'Owner Statements', selection: period, printedAt, reference }, statements, statementTitle, drawOwnerStatement),
    documents: async function* () {
      const pdfs = await ownerStatementPdfs(statements, letterhead, printedAt);
      for (const [i, s] of statements.entries()) yield { name: statementFilename(s).replace(/\.pdf$/, ''), pdf: () => pdfs[i]! };
    },
  };
}
