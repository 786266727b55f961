import type { BusinessSummaryRow } from 'api/contracts/balances';
import { MONTH_ABBREVIATIONS, centsToDollars, toCents } from 'shared-ui';

/**
 * Business accounts rules (spec 2 §2 'Business Accounts', §9): the summary query from the
 * period filter and the two comparison periods, the comparison columns, and the business
 * ledger's transactions for the expanded rows and the statement.
 */

export interface YearMonth {
  year: number;
  month: number;
}

/** 2026-10 for October 2026 (the compare1/compare2 format of the summary call). */
export const yearMonthText = (p: YearMonth) => `${p.year}-${String(p.month).padStart(2, '0')}`;

/** 'Oct 2026'. */
export const periodLabel = (p: YearMonth) => `${MONTH_ABBREVIATIONS[p.month - 1]} ${p.year}`;

/**
 * GET /api/ledger/business/summary query from the list's query: its period filter (Current, or
 * a Period as year and month) and the comparison periods the user chose (compare1/compare2 as
 * YYYY-MM); without them the server takes its defaults, the previous month and the same month a
 * year earlier, counted from the last ledger date (spec 2 §9).
 */
export function summaryQuery(list: Record<string, unknown>): Record<string, string | number | undefined> {
  const base = list.period === 'period' ? { year: Number(list.year), month: Number(list.month) } : { period: 'current' };
  const text = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
  return { ...base, compare1: text(list.compare1), compare2: text(list.compare2) };
}

export type ComparisonChoice = 1 | 2;

export type BusinessRow = BusinessSummaryRow & { change_compare1: number; change_compare2: number };

/** Each row with its change against both comparison periods (funds − comparison, exact in cents). */
export function withChanges(rows: readonly BusinessSummaryRow[]): BusinessRow[] {
  const change = (a: number, b: number) => centsToDollars(toCents(a) - toCents(b));
  return rows.map((r) => ({ ...r, change_compare1: change(r.funds, r.funds_compare1), change_compare2: change(r.funds, r.funds_compare2) }));
}

/** The fields of the chosen comparison (#1 or #2). */
export const comparisonFields = (choice: ComparisonChoice) => ({ funds: `funds_compare${choice}`, change: `change_compare${choice}` }) as const;

/** The period's funds are Revenue in the current month, else Funds (spec 2 §9 balance totals labels). */
export const fundsLabel = (isCurrentMonth: boolean) => (isCurrentMonth ? 'Revenue' : 'Funds');

/** Fields of an RFC 4180 CSV text (quoted fields, doubled quotes, CRLF or LF line ends). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length) rows.push([...row, field]);
  return rows;
}

export interface LedgerLine {
  date: string;
  ref: string;
  kind: string;
  door: string;
  account: string;
  amount: number;
}

/** The business ledger's lines from the postings export (date,ref,kind,party,door,account,amount), optionally of one account. */
export function businessLines(csv: string, account?: string): LedgerLine[] {
  const [header, ...rows] = parseCsv(csv);
  const at = (name: string) => header?.indexOf(name) ?? -1;
  const col = { date: at('date'), ref: at('ref'), kind: at('kind'), party: at('party'), door: at('door'), account: at('account'), amount: at('amount') };
  return rows
    .filter((r) => r[col.party] === 'BUSINESS' && (!account || r[col.account] === account))
    .map((r) => ({ date: r[col.date]!, ref: r[col.ref]!, kind: r[col.kind]!, door: r[col.door] ?? '', account: r[col.account]!, amount: Number(r[col.amount]) }));
}

export interface StatementLine extends LedgerLine {
  /** Running balance after the line, in dollars. */
  balance: number;
}

/** Statement lines: the period's lines with the running balance from the opening balance (exact in cents). */
export function statementLines(opening: number, lines: readonly LedgerLine[]): { lines: StatementLine[]; closing: number } {
  let cents = toCents(opening);
  const out = lines.map((l) => {
    cents += toCents(l.amount);
    return { ...l, balance: centsToDollars(cents) };
  });
  return { lines: out, closing: centsToDollars(cents) };
}

/** A pending charge as the charge list answers it (the fields used here). */
export interface ChargeListRow {
  id: number;
  ref: string;
  date: string;
  entity: string;
  door: string | null;
  recipient: string;
  accounts: string[];
  memo: string;
  amount: number;
  status: string;
}

/** Pending charges payable to the business on an account. */
export const pendingForAccount = (charges: readonly ChargeListRow[], account: string) =>
  charges.filter((c) => c.status === 'PENDING' && c.recipient === 'BUSINESS' && c.accounts.includes(account));
