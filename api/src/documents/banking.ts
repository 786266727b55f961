import { type Block, type Letterhead, PdfDocument } from './pdf.js';
import { type DocTable, dateText, moneyText } from './table.js';

export interface SlipLine {
  date: string;
  ref: string;
  method: string;
  card_type: string | null;
  description: string;
  /** Cents. */
  amount: number;
}

export interface DepositSlip {
  ref: string;
  date: string;
  /** 'Merchant Settlement' or 'Bank Deposit' (spec 3 §2 'Daily Banking'). */
  title: string;
  bankAccount: string;
  lines: SlipLine[];
}

/** A deposit slip's lines as a table (the slip's PDF and the Deposit Slips report's CSV draw the same). */
export function depositSlipTable(slip: DepositSlip): DocTable<SlipLine> {
  return {
    columns: [
      { header: 'Date', kind: 'date', value: (l: SlipLine) => l.date, width: 14 },
      { header: 'Ref', value: (l) => l.ref, width: 12 },
      { header: 'Method', value: (l) => (l.method === 'CARD' ? `CARD ${l.card_type ?? ''}`.trim() : l.method), width: 14 },
      { header: 'Details', value: (l) => l.description },
      { header: 'Amount', kind: 'money', value: (l) => l.amount, total: true, width: 18 },
    ],
    rows: slip.lines,
    totalsLabel: `${slip.lines.length} item${slip.lines.length === 1 ? '' : 's'}`,
  };
}

/** The slip's totals: cash and cheques counted apart as a teller expects, card settlements by card type. */
export function depositSlipTotals(slip: DepositSlip): Block[] {
  const total = slip.lines.reduce((a, l) => a + l.amount, 0);
  const byMethod = new Map<string, number>();
  for (const l of slip.lines) {
    const key = l.method === 'CARD' ? `Card ${l.card_type ?? ''}`.trim() : l.method === 'CHQ' ? 'Cheques' : l.method === 'CASH' ? 'Cash' : l.method;
    byMethod.set(key, (byMethod.get(key) ?? 0) + l.amount);
  }
  return [...[...byMethod].map(([label, cents]) => ({ label, value: moneyText(cents) })), { label: 'Deposit total', value: moneyText(total), strong: true }];
}

/** The line under a slip's title: its date and the trust account. */
export const depositSlipLine = (slip: DepositSlip) => `Deposit date ${dateText(slip.date)}  ·  ${slip.bankAccount}`;

/** Draws a slip's lines and totals where the document stands (several slips share one report PDF). */
export function drawDepositSlip(pdf: PdfDocument, slip: DepositSlip): void {
  pdf.table(depositSlipTable(slip));
  pdf.block(depositSlipTotals(slip));
}

/**
 * The deposit slip (spec 3 §2 'Daily Banking'): what went to the bank in one deposit, cash and
 * cheques counted apart as a teller expects, card settlements by card type.
 */
export function depositSlipPdf(letterhead: Letterhead, slip: DepositSlip, printedAt: Date, reference?: string): Uint8Array {
  const pdf = new PdfDocument({ letterhead, title: `${slip.title} ${slip.ref}`, selection: depositSlipLine(slip), printedAt, reference });
  drawDepositSlip(pdf, slip);
  return pdf.bytes();
}

export interface ReconciliationReport {
  ref: string;
  date: string;
  bankAccount: string;
  startingBalance: number;
  endingBalance: number;
  /** Items ticked off by this reconciliation (cents). */
  cleared: { date: string; ref: string; type: string; details: string; amount: number }[];
  /** Items in the books not yet on the statement as at the date. */
  outstanding: { date: string; ref: string; type: string; details: string; amount: number }[];
  /** The cash book and the trust ledgers as at the date (cents). */
  cashbook: number;
  ledgers: number;
}

/** The line under a reconciliation report's title: its date and the trust account. */
export const reconciliationLine = (r: ReconciliationReport) => `As at ${dateText(r.date)}  ·  ${r.bankAccount}`;

/** The three-way figures of a reconciliation (cents): the adjusted bank balance beside the cash book and the ledgers. */
export function reconciliationFigures(r: ReconciliationReport) {
  const sum = (xs: { amount: number }[]) => xs.reduce((a, x) => a + x.amount, 0);
  const deposits = sum(r.outstanding.filter((o) => o.amount > 0));
  const payments = sum(r.outstanding.filter((o) => o.amount < 0));
  const adjusted = r.endingBalance + deposits + payments;
  return { deposits, payments, adjusted, balanced: adjusted === r.cashbook && r.cashbook === r.ledgers };
}

/**
 * The bank reconciliation report (spec 3 §2 'Bank Reconciliation', the completion report): the
 * statement balance, outstanding deposits and unpresented payments, and the three-way check
 * (adjusted bank balance = cash book = sum of the trust ledgers) the regulators ask for.
 */
export function reconciliationReportPdf(letterhead: Letterhead, r: ReconciliationReport, printedAt: Date, reference?: string): Uint8Array {
  const pdf = new PdfDocument({ letterhead, title: `Bank Reconciliation ${r.ref}`, selection: reconciliationLine(r), printedAt, reference });
  drawReconciliationReport(pdf, r);
  return pdf.bytes();
}

/** Draws a reconciliation report where the document stands (several share one report PDF). */
export function drawReconciliationReport(pdf: PdfDocument, r: ReconciliationReport): void {
  const deposits = r.outstanding.filter((o) => o.amount > 0);
  const payments = r.outstanding.filter((o) => o.amount < 0);
  const f = reconciliationFigures(r);
  pdf.heading('Three-way reconciliation');
  pdf.block([
    { label: 'Balance per bank statement', value: moneyText(r.endingBalance) },
    { label: 'Add outstanding deposits', value: moneyText(f.deposits) },
    { label: 'Less unpresented payments', value: moneyText(f.payments) },
    { label: 'Adjusted bank balance', value: moneyText(f.adjusted), strong: true },
    { label: 'Cash book balance', value: moneyText(r.cashbook), strong: true },
    { label: 'Trust ledgers total', value: moneyText(r.ledgers), strong: true },
    { label: f.balanced ? 'Result: IN BALANCE' : 'Result: OUT OF BALANCE', value: moneyText(f.adjusted - r.cashbook), strong: true },
  ], 110);
  const columns = [
    { header: 'Date', kind: 'date' as const, value: (l: ReconciliationReport['cleared'][number]) => l.date, width: 14 },
    { header: 'Ref', value: (l: ReconciliationReport['cleared'][number]) => l.ref, width: 14 },
    { header: 'Type', value: (l: ReconciliationReport['cleared'][number]) => l.type, width: 14 },
    { header: 'Details', value: (l: ReconciliationReport['cleared'][number]) => l.details },
    { header: 'Amount', kind: 'money' as const, value: (l: ReconciliationReport['cleared'][number]) => l.amount, total: true, width: 18 },
  ];
  pdf.heading('Outstanding deposits');
  pdf.table({ columns, rows: deposits, totalsLabel: 'Total' }, { emptyText: 'None.' });
  pdf.heading('Unpresented payments');
  pdf.table({ columns, rows: payments, totalsLabel: 'Total' }, { emptyText: 'None.' });
  pdf.heading(`Items reconciled (statement ${moneyText(r.startingBalance)} to ${moneyText(r.endingBalance)})`);
  pdf.table({ columns, rows: r.cleared, totalsLabel: 'Movement' }, { emptyText: 'No items: the balance carried forward unchanged.' });
}
