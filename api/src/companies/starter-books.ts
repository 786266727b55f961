import type { Kysely } from 'kysely';
import type { ControlSettings } from '../contracts/control.js';
import { jsonb } from '../db/open.js';
import { DEFAULT_TIME_ZONE } from '../ledger/business-date.js';
import type { CompanyTables } from '../db/schema.js';

/**
 * The reference data a new company starts with: the fixed GST codes, a chart of transaction
 * accounts a letting business needs, categories, card types with surcharges, unit types and
 * classes, the month-end checklist, templates and the business entity. Every Setup screen
 * therefore has real records to work with from the first sign-in.
 */
const GST_CODES = [
  { code: 'GST', name: 'GST 10%', rate: 10 },
  { code: 'FRE', name: 'GST Free 0%', rate: 0 },
];

// [id, description, classification, gst code, disburse-to entity (null: the owner)]
const ACCOUNTS: [string, string, string, string, string | null][] = [
  ['OWNFUNDS', 'Owner Funds', 'OWNER', 'FRE', null],
  ['ROOMCHG', 'Room Charges', 'OWNER', 'FRE', null],
  ['OWNSTAY', 'Owner Stay', 'OWNER', 'FRE', null],
  ['RENT', 'Rent', 'RENT', 'FRE', null],
  ['BOND', 'Rental Bond', 'OTHER', 'FRE', null],
  ['COMMISS', 'Letting Commission', 'COMMISS', 'GST', 'BUSINESS'],
  ['RENTCOMM', 'Rent Commission', 'COMMISS', 'GST', 'BUSINESS'],
  ['MGMTFEE', 'Management Fee', 'COMMISS', 'GST', 'BUSINESS'],
  ['ADVERT', 'Advertising Levy', 'ADVERT', 'GST', 'BUSINESS'],
  ['SURCHG', 'Card Surcharge', 'OTHER', 'GST', 'BUSINESS'],
  ['CLEAN', 'Cleaning', 'CLEAN', 'GST', null],
  ['LINEN', 'Linen Hire', 'SUPPLIES', 'GST', null],
  ['REPAIRS', 'Repairs and Maintenance', 'OTHER', 'GST', null],
  ['ELEC', 'Electricity', 'SUPPLIES', 'GST', null],
  ['STRATA', 'Body Corporate Levies', 'OTHER', 'FRE', null],
  ['INSURE', 'Insurance', 'OTHER', 'GST', null],
  ['AGENTCOM', 'Agent Commission', 'AGENT', 'GST', null],
  ['DISBURSE', 'Owner Disbursement', 'DISBURSE', 'FRE', null],
  ['HOLD', 'Funds Held', 'DISBURSE', 'FRE', null],
  ['UNALLOC', 'Unallocated Receipts', 'OTHER', 'FRE', null],
  ['DEPOSIT', 'Booking Deposits', 'OTHER', 'FRE', null],
  ['REVERSAL', 'Reversals', 'OTHER', 'FRE', null],
];

const CATEGORIES = [
  { code: 'HOLIDAY', name: 'Holiday Letting Owners', type: 'OWNER' },
  { code: 'PERMANENT', name: 'Permanent Rental Owners', type: 'OWNER' },
  { code: 'TRADES', name: 'Trades and Maintenance', type: 'SUPPLIER' },
  { code: 'UTILITY', name: 'Utilities and Levies', type: 'SUPPLIER' },
  { code: 'AGENTS', name: 'Booking Agents', type: 'SUPPLIER' },
  { code: 'TENANTS', name: 'Permanent Tenants', type: 'TENANT' },
  { code: 'POOLS', name: 'Letting Pools', type: 'POOL' },
  { code: 'BUSINESS', name: 'The Business', type: 'BUSINESS' },
];

// Surcharges in hundredths of a percent.
const CARD_TYPES = [
  { code: 'VISA', name: 'Visa Card', surcharge_owner: 0, surcharge_payer: 120 },
  { code: 'MC', name: 'Mastercard', surcharge_owner: 0, surcharge_payer: 120 },
  { code: 'AMEX', name: 'American Express', surcharge_owner: 0, surcharge_payer: 250 },
  { code: 'EFTPOS', name: 'EFTPOS Debit', surcharge_owner: 0, surcharge_payer: 50 },
];

const UNIT_CLASSES = [
  { id: 'HOLIDAY', name: 'Holiday Letting' },
  { id: 'PERMANENT', name: 'Permanent Rental' },
];

// Annual budgets in cents (whole dollars on screen).
const UNIT_TYPES = [
  { id: 'STUDIO', name: 'Studio Apartment', default_unit_class: 'HOLIDAY', annual_budget: 3_200_000 },
  { id: 'ONEBED', name: 'One Bedroom Apartment', default_unit_class: 'HOLIDAY', annual_budget: 4_100_000 },
  { id: 'TWOBED', name: 'Two Bedroom Apartment', default_unit_class: 'HOLIDAY', annual_budget: 5_600_000 },
  { id: 'PENTHOUSE', name: 'Penthouse Suite', default_unit_class: 'HOLIDAY', annual_budget: 9_500_000 },
];

const CHECKLIST: [string, string, string | null][] = [
  ['MTHEND_PRE', 'All receipts for the month are banked', '/management/daily/banking'],
  ['MTHEND_PRE', 'Trust bank account reconciled to the month-end statement', '/management/daily/reconcile'],
  ['MTHEND_PRE', 'Audit tasks reviewed: no CRITICAL items remain', '/management/daily/task'],
  ['MTHEND_PRE', 'Supplier invoices for the month entered as charges', '/management/transactions/charges'],
  ['MTHEND_PRE', 'Owner holds and hold reasons reviewed', '/management/transactions/disbursement'],
  ['MTHEND_POST', 'ABA file uploaded to the bank and the upload confirmed', null],
  ['MTHEND_POST', 'Month-end reports downloaded from the Archive', '/management/daily'],
  ['MTHEND_POST', 'Owner statements e-mailed', null],
];

