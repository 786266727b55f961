import { addMonths, compareDays, endOfMonth, makeDate } from 'shared-ui/core';

export interface DateRange {
  from: Date | null;
  to: Date | null;
}

/**
 * One click on the range calendar (spec 1 §4.4): with no start, or a day earlier than the
 * start, the day becomes the start; any later day becomes the end.
 */
export function applyRangeClick(range: DateRange, day: Date): DateRange {
  if (!range.from || compareDays(day, range.from) < 0) {
    return { from: day, to: range.to };
  }
  return { from: range.from, to: day };
}

export const PERIOD_OPTIONS = [
  { value: 'current', label: 'Current Month' },
  { value: '3month', label: 'Last 3 Months' },
  { value: '6month', label: 'Last 6 Months' },
  { value: '12month', label: 'Last 12 Months' },
  { value: 'currentyear', label: 'Current Year' },
  { value: 'prevyear', label: 'Previous Year' },
] as const;

export type PeriodOption = (typeof PERIOD_OPTIONS)[number]['value'];

/**
 * The days a period option covers, relative to today: whole months ending with the current
 * month, or a whole year. `yearStartMonth` lets a screen use a financial year (7 for July).
 */
export function periodRange(option: PeriodOption, today: Date, yearStartMonth = 1): { from: Date; to: Date } {
  const year = today.getFullYear();
  const month = today.getMonth() + 1;
  const months = (count: number) => {
    const start = addMonths(year, month, -(count - 1));
    return { from: makeDate(start.year, start.month, 1)!, to: endOfMonth(year, month) };
  };
  switch (option) {
    case 'current':
      return months(1);
    case '3month':
      return months(3);
    case '6month':
      return months(6);
    case '12month':
      return months(12);
    case 'currentyear':
    case 'prevyear': {
      const startYear = (month >= yearStartMonth ? year : year - 1) - (option === 'prevyear' ? 1 : 0);
      const end = addMonths(startYear, yearStartMonth, 11);
      return { from: makeDate(startYear, yearStartMonth, 1)!, to: endOfMonth(end.year, end.month) };
    }
  }
}

export const YEARS_PER_PAGE = 12;

/** The 12 years of the page holding `year` (pages start at multiples of 12). */
export function yearPage(year: number): number[] {
  const start = Math.floor(year / YEARS_PER_PAGE) * YEARS_PER_PAGE;
  return Array.from({ length: YEARS_PER_PAGE }, (_, i) => start + i);
}

// ---- Party selector (spec 1 §4.4, spec 2 §3) ----

export const PARTY_TYPES = ['BUSINESS', 'OWNER', 'SUPPLIER', 'TENANT', 'OTHER'] as const;
/**
 * UNALLOC (unallocated funds, spec 2 §1) is not among the defaults: only a screen that asks for it
 * offers it, as Journals do to clear money held in SUSPENSE to the right owner or tenant. POOL
 * likewise: the Charges screen offers it as a payer while owner pools are enabled.
 */
export type PartyType = (typeof PARTY_TYPES)[number] | 'UNALLOC' | 'POOL';

export interface PartyValue {
  type: PartyType;
  code: string | null;
  door: string | null;
  name: string;
  text: string;
  balance: number | null;
}

export interface PartyEntity {
  code: string;
  name: string;
  type: string;
  address?: string | null;
  balance?: number | null;
  inactive?: boolean;
}

export interface PartyUnit {
  door: string;
  name?: string | null;
  entity: string | null;
  inactive?: boolean;
}

/** BUSINESS takes the literal code BUSINESS and applies at once. */
export function businessParty(business: { name?: string | null; balance?: number | null } | undefined): PartyValue {
  return { type: 'BUSINESS', code: 'BUSINESS', door: null, name: business?.name ?? 'BUSINESS', text: '', balance: business?.balance ?? null };
}

/** The first unit of an owner, in the order the unit list holds them. */
export function firstUnitOf(owner: string, units: readonly PartyUnit[]): PartyUnit | undefined {
  return units.find((u) => u.entity === owner && !u.inactive) ?? units.find((u) => u.entity === owner);
}

/** An owner, supplier or tenant; an owner also gets a unit (the one given, else the first). */
export function entityParty(type: Exclude<PartyType, 'BUSINESS' | 'OTHER'>, entity: PartyEntity, units: readonly PartyUnit[], door?: string | null): PartyValue {
  const chosenDoor = type === 'OWNER' ? (door ?? firstUnitOf(entity.code, units)?.door ?? null) : null;
  return { type, code: entity.code, door: chosenDoor, name: entity.name, text: entity.address ?? '', balance: entity.balance ?? null };
}

/** OTHER: free multi-line text; the first line is the name and the rest the address. */
export function splitOtherText(text: string): { name: string; address: string } {
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  const first = lines.findIndex((l) => l.trim() !== '');
  if (first === -1) return { name: '', address: '' };
  return { name: lines[first]!.trim(), address: lines.slice(first + 1).map((l) => l.trim()).filter(Boolean).join('\n') };
}

export function otherParty(text: string): PartyValue {
  return { type: 'OTHER', code: null, door: null, name: splitOtherText(text).name, text, balance: null };
}

/** Whether a draft can be confirmed: OTHER needs a name, an owner a unit, the rest a code. */
export function partyReady(value: PartyValue | null): boolean {
  if (!value) return false;
  if (value.type === 'OTHER') return value.name !== '';
  if (value.type === 'OWNER') return Boolean(value.code && value.door);
  return Boolean(value.code);
}

// ---- Charge-or-payee selector ----

export const CHARGE_PAYEE_TYPES = ['CHARGE', 'BUSINESS', 'OWNER', 'SUPPLIER'] as const;
export type ChargePayeeType = (typeof CHARGE_PAYEE_TYPES)[number];

export interface ChargePayeeValue {
  type: ChargePayeeType;
  code: string | null;
  door: string | null;
  ref: string | null;
  description: string;
  amount: number | null;
}

export interface OpenCharge {
  id: string | number;
  ref?: string | null;
  memo?: string | null;
  amount: number;
  recipient?: string | null;
  door?: string | null;
}

/** CHARGE can be chosen only with a payer that has open charges. */
export function chargeOptionEnabled(payer: { code?: string | null } | null | undefined, openCharges: readonly OpenCharge[]): boolean {
  return Boolean(payer?.code) && openCharges.length > 0;
}

/** The label of a charge is the first line of its memo. */
export function chargeLabel(charge: OpenCharge): string {
  return (charge.memo ?? '').split('\n')[0]!.trim();
}

export function chargeValue(charge: OpenCharge): ChargePayeeValue {
  return {
    type: 'CHARGE',
    code: charge.recipient ?? null,
    door: charge.door ?? null,
    ref: String(charge.id),
    description: chargeLabel(charge),
    amount: charge.amount,
  };
}

/** A non-charge choice needs an account (ref); owners and suppliers also need the party. */
export function payeeReady(value: ChargePayeeValue | null): boolean {
  if (!value) return false;
  if (value.type === 'CHARGE') return Boolean(value.ref);
  if (!value.ref) return false;
  return value.type === 'BUSINESS' ? true : Boolean(value.code);
}
