import type { Db, ReportDefinition, ReportOutput } from '../definition.js';
import { limitedPdf } from './pdf-limit.js';
import { balancesBefore, type Party, selectedParties } from './parties.js';

/** Parties whose postings one query reads: bounded pages, each on the posting_entity_door index. */
export const PARTIES_PER_PAGE = 500;

interface Line {
  code: string;
  date: string | null;
  ref: string;
  kind: string;
  door: string;
  details: string;
  /** Cents; null on the opening and closing lines. */
  amount: number | null;
  balance: number;
}

/**
 * The selected parties' postings dated from..to, a page of parties at a time (in their order),
 * each page's postings by party in date and posting order: a page is read, turned into lines and
 * dropped, so a year of postings is held once, as the report's lines.
 */
export async function* postingPages(db: Db, parties: Party[], from: string, to: string, perPage = PARTIES_PER_PAGE) {
  for (let i = 0; i < parties.length; i += perPage) {
    const page = parties.slice(i, i + perPage);
    const rows = await db.selectFrom('posting as p').innerJoin('txn as t', 't.id', 'p.txn_id')
      .select(['p.entity', 't.date', 't.ref', 't.kind', 't.memo', 'p.description', 'p.door', 'p.amount'])
      .where('p.entity', 'in', page.map((p) => p.code)).where('t.date', '>=', from).where('t.date', '<=', to)
      .orderBy('p.entity').orderBy('t.date').orderBy('t.id').orderBy('p.id').execute();
    const byParty = new Map<string, typeof rows>();
    for (const r of rows) {
      const list = byParty.get(r.entity);
      if (list) list.push(r);
      else byParty.set(r.entity, [r]);
    }
    yield page.map((party) => ({ party, postings: byParty.get(party.code) ?? [] }));
  }
}

/**
 * Account Transactions (spec 3 §2 'Reports'): every posting to each selected party in the range
 * with its running balance, each party between its opening balance (at `from`) and its closing
 * balance (at `to`). Parties with nothing at either end and no postings are left out. The
 * Amount total is the range's movement of the selected ledgers.
 */
export const accountTransactions: ReportDefinition = {
  key: 'transactions',
  async build(ctx) {
    const { db, selection } = ctx;
    const { from, to } = selection;
    const [parties, openings] = await Promise.all([selectedParties(db, selection), balancesBefore(db, selection, from)]);
    const lines: Line[] = [];
    for await (const page of postingPages(db, parties, from, to)) {
      for (const { party, postings } of page) {
        let balance = openings.get(party.code) ?? 0;
        if (balance === 0 && !postings.length) continue;
        lines.push({ code: party.code, date: from, ref: '', kind: '', door: '', details: `Opening balance - ${party.name}`, amount: null, balance });
        for (const p of postings) {
          const amount = Number(p.amount);
          balance += amount;
          lines.push({ code: party.code, date: p.date, ref: p.ref, kind: p.kind, door: p.door ?? '', details: p.description || p.memo.split(/\r?\n/)[0] || '', amount, balance });
        }
        lines.push({ code: party.code, date: to, ref: '', kind: '', door: '', details: 'Closing balance', amount: null, balance });
      }
    }
    const out: ReportOutput = {
      title: 'Account Transactions',
      selectionLine: '',
      orientation: 'landscape',
      sections: [{
        table: {
          columns: [
            { header: 'Code', value: (r: Line) => r.code, width: 12 },
            { header: 'Date', kind: 'date', value: (r: Line) => r.date, width: 10 },
            { header: 'Ref', value: (r: Line) => r.ref, width: 10 },
            { header: 'Type', value: (r: Line) => r.kind, width: 9 },
            { header: 'Door', value: (r: Line) => r.door, width: 6 },
            { header: 'Details', value: (r: Line) => r.details, width: 40 },
            { header: 'Amount', kind: 'money', value: (r: Line) => r.amount, width: 13, total: true },
            { header: 'Balance', kind: 'money', value: (r: Line) => r.balance, width: 13 },
          ],
          rows: lines,
          totalsLabel: 'Movement',
        },
      }],
    };
    out.pdf = limitedPdf(out, ctx);
    return out;
  },
};
