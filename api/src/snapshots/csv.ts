import { SNAPSHOT_YEARS } from '../contracts/snapshots.js';
import { hasAtMostTwoDecimals, MAX_AMOUNT_CENTS, toCents } from '../money/cents.js';

/**
 * Snapshot CSV parsing (spec 3 §5 'Snapshot import') as a plain function: the file's lines and
 * the current month in, the months and amounts (cents) out, or every problem found, so that an
 * import with any error imports nothing.
 */
export interface ParsedSnapshot {
  periods: { year: number; month: number }[];
  rows: { account: string; amounts: number[] }[];
}

export const SNAPSHOT_MESSAGES = {
  empty: 'The file has no rows: the first row holds the year, the second the month, then one row per account',
  year: (col: number, v: string) => `The first row holds the 4-digit year: column ${col} has '${v}'`,
  month: (col: number, v: string) => `The second row holds the month, 1 to 12: column ${col} has '${v}'`,
  noMonths: 'The first two rows name no month: put the year and month above each column of amounts',
  notPast: (label: string) => `Only past months, up to ${SNAPSHOT_YEARS} years back, are accepted: ${label} is not`,
  twice: (label: string) => `${label} appears in two columns`,
  noAccounts: 'The file has no account rows after the year and month rows',
  account: (row: number, v: string) => `Row ${row}: the first column is the account code, and '${v}' is not a transaction account`,
  accountTwice: (row: number, v: string) => `Row ${row}: account ${v} appears twice`,
  amount: (row: number, col: number, v: string) => `Row ${row}, column ${col}: '${v}' is not an amount in dollars and cents`,
  columns: (row: number, n: number, want: number) => `Row ${row} has ${n} amounts, the file names ${want} months`,
} as const;

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
export const monthLabel = (p: { year: number; month: number }) => `${MONTH_NAMES[p.month - 1]} ${p.year}`;

/** One CSV line's cells: commas separate, double quotes may wrap a cell ("" is a quote inside). */
export function csvCells(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') { cell += '"'; i++; } else if (ch === '"') quoted = false; else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') { cells.push(cell.trim()); cell = ''; } else cell += ch;
  }
  cells.push(cell.trim());
  return cells;
}

/** Dollars as accountants type them: 1234.5, -12, (12.00), $1,234.56; blank is 0. */
function amountCents(raw: string): number | null {
  const v = raw.replace(/[$\s]/g, '').replace(/,/g, '');
  if (v === '') return 0;
  const negative = /^\(.*\)$/.test(v);
  const body = negative ? v.slice(1, -1) : v;
  if (!/^-?\d+(\.\d{1,2})?$/.test(body)) return null;
  const dollars = Number(body) * (negative ? -1 : 1);
  if (!hasAtMostTwoDecimals(dollars) || Math.abs(dollars) > MAX_AMOUNT_CENTS / 100) return null;
  return toCents(dollars);
}

/**
 * Parses the file's lines. `current` is the company's current month: only months before it and
 * no more than SNAPSHOT_YEARS years back are accepted. `accounts` are the transaction accounts.
 */
export function parseSnapshotCsv(lines: string[], current: { year: number; month: number }, accounts: Set<string>): { ok: true; value: ParsedSnapshot } | { ok: false; errors: string[] } {
  const rows = lines.map((l) => l.replace(/^\uFEFF/, '')).filter((l) => l.trim() !== '').map(csvCells);
  const errors: string[] = [];
  if (rows.length < 2) return { ok: false, errors: [SNAPSHOT_MESSAGES.empty] };
  const [yearRow, monthRow] = [rows[0]!, rows[1]!];
  const width = Math.max(yearRow.length, monthRow.length);
  const periods: { year: number; month: number }[] = [];
  const now = current.year * 12 + current.month - 1;
  for (let col = 1; col < width; col++) {
    const y = yearRow[col] ?? '';
    const m = monthRow[col] ?? '';
    if (y === '' && m === '') continue;
    if (!/^\d{4}$/.test(y)) { errors.push(SNAPSHOT_MESSAGES.year(col + 1, y)); continue; }
    if (!/^\d{1,2}$/.test(m) || Number(m) < 1 || Number(m) > 12) { errors.push(SNAPSHOT_MESSAGES.month(col + 1, m)); continue; }
    const p = { year: Number(y), month: Number(m) };
    const at = p.year * 12 + p.month - 1;
    if (at >= now || at < now - SNAPSHOT_YEARS * 12) errors.push(SNAPSHOT_MESSAGES.notPast(monthLabel(p)));
    if (periods.some((q) => q.year === p.year && q.month === p.month)) errors.push(SNAPSHOT_MESSAGES.twice(monthLabel(p)));
    periods.push(p);
  }
  if (!periods.length && !errors.length) errors.push(SNAPSHOT_MESSAGES.noMonths);
  const body = rows.slice(2);
  if (!body.length) errors.push(SNAPSHOT_MESSAGES.noAccounts);
  const parsed: ParsedSnapshot['rows'] = [];
  body.forEach((cells, i) => {
    const row = i + 3;
    const account = (cells[0] ?? '').toUpperCase();
    if (!accounts.has(account)) { errors.push(SNAPSHOT_MESSAGES.account(row, cells[0] ?? '')); return; }
    if (parsed.some((p) => p.account === account)) { errors.push(SNAPSHOT_MESSAGES.accountTwice(row, account)); return; }
    const values = cells.slice(1);
    while (values.length > periods.length && values[values.length - 1] === '') values.pop();
    if (periods.length && values.length > periods.length) { errors.push(SNAPSHOT_MESSAGES.columns(row, values.length, periods.length)); return; }
    const amounts: number[] = [];
    periods.forEach((_, k) => {
      const cents = amountCents(values[k] ?? '');
      if (cents === null) errors.push(SNAPSHOT_MESSAGES.amount(row, k + 2, values[k] ?? ''));
      amounts.push(cents ?? 0);
    });
    parsed.push({ account, amounts });
  });
  return errors.length ? { ok: false, errors } : { ok: true, value: { periods, rows: parsed } };
}
