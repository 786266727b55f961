import type { FieldErrors } from 'react-hook-form';
import { endOfMonth, makeDate, sumCents, toCents } from 'shared-ui/core';

/** The party types an entity editor edits (spec 2 §3 'Party types'). */
export type EntityType = 'BUSINESS' | 'OWNER' | 'SUPPLIER' | 'TENANT' | 'POOL' | 'UNALLOC';

export type EntityTabId = 'details' | 'agent' | 'disbursement' | 'statement' | 'notes' | 'emails';

export const ENTITY_TAB_LABELS: Record<EntityTabId, string> = {
  details: 'Details',
  agent: 'Agent Details',
  disbursement: 'Disbursement',
  statement: 'Statement',
  notes: 'Notes',
  emails: 'Email Logs',
};

/**
 * The editor's tabs (spec 2 §2): Agent Details only for a supplier that is an agent, Notes for
 * every party but BUSINESS; Email Logs (messages to or from the party) for a user with p_email.
 */
export function entityTabs(type: EntityType, isAgent: boolean, withEmail = false): EntityTabId[] {
  const tabs: EntityTabId[] = ['details'];
  if (type === 'SUPPLIER' && isAgent) tabs.push('agent');
  tabs.push('disbursement', 'statement');
  if (type !== 'BUSINESS') tabs.push('notes');
  if (withEmail) tabs.push('emails');
  return tabs;
}

/** Which tab holds each form field, so an error on a hidden tab can name the tab. */
export const ENTITY_TAB_FIELDS: Record<EntityTabId, readonly string[]> = {
  details: ['code', 'category', 'name', 'email', 'phone1', 'phone2', 'address', 'town', 'state', 'postcode', 'abn', 'acn', 'budget', 'is_agent', 'inactive', 'type'],
  agent: ['commission', 'room_rate_has_commission_deducted', 'apply_fees_to_gross'],
  disbursement: [
    'disburse_method', 'bank', 'bank_account_name', 'bank_bsb', 'bank_account_number',
    'hold_this_month', 'hold_this_month_reason', 'hold_always', 'hold_always_reason', 'charge_release_override',
  ],
  statement: ['statement_format', 'statement_show_pending', 'statement_show_summary', 'statement_notes'],
  notes: ['notes'],
  emails: [],
};

/** The labels of the tabs that hold a field with an error, in tab order. */
export function tabsWithErrors(errors: FieldErrors | Record<string, unknown>, tabs: readonly EntityTabId[]): string[] {
  const failing = new Set(Object.keys(errors));
  return tabs.filter((t) => ENTITY_TAB_FIELDS[t].some((f) => failing.has(f))).map((t) => ENTITY_TAB_LABELS[t]);
}

/** Types that may be created (the server's CREATABLE_ENTITY_TYPES); BUSINESS and UNALLOC exist once. */
export const CREATABLE_TYPES: readonly EntityType[] = ['OWNER', 'SUPPLIER', 'TENANT', 'POOL'];

/** BUSINESS and UNALLOC are permanent: never deleted, never inactive. */
export const isPermanent = (code: unknown) => code === 'BUSINESS' || code === 'UNALLOC';

/** Charge release override applies to owners and pools (spec 2 §2 Disbursement). */
export const hasChargeReleaseOverride = (type: EntityType | string) => type === 'OWNER' || type === 'POOL';

/** Spec 2 §4 Holds: funds are held automatically when the method is not EFT. */
export function automaticHoldNote(method: unknown): string | null {
  if (!method || method === 'EFT') return null;
  return 'Funds are held automatically: the disbursement method is not EFT.';
}

interface InactiveFacts {
  _allow_inactive?: boolean;
  _inactive_reason?: string | null;
  inactive?: unknown;
  code?: unknown;
}

/**
 * Whether the Inactive box is offered, and why not (spec 2 §6 _allow_inactive, §8 tooltips):
 * a new record or a permanent party has no box; clearing the flag is always allowed.
 */
export function inactiveControl(record: InactiveFacts | null): { show: boolean; enabled: boolean; reason: string | null } {
  if (!record || isPermanent(record.code)) return { show: false, enabled: false, reason: null };
  if (record.inactive || record._allow_inactive !== false) return { show: true, enabled: true, reason: null };
  return { show: true, enabled: false, reason: record._inactive_reason ?? null };
}

