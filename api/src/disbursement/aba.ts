/**
 * The ABA (APCA BECS "Cemtex") direct-entry file, built as a pure function. A wrong byte here
 * pays the wrong person, so every field is validated and placed by position:
 *
 * Descriptive record (type 0), 120 characters:
 *   1 '0' | 2-18 blank | 19-20 reel sequence '01' | 21-23 user's FI (3 letters) | 24-30 blank |
 *   31-56 user name (26, left, blank filled) | 57-62 APCA user id (6, right, zero filled) |
 *   63-74 description (12) | 75-80 processing date DDMMYY | 81-120 blank
 * Detail record (type 1), 120 characters:
 *   1 '1' | 2-8 BSB NNN-NNN | 9-17 account (9, right, blank filled) | 18 indicator (blank) |
 *   19-20 transaction code (50 credit, 13 debit) | 21-30 amount in cents (10, right, zero filled) |
 *   31-62 account title (32) | 63-80 lodgement reference (18) | 81-87 trace BSB |
 *   88-96 trace account (9, right, blank filled) | 97-112 remitter (16) | 113-120 withholding tax '00000000'
 * File total record (type 7), 120 characters:
 *   1 '7' | 2-8 '999-999' | 9-20 blank | 21-30 net total | 31-40 credit total | 41-50 debit total |
 *   51-74 blank | 75-80 count of type 1 records (6, zero filled) | 81-120 blank
 * Records end with CRLF (the last one too).
 */

import { formatCents } from '../money/cents.js';

export const RECORD_LENGTH = 120;
export const CRLF = '\r\n';
export const CREDIT_CODE = '50';
export const DEBIT_CODE = '13';
/** The amount fields are 10 digits of cents. */
export const MAX_AMOUNT_CENTS = 9_999_999_999;

export class AbaError extends Error {
  constructor(message: string, readonly field: string) {
    super(message);
  }
}

export interface AbaDescriptive {
  /** Reel sequence number, 1 unless the bank asks otherwise. */
  reel?: number;
  /** User's financial institution: the 3-letter APCA abbreviation (control bank_code). */
  bankCode: string;
  /** User preferred name (control bank_account_name). */
  userName: string;
  /** APCA user identification number (control bank_account_id), up to 6 digits. */
  userId: string;
  /** Description of entries, e.g. 'OWNER DISB'. */
  description: string;
  /** Date to be processed, YYYY-MM-DD. */
  processingDate: string;
}

/** The trust account: traced on every credit and debited by the balancing line. */
export interface AbaTrustAccount {
  bsb: string;
  account: string;
  /** Title of the trust account on the balancing debit line. */
  title: string;
  /** Name of remitter on every line (who the payee's bank shows the money came from). */
  remitter: string;
}

export interface AbaCredit {
  bsb: string;
  account: string;
  /** Cents, > 0. */
  amount: number;
  /** Title of the account credited. */
  title: string;
  /** Lodgement reference the payee sees. */
  reference: string;
}

export interface AbaInput {
  descriptive: AbaDescriptive;
  trust: AbaTrustAccount;
  credits: AbaCredit[];
}

export interface AbaFile {
  /** The file text, CRLF line ends. */
  text: string;
  /** Sum of the credits, cents (= the balancing debit). */
  creditTotal: number;
  debitTotal: number;
  /** Number of type 1 records (credits plus the balancing debit). */
  count: number;
}

