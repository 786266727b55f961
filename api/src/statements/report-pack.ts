import { type Kysely, sql } from 'kysely';
import { debitOccurrences } from '../audit/audit.js';
import { threeWayBalance } from '../balances/dashboard.js';
import { monthYearStartCase } from '../control/settings.js';
import type { CompanyTables } from '../db/schema.js';
import { tableCsv } from '../documents/csv.js';
import { type Letterhead, PdfDocument } from '../documents/pdf.js';
import type { DocTable } from '../documents/table.js';
import { moneyText } from '../documents/table.js';
import { xlsxWorkbook } from '../documents/xlsx.js';
import type { ZipEntry } from '../documents/zip.js';
import { trialBalanceRows } from '../exports/ledger-export.js';
import { voidReceipts } from '../ledger/receipt-delete.js';
import { toCents } from '../money/cents.js';

type Db = Kysely<CompanyTables>;

export interface PackReport {
  /** File name without extension. */
  name: string;
  title: string;
  table: DocTable<any>;
  /** Figures under the table (totals that are not column sums). */
  notes?: { label: string; value: string }[];
}

const monthRange = (year: number, month: number) => {
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const mm = String(month).padStart(2, '0');
  return { first: `${year}-${mm}-01`, last: `${year}-${mm}-${String(last).padStart(2, '0')}` };
};

/**
 * The reports of the month-end pack (issue 10): trial balance at the month's last day, the cash
 * book's receipts and payments registers, the three-way reconciliation, the disbursement register
 * with the ABA total, the debit-occurrence report and the charges released. Each is one table
 * description drawn as PDF and CSV by the documents module.
 */