/**
 * Why delete is not offered, as the server put it; null when it is offered, while adding, and
 * for the permanent parties (their editors simply have no delete).
 */
export function deleteRefusal(record: { code?: unknown; _candelete?: boolean; _delete_reason?: string | null } | null): string | null {
  if (!record || record._candelete !== false || isPermanent(record.code)) return null;
  return record._delete_reason ?? 'The server does not allow this record to be deleted';
}

export const HOLD_FIELDS = ['hold_this_month', 'hold_this_month_reason', 'hold_always', 'hold_always_reason'] as const;
export type HoldField = (typeof HOLD_FIELDS)[number];

/**
 * The PUT body of the holds panel (spec 2 §7 'PUT /api/entity/{code} (holds)'): only the four hold
 * fields, so the server treats it as holds; an empty amount is no hold.
 */
export function holdsBody(values: Record<string, unknown>): Record<HoldField, number | string | null> {
  const amount = (v: unknown) => (v === '' || v === null || v === undefined ? 0 : Number(v));
  const reason = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
  return {
    hold_this_month: amount(values.hold_this_month),
    hold_this_month_reason: reason(values.hold_this_month_reason),
    hold_always: amount(values.hold_always),
    hold_always_reason: reason(values.hold_always_reason),
  };
}

/** Total held (hold this month + hold always), in cents. */
export function heldCents(values: { hold_this_month?: unknown; hold_always?: unknown }): number {
  return toCents(values.hold_this_month as number) + toCents(values.hold_always as number);
}

/** A new party's values: the contract's defaults plus its type (spec 2 §3: the business defaults to EFT and no holds). */
export function newEntityValues(type: EntityType): Record<string, unknown> {
  return {
    type,
    disburse_method: 'EFT',
    hold_this_month: 0,
    hold_always: 0,
    budget: 0,
    commission: 0,
    statement_format: 'DET',
    statement_show_pending: true,
    statement_show_summary: true,
    is_agent: false,
    room_rate_has_commission_deducted: false,
    apply_fees_to_gross: false,
    charge_release_override: false,
    inactive: false,
  };
}

// ---- Statements ----

export interface StatementRange {
  from: Date;
  to: Date;
}

/** The accounting month's first to last day: the statement's and the ledger expansion's default. */
export function monthRange(current: { year: number; month: number }): StatementRange {
  return { from: makeDate(current.year, current.month, 1)!, to: endOfMonth(current.year, current.month) };
}

export interface StatementLine {
  amount: number;
}

/**
 * Checks a statement adds up (opening + lines = closing, in cents) so a screen never shows a
 * statement whose figures disagree; answers the money in and out of the period in cents.
 */
export function statementTotals(s: { opening: number; closing: number; rows: readonly StatementLine[] }): { received: number; paid: number; balanced: boolean } {
  const moneyIn = s.rows.filter((r) => r.amount > 0);
  const moneyOut = s.rows.filter((r) => r.amount < 0);
  const received = sumCents(moneyIn, 'amount');
  const paid = -sumCents(moneyOut, 'amount');
  return { received, paid, balanced: toCents(s.opening) + received - paid === toCents(s.closing) };
}

/** Ledger transaction kinds as the statement names them. */
const KIND_LABELS: Record<string, string> = {
  RECEIPT: 'Receipt',
  PAYMENT: 'Payment',
  JOURNAL: 'Journal',
  RELEASE: 'Charge',
  DISBURSE: 'Disbursement',
  REVERSAL: 'Reversal',
};

export const kindLabel = (kind: unknown) => KIND_LABELS[String(kind)] ?? String(kind ?? '');

/** The statement line's details: the posting's description, and the transaction memo when it adds something. */
export function statementDetails(row: { memo?: string | null; description?: string | null }): string {
  const description = (row.description ?? '').trim();
  const memo = (row.memo ?? '').trim().split('\n')[0] ?? '';
  if (!description) return memo;
  if (!memo || memo === description || description.includes(memo)) return description;
  return `${description} (${memo})`;
}
