import type { ColumnType, Generated, RawBuilder } from 'kysely';

/** bigint and numeric columns arrive as strings from both drivers (see db/open.ts). */
type Int8 = ColumnType<string, number | string | bigint, number | string | bigint>;
/** bigserial keys: read as strings, assigned by the database. */
type Serial = ColumnType<string, number | string | undefined, number | string>;
type Json<T> = ColumnType<T, RawBuilder<string>, RawBuilder<string>>;
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export type PermissionFlags = Record<string, boolean>;

/** The control schema: companies, users, their access, the system log. */
export interface ControlTables {
  company: {
    code: string;
    name: string;
    schema_name: string;
    inactive: Generated<boolean>;
    created_at: Timestamp;
  };
  app_user: {
    id: string;
    name: string;
    email: string | null;
    usertype: string;
    password_hash: string;
    signature: string | null;
    desktop_rows: Generated<number>;
    mobile_rows: Generated<number>;
    default_company: string | null;
    is_super: Generated<boolean>;
    god_level: Generated<boolean>;
    expiry: ColumnType<string | null, string | null | undefined, string | null>;
    created_at: Timestamp;
    /** Never reused: a token names it, so a user created again under a deleted id gets no old session. */
    uid: Generated<string>;
    /** Raised by a password change: tokens issued under an older generation no longer work. */
    session_generation: Generated<number>;
  };
  /** A user's membership of one company: what they may do there (spec 1 §6), and whether they still may. */
  user_company: { user_id: string; company_code: string; permissions: Json<PermissionFlags>; inactive: Generated<boolean> };
  job: {
    id: string;
    company: string;
    kind: string;
    status: 'running' | 'done' | 'failed' | 'interrupted';
    percent: Generated<number>;
    message: Generated<string>;
    input: Json<unknown> | null;
    result: Json<unknown> | null;
    error: Json<{ status: number; message: string }> | null;
    user_id: string;
    created_at: Timestamp;
    updated_at: Timestamp;
    finished_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  };
  revoked_token: { jti: string; expires_at: Timestamp };
  /** Failed sign-ins per throttle key, shared by every API process (auth/login-throttle.ts). */
  login_failure: { key: string; count: number; last_at: Timestamp };
  /** Backups kept by the control area itself (a removed company's last backup), issue 15. */
  backup_archive: { id: Serial; date: Timestamp; user_code: string; company: string; reason: string; blob_id: string; mime: string; size: number; content: Uint8Array };
  setting: { key: string; value: string };
  system_log: {
    id: Serial;
    date: Timestamp;
    database: string | null;
    severity: string;
    routine: string | null;
    method: string | null;
    identity: string | null;
    apicall: string | null;
    record_key: string | null;
    message: string;
    body: string | null;
    stack: string | null;
    before: Json<unknown> | null;
    after: Json<unknown> | null;
  };
}