export async function monthEndReports(
  db: Db, year: number, month: number,
  aba: { filename: string | null; total: number; approval?: { by: string; at: string } | null },
): Promise<PackReport[]> {
  const { first, last } = monthRange(year, month);
  const [tb, cash, three, debits, released] = await Promise.all([
    trialBalanceRows(db, last),
    db.selectFrom('cashbook as c').innerJoin('txn as t', 't.id', 'c.txn_id')
      .select(['c.date', 't.ref', 't.kind', 'c.method', 'c.payer', 'c.payee', 'c.amount', 't.memo'])
      .where('c.date', '>=', first).where('c.date', '<=', last).orderBy('c.date').orderBy('t.id').execute(),
    threeWayBalance(db, last),
    // Up to the month's end: a reprint made later shows the ones month end showed.
    debitOccurrences(db, last),
    db.selectFrom('charge as ch').innerJoin('txn as t', 't.id', 'ch.released_txn')
      .select(['ch.ref', 'ch.entity', 'ch.door', 'ch.memo', 't.date', 't.ref as txn_ref'])
      .select((eb) => eb.selectFrom('charge_item as ci').whereRef('ci.charge_id', '=', 'ch.id').select(sql<string>`coalesce(sum(ci.amount), 0)`.as('s')).as('amount'))
      .where('t.date', '>=', first).where('t.date', '<=', last).orderBy('t.date').orderBy('ch.id').execute(),
  ]);
  // Deleted receipts' numbers are in the register as cancelled, with the reason (issue 8 item 11);
  // the sort is stable, so each day keeps its receipts in posting order.
  const voids = (await voidReceipts(db, first, last)).map((v) => ({
    date: v.date, ref: v.ref, kind: 'CANCELLED', method: '', payer: v.payer, payee: null, amount: '0', memo: `Cancelled: ${v.reason}`,
  }));
  const receipts = [...cash.filter((c) => Number(c.amount) > 0), ...voids].sort((a, b) => a.date.localeCompare(b.date));
  const payments = cash.filter((c) => Number(c.amount) < 0);
  const disbursed = payments.filter((c) => c.kind === 'DISBURSE');
  const cashColumns = (who: 'payer' | 'payee') => [
    { header: 'Date', kind: 'date' as const, value: (r: (typeof cash)[number]) => r.date, width: 12 },
    { header: 'Ref', value: (r: (typeof cash)[number]) => r.ref, width: 10 },
    { header: 'Type', value: (r: (typeof cash)[number]) => r.kind, width: 10 },
    { header: 'Method', value: (r: (typeof cash)[number]) => r.method, width: 8 },
    { header: who === 'payer' ? 'Payer' : 'Payee', value: (r: (typeof cash)[number]) => r[who] ?? '', width: 25 },
    { header: 'Details', value: (r: (typeof cash)[number]) => r.memo.split(/\r?\n/)[0] ?? '', width: 30 },
    { header: 'Amount', kind: 'money' as const, value: (r: (typeof cash)[number]) => Math.abs(Number(r.amount)), width: 14, total: true },
  ];
  return [
    {
      name: 'TrialBalance', title: `Trial Balance as at ${last}`,
      table: { columns: [
        { header: 'Type', value: (r) => r.type, width: 12 }, { header: 'Code', value: (r) => r.code, width: 14 },
        { header: 'Door', value: (r) => r.door, width: 8 }, { header: 'Account', value: (r) => r.account, width: 14 },
        { header: 'Balance', kind: 'money', value: (r) => r.cents, width: 16, total: true },
      ], rows: tb.rows, totalsLabel: 'Sum of the ledgers' },
      notes: [{ label: 'Cash book', value: moneyText(tb.cashbook) }],
    },
    { name: 'ReceiptsRegister', title: 'Receipts Register', table: { columns: cashColumns('payer'), rows: receipts, totalsLabel: 'Receipts' } },
    { name: 'PaymentsRegister', title: 'Payments Register', table: { columns: cashColumns('payee'), rows: payments, totalsLabel: 'Payments' } },
    {
      name: 'ThreeWayReconciliation', title: 'Three-way Reconciliation',
      table: { columns: [{ header: 'Side', value: (r) => r.side, width: 40 }, { header: 'Balance', kind: 'money', value: (r) => r.cents, width: 20 }],
        rows: [
          { side: `Bank (${three.basis === 'RECONCILIATION' ? `reconciled ${three.lastReconcile} plus outstanding items` : 'no reconciliation yet: cash book'})`, cents: toCents(three.bank) },
          { side: 'Cash book', cents: toCents(three.cashbook) },
          { side: 'Sum of the trust ledgers', cents: toCents(three.ledgers) },
          { side: 'Difference', cents: toCents(three.balance) },
        ] },
    },
    {
      name: 'DisbursementRegister', title: 'Disbursement Register',
      table: { columns: cashColumns('payee'), rows: disbursed, totalsLabel: 'Disbursed' },
      notes: [
        { label: `ABA file${aba.filename ? ` ${aba.filename}` : ''}`, value: moneyText(aba.total) },
        // Approval before money moves: who approved the disbursement, and when.
        ...(aba.approval ? [{ label: 'Approved by', value: `${aba.approval.by} at ${aba.approval.at.slice(0, 16).replace('T', ' ')} UTC` }] : []),
      ],
    },
    {
      name: 'DebitOccurrences', title: 'Debit Occurrences (ledgers below zero)',
      table: { columns: [
        { header: 'Date', kind: 'date', value: (r) => r.date, width: 12 }, { header: 'Ledger', value: (r) => r.entity, width: 16 },
        { header: 'Door', value: (r) => r.door ?? '(all doors)', width: 12 }, { header: 'Balance', kind: 'money', value: (r) => toCents(r.balance), width: 16 },
      ], rows: debits },
    },
    {
      name: 'ChargesReleased', title: 'Charges Released',
      table: { columns: [
        { header: 'Date', kind: 'date', value: (r) => r.date, width: 12 }, { header: 'Charge', value: (r) => r.ref, width: 10 },
        { header: 'Payer', value: (r) => r.entity, width: 12 }, { header: 'Door', value: (r) => r.door ?? '', width: 8 },
        { header: 'Details', value: (r) => String(r.memo).split(/\r?\n/)[0], width: 30 },
        { header: 'Amount', kind: 'money', value: (r) => Number(r.amount), width: 14, total: true },
      ], rows: released, totalsLabel: 'Released' },
    },
  ];
}

/** Each report as a PDF and a CSV entry of the pack ZIP, and all of them as sheets of one workbook. */
export async function reportEntries(reports: PackReport[], letterhead: Letterhead, year: number, month: number, at: Date): Promise<ZipEntry[]> {
  const period = monthYearStartCase(month, year);
  const workbook = await xlsxWorkbook(reports.map((r) => ({ name: r.name, table: r.table })));
  const files: ZipEntry[] = [];
  for (const r of reports) {
    const pdf = new PdfDocument({ letterhead, title: r.title, selection: period, printedAt: at, orientation: r.table.columns.length > 5 ? 'landscape' : 'portrait' });
    pdf.table(r.table, { emptyText: 'Nothing this month.' });
    if (r.notes?.length) pdf.block(r.notes.map((n) => ({ label: n.label, value: n.value })));
    files.push({ name: `Reports/${r.name}.pdf`, data: pdf.bytes(), date: at }, { name: `Reports/${r.name}.csv`, data: tableCsv(r.table), date: at });
    // A big company's registers take seconds each to draw: other requests are answered between them.
    await new Promise((done) => setImmediate(done));
  }
  return [...files, { name: `Reports/MonthEnd-${year}-${String(month).padStart(2, '0')}.xlsx`, data: workbook, date: at }];
}