const EXTRA_LETTERS: Record<string, string> = { Ø: 'O', ø: 'o', Æ: 'AE', æ: 'ae', Œ: 'OE', œ: 'oe', Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', Þ: 'TH', þ: 'th', ı: 'i' };

/**
 * Text as the bank accepts it: accents stripped ('Zoë Müller' → 'ZOE MULLER'), upper case,
 * whitespace runs as one space, anything else outside printable ASCII dropped.
 */
export function abaText(value: string): string {
  return value
    .replace(/[ØøÆæŒœŁłĐđÞþı]/g, (c) => EXTRA_LETTERS[c] ?? '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/\s+/g, ' ')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/ {2,}/g, ' ')
    .trim();
}

/** Cleaned text cut at the field width (no trailing blank left by the cut), left justified, blank filled. */
export function textField(value: string, width: number): string {
  return abaText(value).slice(0, width).trimEnd().padEnd(width, ' ');
}

/** Cents, right justified, zero filled. */
export function amountField(cents: number, width = 10): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new AbaError(`Amount ${cents} is not a whole, non-negative number of cents`, 'amount');
  const s = String(cents);
  if (s.length > width) throw new AbaError(`Amount ${cents} cents does not fit the ${width}-digit field`, 'amount');
  return s.padStart(width, '0');
}

/** A BSB as NNN-NNN (accepts NNNNNN or NNN-NNN, surrounding blanks ignored). */
export function bsbField(value: string | null | undefined, field = 'bsb'): string {
  const v = (value ?? '').trim();
  const m = /^(\d{3})-?(\d{3})$/.exec(v);
  if (!m) throw new AbaError(`BSB '${v}' is not 6 digits (NNN-NNN)`, field);
  return `${m[1]}-${m[2]}`;
}

/** Account number: 1 to 9 digits or hyphens (hyphens as the bank writes it), not all zeros; right justified, blank filled. */
export function accountField(value: string | null | undefined, field = 'account'): string {
  const v = (value ?? '').trim();
  if (!/^[0-9-]{1,9}$/.test(v) || !/[1-9]/.test(v)) throw new AbaError(`Account number '${v}' is not 1 to 9 digits`, field);
  return v.padStart(9, ' ');
}

/** True when a BSB and account number would go into the file. */
export function isValidBankAccount(bsb: string | null | undefined, account: string | null | undefined): boolean {
  try {
    bsbField(bsb);
    accountField(account);
    return true;
  } catch {
    return false;
  }
}

/** YYYY-MM-DD → DDMMYY, validating the date. */
export function dateField(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  const d = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
  if (!m || !d || d.toISOString().slice(0, 10) !== iso) throw new AbaError(`Processing date '${iso}' is not a valid YYYY-MM-DD date`, 'processingDate');
  return `${m[3]}${m[2]}${m[1]!.slice(2)}`;
}

const requiredText = (value: string, width: number, field: string, label: string) => {
  const f = textField(value ?? '', width);
  if (!f.trim()) throw new AbaError(`${label} is required in the bank file`, field);
  return f;
};

function assertRecord(record: string) {
  if (record.length !== RECORD_LENGTH) throw new Error(`ABA record of ${record.length} characters: ${record}`);
}

export function descriptiveRecord(d: AbaDescriptive): string {
  const reel = d.reel ?? 1;
  if (!Number.isInteger(reel) || reel < 1 || reel > 99) throw new AbaError(`Reel sequence ${reel} is not 01 to 99`, 'reel');
  const bank = (d.bankCode ?? '').trim().toUpperCase();
  if (!/^[A-Z]{3}$/.test(bank)) throw new AbaError(`Bank code '${bank}' is not the 3-letter financial institution abbreviation`, 'bankCode');
  const userId = (d.userId ?? '').trim();
  if (!/^\d{1,6}$/.test(userId)) throw new AbaError(`APCA user id '${userId}' is not up to 6 digits`, 'userId');
  const record = '0'
    + ' '.repeat(17)
    + String(reel).padStart(2, '0')
    + bank
    + ' '.repeat(7)
    + requiredText(d.userName, 26, 'userName', 'User name (trust account name)')
    + userId.padStart(6, '0')
    + requiredText(d.description, 12, 'description', 'Description')
    + dateField(d.processingDate)
    + ' '.repeat(40);
  assertRecord(record);
  return record;
}

export interface DetailLine {
  bsb: string;
  account: string;
  code: typeof CREDIT_CODE | typeof DEBIT_CODE;
  amount: number;
  title: string;
  reference: string;
  traceBsb: string;
  traceAccount: string;
  remitter: string;
}

export function detailRecord(l: DetailLine, where = 'line'): string {
  if (!Number.isSafeInteger(l.amount) || l.amount <= 0) throw new AbaError(`${where}: amount must be more than zero cents (got ${l.amount})`, 'amount');
  const record = '1'
    + bsbField(l.bsb, `${where}.bsb`)
    + accountField(l.account, `${where}.account`)
    + ' '
    + l.code
    + amountField(l.amount)
    + requiredText(l.title, 32, `${where}.title`, `${where}: account title`)
    + textField(l.reference, 18)
    + bsbField(l.traceBsb, 'trust.bsb')
    + accountField(l.traceAccount, 'trust.account')
    + requiredText(l.remitter, 16, 'trust.remitter', 'Remitter name')
    + '00000000';
  assertRecord(record);
  return record;
}

export function fileTotalRecord(creditTotal: number, debitTotal: number, count: number): string {
  if (!Number.isInteger(count) || count < 0 || count > 999_999) throw new AbaError(`Record count ${count} does not fit`, 'count');
  const record = '7'
    + '999-999'
    + ' '.repeat(12)
    + amountField(Math.abs(creditTotal - debitTotal))
    + amountField(creditTotal)
    + amountField(debitTotal)
    + ' '.repeat(24)
    + String(count).padStart(6, '0')
    + ' '.repeat(40);
  assertRecord(record);
  return record;
}

/**
 * The whole file: descriptive record, a credit (code 50) per payee, the self-balancing debit
 * (code 13) from the trust account for the sum of the credits, and the file total record.
 * No credits → null (no file). Throws AbaError naming the field on any invalid value.
 */
export function buildAba(input: AbaInput): AbaFile | null {
  if (input.credits.length === 0) return null;
  const trace = { traceBsb: input.trust.bsb, traceAccount: input.trust.account, remitter: input.trust.remitter };
  const lines = [descriptiveRecord(input.descriptive)];
  let creditTotal = 0;
  input.credits.forEach((c, i) => {
    lines.push(detailRecord({ bsb: c.bsb, account: c.account, code: CREDIT_CODE, amount: c.amount, title: c.title, reference: c.reference, ...trace }, `credits[${i}] (${abaText(c.title) || 'no name'})`));
    creditTotal += c.amount;
  });
  if (creditTotal > MAX_AMOUNT_CENTS) throw new AbaError(`The payments total ${formatCents(creditTotal)}, more than one bank file can carry (${formatCents(MAX_AMOUNT_CENTS)}: its total field has 10 digits)`, 'total');
  lines.push(detailRecord({ bsb: input.trust.bsb, account: input.trust.account, code: DEBIT_CODE, amount: creditTotal, title: input.trust.title, reference: input.descriptive.description, ...trace }, 'trust'));
  const count = input.credits.length + 1;
  lines.push(fileTotalRecord(creditTotal, creditTotal, count));
  return { text: lines.map((l) => l + CRLF).join(''), creditTotal, debitTotal: creditTotal, count };
}