/** One company's books (its own schema). */
export interface CompanyTables {
  control_setting: { key: string; value: Json<unknown> };
  account: {
    id: string;
    gpid: string | null;
    description: string;
    type: string;
    override_type: Generated<boolean>;
    override_class_code: string | null;
    gstcode: string;
    entity: string | null;
    trantype: number | null;
    inactive: Generated<boolean>;
  };
  bank: { id: string; name: string; inactive: Generated<boolean> };
  category: { code: string; name: string; type: string; inactive: Generated<boolean> };
  card_type: {
    code: string;
    name: string;
    surcharge_owner: number;
    surcharge_payer: number;
    inactive: Generated<boolean>;
  };
  gst_code: { code: string; name: string; rate: number; surcharge_payer: Generated<number>; inactive: Generated<boolean> };
  unit_class: { id: string; name: string; inactive: Generated<boolean> };
  unit_type: {
    id: string;
    name: string;
    default_unit_class: string | null;
    annual_budget: Int8;
    gpid: string | null;
    inactive: Generated<boolean>;
  };
  fee: {
    id: Generated<number>;
    name: string;
    account_id: string;
    method: string;
    apply_to: Json<string[]>;
    value: Int8;
    frequency: number;
    entity: string | null;
    apply_before_other_fees: boolean;
    show_on_statement: boolean;
    is_default: boolean;
    apply_to_booking: boolean;
    apply_to_rental: boolean;
    inactive: Generated<boolean>;
  };
  checklist: {
    id: Generated<number>;
    code: string;
    description: string;
    sequence: number;
    link: string | null;
    tp_type: string | null;
    complete: Generated<boolean>;
    notes: string | null;
    inactive: Generated<boolean>;
  };
  template: { name: string; description: string; memo: string; inactive: Generated<boolean> };
  entity: {
    code: string;
    type: string;
    category: string | null;
    name: string;
    email: string | null;
    address: string | null;
    town: string | null;
    state: string | null;
    postcode: string | null;
    phone1: string | null;
    phone2: string | null;
    abn: string | null;
    acn: string | null;
    bank: string | null;
    bank_account_name: string | null;
    bank_bsb: string | null;
    bank_account_number: string | null;
    disburse_method: string;
    hold_this_month: Int8;
    hold_this_month_reason: string | null;
    hold_always: Int8;
    hold_always_reason: string | null;
    notes: string | null;
    statement_notes: string | null;
    statement_format: string;
    statement_show_pending: boolean;
    statement_show_summary: boolean;
    is_agent: boolean;
    commission: number;
    room_rate_has_commission_deducted: boolean;
    apply_fees_to_gross: boolean;
    budget: Int8;
    charge_release_override: boolean;
    inactive: Generated<boolean>;
  };
  unit: {
    door: string;
    name: string;
    location: string | null;
    unittype: string | null;
    class: string | null;
    entity: string | null;
    category: string | null;
    gpid: string | null;
    notes: string | null;
    inactive: Generated<boolean>;
    // Units (api/src/units, migration 20261123T0900_units): letting, pool and agreement fields.
    leaseback: Generated<boolean>;
    letting_pool: string | null;
    letting_pool_start: string | null;
    is_virtual_room: Generated<boolean>;
    master_unit: string | null;
    letting_agreement: Generated<boolean>;
    is_pool: Generated<boolean>;
    agreement_date: string | null;
    agreement_expiry: string | null;
    agreement_details: string | null;
    pool_owner: string | null;
    days_in_pool: Generated<number>;
  };
  // Units (api/src/units): fee and leaseback lines (value in cents) and rental periods of a door.
  unit_fee: { id: Generated<number>; door: string; type: Generated<string>; account_id: string; entity: string; name: string; value: Int8 };
  unit_leaseback: { id: Generated<number>; door: string; type: Generated<string>; account_id: string; name: string; value: Int8 };
  unit_rental: { id: Generated<number>; door: string; start_date: string; end_date: string | null; expiry_date: string | null };
  pinned_card: { id: Generated<number>; user_id: string; card_name: string; pinned: boolean };
  number_sequence: { kind: string; last_value: Int8 };
  txn: {
    id: Serial;
    kind: string;
    ref: string;
    date: string;
    year: number;
    month: number;
    memo: Generated<string>;
    source: Generated<string>;
    source_ref: string | null;
    reversal_of: Int8 | null;
    reason: string | null;
    user_id: string;
    created_at: Timestamp;
  };
  posting: {
    id: Serial;
    txn_id: Int8;
    entity: string;
    door: string | null;
    account_id: string;
    amount: Int8;
    description: Generated<string>;
    charge_id: Int8 | null;
  };
  cashbook: {
    id: Serial;
    txn_id: Int8;
    date: string;
    method: string;
    card_type: string | null;
    amount: Int8;
    payer: string | null;
    payee: string | null;
    tran_ref: string | null;
    source_ref: string | null;
  };
  ledger_balance: { entity: string; door: Generated<string>; balance: Int8 };
  // Audit (api/src/audit): the last run's tasks, and every date a ledger stood below zero (permanent).
  task: {
    id: Serial;
    date: string;
    type: string;
    description: string;
    source: Generated<string>;
    link_path: string | null;
    link_key: string | null;
    memo: string | null;
    created_at: Timestamp;
  };
  ledger_debit_occurrence: { id: Serial; entity: string; door: string | null; date: string; balance: Int8; txn_id: Int8; first_seen: Timestamp };
  period_close: { year: number; month: number; closed_at: Timestamp; user_id: string; run_id: number | null };
  monthend_run: {
    id: Generated<number>;
    year: number;
    month: number;
    user_id: string;
    status: Generated<'RUNNING' | 'DONE'>;
    steps: Json<string[]>;
    result: Json<Record<string, unknown>>;
    started_at: Timestamp;
    finished_at: Timestamp | null;
  };
  charge: {
    id: Serial;
    ref: string;
    date: string;
    payer_type: string;
    entity: string;
    door: string | null;
    recipient_type: string;
    recipient: string;
    recipient_door: string | null;
    source_ref: string | null;
    memo: string;
    name: string | null;
    status: Generated<string>;
    released_txn: Int8 | null;
    source: Generated<string>;
    user_id: string;
    created_at: Timestamp;
  };
  charge_item: {
    id: Serial;
    charge_id: Int8;
    account_id: string;
    recipient_entity: string;
    door: string | null;
    description: string;
    amount: Int8;
  };
  charge_link: { id: Serial; charge_id: Int8; name: string; link: string };
  // Disbursement (api/src/disbursement): files produced (ABA bank files, month-end bundles), fetched again from the archive.
  archive: {
    id: Serial;
    date: Timestamp;
    user_code: string;
    path: string;
    blob_id: string;
    mime: string;
    content: ColumnType<Uint8Array, Uint8Array, Uint8Array>;
    size: number;
    /** A generated report's key and selection (api/src/reports); null for other files. */
    report: ColumnType<string | null, string | null | undefined, string | null>;
    selection: ColumnType<unknown, RawBuilder<string> | null | undefined, RawBuilder<string> | null>;
  };
  // E-mail outbox (api/src/email): one row per message, sent by the outbox worker.
  /** Owner pools (api/src/pools, migration 20261126T1200_owner_pools): release basis and members. */
  owner_pool: { code: string; basis: Generated<string> };
  owner_pool_member: { pool: string; entity: string; percent_bp: Generated<number> };
  /** Snapshots (api/src/snapshots, migration 20261126T1210_snapshots): cents per account and month. */
  snapshot: { year: number; month: number; account_id: string; amount: Int8 };
  email_log: {
    id: Serial;
    creation_time: Timestamp;
    user_code: string;
    sender_entity_code: string | null;
    from_name: Generated<string>;
    from_address: string;
    to_entity_code: string | null;
    to_name: Generated<string>;
    to_address: string;
    subject: string;
    content: string;
    text_content: string;
    message_type: string;
    message_id: string;
    current_status: Generated<string>;
    attempts: Generated<number>;
    next_attempt_at: Timestamp;
    sending_started_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
    sent_time: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
    smtp_response: string | null;
  };
  email_attachment: { id: Serial; email_id: Int8; archive_id: Int8; filename: string };
  // Permanent rentals (api/src/tenancies, migration 20261126T1100_tenancies): cents, commission in hundredths of a percent.
  tenancy: {
    id: Generated<number>; door: string; account_id: string; description: Generated<string>; entity: string; name: string; email: string; phone: string;
    commission: Generated<number>; start_date: string; duration: number; expiry_date: string; schedule_termination: Generated<boolean>; end_date: string;
    frequency: Generated<string>; advance_days: Generated<number>; value: Int8; last_charge_date: string | null; bond_applies: Generated<boolean>;
    bond: Int8; bond_date: string | null; bond_entity: string | null; enter_bond_entity: string | null; bond_notes: string | null;
    bond_create_charge: Generated<boolean>; bond_charge_id: Int8 | null; lease_reference: string | null; lease_start_date: string | null;
    lease_end_date: string | null; notes: string | null; inactive: Generated<boolean>;
  };
  tenancy_charge: { charge_id: Int8; tenancy_id: number; kind: string; period_from: string | null; period_to: string | null };
  // Cash book (api/src/cashbook): receipt/payment details and banked/reconciled status.
  cashbook_detail: { txn_id: Int8; payer_type: string; payer_entity: string | null; door: string | null; surcharge: Int8; surcharge_rate: number };
  // A deleted receipt's number, kept void with its reason (api/src/ledger/receipt-delete.ts).
  receipt_void: { ref: string; date: string; amount: Int8; payer: string | null; memo: string; reason: string; user_id: string; voided_at: Generated<Date> };
  receipt_item: {
    id: Serial;
    txn_id: Int8;
    line: number;
    selector: string;
    ref: string;
    entity: string;
    door: string | null;
    description: string;
    amount: Int8;
    charge_id: Int8 | null;
  };
  deposit: { banking_ref: string; date: string; method: string; amount: Int8; user_id: string; created_at: Timestamp };
  deposit_item: { cashbook_id: Int8; banking_ref: string };
  reconciliation: { id: Serial; ref: string; date: string; starting_balance: Int8; ending_balance: Int8; user_id: string; created_at: Timestamp };
  reconcile_item: { cashbook_id: Int8; reconciliation_id: Int8 };
  // Bank statements (api/src/bankstatements): imported lines and their matches to bank items.
  bank_statement: {
    id: Serial; name: string; format: string; account: string | null; date_from: string | null; date_to: string | null;
    opening_balance: Int8 | null; closing_balance: Int8 | null; user_id: string; imported_at: Timestamp;
  };
  bank_statement_line: { id: Serial; statement_id: Int8; date: string; amount: Int8; description: string; reference: string | null; fingerprint: string; match_id: Int8 | null };
  bank_match: { id: Serial; difference: Int8; user_id: string; created_at: Timestamp };
  bank_match_item: { item: string; match_id: Int8 };
  // Bookings (api/src/bookings, migration 20261125T1200_bookings_sync): the booking as last synced,
  // each guest payment's receipt, and the allocation items distributions posted (cents).
  booking: {
    id: string; ref: string; revision: number; modified_at: string; check_in: string; check_out: string; status: string;
    guest_name: string; guests: number; owner_stay: boolean; doors: Json<unknown>; receipts: Int8; room_charges: Int8; other_charges: Int8;
    early_disburse: Generated<boolean>; manual_allocation: Generated<boolean>; error: Generated<boolean>; warn: Generated<boolean>;
    message: string | null; synced_at: Timestamp;
  };
  booking_payment: { booking_id: string; payment_id: string; txn_id: Int8; amount: Int8 };
  unit_owner_change: { id: Generated<Int8>; door: string; change_date: string; old_owner: string; new_owner: string | null; created_at: Generated<Timestamp> };
  booking_allocation: {
    id: Serial; booking_id: string; txn_id: Int8; revision: number; door: string; ord: number; type: string; sub_type: string;
    account_id: string; entity: string; owner: string | null; description: string; statement_amount: Int8; statement_percent_of_room_charge: number | null;
    amount: Int8; room_charge: Int8; disburse_flag: Generated<boolean>; commission_addback: ColumnType<string, number | string | undefined, number | string>; is_reversed: Generated<boolean>;
    early: Generated<boolean>; manual: Generated<boolean>;
  };
}
