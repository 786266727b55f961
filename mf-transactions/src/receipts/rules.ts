import { PAYMENT_METHODS } from 'api/contracts/common';
import { RECEIPT_METHODS, RECEIPT_PAYER_TYPES, rentStateText, type CashbookRecord } from 'api/contracts/cashbook';
import { formatDate, formatMoney, toCents, toIsoDate, type ChargePayeeValue, type OpenCharge, type PartyEntity, type PartyType, type PartyValue } from 'shared-ui';

/** Receipt rules of spec 2 §3 'Receipt' and §5 'Receipt', in integer cents. */

export const PAYER_TYPES: readonly PartyType[] = RECEIPT_PAYER_TYPES;

export const METHOD_OPTIONS = RECEIPT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHODS[m] }));

export interface ReceiptItemForm {
  id?: number | null;
  selector: 'CHARGE' | 'ACCOUNT' | '';
  /** The charge id or the account code. */
  ref: string;
  entity: string;
  door: string | null;
  description: string;
  amount: number | '' | null;
}

/** The receipt editor's values (the date is a Date while editing). */
export interface ReceiptForm {
  date: Date | string | null;
  payer_type: string;
  payer_entity: string | null;
  /** OTHER: the free text (first line the name, then the address). */
  payer: string | null;
  /** The payer's unit (an owner's first by default): items start on it and the balances bar reads it. */
  payer_door: string | null;
  method: string;
  card_type: string | null;
  tran_ref: string | null;
  source_ref: string | null;
  memo: string;
  items: ReceiptItemForm[];
}

export function newReceipt(today: Date | string | null | undefined): ReceiptForm {
  return {
    date: today ?? new Date(), payer_type: 'OWNER', payer_entity: null, payer: null, payer_door: null,
    method: 'EFT', card_type: null, tran_ref: null, source_ref: null, memo: '', items: [],
  };
}

/** The form after the party selector answers: an entity payer by code, OTHER by its text. */
export function withPayer(values: ReceiptForm, party: PartyValue): Pick<ReceiptForm, 'payer_type' | 'payer_entity' | 'payer' | 'payer_door'> {
  if (party.type === 'OTHER') return { payer_type: 'OTHER', payer_entity: null, payer: party.text, payer_door: null };
  return { payer_type: party.type, payer_entity: party.code, payer: null, payer_door: party.door };
}

/** The party selector's value for the payer held in the form. */
export function payerParty(values: Pick<ReceiptForm, 'payer_type' | 'payer_entity' | 'payer' | 'payer_door'>, entities: readonly PartyEntity[], businessName?: string | null): PartyValue | null {
  if (values.payer_type === 'OTHER') {
    const text = values.payer ?? '';
    return text.trim() ? { type: 'OTHER', code: null, door: null, name: text.split(/\r?\n/)[0]!.trim(), text, balance: null } : null;
  }
  if (!values.payer_entity) return null;
  const entity = entities.find((e) => e.code === values.payer_entity);
  const name = values.payer_type === 'BUSINESS' ? (businessName ?? entity?.name ?? 'BUSINESS') : (entity?.name ?? values.payer_entity);
  return { type: values.payer_type as PartyType, code: values.payer_entity, door: values.payer_door, name, text: entity?.address ?? '', balance: null };
}

export function itemsTotalCents(items: readonly Pick<ReceiptItemForm, 'amount'>[]): number {
  return items.reduce((sum, i) => sum + toCents(i.amount), 0);
}

/**
 * The card surcharge: the card type's payer percentage of the items total, rounded once to the
 * cent, half away from zero (as the server posts it).
 */
export function surchargeCents(totalCents: number, percent: number | null | undefined): number {
  const hundredths = Math.round((percent ?? 0) * 100);
  const exact = (totalCents * hundredths) / 10_000;
  const rounded = Math.sign(exact) * Math.round(Math.abs(exact));
  return rounded === 0 ? 0 : rounded;
}

/** The payer surcharge percentage of a card type (only a CARD receipt has one). */
export function cardSurcharge(method: string, cardType: string | null | undefined, cardTypes: readonly Record<string, unknown>[]): number {
  if (method !== 'CARD' || !cardType) return 0;
  const card = cardTypes.find((c) => c.code === cardType);
  return Number(card?.surcharge_payer ?? 0) || 0;
}

