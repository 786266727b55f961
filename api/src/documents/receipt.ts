import { PAYMENT_METHODS } from '../contracts/common.js';
import { type InvoiceParty, type MemoDocument, type MemoLine, addressLines } from './invoice.js';
import type { Letterhead } from './pdf.js';
import { dateText, moneyText } from './table.js';

/**
 * The Trust Account Receipt, drawn by the server for the Receipts screen's Print button and for
 * Reports › Receipts alike: number, date, payer, the ledger
 * credited by each line, the purpose, amount and method, for rent the date paid to, and the
 * receipt name, text and legal line of Control Settings. A reversed receipt is stamped REVERSED
 * with the reversal's number, so a reprint never passes for money still held.
 */

export const RECEIPT_TITLE = 'Trust Account Receipt';

export interface ReceiptToPrint {
  ref: string;
  date: string;
  method: string;
  card_type: string | null;
  tran_ref: string | null;
  payer: string | null;
  payer_entity: string | null;
  memo: string;
  /** Cents, each item as entered (selector CHARGE or ACCOUNT with its charge number or account). */
  items: { selector: string; ref: string; entity: string; door: string | null; description: string; amount: number; paidTo?: string | null }[];
  /** Card surcharge in cents and its rate in percent. */
  surcharge: number;
  surchargeRate: number;
  /** The cash received (cents). */
  amount: number;
  reversal_ref: string | null;
  /** The rent account of each tenancy whose rent this receipt paid, as the receipt left it (cents). */
  rent?: readonly ReceiptRentAccount[];
}

export interface ReceiptRentAccount {
  tenancy_id: number;
  door: string;
  paid_to: string;
  arrears: number;
  next_due: { date: string; amount: number } | null;
}

/** The rent account's rows on a rent receipt (spec 3 §2: paid-to date and the state of the rent account). */
export function rentAccountRows(r: ReceiptRentAccount): [string, string][] {
  return [
    ['Rent paid to', dateText(r.paid_to)],
    ['Arrears remaining', moneyText(r.arrears)],
    ['Next rent due', r.next_due ? `${moneyText(r.next_due.amount)} on ${dateText(r.next_due.date)}` : 'None: paid to the end of the lease'],
  ];
}

export interface ReceiptSettings {
  receipt_name?: string | null;
  receipt_text?: string | null;
  receipt_legal?: string | null;
  rent_account?: string | null;
  /** Accounts of type RENT (their lines show the date rent is paid to). */
  rentAccounts: ReadonlySet<string>;
}

/**
 * The date rent is paid to, from a rent line's description: its last DD/MM/YYYY date, else the
 * last day of its last MM/YYYY month ('Rent 03/2026'); null when it names neither.
 */
export function rentPaidTo(description: string): string | null {
  const pad = (n: number) => String(n).padStart(2, '0');
  const real = (y: number, m: number, d: number) => {
    const at = new Date(Date.UTC(y, m - 1, d));
    return at.getUTCFullYear() === y && at.getUTCMonth() === m - 1 && at.getUTCDate() === d ? `${y}-${pad(m)}-${pad(d)}` : null;
  };
  const day = [...description.matchAll(/\b(\d{1,2})\/(\d{1,2})\/(\d{4})\b/g)].at(-1);
  if (day) {
    const iso = real(Number(day[3]), Number(day[2]), Number(day[1]));
    return iso ? dateText(iso) : null;
  }
  const month = [...description.matchAll(/\b(\d{1,2})\/(\d{4})\b/g)].filter((m) => Number(m[1]) >= 1 && Number(m[1]) <= 12).at(-1);
  if (!month) return null;
  const y = Number(month[2]);
  const m = Number(month[1]);
  return dateText(`${y}-${pad(m)}-${pad(new Date(Date.UTC(y, m, 0)).getUTCDate())}`);
}

export function methodName(method: string, cardType: string | null | undefined): string {
  const name = PAYMENT_METHODS[method as keyof typeof PAYMENT_METHODS] ?? method;
  return method === 'CARD' && cardType ? `${name} (${cardType})` : name;
}

/** A posted receipt as the printed document. */
export function receiptDocument(r: ReceiptToPrint, parties: ReadonlyMap<string, InvoiceParty>, letterhead: Letterhead, settings: ReceiptSettings): MemoDocument {
  const payerEntity = r.payer_entity ? parties.get(r.payer_entity) : undefined;
  const payerName = r.payer_entity === 'BUSINESS' ? letterhead.companyName : (r.payer?.trim() || payerEntity?.name || r.payer_entity || '');
  const credited = [...new Set(r.items.map((i) => i.entity))];
  const ledgerName = (code: string) => {
    const name = code === 'BUSINESS' ? letterhead.companyName : parties.get(code)?.name;
    return name ? `${name} (${code})` : code;
  };
  const isRent = (account: string) => (!!settings.rent_account && account === settings.rent_account) || settings.rentAccounts.has(account);
  const lines: MemoLine[] = r.items.map((i) => {
    // A tenancy's rent charge knows its paid-to date (api/src/tenancies); rent on an account names it in its description.
    const paidTo = i.paidTo ? dateText(i.paidTo) : i.selector === 'ACCOUNT' && isRent(i.ref) ? rentPaidTo(i.description) : null;
    return {
      description: paidTo ? `${i.description} - rent paid to ${paidTo}` : i.description,
      account: i.selector === 'CHARGE' ? `Charge ${i.ref}` : i.ref,
      door: i.door,
      party: credited.length > 1 ? i.entity : null,
      amount: i.amount,
    };
  });
  if (r.surcharge !== 0) lines.push({ description: `Card surcharge ${r.surchargeRate}%`, account: null, door: null, party: credited.length > 1 ? 'BUSINESS' : null, amount: r.surcharge });
  const facts: [string, string][] = [['Amount', moneyText(r.amount)], ['Method', methodName(r.method, r.card_type)]];
  if (r.tran_ref) facts.push(['Reference', r.tran_ref]);
  if (r.reversal_ref) facts.push(['Reversed by', r.reversal_ref]);
  const doors = [...new Set(r.items.map((i) => i.door).filter((d): d is string => !!d))];
  return {
    title: RECEIPT_TITLE,
    number: ['Receipt No', r.ref],
    date: r.date,
    issuer: { ...letterhead, companyName: settings.receipt_name?.trim() || letterhead.companyName },
    parties: [
      { label: 'Received from', party: { code: r.payer_entity, name: payerName, address: addressLines(payerEntity) } },
      { label: 'Ledger credited', party: { name: credited.map(ledgerName).join(', '), door: doors.length === 1 ? doors[0]! : null } },
    ],
    facts,
    lines,
    notes: r.memo,
    blocks: (r.rent ?? []).map((a) => ({ title: `Rent account: tenancy ${a.tenancy_id}, unit ${a.door}`, rows: rentAccountRows(a) })),
    footer: [settings.receipt_text, settings.receipt_legal].map((t) => t?.trim()).filter(Boolean).join(' '),
    stamp: r.reversal_ref ? 'REVERSED' : null,
  };
}
