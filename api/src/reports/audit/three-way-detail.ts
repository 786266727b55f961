import { sql } from 'kysely';
import { lineKey } from '../../bankrec/bank-items.js';
import { dateText } from '../../documents/table.js';
import { trialBalanceRows } from '../../exports/ledger-export.js';
import { byTypeThenCode } from '../accounts/parties.js';
import type { Db, ReportDefinition } from '../definition.js';

interface BankLine {
  date: string;
  ref: string;
  type: string;
  details: string;
  /** Cents: deposits positive, payments negative. */
  amount: number;
}

/**
 * The bank side as at a date: the newest reconciliation dated on or before it, and the cash
 * lines dated on or before it that it had not cleared (not reconciled, or reconciled only by a
 * later reconciliation), the lines of one deposit as one item as the bank shows them. Null when
 * nothing was reconciled by then.
 */
export async function bankSideAt(db: Db, asAt: string) {
  const rec = await db.selectFrom('reconciliation').select(['id', 'ref', 'date', 'ending_balance'])
    .where('date', '<=', asAt).orderBy('date', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
  if (!rec) return null;
  const lines = await db.selectFrom('cashbook as c').innerJoin('txn as t', 't.id', 'c.txn_id')
    .leftJoin('reconcile_item as r', 'r.cashbook_id', 'c.id').leftJoin('deposit_item as d', 'd.cashbook_id', 'c.id')
    .select(['c.id', 'c.date', 't.ref', 't.kind', 'c.amount', 'd.banking_ref', sql<string>`coalesce(nullif(c.payee, ''), nullif(c.payer, ''), t.memo)`.as('details')])
    .where('c.date', '<=', asAt)
    .where((eb) => eb.or([eb('r.reconciliation_id', 'is', null), eb('r.reconciliation_id', '>', rec.id)]))
    .orderBy('c.date').orderBy('c.id').execute();
  const items = new Map<string, BankLine>();
  for (const l of lines) {
    const key = l.banking_ref ?? lineKey(l.id);
    const item = items.get(key);
    if (item) item.amount += Number(l.amount);
    else items.set(key, l.banking_ref
      ? { date: l.date, ref: l.banking_ref, type: 'DEPOSIT', details: 'Deposit', amount: Number(l.amount) }
      : { date: l.date, ref: l.ref, type: l.kind, details: (l.details ?? '').split(/\r?\n/)[0] ?? '', amount: Number(l.amount) });
  }
  const outstanding = [...items.values()].filter((i) => i.amount !== 0);
  return {
    ref: rec.ref, date: rec.date, statementBalance: Number(rec.ending_balance),
    deposits: outstanding.filter((i) => i.amount > 0), payments: outstanding.filter((i) => i.amount < 0),
  };
}

const sum = (xs: { amount: number }[]) => xs.reduce((a, x) => a + x.amount, 0);

/**
 * Detailed Three Way (spec 3 §2 'Reports'; the three-way check of the dashboard and month end,
 * balances/dashboard.ts threeWayBalance, at any date): the bank side (the last reconciliation's
 * statement balance plus the outstanding deposits less the unpresented payments, each listed),
 * the cash book balance, and the trust ledgers (the trial balance, by type and by party), with
 * the differences between them, which are zero when the trust account is in balance. Before the
 * first reconciliation the bank side is the cash book, as on the dashboard.
 */
export const threeWayDetail: ReportDefinition = {
  key: 'threewaydetail',
  async build({ db, selection }) {
    const asAt = selection.to;
    const [tb, bankSide, parties] = await Promise.all([
      trialBalanceRows(db, asAt),
      bankSideAt(db, asAt),
      db.selectFrom('entity').select(['code', 'name', 'type']).execute(),
    ]);
    const deposits = bankSide?.deposits ?? [];
    const payments = bankSide?.payments ?? [];
    const bank = bankSide ? bankSide.statementBalance + sum(deposits) + sum(payments) : tb.cashbook;
    const nameOf = new Map(parties.map((p) => [p.code, p]));
    const ledgers = new Map<string, { type: string; code: string; name: string; amount: number }>();
    for (const r of tb.rows) {
      const l = ledgers.get(r.code) ?? { type: r.type, code: r.code, name: nameOf.get(r.code)?.name ?? r.code, amount: 0 };
      l.amount += r.cents;
      ledgers.set(r.code, l);
    }
    const ledgerRows = [...ledgers.values()].filter((l) => l.amount !== 0).sort(byTypeThenCode);
    const types = new Map<string, { type: string; count: number; amount: number }>();
    for (const l of ledgerRows) {
      const t = types.get(l.type) ?? { type: l.type, count: 0, amount: 0 };
      t.count++;
      t.amount += l.amount;
      types.set(l.type, t);
    }
    const summary = [
      { line: bankSide ? `Balance per bank statement (${bankSide.ref}, ${dateText(bankSide.date)})` : 'No reconciliation by this date: the bank side is the cash book', amount: bankSide ? bankSide.statementBalance : tb.cashbook },
      ...(bankSide ? [
        { line: `Add outstanding deposits (${deposits.length})`, amount: sum(deposits) },
        { line: `Less unpresented payments (${payments.length})`, amount: sum(payments) },
      ] : []),
      { line: 'Adjusted bank balance', amount: bank },
      { line: 'Cash book balance', amount: tb.cashbook },
      { line: 'Trust ledgers total', amount: tb.ledgers },
      { line: 'Difference: bank less cash book', amount: bank - tb.cashbook },
      { line: 'Difference: cash book less trust ledgers', amount: tb.cashbook - tb.ledgers },
    ];
    const itemColumns = [
      { header: 'Date', kind: 'date' as const, value: (l: BankLine) => l.date, width: 12 },
      { header: 'Ref', value: (l: BankLine) => l.ref, width: 12 },
      { header: 'Type', value: (l: BankLine) => l.type, width: 12 },
      { header: 'Details', value: (l: BankLine) => l.details, width: 48 },
      { header: 'Amount', kind: 'money' as const, value: (l: BankLine) => l.amount, width: 16, total: true },
    ];
    const inBalance = bank === tb.cashbook && tb.cashbook === tb.ledgers;
    return {
      title: 'Detailed Three Way Reconciliation',
      selectionLine: '',
      sections: [
        {
          heading: 'Three-way reconciliation',
          table: { columns: [{ header: 'Line', value: (r) => r.line, width: 80 }, { header: 'Amount', kind: 'money', value: (r) => r.amount, width: 20 }], rows: summary },
          notes: [{ label: 'Result', value: inBalance ? 'IN BALANCE' : 'OUT OF BALANCE', strong: true }],
        },
        { heading: 'Outstanding deposits', table: { columns: itemColumns, rows: deposits, totalsLabel: 'Total' }, emptyText: 'None.' },
        { heading: 'Unpresented payments', table: { columns: itemColumns, rows: payments, totalsLabel: 'Total' }, emptyText: 'None.' },
        {
          heading: 'Trust ledgers by type',
          table: {
            columns: [
              { header: 'Type', value: (r) => r.type, width: 50 },
              { header: 'Ledgers', kind: 'count', value: (r) => r.count, width: 20, total: true },
              { header: 'Balance', kind: 'money', value: (r) => r.amount, width: 30, total: true },
            ],
            rows: [...types.values()],
            totalsLabel: 'Trust ledgers',
          },
        },
        {
          heading: 'Trust ledgers',
          table: {
            columns: [
              { header: 'Type', value: (r) => r.type, width: 12 },
              { header: 'Code', value: (r) => r.code, width: 16 },
              { header: 'Name', value: (r) => r.name, width: 54 },
              { header: 'Balance', kind: 'money', value: (r) => r.amount, width: 18, total: true },
            ],
            rows: ledgerRows,
            totalsLabel: 'Trust ledgers',
          },
        },
      ],
    };
  },
};
