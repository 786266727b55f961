import { type Kysely, sql } from 'kysely';
import {
  CONTROL_ACCOUNT_KEYS, CONTROL_SECRET_KEYS, CONTROL_SETTING_KEYS, CONTROL_TEMPLATE_KEYS, type ControlInfo, type ControlRecord,
  type ControlSettings, type ControlState, controlSettingsContract,
} from '../contracts/control.js';
import { MONTH_NAMES } from '../contracts/lookup.js';
import { jsonb } from '../db/open.js';
import { dateInZone, timeZoneOf } from '../ledger/business-date.js';
import type { CompanyTables } from '../db/schema.js';
import { toDollars } from '../money/cents.js';
import { latest as latestReconciliation } from '../bankrec/bankrec.js';
import { ApiError } from '../http/errors.js';
import type { CompanyContext } from '../http/env.js';
import { type Reference, assertReferencesExist } from '../reference/rules.js';

type Stored = Record<string, unknown>;
const MASK = '********';


export const monthYearStartCase = (month: number, year: number) => `${MONTH_NAMES[month - 1] ?? '?'} ${year}`;

/**
 * Every stored setting except the logo's image (large, read only by its own route): the logo
 * key answers true when present.
 */
export async function readStored(db: Kysely<any>, lock = false): Promise<Stored> {
  let q = db.selectFrom('control_setting').select(['key', sql<unknown>`case when key = 'logo' then 'true'::jsonb else value end`.as('value')]);
  if (lock) q = q.forUpdate();
  const rows = (await q.execute()) as { key: string; value: unknown }[];
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}

/** The editable settings, with the contract's default (or null) for any key never stored. */
export function settingsOf(stored: Stored): ControlSettings {
  const shape = controlSettingsContract.shape as Record<string, { safeParse(v: unknown): { success: boolean; data?: unknown } }>;
  return Object.fromEntries(CONTROL_SETTING_KEYS.map((key) => {
    if (stored[key] !== undefined) return [key, stored[key]];
    const fallback = shape[key]!.safeParse(undefined);
    return [key, fallback.success ? fallback.data : null];
  })) as ControlSettings;
}

/** Secrets never leave the server; the form shows whether one is set. */
export const withoutSecrets = <T extends Record<string, unknown>>(settings: T): T =>
  ({ ...settings, ...Object.fromEntries(CONTROL_SECRET_KEYS.filter((k) => k in settings).map((k) => [k, null])) });

const masked = (values: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(values).map(([k, v]) => [k, (CONTROL_SECRET_KEYS as readonly string[]).includes(k) && v ? MASK : v]));

/** The control record of GET /api/control: settings plus the values processes and the ledger own. */
export function controlRecord(stored: Stored, company: Pick<CompanyContext, 'code' | 'name'>): ControlRecord {
  const settings = settingsOf(stored);
  const text = (key: string) => (typeof stored[key] === 'string' ? (stored[key] as string) : null);
  const state: ControlState = {
    today: text('last_start_date') ?? dateInZone(timeZoneOf(stored.time_zone)),
    current_month: settings.current_month,
    current_year: settings.current_year,
    month_year_startcase: monthYearStartCase(settings.current_month, settings.current_year),
    db_name: company.code,
    company_name: company.name,
    monthend_lock_uuid: text('monthend_lock_uuid'),
    monthend_lock_user: text('monthend_lock_user'),
    last_sync_date: text('last_sync_date'),
    last_sync_run_date: text('last_sync_run_date'),
    ...LEDGER_NOT_STARTED,
    // Kept by Bank Reconciliation when one is completed or deleted (api/src/bankrec).
    last_reconcile_date: text('last_reconcile_date'),
    bank_balance: typeof stored.bank_balance_cents === 'number' ? toDollars(stored.bank_balance_cents) : null,
    logo_present: stored.logo !== undefined,
    gp_pwd_set: !!settings.gp_pwd,
  };
  return { ...withoutSecrets(settings), ...state };
}

/**
 * Ledger figures are the ledger's to compute; until it holds transactions there are none, and a
 * trust accountant must see "none", not a made-up zero.
 */
const LEDGER_NOT_STARTED = { ledger_first_date: null, ledger_last_date: null } as const;

export type LedgerFigures = Pick<ControlState, 'ledger_first_date' | 'ledger_last_date' | 'last_reconcile_date' | 'bank_balance'>;

/**
 * The control record's figures read from the books (issue 17): the first and last transaction
 * dates of the ledger, and the last bank reconciliation's date and ending balance (the bank
 * balance it reconciled to). Each is null while the books have none: no transactions, no
 * reconciliation.
 */
export async function ledgerFigures(db: Kysely<CompanyTables>): Promise<LedgerFigures> {
  const [range, last] = await Promise.all([
    db.selectFrom('txn').select((eb) => [eb.fn.min('date').as('first'), eb.fn.max('date').as('last')]).executeTakeFirst(),
    latestReconciliation(db),
  ]);
  return {
    ledger_first_date: (range?.first as string | null | undefined) ?? null,
    ledger_last_date: (range?.last as string | null | undefined) ?? null,
    last_reconcile_date: last?.date ?? null,
    bank_balance: last ? toDollars(last.ending_balance) : null,
  };
}

export function controlInfo(record: ControlRecord): ControlInfo {
  return {
    current_year: record.current_year,
    current_month: record.current_month,
    month_year_startcase: record.month_year_startcase,
    db_name: record.db_name,
    current_date: record.today,
    bank_balance: record.bank_balance,
    last_reconcile_date: record.last_reconcile_date,
    ledger_first_date: record.ledger_first_date,
    ledger_last_date: record.ledger_last_date,
    default_reports_template: record.default_reports_template,
    default_statement_template: record.default_statement_template,
  };
}

/** Account settings must name accounts, template settings templates, the unallocated party an entity. */
export function assertSettingReferences(db: Kysely<any>, values: Partial<ControlSettings>): Promise<void> {
  const refs: Reference[] = [];
  for (const [key, value] of Object.entries(values)) {
    if ((CONTROL_ACCOUNT_KEYS as readonly string[]).includes(key)) refs.push({ field: key, value, table: 'account', column: 'id', message: `Account ${String(value)} does not exist` });
    if ((CONTROL_TEMPLATE_KEYS as readonly string[]).includes(key)) refs.push({ field: key, value, table: 'template', column: 'name', message: `Template ${String(value)} does not exist` });
    if (key === 'unallocated_entity') refs.push({ field: key, value, table: 'entity', column: 'code', message: `Entity ${String(value)} does not exist` });
  }
  return assertReferencesExist(db, refs);
}

/** Keys whose value differs, compared as JSON (settings are JSON values). */
export function changedKeys(before: Stored, after: Stored): string[] {
  return Object.keys(after).filter((k) => JSON.stringify(before[k] ?? null) !== JSON.stringify(after[k] ?? null));
}

export async function writeSettings(db: Kysely<any>, values: Stored): Promise<void> {
  const rows = Object.entries(values).map(([key, value]) => ({ key, value: jsonb(value) }));
  if (!rows.length) return;
  await (db as Kysely<CompanyTables>).insertInto('control_setting').values(rows)
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: (eb) => eb.ref('excluded.value') }))
    .execute();
}

/** The change-log before/after of some settings, secrets masked. */
export function settingsDiff(before: Stored, after: Stored, keys: string[]) {
  const pick = (s: Stored) => masked(Object.fromEntries(keys.map((k) => [k, s[k] ?? null])));
  return { before: pick(before), after: pick(after) };
}

