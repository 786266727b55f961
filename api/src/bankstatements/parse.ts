import { parse as parseCsvRows } from 'csv-parse/sync';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { ColumnMapping, CsvLayout } from '../contracts/banking.js';

/**
 * Bank statement files as lines the matcher can use (issue 11 'statement import'): CSV exports of
 * the big four Australian banks or any CSV with a column mapping, OFX (1.x SGML and 2.x XML) and
 * ISO 20022 camt.053. Amounts become signed cents (credits positive), dates YYYY-MM-DD. A file
 * that cannot be read throws StatementFormatError naming the line, and nothing is imported.
 */
export interface ParsedLine {
  date: string;
  /** Signed cents: positive is money into the account. */
  amount: number;
  description: string;
  reference: string | null;
  /** The file's line (CSV, OFX) or entry number (camt.053) for messages. */
  source: number;
}

export interface ParsedStatement {
  format: 'CSV' | 'OFX' | 'CAMT053';
  layout?: CsvLayout;
  account: string | null;
  lines: ParsedLine[];
  opening: number | null;
  closing: number | null;
  /** The date the closing balance is at (the last line's date when the file gives none). */
  closingDate: string | null;
}

export class StatementFormatError extends Error {}

const fail = (line: number | null, message: string): never => {
  throw new StatementFormatError(line ? `Line ${line}: ${message}` : message);
};

