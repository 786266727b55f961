import { DISBURSE_METHODS } from 'api/contracts/common';
import { formatCents, toCents, type EntityType } from 'shared-ui';

/** The parties lists (spec 2 §2 'Owners, Suppliers, Tenants and Unallocated Funds lists'; spec 3 §2 'Owner Pools'). */
export type PartyListType = Extract<EntityType, 'OWNER' | 'SUPPLIER' | 'TENANT' | 'UNALLOC' | 'POOL'>;

export interface PartyList {
  type: PartyListType;
  title: string;
  /** Whether Add Record is offered: UNALLOC exists once per company and is never created. */
  canAdd: boolean;
}

export const PARTY_LISTS: Record<PartyListType, PartyList> = {
  OWNER: { type: 'OWNER', title: 'Owners', canAdd: true },
  SUPPLIER: { type: 'SUPPLIER', title: 'Suppliers', canAdd: true },
  TENANT: { type: 'TENANT', title: 'Tenants', canAdd: true },
  UNALLOC: { type: 'UNALLOC', title: 'Unallocated Funds', canAdd: false },
  POOL: { type: 'POOL', title: 'Owner Pools', canAdd: true },
};

/** GET /api/entity/list/{type}: the list of one party type. */
export const partyListPath = (type: PartyListType) => `/api/entity/list/${type}`;

/** A list row: the fields of the entity record (spec 2 §3) the rules read. */
type PartyRow = Record<string, unknown>;

const blank = (v: unknown) => v === null || v === undefined || String(v).trim() === '';

/** Spec 2 §8: an EFT party without a BSB or account number shows the missing-account icon. */
export function missingBankAccount(row: PartyRow): boolean {
  return row.disburse_method === 'EFT' && (blank(row.bank_bsb) || blank(row.bank_account_number));
}

/** The disbursement method as the accountant reads it (EFT, Cheque, Hold Funds). */
export function disburseMethodLabel(method: unknown): string {
  return (DISBURSE_METHODS as Record<string, string>)[String(method)] ?? String(method ?? '');
}

/** Spec 2 §8: the text behind the missing-account icon. */
export const MISSING_ACCOUNT_TEXT = 'Invalid Bank Account - Funds Held';

/** Held this month plus held always, in cents (the list shows it in brackets). */
export function heldOf(row: PartyRow): number {
  return toCents(row.hold_this_month as number) + toCents(row.hold_always as number);
}

/** Spec 2 §9: holds show in brackets, money kept back from disbursement; no hold shows $0.00. */
export function heldText(row: PartyRow): string {
  return formatCents(-heldOf(row), { brackets: true }).replace('-$0.00', '$0.00');
}

/**
 * Spec 2 §4 balances colours applied to a row's figures: red when the ledger (funds) is
 * negative, orange when the balance after pending charges is negative, otherwise none.
 */
export function figuresTone(row: PartyRow): 'danger' | 'warning' | null {
  if (toCents(row.funds as number) < 0) return 'danger';
  if (toCents(row.balance as number) < 0) return 'warning';
  return null;
}

/** The expansion's tab labels with their counts, so an empty one is visible before it is opened. */
export function pendingTabLabel(direction: 'outward' | 'inward', count: number | undefined): string {
  const label = direction === 'outward' ? 'Pending Charges Outward' : 'Pending Charges Inward';
  return count === undefined ? label : `${label} (${count})`;
}
