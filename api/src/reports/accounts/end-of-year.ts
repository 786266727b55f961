import { sql } from 'kysely';
import { type Letterhead, PdfDocument, statementSetPdf } from '../../documents/pdf.js';
import { moneyText } from '../../documents/table.js';
import type { Db, ReportDefinition, ResolvedSelection } from '../definition.js';
import { entitiesSelected } from '../selection.js';
import { selectedParties } from './parties.js';
import { balanceColumns, partyColumns } from '../columns.js';

interface AccountTotal {
  account: string;
  description: string;
  /** Cents, positive: income received, or expenses paid. */
  amount: number;
}

/** One owner's financial year in cents: opening + income − expenses − disbursed = closing. */
export interface EoyStatement {
  code: string;
  name: string;
  address: string[];
  year: number;
  opening: number;
  income: AccountTotal[];
  expenses: AccountTotal[];
  disbursed: number;
  closing: number;
}

const sum = (xs: AccountTotal[]) => xs.reduce((a, x) => a + x.amount, 0);

/**
 * Each selected owner's financial year July–June ending in `year`, from one aggregate query:
 * postings of the year per owner and account, disbursements to the owner (DISBURSE txns and
 * their reversals) apart. An account whose year nets to money in is income (room charges, owner
 * stays, rent), one that nets to money out an expense (commission, fees, cleaning, repairs,
 * levies): the totals an owner's accountant enters in a tax return. The closing balance is the
 * opening plus every posting of the year, so it ties to the owner's ledger at 30 June.
 */
export async function eoyStatements(db: Db, selection: ResolvedSelection): Promise<EoyStatement[]> {
  const start = `${selection.year - 1}-07-01`;
  const end = `${selection.year}-06-30`;
  const ownerOnly = { ...selection, entity_type: 'OWNER' as const };
  const disbursed = sql<string>`case when coalesce(o.kind, t.kind) = 'DISBURSE' then 'D' else '' end`;
  const [owners, details, rows] = await Promise.all([
    selectedParties(db, ownerOnly),
    db.selectFrom('entity').select(['code', 'address', 'town', 'state', 'postcode']).where(entitiesSelected(ownerOnly)).execute(),
    db.selectFrom('posting as p').innerJoin('txn as t', 't.id', 'p.txn_id').innerJoin('entity as e', 'e.code', 'p.entity')
      .leftJoin('txn as o', 'o.id', 't.reversal_of').leftJoin('account as a', 'a.id', 'p.account_id')
      .select([
        'p.entity', 'p.account_id', 'a.description', disbursed.as('disbursed'),
        sql<string>`sum(case when t.date < ${start} then p.amount else 0 end)`.as('before'),
        sql<string>`sum(case when t.date >= ${start} then p.amount else 0 end)`.as('year'),
      ])
      .where('t.date', '<=', end).where(entitiesSelected(ownerOnly, (n) => `e.${n}`))
      .groupBy(['p.entity', 'p.account_id', 'a.description', disbursed]).orderBy('p.entity').orderBy('p.account_id').execute(),
  ]);
  const addressOf = new Map(details.map((d) => [d.code, [d.address ?? '', [d.town, d.state, d.postcode].filter(Boolean).join(' ')].filter(Boolean)]));
  const byOwner = new Map<string, typeof rows>();
  for (const r of rows) byOwner.set(r.entity, [...(byOwner.get(r.entity) ?? []), r]);
  return owners.map((o) => {
    let opening = 0;
    let paidOut = 0;
    const accounts = new Map<string, AccountTotal & { net: number }>();
    for (const r of byOwner.get(o.code) ?? []) {
      opening += Number(r.before);
      const year = Number(r.year);
      if (r.disbursed === 'D') paidOut -= year;
      else {
        const a = accounts.get(r.account_id) ?? { account: r.account_id, description: r.description ?? r.account_id, amount: 0, net: 0 };
        a.net += year;
        accounts.set(r.account_id, a);
      }
    }
    const nets = [...accounts.values()].filter((a) => a.net !== 0);
    const income = nets.filter((a) => a.net > 0).map((a) => ({ account: a.account, description: a.description, amount: a.net }));
    const expenses = nets.filter((a) => a.net < 0).map((a) => ({ account: a.account, description: a.description, amount: -a.net }));
    return {
      code: o.code, name: o.name, address: addressOf.get(o.code) ?? [], year: selection.year, opening, income, expenses, disbursed: paidOut,
      closing: opening + sum(income) - sum(expenses) - paidOut,
    };
  });
}

