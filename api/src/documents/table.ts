import { formatCents } from '../money/cents.js';

/**
 * One description of a table that every format draws: the PDF (PdfDocument.table), the CSV and the
 * XLSX sheet of a report are the same columns over the same rows. Money is integer cents in the
 * rows and becomes text or a number cell only here, at the edge.
 *
 * Column kinds:
 * - text: as given;
 * - money: cents, '$1,234.56' / '-$1,234.56' (spec 2 §9 '$0,0.00');
 * - moneyBrackets: cents shown in brackets when kept back, '($1,234.56)' (spec 2 §9 holds, releases);
 * - date: 'YYYY-MM-DD' shown DD/MM/YYYY;
 * - count: a whole number with thousands separators.
 */
export type ColumnKind = 'text' | 'money' | 'moneyBrackets' | 'date' | 'count';

export interface DocColumn<Row> {
  header: string;
  kind?: ColumnKind;
  /** The cell's value: cents for money columns, a number for counts, text otherwise. */
  value: (row: Row) => string | number | null | undefined;
  /** Relative width in the PDF (of 100; columns without one share what is left by their text). */
  width?: number;
  /** Sum this column on the totals row (money and count columns). */
  total?: boolean;
}

export interface DocTable<Row> {
  columns: DocColumn<Row>[];
  rows: Row[];
  /** The totals row's label in the first column; the row is drawn only when a column has total. */
  totalsLabel?: string;
}

export const isNumeric = (kind: ColumnKind | undefined) => kind === 'money' || kind === 'moneyBrackets' || kind === 'count';

/** Cents as the PDF shows them. */
export function moneyText(cents: number): string {
  return formatCents(cents);
}

/** Held or released money shown as kept back: ($12.00). */
export function bracketText(cents: number): string {
  return cents === 0 ? formatCents(0) : `(${formatCents(Math.abs(cents))})`;
}

/** YYYY-MM-DD → DD/MM/YYYY (spec 2 §9: dates are DD/MM/YYYY in lists). */
export function dateText(iso: string | null | undefined): string {
  if (!iso) return '';
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : iso;
}

const countText = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** A cell as text for the PDF. */
export function cellText(kind: ColumnKind | undefined, value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  switch (kind) {
    case 'money':
      return moneyText(Number(value));
    case 'moneyBrackets':
      return bracketText(Number(value));
    case 'date':
      return dateText(String(value));
    case 'count':
      return countText(Number(value));
    default:
      return String(value);
  }
}

/** Sums each totalled column exactly (integers); null for columns without a total. */
export function columnTotals<Row>(table: DocTable<Row>): (number | null)[] {
  return table.columns.map((c) => {
    if (!c.total) return null;
    let sum = 0;
    for (const r of table.rows) {
      const v = c.value(r);
      const n = typeof v === 'number' ? v : Number(v ?? 0);
      if (!Number.isSafeInteger(n)) throw new RangeError(`Column ${c.header}: ${String(v)} is not a whole number (money is cents)`);
      sum += n;
    }
    return sum;
  });
}

export const hasTotals = <Row>(table: DocTable<Row>) => table.columns.some((c) => c.total);
