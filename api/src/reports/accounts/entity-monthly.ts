import { sql } from 'kysely';
import { PdfDocument } from '../../documents/pdf.js';
import type { DocColumn, DocTable } from '../../documents/table.js';
import { lastDayOfMonth } from '../../ledger/business-date.js';
import type { ReportDefinition, ReportOutput } from '../definition.js';
import { entitiesSelected } from '../selection.js';
import { selectedParties } from './parties.js';
import { moneyColumn, partyColumns } from '../columns.js';

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The twelve month ends of the financial year July–June ending in `year`. */
export function financialMonthEnds(year: number): { label: string; last: string }[] {
  return Array.from({ length: 12 }, (_, i) => {
    const month = ((6 + i) % 12) + 1;
    const y = month >= 7 ? year - 1 : year;
    return { label: `${MONTH_NAMES[month - 1]} ${String(y).slice(2)}`, last: lastDayOfMonth(`${y}-${String(month).padStart(2, '0')}-01`) };
  });
}

interface MonthlyRow {
  type: string;
  code: string;
  name: string;
  opening: number;
  closings: number[];
}

/**
 * Entity Monthly (spec 3 §2 'Reports'): each selected party's balance at the start of the
 * financial year (1 July) and at the end of each of its twelve months, July to June, so a
 * ledger's year reads across one line. Each month's column totals the selected ledgers at that
 * month end (the trial balance's total when every party is selected). One pass over the
 * postings to 30 June, summed per month end in SQL.
 */
export const entityMonthly: ReportDefinition = {
  key: 'monthly',
  async build({ db, selection, letterhead, printedAt, reference }) {
    const ends = financialMonthEnds(selection.year);
    const start = `${selection.year - 1}-07-01`;
    const [parties, sums] = await Promise.all([
      selectedParties(db, selection),
      db.selectFrom('posting as p').innerJoin('txn as t', 't.id', 'p.txn_id').innerJoin('entity as e', 'e.code', 'p.entity')
        .select([
          'p.entity',
          sql<string>`sum(case when t.date < ${start} then p.amount else 0 end)`.as('opening'),
          ...ends.map((m, i) => sql<string>`sum(case when t.date <= ${m.last} then p.amount else 0 end)`.as(`m${i}`)),
        ])
        .where('t.date', '<=', ends[11]!.last).where(entitiesSelected(selection, (n) => `e.${n}`))
        .groupBy('p.entity').execute(),
    ]);
    const sumOf = new Map(sums.map((r) => [r.entity, r as Record<string, string>]));
    const rows: MonthlyRow[] = parties.flatMap((p) => {
      const s = sumOf.get(p.code);
      if (!s) return [];
      const row = { type: p.type, code: p.code, name: p.name, opening: Number(s.opening), closings: ends.map((_, i) => Number(s[`m${i}`])) };
      return row.opening === 0 && row.closings.every((c) => c === 0) ? [] : [row];
    });
    const months: DocColumn<MonthlyRow>[] = ends.map((m, i) => moneyColumn<MonthlyRow>(m.label, (r) => r.closings[i]!, 8));
    const table: DocTable<MonthlyRow> = {
      columns: [
        ...partyColumns<MonthlyRow>({ code: 8, name: 10 }),
        moneyColumn<MonthlyRow>('Opening', (r) => r.opening, 8),
        ...months,
      ],
      rows,
      totalsLabel: 'Total',
    };
    const out: ReportOutput = { title: 'Entity Monthly', selectionLine: '', orientation: 'landscape', sections: [{ table }] };
    // Fourteen money columns fit a landscape page only in a smaller type than the other reports'.
    out.pdf = () => {
      const pdf = new PdfDocument({ letterhead, title: out.title, selection: out.selectionLine, printedAt, orientation: 'landscape', reference });
      pdf.table(table, { emptyText: 'Nothing for this selection.', fontSize: 6.5 });
      return pdf.bytes();
    };
    return out;
  },
};
