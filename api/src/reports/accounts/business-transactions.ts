import { sql } from 'kysely';
import type { ReportDefinition, ReportOutput } from '../definition.js';
import { limitedPdf } from './pdf-limit.js';
import { balanceColumns } from '../columns.js';

/**
 * Business Transactions (spec 3 §2 'Reports', p_business_breakdown): the BUSINESS party's
 * postings in the range by account — its commission, fees, levies and other income, and what
 * was paid out of its ledger. First each account's opening balance, movement and closing
 * balance, then every posting by account and date, so the business can see where its income
 * came from. Both tie to the trial balance's BUSINESS rows.
 */
export const businessTransactions: ReportDefinition = {
  key: 'businestransactions',
  async build(ctx) {
    const { db, selection } = ctx;
    const { from, to } = selection;
    const codes = (await db.selectFrom('entity').select('code').where('type', '=', 'BUSINESS').execute()).map((e) => e.code);
    const [accounts, postings] = !codes.length ? [[], []] : await Promise.all([
      db.selectFrom('posting as p').innerJoin('txn as t', 't.id', 'p.txn_id').leftJoin('account as a', 'a.id', 'p.account_id')
        .select([
          'p.account_id', 'a.description', 'a.type',
          sql<string>`sum(case when t.date < ${from} then p.amount else 0 end)`.as('opening'),
          sql<string>`sum(case when t.date >= ${from} and p.amount > 0 then p.amount else 0 end)`.as('credits'),
          sql<string>`sum(case when t.date >= ${from} and p.amount < 0 then -p.amount else 0 end)`.as('debits'),
        ])
        .where('p.entity', 'in', codes).where('t.date', '<=', to)
        .groupBy(['p.account_id', 'a.description', 'a.type']).orderBy('p.account_id').execute(),
      db.selectFrom('posting as p').innerJoin('txn as t', 't.id', 'p.txn_id')
        .select(['p.account_id', 't.date', 't.ref', 't.kind', 't.memo', 'p.description', 'p.door', 'p.amount'])
        .where('p.entity', 'in', codes).where('t.date', '>=', from).where('t.date', '<=', to)
        .orderBy('p.account_id').orderBy('t.date').orderBy('t.id').orderBy('p.id').execute(),
    ]);
    const byAccount = accounts.map((a) => {
      const opening = Number(a.opening);
      const credits = Number(a.credits);
      const debits = Number(a.debits);
      return { account: a.account_id, description: a.description ?? '', type: a.type ?? '', opening, credits, debits, closing: opening + credits - debits };
    }).filter((a) => a.opening !== 0 || a.credits !== 0 || a.debits !== 0);
    type AccountRow = (typeof byAccount)[number];
    const out: ReportOutput = {
      title: 'Business Transactions',
      selectionLine: '',
      orientation: 'landscape',
      sections: [
        {
          heading: 'By account',
          table: {
            columns: [
              { header: 'Account', value: (r) => r.account, width: 12 },
              { header: 'Description', value: (r) => r.description, width: 30 },
              { header: 'Type', value: (r) => r.type, width: 10 },
              ...balanceColumns<AccountRow>(14, [['Income (credits)', (r) => r.credits], ['Paid out (debits)', (r) => r.debits]]),
            ],
            rows: byAccount,
            totalsLabel: 'Business',
          },
        },
        {
          heading: 'Transactions',
          table: {
            columns: [
              { header: 'Account', value: (r) => r.account_id, width: 12 },
              { header: 'Date', kind: 'date', value: (r) => r.date, width: 10 },
              { header: 'Ref', value: (r) => r.ref, width: 10 },
              { header: 'Type', value: (r) => r.kind, width: 9 },
              { header: 'Door', value: (r) => r.door ?? '', width: 6 },
              { header: 'Details', value: (r) => r.description || r.memo.split(/\r?\n/)[0] || '', width: 45 },
              { header: 'Amount', kind: 'money', value: (r) => Number(r.amount), width: 14, total: true },
            ],
            rows: postings,
            totalsLabel: 'Movement',
          },
        },
      ],
    };
    out.pdf = limitedPdf(out, ctx);
    return out;
  },
};
