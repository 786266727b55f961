/**
 * CSV for outsiders (auditors' and regulators' tools): RFC 4180 — CRLF line ends, a header row,
 * fields holding a comma, a double quote, CR or LF quoted with inner quotes doubled. Money is
 * dollars with exactly two decimals and a leading minus, no thousands separators.
 */
import { type DocTable, columnTotals, hasTotals, isNumeric } from './table.js';

export const CRLF = '\r\n';

export function csvField(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (fields: (string | number | null | undefined)[]) => fields.map(csvField).join(',') + CRLF;

/** Integer cents as dollars with two decimals: 123456 → 1234.56, -5 → -0.05. */
export function centsText(cents: number | string | bigint): string {
  const n = BigInt(cents);
  const abs = n < 0n ? -n : n;
  return `${n < 0n ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

/** Headers of a CSV download named `filename`. */
export function csvHeaders(filename: string): Record<string, string> {
  return {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${filename.replace(/[^A-Za-z0-9._-]/g, '_')}"`,
    'Cache-Control': 'no-store',
  };
}

/** A stream of CSV text pulled page by page, so a million rows never sit in memory at once. */
export function csvStream(header: string, nextPage: () => Promise<string | null>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        if (!started) {
          started = true;
          controller.enqueue(encoder.encode(header + CRLF));
          return;
        }
        const chunk = await nextPage();
        if (chunk === null) controller.close();
        else controller.enqueue(encoder.encode(chunk));
      } catch (e) {
        controller.error(e);
      }
    },
  });
}

/**
 * A report table as CSV: the header row, a line per row and the totals line when the table has
 * one. Money columns (cents) are dollars with two decimals; dates stay YYYY-MM-DD (tools sort them).
 */
export function tableCsv<Row>(table: DocTable<Row>): string {
  const cell = (kind: string | undefined, v: string | number | null | undefined) =>
    v === null || v === undefined ? '' : kind === 'money' || kind === 'moneyBrackets' ? centsText(v) : v;
  let text = csvLine(table.columns.map((c) => c.header));
  for (const r of table.rows) text += csvLine(table.columns.map((c) => cell(c.kind, c.value(r))));
  if (hasTotals(table)) {
    const totals = columnTotals(table);
    text += csvLine(table.columns.map((c, i) => (i === 0 && !isNumeric(c.kind) ? (table.totalsLabel ?? 'Total') : cell(c.kind, totals[i]))));
  }
  return text;
}
