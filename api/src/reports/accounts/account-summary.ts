import { sql } from 'kysely';
import type { ReportDefinition } from '../definition.js';
import { entitiesSelected } from '../selection.js';
import { selectedParties } from './parties.js';
import { balanceColumns, moneyInOut, partyColumns } from '../columns.js';

/**
 * Account Summary (spec 3 §2 'Reports'): per selected party, its balance at the start of the
 * range, the money into its ledger (positive postings: receipts, booking allocations, charges it
 * received), the money out of it (negative postings: payments, disbursements, charges it paid)
 * and its balance at the end, so opening + in − out = closing. One line per party (an owner's
 * doors together, as the owner's statement totals them); one pass over the postings to `to`.
 */
export const accountSummary: ReportDefinition = {
  key: 'summary',
  async build({ db, selection }) {
    const { from, to } = selection;
    const [parties, sums] = await Promise.all([
      selectedParties(db, selection),
      db.selectFrom('posting as p').innerJoin('txn as t', 't.id', 'p.txn_id').innerJoin('entity as e', 'e.code', 'p.entity')
        .select([
          'p.entity',
          sql<string>`sum(case when t.date < ${from} then p.amount else 0 end)`.as('opening'),
          sql<string>`sum(case when t.date >= ${from} and p.amount > 0 then p.amount else 0 end)`.as('money_in'),
          sql<string>`sum(case when t.date >= ${from} and p.amount < 0 then -p.amount else 0 end)`.as('money_out'),
        ])
        .where('t.date', '<=', to).where(entitiesSelected(selection, (n) => `e.${n}`))
        .groupBy('p.entity').execute(),
    ]);
    const sumOf = new Map(sums.map((r) => [r.entity, { opening: Number(r.opening), in: Number(r.money_in), out: Number(r.money_out) }]));
    const rows = parties.flatMap((p) => {
      const s = sumOf.get(p.code);
      if (!s || (s.opening === 0 && s.in === 0 && s.out === 0)) return [];
      return [{ ...p, ...s, closing: s.opening + s.in - s.out }];
    });
    type Row = (typeof rows)[number];
    return {
      title: 'Account Summary',
      selectionLine: '',
      orientation: 'landscape',
      sections: [{
        table: {
          columns: [
            ...partyColumns<Row>({ type: 10, code: 13, name: 30 }),
            ...balanceColumns<Row>(14, moneyInOut<Row>()),
          ],
          rows,
          totalsLabel: 'Total',
        },
      }],
    };
  },
};