export const eoyTitle = (s: Pick<EoyStatement, 'code' | 'name'>) => `End of Year Statement - ${s.name} (${s.code})`;
export const financialYearText = (year: number) => `Financial year 1 July ${year - 1} to 30 June ${year}`;

/** Draws one owner's End of Year statement from the current position of a PDF. */
export function drawEoyStatement(pdf: PdfDocument, s: EoyStatement): void {
  if (s.address.length) pdf.paragraph([s.name, ...s.address].join('\n'));
  pdf.block([{ label: `Opening balance 1 July ${s.year - 1}`, value: moneyText(s.opening) }]);
  const columns = [
    { header: 'Account', value: (r: AccountTotal) => r.account, width: 16 },
    { header: 'Description', value: (r: AccountTotal) => r.description, width: 66 },
    { header: 'Amount', kind: 'money' as const, value: (r: AccountTotal) => r.amount, width: 18, total: true },
  ];
  pdf.heading('Income');
  pdf.table({ columns, rows: s.income, totalsLabel: 'Total income' }, { emptyText: 'No income this year.' });
  pdf.heading('Expenses');
  pdf.table({ columns, rows: s.expenses, totalsLabel: 'Total expenses' }, { emptyText: 'No expenses this year.' });
  pdf.block([
    { label: 'Opening balance', value: moneyText(s.opening) },
    { label: 'Add income', value: moneyText(sum(s.income)) },
    { label: 'Less expenses', value: moneyText(sum(s.expenses)) },
    { label: 'Less paid to the owner', value: moneyText(s.disbursed) },
    { label: `Closing balance 30 June ${s.year}`, value: moneyText(s.closing), strong: true },
  ], 100);
}

export function eoyStatementPdf(s: EoyStatement, letterhead: Letterhead, printedAt: Date): Uint8Array {
  const pdf = new PdfDocument({ letterhead, title: eoyTitle(s), selection: financialYearText(s.year), printedAt });
  drawEoyStatement(pdf, s);
  return pdf.bytes();
}

/**
 * End of Year (spec 3 §2 'Reports', issue 12): the EOFY statement of each selected owner for the
 * financial year July–June: opening balance, income and expense totals by account, what was paid
 * to the owner, closing balance. One PDF holding every owner's (View, Download), a ZIP of one
 * PDF per owner, and the figures as CSV: a line per owner, then a line per owner and account.
 */
export const endOfYear: ReportDefinition = {
  key: 'eoystatement',
  async build({ db, selection, letterhead, printedAt, reference }) {
    const statements = (await eoyStatements(db, selection)).filter((s) => s.opening !== 0 || s.closing !== 0 || s.income.length || s.expenses.length || s.disbursed !== 0);
    const summary = statements.map((s) => ({ code: s.code, name: s.name, opening: s.opening, income: sum(s.income), expenses: sum(s.expenses), disbursed: s.disbursed, closing: s.closing }));
    type SummaryRow = (typeof summary)[number];
    const accounts = statements.flatMap((s) => [
      ...s.income.map((a) => ({ code: s.code, side: 'Income', ...a })),
      ...s.expenses.map((a) => ({ code: s.code, side: 'Expense', ...a })),
    ]);
    return {
      title: 'End of Year Statements',
      selectionLine: financialYearText(selection.year),
      filename: `End of Year ${selection.year - 1}-${String(selection.year).slice(2)}`,
      orientation: 'landscape',
      sections: [
        {
          heading: 'Owners',
          table: {
            columns: [
              ...partyColumns<SummaryRow>({ code: 12, name: 26 }),
              ...balanceColumns<SummaryRow>(13, [['Income', (r) => r.income], ['Expenses', (r) => r.expenses], ['Paid to owner', (r) => r.disbursed]]),
            ],
            rows: summary,
            totalsLabel: 'Owners',
          },
          emptyText: 'No owners for this selection.',
        },
        {
          heading: 'By account',
          table: {
            columns: [
              { header: 'Code', value: (r) => r.code, width: 12 },
              { header: 'Income or expense', value: (r) => r.side, width: 10 },
              { header: 'Account', value: (r) => r.account, width: 12 },
              { header: 'Description', value: (r) => r.description, width: 52 },
              { header: 'Amount', kind: 'money', value: (r) => r.amount, width: 14 },
            ],
            rows: accounts,
          },
        },
      ],
      pdf: () => statementSetPdf({ letterhead, title: 'End of Year Statements', selection: financialYearText(selection.year), printedAt, reference }, statements, eoyTitle, drawEoyStatement),
      documents: function* () {
        for (const s of statements) yield { name: `EndOfYear-${s.code}-${s.year}`, pdf: () => eoyStatementPdf(s, letterhead, printedAt) };
      },
    };
  },
};