/** A new item line: against the payer itself (its own account, on its unit) until the user picks. */
export function newItem(values: Pick<ReceiptForm, 'payer_type' | 'payer_entity' | 'payer_door'>): ReceiptItemForm {
  return { id: null, selector: '', ref: '', entity: values.payer_type === 'OTHER' ? '' : (values.payer_entity ?? ''), door: values.payer_door ?? null, description: '', amount: '' };
}

/**
 * An item after the charge-or-payee selector answers. A charge is paid in full by the payer
 * (the server checks the amount equals the charge); an account choice credits that party and door.
 */
export function itemFromPick(item: ReceiptItemForm, pick: ChargePayeeValue, payerEntity: string | null): ReceiptItemForm {
  if (pick.type === 'CHARGE') {
    return { ...item, selector: 'CHARGE', ref: pick.ref ?? '', entity: payerEntity ?? '', door: pick.door, description: pick.description || item.description, amount: pick.amount ?? item.amount };
  }
  return { ...item, selector: 'ACCOUNT', ref: pick.ref ?? '', entity: pick.type === 'BUSINESS' ? 'BUSINESS' : (pick.code ?? ''), door: pick.type === 'OWNER' ? pick.door : null };
}

/** The selector's value for an item held in the form. */
export function pickOf(item: ReceiptItemForm | undefined, entities: readonly PartyEntity[], charges: readonly OpenCharge[]): ChargePayeeValue | null {
  if (!item?.selector || !item.ref) return null;
  if (item.selector === 'CHARGE') {
    const charge = charges.find((c) => String(c.id) === item.ref);
    return { type: 'CHARGE', code: charge?.recipient ?? null, door: item.door, ref: item.ref, description: item.description, amount: typeof item.amount === 'number' ? item.amount : null };
  }
  const type = entities.find((e) => e.code === item.entity)?.type;
  const pickType = type === 'OWNER' || type === 'SUPPLIER' ? type : 'BUSINESS';
  return { type: pickType, code: item.entity, door: item.door, ref: item.ref, description: item.description, amount: null };
}

/** Open charges a line may still pay: each charge once per receipt. */
export function chargesForLine(charges: readonly OpenCharge[], items: readonly ReceiptItemForm[], line: number): OpenCharge[] {
  const taken = new Set(items.filter((i, n) => n !== line && i.selector === 'CHARGE').map((i) => i.ref));
  return charges.filter((c) => !taken.has(String(c.id)));
}

const blankToNull = (v: string | null | undefined) => (v === null || v === undefined || v.trim() === '' ? null : v.trim());

/**
 * Form values as POST /api/cashbook/receipt takes them: the date as YYYY-MM-DD, the card type
 * only for a card receipt, blank item descriptions from the first line of Details, blank
 * amounts left out (the contract then asks for them).
 */
export function receiptWire(values: ReceiptForm): Record<string, unknown> {
  const firstLine = (values.memo ?? '').split(/\r?\n/)[0]!.trim();
  return {
    date: toIsoDate(values.date) ?? undefined,
    payer_type: values.payer_type,
    payer_entity: values.payer_type === 'OTHER' ? null : blankToNull(values.payer_entity),
    payer: values.payer_type === 'OTHER' ? blankToNull(values.payer) : null,
    method: values.method || undefined,
    card_type: values.method === 'CARD' ? blankToNull(values.card_type) : null,
    tran_ref: blankToNull(values.tran_ref),
    source_ref: blankToNull(values.source_ref),
    memo: values.memo ?? '',
    items: (values.items ?? []).map((i) => ({
      selector: i.selector || undefined,
      ref: i.ref,
      entity: i.entity ?? '',
      door: blankToNull(i.door),
      description: blankToNull(i.description) ?? firstLine,
      amount: i.amount === '' || i.amount === null ? undefined : i.amount,
    })),
  };
}

/** A method as the list shows it: the card type follows CARD. */
export function methodText(method: string | null | undefined, cardType: string | null | undefined): string {
  if (!method) return '';
  return method === 'CARD' && cardType ? `CARD ${cardType}` : method;
}

/**
 * The confirmation of a rent receipt (spec 3 §2: the receipt shows the paid-to date and the state
 * of the rent account): one line per tenancy whose rent it paid, as the printed receipt shows it;
 * undefined for other receipts.
 */
export function rentConfirmation(saved: Pick<CashbookRecord, 'rent'>): string | undefined {
  return saved.rent?.length ? saved.rent.map((r) => rentStateText(r, formatDate, formatMoney)).join('\n') : undefined;
}
