import { moneyText } from '../../documents/table.js';
import { trialBalanceRows } from '../../exports/ledger-export.js';
import type { ReportDefinition } from '../definition.js';
import { entitiesSelected } from '../selection.js';
import { moneyColumn, partyColumns } from '../columns.js';

/**
 * Balance Summary: every ledger's balance as at a date, one line per party, from the same trial
 * balance the exports and month end use, so its total is the trial balance's. With every party
 * selected the notes compare it with the cash book.
 */
export const balanceSummary: ReportDefinition = {
  key: 'balances',
  async build({ db, selection }) {
    const [tb, parties] = await Promise.all([
      trialBalanceRows(db, selection.to),
      db.selectFrom('entity').select(['code', 'name', 'type', 'category']).where(entitiesSelected(selection)).execute(),
    ]);
    const byCode = new Map(parties.map((p) => [p.code, { ...p, cents: 0 }]));
    for (const r of tb.rows) {
      const party = byCode.get(r.code);
      if (party) party.cents += r.cents;
    }
    const rows = [...byCode.values()].filter((p) => p.cents !== 0);
    type Row = (typeof rows)[number];
    rows.sort((a, b) => a.type.localeCompare(b.type) || a.code.localeCompare(b.code));
    const everyone = selection.entity_type === 'ALL' && !selection.entity_category;
    return {
      title: 'Balance Summary',
      selectionLine: '',
      sections: [{
        table: {
          columns: [
            ...partyColumns<Row>({ type: 14, code: 16, name: 40, category: 16 }),
            moneyColumn<Row>('Balance', (r) => r.cents, 18),
          ],
          rows,
          totalsLabel: 'Total',
        },
        notes: everyone ? [
          { label: 'Sum of the trust ledgers', value: moneyText(tb.ledgers) },
          { label: 'Cash book', value: moneyText(tb.cashbook) },
          { label: 'Difference', value: moneyText(tb.cashbook - tb.ledgers), strong: true },
        ] : undefined,
      }],
    };
  },
};