/** '1,234.50', '-12.5', '+3', '(12.00)', '12.00 CR' as cents; null when it is not an amount. */
export function amountCents(text: string): number | null {
  let t = text.trim().replace(/[$\s,]/g, '');
  if (!t) return null;
  let sign = 1;
  if (/^\(.*\)$/.test(t)) {
    sign = -1;
    t = t.slice(1, -1);
  }
  if (/DR$/i.test(t)) {
    sign = -sign;
    t = t.slice(0, -2);
  } else if (/CR$/i.test(t)) t = t.slice(0, -2);
  const m = /^([+-]?)(\d+)(?:\.(\d{1,2}))?$/.exec(t);
  if (!m) return null;
  const cents = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return sign * (m[1] === '-' ? -cents : cents);
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** A date as the banks write it: DD/MM/YYYY (Australian order), YYYY-MM-DD, '25 Nov 26', '25-Nov-2026'. */
export function dateOf(text: string, order: 'DMY' | 'YMD' | 'MDY' = 'DMY'): string | null {
  const t = text.trim();
  let y: number;
  let m: number;
  let d: number;
  let match = /^(\d{4})-(\d{1,2})-(\d{1,2})/.exec(t);
  if (match) [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  else if ((match = /^(\d{1,2})[ -]([A-Za-z]{3})[A-Za-z]*[ -](\d{2,4})$/.exec(t))) {
    m = MONTHS.indexOf(match[2]!.toLowerCase()) + 1;
    [d, y] = [Number(match[1]), Number(match[3])];
  } else if ((match = /^(\d{1,4})[/.-](\d{1,2})[/.-](\d{1,4})$/.exec(t))) {
    const [a, b, c] = [Number(match[1]), Number(match[2]), Number(match[3])];
    [y, m, d] = order === 'YMD' ? [a, b, c] : order === 'MDY' ? [c, a, b] : [c, b, a];
  } else return null;
  if (y < 100) y += 2000;
  const iso = `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  const check = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(check.getTime()) && check.toISOString().slice(0, 10) === iso ? iso : null;
}

/**
 * The big four's CSV exports, by column (1-based). CommBank and ANZ export no header row
 * (date, signed amount, description[, balance]); Westpac and NAB export headers, which
 * `detectLayout` recognises.
 */
export const LAYOUTS: Record<Exclude<CsvLayout, 'MAPPED'>, ColumnMapping> = {
  CBA: { date: 1, amount: 2, description: 3, balance: 4, dateFormat: 'DMY', headerRows: 0 },
  ANZ: { date: 1, amount: 2, description: 3, dateFormat: 'DMY', headerRows: 0 },
  // Bank Account, Date, Narrative, Debit Amount, Credit Amount, Balance, Categories, Serial
  WBC: { date: 2, debit: 4, credit: 5, description: 3, balance: 6, reference: 8, dateFormat: 'DMY', headerRows: 1 },
  // Date, Amount, Account Number, Transaction Type, Transaction Details, Balance, Category, Merchant Name
  NAB: { date: 1, amount: 2, description: 5, balance: 6, reference: 4, dateFormat: 'DMY', headerRows: 1 },
};

/** Which bank's export a CSV is, from its first row. */
export function detectLayout(firstRow: string[]): Exclude<CsvLayout, 'MAPPED'> | null {
  const h = firstRow.map((c) => c.trim().toLowerCase());
  if (h.includes('narrative') && h.includes('debit amount')) return 'WBC';
  if (h[0] === 'date' && h.includes('transaction details')) return 'NAB';
  if (dateOf(h[0] ?? '') && amountCents(h[1] ?? '') !== null) return h.length >= 4 && amountCents(h[3] ?? '') !== null ? 'CBA' : 'ANZ';
  return null;
}

export function parseCsv(text: string, layout?: CsvLayout, mapping?: ColumnMapping): ParsedStatement {
  let rows: { record: string[]; info: { lines: number } }[];
  try {
    rows = parseCsvRows(text.replace(/^\uFEFF/, ''), { relax_column_count: true, skip_empty_lines: true, trim: true, info: true, bom: true }) as never;
  } catch (e) {
    const line = (e as { lines?: number }).lines ?? null;
    return fail(line, `the file is not valid CSV (${(e as Error).message.replace(/^Invalid [^:]*: /, '')})`);
  }
  if (!rows.length) return fail(null, 'The file has no lines');
  const chosen: CsvLayout | null = layout ?? (mapping ? 'MAPPED' : detectLayout(rows[0]!.record));
  if (!chosen) return fail(1, 'the columns are not those of a CommBank, Westpac, NAB or ANZ export: choose the layout or map the columns');
  const map = chosen === 'MAPPED' ? mapping ?? fail(null, 'A column mapping is needed for this layout') : LAYOUTS[chosen];
  const cell = (r: string[], col: number | undefined) => (col ? (r[col - 1] ?? '') : '');
  const lines: ParsedLine[] = [];
  let closing: number | null = null;
  for (const { record, info } of rows.slice(map.headerRows)) {
    const line = info.lines;
    const date = dateOf(cell(record, map.date), map.dateFormat) ?? fail(line, `'${cell(record, map.date).slice(0, 30)}' is not a date`);
    let amount: number | null;
    if (map.amount) amount = amountCents(cell(record, map.amount));
    else {
      const debit = amountCents(cell(record, map.debit) || '0');
      const credit = amountCents(cell(record, map.credit) || '0');
      amount = debit === null || credit === null ? null : credit - Math.abs(debit);
    }
    if (amount === null) fail(line, `'${(map.amount ? cell(record, map.amount) : `${cell(record, map.debit)}/${cell(record, map.credit)}`).slice(0, 30)}' is not an amount`);
    const description = cell(record, map.description).replace(/\s+/g, ' ').trim();
    if (!description) fail(line, 'the description is empty');
    const balance = map.balance ? amountCents(cell(record, map.balance)) : null;
    lines.push({ date, amount: amount!, description, reference: cell(record, map.reference).trim() || null, source: line });
    if (balance !== null) closing = balance;
  }
  if (!lines.length) return fail(null, 'The file has no statement lines');
  // Exports list newest first or oldest first; the closing balance is the newest line's.
  if (closing !== null && lines.length > 1 && lines[0]!.date > lines[lines.length - 1]!.date) {
    const first = rows[map.headerRows]!.record;
    closing = amountCents(cell(first, map.balance));
  }
  return { format: 'CSV', layout: chosen, account: null, lines, opening: null, closing, closingDate: closing !== null ? maxDate(lines) : null };
}

const maxDate = (lines: ParsedLine[]) => lines.reduce((a, l) => (l.date > a ? l.date : a), lines[0]!.date);

/** An OFX date (YYYYMMDD, then optional HHMMSS, milliseconds and [offset:TZ]) as YYYY-MM-DD: the bank's own calendar day. */
const ofxDate = (v: string) => (/^\d{8}/.test(v) ? dateOf(`${v.slice(0, 4)}-${v.slice(4, 6)}-${v.slice(6, 8)}`) : null);

/**
 * OFX 1.x (SGML, closing tags optional) and 2.x (XML): read tag by tag, so both forms and the
 * usual quirks (no closing tags on leaves, headers before <OFX>) parse the same.
 */
export function parseOfx(text: string): ParsedStatement {
  const start = text.search(/<OFX>/i);
  if (start < 0) return fail(1, 'this is not an OFX file (no <OFX> element)');
  const lineAt = (offset: number) => text.slice(0, offset).split('\n').length;
  const tag = /<(\/?)([A-Za-z0-9.]+)>([^<]*)/g;
  tag.lastIndex = start;
  const lines: ParsedLine[] = [];
  let txn: Record<string, string> | null = null;
  let txnLine = 0;
  let inLedger = false;
  let account: string | null = null;
  let closing: number | null = null;
  let closingDate: string | null = null;
  for (let m = tag.exec(text); m; m = tag.exec(text)) {
    const [, slash, rawName, rawValue] = m;
    const name = rawName!.toUpperCase();
    const value = rawValue!.trim();
    if (name === 'STMTTRN') {
      if (!slash) {
        txn = {};
        txnLine = lineAt(m.index);
      } else if (txn) {
        lines.push(ofxLine(txn, txnLine));
        txn = null;
      }
      continue;
    }
    if (name === 'LEDGERBAL') {
      inLedger = !slash;
      continue;
    }
    if (slash || !value) continue;
    if (txn) txn[name] = decodeEntities(value);
    else if (name === 'ACCTID') account = value;
    else if (inLedger && name === 'BALAMT') closing = amountCents(value) ?? fail(lineAt(m.index), `'${value.slice(0, 30)}' is not an amount`);
    else if (inLedger && name === 'DTASOF') closingDate = ofxDate(value);
  }
  if (txn) lines.push(ofxLine(txn, txnLine));
  if (!lines.length) return fail(null, 'The OFX file has no transactions (<STMTTRN>)');
  return { format: 'OFX', account, lines, opening: null, closing, closingDate: closing !== null ? (closingDate ?? maxDate(lines)) : null };
}

function ofxLine(t: Record<string, string>, line: number): ParsedLine {
  const date = ofxDate(t.DTPOSTED ?? '') ?? fail(line, `DTPOSTED '${(t.DTPOSTED ?? '').slice(0, 30)}' is not a date`);
  const amount = amountCents(t.TRNAMT ?? '') ?? fail(line, `TRNAMT '${(t.TRNAMT ?? '').slice(0, 30)}' is not an amount`);
  const description = [t.NAME, t.MEMO].filter((x) => x && x.trim()).join(' ').replace(/\s+/g, ' ').trim() || t.TRNTYPE || 'Transaction';
  return { date, amount, description, reference: t.CHECKNUM || t.REFNUM || t.FITID || null, source: line };
}

const decodeEntities = (s: string) => s.replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'");

const asArray = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);
const textOf = (v: unknown): string => (v === undefined || v === null ? '' : typeof v === 'object' ? String((v as { '#text'?: unknown })['#text'] ?? '') : String(v));

/** ISO 20022 camt.053 (any version 001.02 to 001.13): statements' entries, opening (OPBD) and closing (CLBD) balances. */
export function parseCamt053(text: string): ParsedStatement {
  const valid = XMLValidator.validate(text);
  if (valid !== true) return fail(valid.err.line, `the XML is not well formed (${valid.err.msg})`);
  const doc = new XMLParser({ removeNSPrefix: true, ignoreAttributes: false, attributeNamePrefix: '@', parseTagValue: false, isArray: (n) => ['Stmt', 'Bal', 'Ntry', 'TxDtls', 'Ustrd'].includes(n) }).parse(text) as any;
  const statements = asArray(doc?.Document?.BkToCstmrStmt?.Stmt);
  if (!statements.length) return fail(null, 'This is not a camt.053 statement (no Document/BkToCstmrStmt/Stmt)');
  const lines: ParsedLine[] = [];
  let opening: number | null = null;
  let closing: number | null = null;
  let closingDate: string | null = null;
  let n = 0;
  // camt.053 names entries, not lines: messages say which entry (1-based, across statements).
  const failAt = (entry: number, message: string): never => {
    throw new StatementFormatError(entry ? `Entry ${entry}: ${message}` : `Balance: ${message}`);
  };
  const signed = (amt: unknown, ind: unknown, where: number) => {
    const cents = amountCents(textOf(amt)) ?? failAt(where, `Amt '${textOf(amt).slice(0, 30)}' is not an amount`);
    const indicator = textOf(ind);
    if (indicator !== 'CRDT' && indicator !== 'DBIT') failAt(where, `CdtDbtInd '${indicator.slice(0, 10)}' is neither CRDT nor DBIT`);
    return indicator === 'DBIT' ? -cents : cents;
  };
  for (const stmt of statements) {
    for (const bal of asArray<any>(stmt.Bal)) {
      const code = textOf(bal?.Tp?.CdOrPrtry?.Cd);
      const date = dateOf(textOf(bal?.Dt?.Dt) || textOf(bal?.Dt?.DtTm).slice(0, 10));
      if (code === 'OPBD' && opening === null) opening = signed(bal.Amt, bal.CdtDbtInd, 0);
      if (code === 'CLBD' && (!closingDate || (date && date >= closingDate))) {
        closing = signed(bal.Amt, bal.CdtDbtInd, 0);
        closingDate = date;
      }
    }
    for (const e of asArray<any>(stmt.Ntry)) {
      n += 1;
      if (textOf(e.Sts?.Cd ?? e.Sts) === 'PDNG') continue;
      const date = dateOf(textOf(e.BookgDt?.Dt) || textOf(e.BookgDt?.DtTm).slice(0, 10) || textOf(e.ValDt?.Dt)) ?? failAt(n, 'BookgDt is not a date');
      let amount = signed(e.Amt, e.CdtDbtInd, n);
      if (textOf(e.RvslInd) === 'true') amount = -amount;
      const tx = asArray<any>(e.NtryDtls?.TxDtls)[0];
      const parties = tx?.RltdPties;
      const description = [
        textOf(parties?.Dbtr?.Nm ?? parties?.Dbtr?.Pty?.Nm) || textOf(parties?.Cdtr?.Nm ?? parties?.Cdtr?.Pty?.Nm),
        asArray(tx?.RmtInf?.Ustrd).map(textOf).join(' '),
        textOf(e.AddtlNtryInf),
      ].filter(Boolean).join(' ').replace(/\s+/g, ' ').trim();
      // 'NOTPROVIDED' is the schema's placeholder for a missing end-to-end id.
      const endToEnd = textOf(tx?.Refs?.EndToEndId).replace(/^NOTPROVIDED$/, '');
      const reference = endToEnd || textOf(tx?.RmtInf?.Strd?.CdtrRefInf?.Ref) || textOf(e.AcctSvcrRef) || null;
      lines.push({ date, amount, description: description || 'Entry', reference, source: n });
    }
  }
  if (!lines.length) return fail(null, 'The camt.053 statement has no booked entries');
  const account = textOf(statements[0]?.Acct?.Id?.IBAN) || textOf(statements[0]?.Acct?.Id?.Othr?.Id) || null;
  return { format: 'CAMT053', account, lines, opening, closing, closingDate: closing !== null ? (closingDate ?? maxDate(lines)) : null };
}

/** Reads a statement file of the given (or sniffed) format. */
export function parseStatement(content: string, options: { format?: 'CSV' | 'OFX' | 'CAMT053'; layout?: CsvLayout; mapping?: ColumnMapping } = {}): ParsedStatement {
  const head = content.slice(0, 2000);
  const format = options.format ?? (/<OFX>|OFXHEADER/i.test(head) ? 'OFX' : /camt\.053|BkToCstmrStmt/.test(head) ? 'CAMT053' : 'CSV');
  if (format === 'OFX') return parseOfx(content);
  if (format === 'CAMT053') return parseCamt053(content);
  return parseCsv(content, options.layout, options.mapping);
}
