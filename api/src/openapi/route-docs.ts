import type { ZodType } from 'zod';
import { emailStatementsContract } from '../contracts/email.js';
import { journalReversalBody } from '../contracts/journals.js';

/**
 * What each route of the API does, in words, for the OpenAPI document (GET /api/openapi.json):
 * ONE registry, keyed `METHOD /api/path/:param` exactly as the Hono route table spells the path,
 * so engineers adding routes add a line here and touch nothing else. A test fails, naming them,
 * when a route has no entry (api/src/openapi/openapi.test.ts). Permission flags, bodies and
 * queries come from the routes themselves (their guard and validators); `body` and `query` here
 * only for the few routes that parse their input by hand.
 */
export interface RouteDoc {
  summary: string;
  description?: string;
  /** The JSON body, for routes that validate it by hand rather than with jsonBody(). */
  body?: ZodType;
  /** The query, for routes that validate it by hand rather than with queryParams(). */
  query?: ZodType;
  /** The answer's schema, where a contract describes it. */
  response?: ZodType;
  /** What a successful answer holds, in words. */
  answers?: string;
  /** A file answer's media type (PDF, ABA, CSV...) instead of JSON. */
  file?: string;
}

/** The five routes of a Setup list made by reference/resource.ts: list, read, add, change, delete. */
function setupList(base: string, what: string, one: string): Record<string, RouteDoc> {
  return {
    [`GET ${base}`]: { summary: `List the ${what}` },
    [`GET ${base}/:key`]: { summary: `Read one ${one}` },
    [`POST ${base}`]: { summary: `Add a ${one}` },
    [`PUT ${base}/:key`]: { summary: `Change a ${one}` },
    [`DELETE ${base}/:key`]: { summary: `Delete a ${one}`, description: 'Refused with a 409 while the books use it.' },
  };
}

const PDF = 'application/pdf';
const report = (summary: string): RouteDoc => ({
  summary,
  description: 'Runs the report for the selection in the body (as the report screen sends it) and keeps the result in the Archive; the answer carries the file as base64 in `view`, `download` or `csv` by the mode asked for.',
  answers: 'The report file (PDF, CSV, XLSX or ZIP, base64) and its archive number',
});

