import type { Kysely } from 'kysely';
import { ARCHIVE_PATHS, MIME, archiveFile } from '../archive/archive.js';
import { BANKING_METHODS, createDeposit } from '../banking/banking.js';
import { unreconciledItems } from '../bankrec/bank-items.js';
import { completeReconciliation } from '../bankrec/bankrec.js';
import { confirmMatches, currentSuggestions, importStatement, sampleStatementName } from '../bankstatements/statements.js';
import type { BankingType } from '../contracts/banking.js';
import type { CompanyTables } from '../db/schema.js';
import { addDays, lastDayOfMonth } from '../ledger/business-date.js';

type Db = Kysely<CompanyTables>;

export interface DemoBankingSummary {
  deposits: number;
  reconciliations: number;
  statementLines: number;
  matched: number;
}

const dmy = (iso: string) => iso.split('-').reverse().join('/');

/**
 * The demo company's bank side, kept as a trust accountant would have kept it and made through
 * the same functions as the screens (daily banking, reconciliation, statement import, matching):
 * - every cash, cheque and card receipt banked on its day, one deposit per day and banking
 *   type, except the books' last two days' (so Daily Banking has receipts waiting);
 * - the trust account reconciled at every month end before the current month;
 * - this month's statement (a CommBank CSV, as NetBank exports it): the bank's view of this
 *   month's deposits and payments up to yesterday, card settlements net of 1.5% fees, one
 *   deposit nobody can identify. Its lines up to five days before the books end are imported and
 *   matched (except the unidentified deposit); the whole file is kept as the sample statement a
 *   newcomer downloads and imports on the Reconciliation screen, which adds the last days' lines
 *   for the matcher to suggest.
 */
export async function bankAndReconcileDemo(db: Db, today: string, user: { id: string }, company: { code: string; name: string }): Promise<DemoBankingSummary> {
  // The books may end before today: the last two days of receipts to bank wait for banking.
  const last = ((await db.selectFrom('cashbook').select((eb) => eb.fn.max('date').as('d')).where('date', '<=', today).where('amount', '>', '0').where('method', 'in', ['CASH', 'CHQ', 'CARD']).executeTakeFirst())?.d as string | undefined) ?? today;
  const bankedThrough = addDays(last, -2);
  const thisMonth = `${today.slice(0, 7)}-01`;
  let deposits = 0;
  await db.transaction().execute(async (trx) => {
    const lines = await trx.selectFrom('cashbook as c').innerJoin('txn as t', 't.id', 'c.txn_id')
      .select(['c.id', 'c.date', 'c.method', 'c.amount'])
      .where('c.amount', '>', '0').where('c.method', 'in', ['CASH', 'CHQ', 'CARD']).where('t.kind', '<>', 'REVERSAL').where('c.date', '<=', bankedThrough)
      .where((eb) => eb.not(eb.exists(eb.selectFrom('txn as r').select('r.id').whereRef('r.reversal_of', '=', 't.id'))))
      .orderBy('c.date').orderBy('c.id').execute();
    const groups = new Map<string, { date: string; items: { id: number; amount: number }[] }>();
    for (const l of lines) {
      const type = (Object.keys(BANKING_METHODS) as BankingType[]).find((t) => BANKING_METHODS[t].includes(l.method))!;
      const key = `${l.date}|${type}`;
      const g = groups.get(key) ?? { date: l.date, items: [] };
      g.items.push({ id: Number(l.id), amount: Number(l.amount) / 100 });
      groups.set(key, g);
    }
    for (const g of groups.values()) {
      await createDeposit(trx, user, company, g.date, g.items, { archiveSlip: g.date >= thisMonth });
      deposits += 1;
    }
  });

  let reconciliations = 0;
  let balance = 0;
  const first = (await db.selectFrom('cashbook').select((eb) => eb.fn.min('date').as('d')).executeTakeFirst())?.d as string | undefined;
  for (let end = first ? lastDayOfMonth(first) : thisMonth; end < thisMonth; end = lastDayOfMonth(addDays(end, 1))) {
    await db.transaction().execute(async (trx) => {
      const items = (await unreconciledItems(trx)).filter((i) => i.date <= end);
      const total = items.reduce((a, i) => a + i.amount, 0);
      await completeReconciliation(trx, user, company.name, {
        data: items.map((i) => ({ banking_ref: i.key, amount: i.amount / 100 })), starting: balance / 100, balance: (balance + total) / 100, control: total / 100, date: end,
      }, today, { archiveReport: end >= addDays(thisMonth, -1) });
      balance += total;
      reconciliations += 1;
    });
  }

  // This month's statement as the bank shows it.
  const yesterday = addDays(today, -1);
  const open = (await unreconciledItems(db)).filter((i) => i.date >= thisMonth && i.date <= yesterday && !i.contra);
  const rows: [string, number, string][] = open.map((i) => {
    const card = i.method.includes('CARD');
    const amount = card ? i.amount - Math.round(i.amount * 0.015) : i.amount;
    const text = i.type === 'DEPOSIT' ? (card ? `MERCHANT SETTLEMENT ${i.ref}` : `DEPOSIT ${i.ref} NOOSA BRANCH`) : `${i.amount > 0 ? 'DIRECT CREDIT' : 'TRANSFER TO'} ${i.details.toUpperCase()} ${i.ref}`;
    return [card ? addDays(i.date, 1) > yesterday ? i.date : addDays(i.date, 1) : i.date, amount, text];
  });
  rows.push([addDays(last, -9) < thisMonth ? thisMonth : addDays(last, -9), 31_415, 'DIRECT CREDIT UNKNOWN PAYER 884210']);
  rows.sort((a, b) => a[0].localeCompare(b[0]));
  let running = balance;
  const money = (c: number) => `${c >= 0 ? '+' : '-'}${(Math.abs(c) / 100).toFixed(2)}`;
  const lines = rows.map(([date, amount, text]) => {
    running += amount;
    return { date, csv: `${dmy(date)},"${money(amount)}","${text.replace(/"/g, "'")}","${money(running)}"` };
  });
  // NetBank lists the newest first.
  const csvOf = (part: typeof lines) => part.map((l) => l.csv).reverse().join('\n');
  // The statement as first imported ends five days before the books do; the whole month is
  // shipped as the sample a newcomer imports, whose older lines are already held.
  const cutoff = addDays(last, -5);
  const earlier = lines.filter((l) => l.date < cutoff);
  let statementLines = 0;
  let matched = 0;
  if (rows.length) {
    await db.transaction().execute(async (trx) => {
      await archiveFile(trx, { userCode: user.id, path: ARCHIVE_PATHS.REPORTS, name: sampleStatementName(`CommBank ${today.slice(0, 7)}.csv`), mime: MIME.csv, content: new TextEncoder().encode(csvOf(lines)) });
      if (!earlier.length) return;
      statementLines = (await importStatement(trx, user.id, { name: `CommBank ${today.slice(0, 7)} to ${earlier[earlier.length - 1]!.date}.csv`, layout: 'CBA', content: csvOf(earlier) })).added;
      const suggestions = await currentSuggestions(trx);
      if (suggestions.length) matched = (await confirmMatches(trx, user.id, { matches: suggestions.map((s) => ({ lines: s.lines, items: s.items })) })).matches;
    });
  }
  return { deposits, reconciliations, statementLines, matched };
}