const TEMPLATES = [
  { name: 'STATEMENT', description: 'Your statement for RPT_PERIOD', memo: '<p>Dear TO_NAME,</p><p>Please find attached your statement for RPT_PERIOD.</p><p>Kind regards,<br/>USER_NAME<br/>FROM_NAME</p>' },
  { name: 'INVOICE', description: 'Tax invoice from FROM_NAME', memo: '<p>Dear TO_NAME,</p><p>Please find attached our tax invoice.</p><p>FROM_NAME<br/>FROM_PHONE1</p>' },
  { name: 'GENERAL', description: 'A message from FROM_NAME', memo: '<p>Dear TO_NAME,</p><p></p><p>Kind regards,<br/>USER_NAME</p>' },
  { name: 'REPORTS', description: 'RPT_NAME for RPT_PERIOD', memo: '<p>RPT_NAME for RPT_PERIOD is attached.</p>' },
];

const FEES = [
  { name: 'MGMT FEE', account_id: 'MGMTFEE', method: 'V', apply_to: jsonb(['*']), value: 5500, frequency: 1, entity: 'BUSINESS', show_on_statement: true, is_default: true, apply_to_booking: false, apply_to_rental: false, apply_before_other_fees: false },
  { name: 'ADV LEVY', account_id: 'ADVERT', method: 'P', apply_to: jsonb(['*']), value: 200, frequency: 0, entity: 'BUSINESS', show_on_statement: true, is_default: false, apply_to_booking: true, apply_to_rental: false, apply_before_other_fees: true },
];

export interface StarterBooksOptions {
  companyName: string;
  year: number;
  month: number;
  settings?: Partial<ControlSettings>;
}

export function defaultControlSettings(options: StarterBooksOptions): ControlSettings {
  return {
    current_year: options.year,
    current_month: options.month,
    unallocated_entity: 'UNALLOC',
    licencee_name: null,
    licence_no: null,
    time_zone: DEFAULT_TIME_ZONE,
    bank_code: null,
    bank_account_name: null,
    bank_account_number: null,
    bank_account_id: null,
    bank_bsb: null,
    owner_account: 'OWNFUNDS',
    surcharge_account: 'SURCHG',
    deposit_account: 'DEPOSIT',
    disburse_account: 'DISBURSE',
    hold_account: 'HOLD',
    unallocated_account: 'UNALLOC',
    roomcharge_account: 'ROOMCHG',
    reversal_account: 'REVERSAL',
    rent_account: 'RENT',
    disbursement_account: 'DISBURSE',
    owner_stay_account: 'OWNSTAY',
    bond_account: 'BOND',
    rent_commission_account: 'RENTCOMM',
    receipt_name: options.companyName,
    receipt_text: 'Received into the trust account of the licensee.',
    receipt_legal: 'This receipt is issued under the trust accounting provisions of the Property Agents legislation.',
    navbar_color: null,
    enable_pools: false,
    default_email_template: 'GENERAL',
    default_statement_template: 'STATEMENT',
    default_invoice_template: 'INVOICE',
    default_reports_template: 'REPORTS',
    default_statement_format: 'DET',
    disbursement_approval: false,
    statement_message_owners: null,
    statement_message_suppliers: null,
    statement_message_tenants: null,
    gp_host: null,
    gp_user: null,
    gp_pwd: null,
    sync_frequency: 0,
    equal_distribution_variance: 10,
    ...options.settings,
  };
}

export async function seedStarterBooks(db: Kysely<CompanyTables>, options: StarterBooksOptions): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const settings = defaultControlSettings(options);
    await trx.insertInto('control_setting')
      .values(Object.entries(settings).map(([key, value]) => ({ key, value: jsonb(value) })))
      .execute();
    await trx.insertInto('gst_code').values(GST_CODES).execute();
    await trx.insertInto('account')
      .values(ACCOUNTS.map(([id, description, type, gstcode, entity]) => ({ id, description, type, gstcode, entity })))
      .execute();
    await trx.insertInto('category').values(CATEGORIES).execute();
    await trx.insertInto('card_type').values(CARD_TYPES).execute();
    await trx.insertInto('unit_class').values(UNIT_CLASSES).execute();
    await trx.insertInto('unit_type').values(UNIT_TYPES).execute();
    await trx.insertInto('checklist')
      .values(CHECKLIST.map(([code, description, link], i) => ({ code, description, link, sequence: (i + 1) * 10 })))
      .execute();
    await trx.insertInto('template').values(TEMPLATES).execute();
    await trx.insertInto('fee').values(FEES).execute();
    await trx.insertInto('entity')
      .values([
        { code: 'BUSINESS', type: 'BUSINESS', category: 'BUSINESS', name: options.companyName, ...entityDefaults },
        { code: 'UNALLOC', type: 'UNALLOC', category: null, name: 'Unallocated Funds', ...entityDefaults, disburse_method: 'HOLD' },
      ])
      .execute();
  });
}

/** The columns every new party starts with: EFT, no holds, detailed statements (spec 2 §3 Entity defaults). */
export const entityDefaults = {
  disburse_method: 'EFT',
  hold_this_month: 0,
  hold_always: 0,
  statement_format: 'DET',
  statement_show_pending: true,
  statement_show_summary: true,
  is_agent: false,
  commission: 0,
  room_rate_has_commission_deducted: false,
  apply_fees_to_gross: false,
  budget: 0,
  charge_release_override: false,
};