export const ROUTE_DOCS: Record<string, RouteDoc> = {
  // Platform
  'GET /api/health': { summary: 'Health check', answers: '`{ data: { status: "ok", database } }`: the engine kind only' },
  'GET /api/openapi.json': { summary: 'This description of the API (OpenAPI 3.1)', answers: 'The OpenAPI document' },
  'POST /api/auth': { summary: 'Sign in', description: 'Failed sign-ins back off (doubling waits after 5 per user at one address, 30 per address), never a lock.', answers: 'The session token, its expiry and the user with their default company' },
  'GET /api/auth': { summary: 'The signed-in user and session' },
  'GET /api/auth/companies': { summary: 'The companies the signed-in user may open' },
  'POST /api/auth/logout': { summary: 'Sign out (ends this session)' },
  'GET /api/progress/:id': { summary: 'Progress of a long operation (a job): message, share done, result or error' },

  // Bookings (issue 9)
  'POST /api/sync': { summary: 'Sync bookings from the booking system now', description: 'Starts the sync as a job; poll GET /api/progress/{id}. p_bookings or p_fn_bank (Bank Reconciliation\'s Sync Now).' },
  'POST /api/unit/sync': { summary: 'GP Sync: units from the booking system' },
  'POST /api/unit/sync_unittype': { summary: 'GP Sync: unit types from the booking system' },
  'POST /api/account/sync': { summary: 'GP Sync: accounts from the booking system' },
  'POST /api/booking/sync/:id': { summary: 'Sync one booking again from the booking system', description: 'p_bookings; a plain re-sync also p_daily_task (Tasks & Audit). Early distribution and undoing a manual allocation need p_bookings.' },
  'GET /api/booking': { summary: 'List bookings by arrival dates (from, to)' },
  'GET /api/booking/cashbook/:id': { summary: 'The receipts and payments a booking posted' },
  'GET /api/booking/doors/:id': { summary: 'The doors (units) of a booking' },
  'GET /api/booking/items/:id': { summary: 'The items (charges) of a booking' },
  'GET /api/booking/allocation/:id/edit': { summary: 'A booking\'s allocation as Edit Allocation shows it' },
  'POST /api/booking/allocation': { summary: 'Save a manual allocation of a booking\'s money (kept by later syncs until undone)' },
  'GET /api/booking/allocation/:id': { summary: 'How a booking\'s money was distributed' },

  // Setup lists
  ...setupList('/api/category', 'categories', 'category'),
  ...setupList('/api/banks', 'banks', 'bank'),
  'GET /api/account/list': { summary: 'List the accounts (chart of accounts)' },
  'GET /api/account/:key': { summary: 'Read one account' },
  'POST /api/account': { summary: 'Add an account' },
  'PUT /api/account/:key': { summary: 'Change an account' },
  'DELETE /api/account/:key': { summary: 'Delete an account', description: 'Refused with a 409 while the books use it.' },
  ...setupList('/api/cardtype', 'card types', 'card type'),
  ...setupList('/api/gstcodes', 'GST codes', 'GST code'),
  ...setupList('/api/unittype', 'unit types', 'unit type'),
  ...setupList('/api/unitclass', 'unit classes', 'unit class'),
  ...setupList('/api/fees', 'fees', 'fee'),
  ...setupList('/api/templates', 'document and e-mail templates', 'template'),
  ...setupList('/api/checklist', 'checklist items', 'checklist item'),

  // Month end (issue 10)
  'PUT /api/checklist/toggle': { summary: 'Tick or untick a month-end checklist item' },
  'PUT /api/checklist/complete': { summary: 'Mark a month-end checklist complete' },
  'PUT /api/checklist/reset': { summary: 'Reset a month-end checklist' },
  'POST /api/monthend/start': { summary: 'Start month end: the full audit, then the exclusive month-end lock' },
  'POST /api/monthend/stop': { summary: 'Abort month end and release the lock' },
  'POST /api/monthend': { summary: 'Proceed with month end (a crash-safe job)', description: 'Release, disbursement with the ABA file, owner statements, report pack, period close, start of day. Poll GET /api/progress/{id}. Accepts an Idempotency-Key header.' },
  'GET /api/monthend/preview': { summary: 'The confirmation\'s funds, holds, release and disbursement table, and the approval\'s state' },
  'POST /api/monthend/approve': { summary: 'Approve the month-end disbursement (a second user) before money moves' },
  'GET /api/monthend/file/:id': { summary: 'Download a file month end produced (ABA, statements, report pack)', file: 'application/octet-stream' },
  'GET /api/statement/owner/:code': { summary: 'An owner\'s statement PDF', file: PDF },

  // Reports (issue 12)
  'GET /api/reports': { summary: 'The report catalogue with each report\'s default selection' },
  'GET /api/reports/file/:id': { summary: 'Download a report kept in the Archive', file: 'application/octet-stream' },
  'POST /api/reports/balances': report('Report: Balances'),
  'POST /api/reports/summary': report('Report: Summary'),
  'POST /api/reports/transactions': report('Report: Account Transactions'),
  'POST /api/reports/businestransactions': report('Report: Business Transactions'),
  'POST /api/reports/monthly': report('Report: Monthly'),
  'POST /api/reports/statement': report('Report: Statements (one PDF, or a ZIP of one per entity)'),
  'POST /api/reports/eoystatement': report('Report: End of Year Statements'),
  'POST /api/reports/banking': report('Report: Banking'),
  'POST /api/reports/register': report('Report: Receipts Register'),
  'POST /api/reports/allocations': report('Report: Allocations'),
  'POST /api/reports/receipts': report('Report: Receipts'),
  'POST /api/reports/payments': report('Report: Payments'),
  'POST /api/reports/reversals': report('Report: Reversals'),
  'POST /api/reports/threewaydetail': report('Report: Three-way Reconciliation Detail'),
  'POST /api/reports/bookings': report('Report: Bookings'),
  'POST /api/reports/depositslips': report('Report: Deposit Slips'),
  'POST /api/reports/invoice': report('Report: Invoices'),
  'POST /api/reports/reconciliations': report('Report: Bank Reconciliations'),
  'POST /api/reports/download': report('End of Month Reports: a closed month\'s pack again'),
  'POST /api/reports/statements': report('End of Month Statements: a closed month\'s owner statements as month end filed them (one PDF, or a ZIP of one per owner)'),
  'POST /api/reports/auditpack': report('Auditor\'s Pack: a financial year as a ZIP'),

  // E-mail (issue 13)
  'POST /api/reports/emailstatements': { summary: 'Email Statements: queue a month\'s statements to the owners chosen (a job)', body: emailStatementsContract },
  'POST /api/reports/emailstatements/:query': { summary: 'Email Statements with the selection in the path (a job)' },
  'GET /api/email': { summary: 'The Email Log (outbox): messages with their status, and how many wait unsent' },
  'GET /api/email/templates': { summary: 'The e-mail templates Send Email offers' },
  'GET /api/email/:id{[0-9]+}': { summary: 'One message with its details and attachments' },
  'POST /api/email': { summary: 'Send Email: queue a message (an owner\'s statement PDF attached where asked)' },
  'POST /api/email/:id{[0-9]+}/resend': { summary: 'Send again: queue a new copy of a message' },
  'POST /api/email/send': { summary: 'Send Now: run the outbox at once' },
  'POST /api/email/download': { summary: 'Download an attachment of a message' },
  'GET /api/entity/emaillist': { summary: 'Entities with their e-mail addresses for Email Statements (default month)' },
  'GET /api/entity/emaillist/:query': { summary: 'Entities with their e-mail addresses for Email Statements, selection in the path' },

  // Entities and units
  'GET /api/entity/balance/:code': { summary: 'An entity\'s balance', description: 'Needs a flag of a screen that shows balances.' },
  'GET /api/entity/list/:type': { summary: 'List the entities of a type (OWNER, SUPPLIER, TENANT, ...)', description: 'Addresses need p_entities or receipt, payment or charge entry.' },
  'GET /api/entity/list/:type/': { summary: 'List the entities of a type (trailing slash: no search)' },
  'GET /api/entity/list/:type/:query': { summary: 'List the entities of a type matching the search in the last segment' },
  'GET /api/entity/statement/:code': { summary: 'An entity\'s statement on screen (its ledger)', description: 'p_entities; a tenant also with p_accounting (Tenants) or p_bookings (Permanent Rentals).' },
  'GET /api/entity/pending/:code': { summary: 'An entity\'s pending (unreleased) charges', description: 'p_entities; a tenant also with p_accounting (Tenants) or p_bookings (Permanent Rentals).' },
  'GET /api/entity/:code': { summary: 'Read one entity', description: 'p_entities; a tenant also with p_accounting (Tenants) or p_bookings (Permanent Rentals).' },
  'POST /api/entity': { summary: 'Add an entity (owner, supplier, tenant)' },
  'PUT /api/entity/:code': { summary: 'Change an entity', description: 'The entity editor\'s record needs p_entities; holds and the charge release override alone may also be saved with p_entry_disbursement (the Disbursement screen\'s holds panel).' },
  'DELETE /api/entity/:code': { summary: 'Delete an entity with no postings' },
  'POST /api/entity/balances': { summary: 'Balances of several entities at once (a read-only question)' },
  'GET /api/unit/list': { summary: 'List the units' },
  'GET /api/unit/changeowner': { summary: 'Change Owner: the pro-rata preview' },
  'POST /api/unit/changeowner': { summary: 'Change Owner of a unit from a date, with pro-rata fees' },
  'PUT /api/unit/applyfees': { summary: 'Charge Update: apply the monthly unit fees, or with tenancyId raise a tenancy\'s advance rent (Update Rent) up to a date' },
  'GET /api/unit/:door': { summary: 'Read one unit' },
  'POST /api/unit': { summary: 'Add a unit' },
  'PUT /api/unit/:door': { summary: 'Change a unit' },
  'DELETE /api/unit/:door': { summary: 'Delete a unit with no postings' },
  'DELETE /api/rental/deletecharges': { summary: 'Charge Update: undo the monthly unit fees, or with tenancyId a tenancy\'s unreceipted advance rent (Undo Charges)' },

  // Permanent rentals
  'GET /api/rental/list': { summary: 'List the tenancy agreements with rent in arrears, due now and pending' },
  'GET /api/rental/:id': { summary: 'Read one tenancy agreement with its outstanding rent and other charges' },
  'GET /api/rental/:id/statement': { summary: 'The tenancy statement: the rent account period by period, arrears and paid-to date as at today, the bond register', file: 'application/pdf' },
  'POST /api/rental': { summary: 'Add a tenancy agreement (and its bond charge when asked)' },
  'PUT /api/rental': { summary: 'Change a tenancy agreement named by the id in its body (spec 3 §7)' },
  'PUT /api/rental/:id': { summary: 'Change a tenancy agreement' },
  'DELETE /api/rental/:id': { summary: 'Delete a tenancy agreement that has raised no charges' },

  // Cash book
  'GET /api/cashbook/receipt/list': { summary: 'List receipts (server-paged)' },
  'GET /api/cashbook/payment/list': { summary: 'List payments (server-paged)' },
  'GET /api/cashbook/receiptrange': { summary: 'The receipt numbers in a date range' },
  'GET /api/cashbook/read/:id': { summary: 'Read one receipt or payment' },
  'GET /api/cashbook/print/:id': { summary: 'The Trust Account Receipt or payment document PDF', file: PDF },
  'POST /api/cashbook/receipt': { summary: 'Post a receipt', description: 'Balanced postings under the next gapless receipt number. Accepts an Idempotency-Key header.' },
  'POST /api/cashbook/payment': { summary: 'Post a payment', description: 'Never overdraws a ledger. Accepts an Idempotency-Key header.' },
  'POST /api/cashbook/reverse/:id': { summary: 'Reverse a receipt or payment, with a reason', description: 'The reason (at least 10 characters) in `?reason=` or the body `{ "reason": ... }`; needs the entry flag of the kind reversed (p_entry_receipts or p_entry_payments).' },
  'DELETE /api/cashbook/:id': { summary: 'Delete the newest receipt (unbanked, open month); its number stays as cancelled with the reason' },
  'GET /api/cashbook/unbanked/:type': { summary: 'Daily Banking: unbanked receipts of a kind (CASH, CHEQUE, CARD...)' },
  'GET /api/cashbook/banking': { summary: 'Banking Review: deposits over dates' },
  'POST /api/cashbook/deposit/new': { summary: 'Bank receipts in a new deposit (deposit slip)' },
  'DELETE /api/cashbook/deposit/delete/:ref': { summary: 'Delete a deposit (its receipts become unbanked)' },
  'GET /api/cashbook/deposit/slip/:ref': { summary: 'A deposit slip PDF', file: PDF },
  'GET /api/cashbook/summary': { summary: 'The cash book summary' },

  // Bank reconciliation (issue 11)
  'GET /api/bankrec/banked': { summary: 'Unreconciled bank items' },
  'GET /api/bankrec/position': { summary: 'The reconciliation position: statement, outstanding items, cash book' },
  'GET /api/bankrec/list': { summary: 'Reconciliation History' },
  'GET /api/bankrec/depositrange': { summary: 'Deposits in a date range' },
  'GET /api/bankrec/reconcilerange': { summary: 'Reconciliations in a date range' },
  'POST /api/bankrec': { summary: 'Save a bank reconciliation' },
  'POST /api/bankrec/adjustment': { summary: 'Record a bank adjustment' },
  'GET /api/bankrec/report/:id': { summary: 'A reconciliation\'s report PDF', file: PDF },
  'DELETE /api/bankrec/:id': { summary: 'Delete a bank reconciliation' },
  'GET /api/bankstatements': { summary: 'Imported bank statements' },
  'GET /api/bankstatements/sample': { summary: 'The demo\'s sample statement to import' },
  'POST /api/bankstatements/import': { summary: 'Import a statement (CSV of the big four banks or a column mapping, OFX, camt.053)' },
  'GET /api/bankstatements/lines': { summary: 'Statement lines and their matches' },
  'GET /api/bankstatements/suggestions': { summary: 'Auto-match suggestions' },
  'POST /api/bankstatements/match': { summary: 'Match statement lines with cash book items by hand' },
  'POST /api/bankstatements/match/suggested': { summary: 'Accept all current match suggestions' },
  'DELETE /api/bankstatements/match/:id': { summary: 'Undo a match (reverses the fee or suspense receipt it posted)' },
  'POST /api/bankstatements/line/:id/suspense': { summary: 'Receipt a statement line to SUSPENSE' },

  // Company settings and lookups
  'GET /api/control': { summary: 'The company\'s control settings', description: 'The trust bank account and booking-system link need p_set_up and p_mgt.' },
  'POST /api/control': { summary: 'Change the control settings' },
  'GET /api/control/info': { summary: 'What the shell needs to start: the company, open period and today' },
  'POST /api/control/info': { summary: 'The lookups (as POST /api/lookup) under the control path' },
  'GET /api/control/logo': { summary: 'The company logo' },
  'PUT /api/control/logo': { summary: 'Replace the company logo' },
  'GET /api/control/start': { summary: 'Start of day state; with force=true runs start of day (p_daily_task)' },
  'PUT /api/control/:key': { summary: 'Change one control setting' },
  'POST /api/lookup': { summary: 'Lookups: the lists the screens pick from (codes and names), by name or ALL' },
  'GET /api/control/3waybalance': { summary: 'Dashboard: the three-way reconciliation' },
  'GET /api/control/revenuechart': { summary: 'Dashboard: business revenue by month, up to five years', description: 'Months without transactions come from the imported snapshots.' },
  'GET /api/control/equality/:period': { summary: 'Dashboard: distribution equality by unit type' },
  'GET /api/control/audit': { summary: 'Run the audit (tasks by severity)' },
  'GET /api/task': { summary: 'Tasks & Audit: the stored audit tasks' },
  'GET /api/control/debitoccurrences': { summary: 'Debit occurrences (ledgers that went below zero)' },
  'GET /api/control/health': { summary: 'Dashboard: the health check card (tasks by severity and age)' },

  // Owner pools and snapshots (issue 14)
  'GET /api/pool/:code': { summary: 'An owner pool\'s release basis (UNITS, NIGHTS or PERCENT) and members', description: 'Needs Control Settings\' enable_pools on (else 409).' },
  'PUT /api/pool/:code': { summary: 'Set an owner pool\'s basis and members (owners; set percentages total 100 under PERCENT)' },
  'GET /api/control/poolrelease': { summary: 'Release Pool Funds: each pool\'s funds, holds, charges, what it would release and its members\' shares' },
  'POST /api/control/poolrelease': { summary: 'Release pools to their members pro rata, to the cent (one journal per pool)', description: 'Amounts are recomputed; a pool with charges, a stale amount or nothing to release refuses the call (409). Accepts an Idempotency-Key header.' },
  'GET /api/snapshot/years': { summary: 'Snapshots: the years held' },
  'GET /api/snapshot/summary/:year': { summary: 'Snapshots: a year\'s accounts by month, Jan to Dec' },
  'POST /api/snapshot': { summary: 'Import a snapshot CSV (the file as an array of lines)', description: 'Replaces the months the file names; a file with any error imports nothing (400 with every problem).' },
  'POST /api/snapshot/rebuild': { summary: 'Rebuild a year\'s snapshot up to a month from the ledger (support users)' },

  // Users
  'GET /api/user/list': { summary: 'List the company\'s users' },
  'GET /api/user/key': { summary: 'The user key request bodies carry (spec 1 §7), for the signed-in user in this company' },
  'GET /api/user/:id': { summary: 'Read one user (oneself, or any with p_mgt)' },
  'POST /api/user': { summary: 'Add a user to the company' },
  'PUT /api/user/:id': { summary: 'Change a user (oneself: password with the current one)' },
  'DELETE /api/user/:id': { summary: 'Remove a user from the company' },
  'PUT /api/pinned/update': { summary: 'Save the user\'s pinned dashboard cards' },
  'GET /api/pinned/:userId': { summary: 'The user\'s pinned dashboard cards' },

  // Archive and system log
  'GET /api/log': { summary: 'System Log: the last 7 days, by severity' },
  'GET /api/log/:id': { summary: 'One System Log row with its detail' },
  'GET /api/blob': { summary: 'Archive: generated documents with date, user and path' },
  'POST /api/blob/download': { summary: 'Download an archived document (where the server allows it)' },

  // Ledger, balances and exports
  'GET /api/ledger/summary': { summary: 'Accounting: the trust ledger summary' },
  'GET /api/ledger/business/summary': { summary: 'Business Accounts: the business ledger with two comparison periods' },
  'GET /api/ledger/business/summary/': { summary: 'Business Accounts (trailing slash: the default periods)' },
  'GET /api/ledger/trialbalance': { summary: 'Trial balance at a date (JSON or CSV)' },
  'GET /api/ledger/postings': { summary: 'Every posting over dates, for auditors (CSV)', file: 'text/csv' },
  'GET /api/ledger/cashlines': { summary: 'Every cash book line over dates, for auditors (CSV)', file: 'text/csv' },
  'GET /api/disburse': { summary: 'Disbursement preview: what each owner and supplier would be paid' },
  'POST /api/disburse': { summary: 'Disburse: post the payments and make the ABA bank file', description: 'Accepts an Idempotency-Key header.' },
  'GET /api/disburse/file/:id': { summary: 'Download a disbursement\'s ABA bank file', file: 'text/plain' },

  // Charges and journals
  'GET /api/charge/list': { summary: 'List charges (server-paged)' },
  'GET /api/charge/list/': { summary: 'List charges (trailing slash: no search)' },
  'GET /api/charge/list/:query': { summary: 'List charges matching the search in the last segment' },
  'GET /api/charge/full/:id': { summary: 'Read one charge with its lines' },
  'GET /api/charge/print/:id': { summary: 'A charge\'s invoice or memo PDF', file: PDF },
  'GET /api/charge/lookup': { summary: 'Unreleased charges to pick from (receipt and payment entry)' },
  'GET /api/charge/lookup/': { summary: 'Unreleased charges to pick from (trailing slash)' },
  'GET /api/charge/invoicerange': { summary: 'The invoice numbers in a date range' },
  'GET /api/charge/release': { summary: 'Charge Release: what would be released' },
  'POST /api/charge/release': { summary: 'Charge Release: post the pending charges', description: 'Accepts an Idempotency-Key header.' },
  'POST /api/charge': { summary: 'Add a charge', description: 'Accepts an Idempotency-Key header.' },
  'PUT /api/charge/:id': { summary: 'Change an unreleased charge' },
  'DELETE /api/charge/:id': { summary: 'Delete an unreleased charge' },
  'GET /api/journal/list': { summary: 'List journals' },
  'POST /api/journal/preview': { summary: 'Preview a journal\'s postings without posting' },
  'GET /api/journal/:id': { summary: 'Read one journal' },
  'POST /api/journal': { summary: 'Post a journal', description: 'Balanced postings in one transaction. Accepts an Idempotency-Key header.' },
  'PUT /api/journal/:id': { summary: 'Always refused (409): posted journals are never edited', description: 'Reverse the journal (DELETE) with a reason and post a new one.' },
  'DELETE /api/journal/:id': { summary: 'Reverse a journal, with a reason', body: journalReversalBody },

  // Support console, backup, restore and export (issue 15; docs/backup.md). Support users (SUPER/GOD) only, but export (p_mgt).
  'POST /api/support/createdb': { summary: 'Add a company: its migrated schema, administrator, open month and booking-system endpoint', description: 'The endpoint password is kept and never answered.' },
  'POST /api/support/removedb': { summary: 'Remove a company (god level; never the company in X-Database)', description: 'Its backup is kept in the control archive first; its schema and every user\'s access go; the system log says who.' },
  'POST /api/support/user': { summary: 'Add a user from the console: an administrator of the company, or a support user of all' },
  'GET /api/support/table_update': { summary: 'Schema update: the newest run and its per-company results' },
  'POST /api/support/table_update': { summary: 'Schema update: migrate every company schema to this build\'s latest', description: 'Runs as a job; poll GET /api/progress/support/{id}. A company that fails is reported and the others carry on.' },
  'POST /api/support/imports/preview': { summary: 'Import preview: how many records the CSV holds and how many of the type exist' },
  'POST /api/support/imports': { summary: 'Import entities from a CSV (all or nothing)', description: 'Missing codes are made from the surname; a refusal lists every row at fault in `rows`.' },
  'POST /api/support/god/unlock': { summary: 'God utility: clear a month-end lock, with a reason kept in the system log' },
  'POST /api/support/booking_import': { summary: 'Booking System Import: the chosen company\'s first full sync from its booking system', description: 'Units, unit types and accounts, then every booking from the start of the feed; runs as the company\'s sync job (409 when another sync runs or no booking system is set up); poll GET /api/support/booking_import/{id}.' },
  'GET /api/support/booking_import/:id': { summary: 'Booking System Import: its progress, and the outcome once finished' },
  'POST /api/support/god/revoke': { summary: 'God utility: end every session of a company\'s users, with a reason kept in the system log' },
  'POST /api/support/restore': { summary: 'Restore a .pgb backup (the body) into a new company, or over one with overwrite=true', description: 'The backup\'s schema version is checked; an older one is migrated on. Body up to 512 MB.' },
  'GET /api/support/backups': { summary: 'The control archive\'s backups (removed companies)' },
  'GET /api/support/backups/:id{[0-9]{1,12}}': { summary: 'Download one control-archive backup', file: 'application/gzip' },
  'GET /api/progress/support/:id': { summary: 'Progress of a support console job (Schema update)' },
  'GET /api/util/backup': { summary: 'Back up the company in X-Database as a .pgb file (support users)', description: 'Read in one REPEATABLE READ READ ONLY snapshot; also kept in the company\'s Archive (Backups).', file: 'application/gzip' },
  'GET /api/util/export': { summary: 'Export every model of the company as JSON (GET EXPORT DATA NOW)', description: 'Amounts in cents; without the booking-system password or archive bytes.', file: 'application/json' },
};
