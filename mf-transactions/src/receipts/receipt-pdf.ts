import type { jsPDF } from 'jspdf';
import type { CashbookRecord } from 'api/contracts/cashbook';
import { PAYMENT_METHODS } from 'api/contracts/common';
import { endOfMonth, formatDate, formatMoney, makeDate, toCents } from 'shared-ui';
import { addressLines, memoPdf, type LookupEntity, type MemoDocument, type PdfLine } from '../charges/charge-pdf.js';

/**
 * The printed trust account receipt: number, date, payer, the ledger credited by each line,
 * the purpose (Details), amount and method, and for rent the period paid to. It is laid out by
 * the same one-page memo layout as invoices and memos.
 */

export const RECEIPT_TITLE = 'Trust Account Receipt';

export interface ReceiptPrintContext {
  entities: readonly LookupEntity[];
  business: LookupEntity | null;
  /** Chart of accounts: an account of type RENT marks a rent line. */
  accounts: readonly { id?: unknown; type?: unknown }[];
  /** Control settings: receipt_name, receipt_text, receipt_legal, rent_account, licence details. */
  control: Record<string, unknown> | null | undefined;
}

/**
 * The date rent is paid to, from a rent line's description: its last DD/MM/YYYY date, else the
 * last day of its last MM/YYYY month (the demo's 'Rent 03/2026'); null when it names neither.
 */
export function rentPaidTo(description: string): string | null {
  const days = [...description.matchAll(/\b(\d{1,2})\/(\d{1,2})\/(\d{4})\b/g)];
  const day = days.at(-1);
  if (day) {
    const date = makeDate(Number(day[3]), Number(day[2]), Number(day[1]));
    return date ? formatDate(date) : null;
  }
  const months = [...description.matchAll(/\b(\d{1,2})\/(\d{4})\b/g)].filter((m) => Number(m[1]) >= 1 && Number(m[1]) <= 12);
  const month = months.at(-1);
  return month ? formatDate(endOfMonth(Number(month[2]), Number(month[1]))) : null;
}

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v).trim());

function isRentAccount(account: string, ctx: ReceiptPrintContext): boolean {
  if (account && account === text(ctx.control?.rent_account)) return true;
  return ctx.accounts.some((a) => text(a.id) === account && text(a.type) === 'RENT');
}

function ledgerName(code: string, ctx: ReceiptPrintContext): string {
  const e = code === 'BUSINESS' && ctx.business ? ctx.business : ctx.entities.find((x) => x.code === code);
  return e?.name ? `${text(e.name)} (${code})` : code;
}

export function methodName(method: string, cardType: string | null | undefined): string {
  const name = PAYMENT_METHODS[method as keyof typeof PAYMENT_METHODS] ?? method;
  return method === 'CARD' && cardType ? `${name} (${cardType})` : name;
}

/** A posted receipt as the printed document. */
export function receiptDocument(receipt: CashbookRecord, ctx: ReceiptPrintContext): MemoDocument {
  const items = receipt.items ?? [];
  const payerEntity = receipt.payer_entity ? ctx.entities.find((e) => e.code === receipt.payer_entity) : undefined;
  const payerName = receipt.payer_entity === 'BUSINESS' && ctx.business?.name ? text(ctx.business.name) : (receipt.payer || text(payerEntity?.name) || text(receipt.payer_entity));
  const credited = [...new Set(items.map((i) => i.entity))];
  const lines: PdfLine[] = items.map((i) => {
    const account = i.selector === 'CHARGE' ? `Charge ${i.ref}` : i.ref;
    const paidTo = i.selector === 'ACCOUNT' && isRentAccount(i.ref, ctx) ? rentPaidTo(i.description) : null;
    return {
      description: paidTo ? `${i.description} - rent paid to ${paidTo}` : i.description,
      account,
      door: i.door,
      party: credited.length > 1 ? i.entity : null,
      amountCents: toCents(i.amount),
    };
  });
  const surcharge = toCents(receipt.surchargeAmount);
  if (surcharge !== 0) lines.push({ description: `Card surcharge ${receipt.surcharge ?? 0}%`, account: null, door: null, party: credited.length > 1 ? 'BUSINESS' : null, amountCents: surcharge });
  const issuerName = text(ctx.control?.receipt_name) || text(ctx.business?.name) || 'BUSINESS';
  const licence = [text(ctx.control?.licencee_name), text(ctx.control?.licence_no) ? `Licence ${text(ctx.control?.licence_no)}` : ''].filter(Boolean).join(', ');
  const facts: [string, string][] = [
    ['Amount', formatMoney(receipt.receiptTotal ?? receipt.amount)],
    ['Method', methodName(receipt.method, receipt.card_type)],
  ];
  if (receipt.tran_ref) facts.push(['Reference', receipt.tran_ref]);
  if (receipt.reversed) facts.push(['Reversed by', receipt.reversal_ref ?? '']);
  return {
    title: RECEIPT_TITLE,
    number: ['Receipt No', receipt.ref],
    date: receipt.date,
    issuer: {
      code: 'BUSINESS',
      name: issuerName,
      address: [...addressLines(ctx.business), licence].filter(Boolean),
      abn: ctx.business?.abn ? text(ctx.business.abn) : null,
      email: ctx.business?.email ? text(ctx.business.email) : null,
      phone: ctx.business?.phone1 ? text(ctx.business.phone1) : null,
    },
    parties: [
      {
        label: 'Received from',
        party: { code: receipt.payer_entity, name: payerName, address: payerEntity ? addressLines(payerEntity) : [] },
      },
      {
        label: 'Ledger credited',
        party: { name: credited.length === 1 ? ledgerName(credited[0]!, ctx) : credited.map((c) => ledgerName(c, ctx)).join(', '), door: uniqueDoor(items) },
      },
    ],
    facts,
    lines,
    notes: receipt.memo,
    footer: [text(ctx.control?.receipt_text), text(ctx.control?.receipt_legal)].filter(Boolean).join(' '),
  };
}

function uniqueDoor(items: readonly { door: string | null }[]): string | null {
  const doors = [...new Set(items.map((i) => i.door).filter((d): d is string => Boolean(d)))];
  return doors.length === 1 ? doors[0]! : null;
}

export function receiptPdf(receipt: CashbookRecord, ctx: ReceiptPrintContext): jsPDF {
  return memoPdf(receiptDocument(receipt, ctx));
}
