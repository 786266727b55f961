import { type Kysely, sql } from 'kysely';
import { ARCHIVE_PATHS } from '../archive/archive.js';
import { releaseCharges } from '../charges/release.js';
import { checkCharge, createCharge } from '../charges/charges.js';
import { postPayment } from '../cashbook/post.js';
import { cardSurcharge } from '../cashbook/receipts.js';
import { type ChargeValues, chargeContract } from '../contracts/charges.js';
import { paymentContract } from '../contracts/cashbook.js';
import { disburseRequestContract } from '../contracts/disbursement.js';
import { journalContract } from '../contracts/journals.js';
import { type Database, jsonb, schemaNameFor } from '../db/open.js';
import { entityDefaults } from '../companies/starter-books.js';
import { syncDemoBookings, syncDemoMonth } from '../bookings/schedule.js';
import { DEMO_COMPANY } from './first-start.js';
import { bankAndReconcileDemo } from './bank-statements.js';
import type { CompanyTables } from '../db/schema.js';
import { postDisbursement } from '../disbursement/post.js';
import { disbursementRows, toWire } from '../disbursement/rows.js';
import { postJournal } from '../journals/journals.js';
import { nextNumber, openPeriod, postTxns } from '../ledger/ledger.js';
import { toCents } from '../money/cents.js';
import { closeOpenPeriod } from '../ledger/period.js';
import { type CashLine, type PostingLine, type TxnDraft, percentOf, periodBounds } from '../ledger/posting-rules.js';
import { businessDate, businessDay } from '../ledger/business-date.js';
import { reverseTxn } from '../ledger/reversal.js';
import { writeLog } from '../log/system-log.js';
import { prng } from './random.js';
import { postDemoTenancies } from './tenancies.js';
import { DEMO_POOL, poolsAndSnapshotsDemo } from './pools-snapshots.js';

type Db = Kysely<CompanyTables>;

/**
 * Demo books: a year of a holiday-letting trust account, posted through the ledger module itself
 * (receipts as postTxns batches shaped as the cash book shapes them, charges by createCharge
 * and releaseCharges, journals by postJournal, supplier payments by postPayment, reversals by
 * reverseTxn, month-end owner disbursement by postDisbursement, then closeOpenPeriod). Nothing is
 * inserted into posted history behind the ledger's back. Deterministic (seeded PRNG), integer cents.
 * The same generator makes the big benchmark seed (seed-cli.ts) with bigger parameters, month by
 * month and batch by batch so memory stays bounded.
 */

export interface BooksParams {
  owners: number;
  units: number;
  tenants: number;
  months: number;
  /** Bookings per unit per month (a receipt each), inclusive range. */
  bookings: [number, number];
  /** Receipts per postTxns batch. */
  batchSize: number;
  /** Big books: batch receipts by groups of this many owners (date order within a group); omit for date order. */
  ownersPerBatch?: number;
  seed: number;
  /** The user the books are posted as. */
  userId: string;
  companyCode: string;
  companyName: string;
  /** The last (open) month is the month of this date; receipts in it are dated up to this day. */
  today?: Date;
  /**
   * Holiday doors' guest receipts come through the booking sync in every month (and are distributed
   * there, commission, booking fees and GST with them), so none is typed here, reversed, or charged
   * commission by hand; rent receipts on permanent doors stay typed. Each closed month's season is
   * synced as that month is posted (syncDemoMonth: every stay checked out by its last day) and its
   * monthly accounts charge the management fee and a departure clean and linen per checked-out stay
   * of the door; the open month's bookings are synced after the books (postStartBooks), so its
   * holiday doors are charged nothing by hand. Without it (the big seed) every month's guest
   * receipts are typed.
   */
  bookingsSynced?: boolean;
  /** Progress lines (month, phase, counts). */
  onProgress?: (p: BooksProgress) => void;
}

export interface BooksProgress {
  year: number;
  month: number;
  phase: string;
  postings: number;
  txns: number;
}

export interface BooksSummary {
  owners: number;
  units: number;
  suppliers: number;
  tenants: number;
  months: { year: number; month: number; receipts: number; reversals: number; charges: number; releases: number; journals: number; payments: number; disbursements: number }[];
  txns: number;
  postings: number;
  seconds: number;
}

export const DEMO_BOOKS: Omit<BooksParams, 'userId' | 'companyCode' | 'companyName'> = {
  owners: 40,
  units: 120,
  tenants: 10,
  months: 12,
  bookings: [3, 7],
  batchSize: 2000,
  seed: 20_261_121,
  bookingsSynced: true,
};

// ---- deterministic randomness -------------------------------------------------------------

type Rand = ReturnType<typeof prng>;

// ---- the cast -----------------------------------------------------------------------------

const FIRST = ['James', 'Olivia', 'William', 'Charlotte', 'Jack', 'Amelia', 'Noah', 'Isla', 'Thomas', 'Mia', 'Henry', 'Grace', 'Oliver', 'Ava', 'Lachlan', 'Chloe', 'Liam', 'Sophie', 'Cooper', 'Ruby', 'Ethan', 'Matilda', 'Lucas', 'Harper', 'Mason', 'Zoe', 'Hamish', 'Emily', 'Angus', 'Georgia', 'Patrick', 'Sienna', 'Daniel', 'Ella', 'Michael', 'Jessica', 'Peter', 'Margaret', 'David', 'Helen', 'Wei', 'Mei', 'Minh', 'Linh', 'Rajesh', 'Priya', 'Giuseppe', 'Maria', 'Nikos', 'Eleni'] as const;
const LAST = ['Smith', 'Jones', 'Williams', 'Brown', 'Wilson', 'Taylor', 'Johnson', 'White', 'Martin', 'Anderson', 'Thompson', 'Nguyen', 'Thomas', 'Walker', 'Harris', 'Lee', 'Ryan', 'Robinson', 'Kelly', 'King', 'Davis', 'Wright', 'Evans', 'Roberts', 'Green', 'Hall', 'Wood', 'Jackson', 'Clarke', 'Patel', 'Campbell', 'Mitchell', "O'Brien", 'McDonald', 'Murphy', 'Hughes', 'Edwards', 'Chen', 'Tran', 'Papadopoulos', 'Rossi', 'Singh', 'Sullivan', 'Fraser', 'Stewart', 'Morrison', 'Byrne', 'Cooper', 'Gallagher', 'Kennedy'] as const;
const STREETS = ['Marine Parade', 'Esplanade', 'Hastings Street', 'Gympie Terrace', 'Jonson Street', 'Beach Road', 'Pacific Highway', 'Ocean Street', 'Bay Road', 'Victoria Street', 'George Street', 'Collins Street', 'Sturt Street', 'King Street', 'Macquarie Street', 'Lonsdale Street', 'Coronation Drive', 'Orchid Avenue', 'Cavill Avenue', 'Wharf Street'] as const;
const PLACES: [string, string, string, string][] = [
  // town, state, postcode, BSB prefix (bank) for the owner's account
  ['Noosa Heads', 'QLD', '4567', '064'],
  ['Surfers Paradise', 'QLD', '4217', '124'],
  ['Brisbane', 'QLD', '4000', '084'],
  ['Byron Bay', 'NSW', '2481', '062'],
  ['Sydney', 'NSW', '2000', '032'],
  ['Newcastle', 'NSW', '2300', '650'],
  ['Melbourne', 'VIC', '3000', '083'],
  ['Torquay', 'VIC', '3228', '063'],
  ['Adelaide', 'SA', '5000', '105'],
  ['Perth', 'WA', '6000', '086'],
  ['Hobart', 'TAS', '7000', '067'],
  ['Canberra', 'ACT', '2600', '012'],
  ['Darwin', 'NT', '0800', '015'],
];
const BANKS: Record<string, string> = { '06': 'CBA', '12': 'BQL', '08': 'NAB', '03': 'WBC', '65': 'NCB', '10': 'BSA', '01': 'ANZ' };
/** The banks the demo parties name, so their records pass the bank reference check when saved. */
const BANK_NAMES: Record<string, string> = {
  CBA: 'Commonwealth Bank of Australia', BQL: 'Bank of Queensland', NAB: 'National Australia Bank', WBC: 'Westpac Banking Corporation',
  NCB: 'Newcastle Permanent Building Society', BSA: 'BankSA', ANZ: 'Australia and New Zealand Banking Group',
};

interface SupplierSpec { code: string; name: string; category: string; account: string; method: 'EFT' | 'CHEQUE' }
const SUPPLIERS: SupplierSpec[] = [
  { code: 'SPARKLE', name: 'Sparkle Cleaning Co', category: 'TRADES', account: 'CLEAN', method: 'EFT' },
  { code: 'FRESHSTAY', name: 'Fresh Stay Housekeeping', category: 'TRADES', account: 'CLEAN', method: 'EFT' },
  { code: 'COASTLINEN', name: 'Coastal Linen Services', category: 'TRADES', account: 'LINEN', method: 'EFT' },
  { code: 'RELPLUMB', name: 'Reliable Plumbing Pty Ltd', category: 'TRADES', account: 'REPAIRS', method: 'CHEQUE' },
  { code: 'BRIGHTSPARK', name: 'Bright Spark Electrical', category: 'TRADES', account: 'REPAIRS', method: 'EFT' },
  { code: 'HANDYFIX', name: 'Handy Fix Maintenance', category: 'TRADES', account: 'REPAIRS', method: 'EFT' },
  { code: 'SEASTRATA', name: 'Seaside Strata Management', category: 'UTILITY', account: 'STRATA', method: 'EFT' },
  { code: 'ORIGINELEC', name: 'Coastal Power and Gas', category: 'UTILITY', account: 'ELEC', method: 'EFT' },
  { code: 'POOLCARE', name: 'Pool and Spa Care', category: 'TRADES', account: 'REPAIRS', method: 'CHEQUE' },
  { code: 'PESTAWAY', name: 'Pest Away Services', category: 'TRADES', account: 'REPAIRS', method: 'EFT' },
];
const REPAIRERS = SUPPLIERS.filter((s) => s.account === 'REPAIRS');
const REPAIR_JOBS = ['Replace tap washer and cartridge', 'Repair split system air conditioner', 'Replace smoke alarm battery', 'Unblock shower drain', 'Replace oven element', 'Fix sliding door track', 'Quarterly pest treatment', 'Pool pump service', 'Replace light fittings'];

// Unit types: [id, share of units, nightly rate range in dollars, cleaning fee in dollars]
const UNIT_TYPES: [string, number, [number, number], number][] = [
  ['STUDIO', 0.25, [140, 190], 85],
  ['ONEBED', 0.35, [180, 260], 110],
  ['TWOBED', 0.28, [250, 380], 140],
  ['PENTHOUSE', 0.12, [520, 900], 220],
];
const COMMISSION = 1200; // 12%, hundredths of a percent
const RENT_COMMISSION = 770; // 7.7%
const MGMT_FEE = 5500; // $55 a door a month, cents
const LINEN_PER_BOOKING = 3800;

interface Unit { door: string; owner: string; type: string; rate: [number, number]; clean: number; permanent: boolean; tenant: string | null; rent: number }
interface Cast { owners: string[]; ownerDoors: Map<string, string[]>; units: Unit[]; tenants: string[] }

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
const lettersOf = (s: string) => s.toUpperCase().replace(/[^A-Z]/g, '');

/** Door codes: '101'…'1210' (12 floors of 10) for the first 120 units, then 'B101'… per further building. */
export function doorCode(i: number): string {
  const building = Math.floor(i / 120);
  const j = i % 120;
  const code = `${Math.floor(j / 10) + 1}${pad((j % 10) + 1)}`;
  return building === 0 ? code : `${String.fromCharCode(65 + ((building - 1) % 26))}${building > 26 ? Math.floor((building - 1) / 26) : ''}${code}`;
}


function account(r: Rand, prefix: string) {
  const bsb = `${prefix}-${pad(r.int(0, 999), 3)}`;
  return { bank: BANKS[prefix.slice(0, 2)] ?? null, bank_bsb: bsb, bank_account_number: String(r.int(10_000_000, 99_999_999)).slice(0, r.chance(0.3) ? 6 : 8) };
}

/** Owners, units, suppliers, tenants and the business's bank details: reference data, one transaction. */
async function createCast(db: Db, p: BooksParams, r: Rand): Promise<Cast> {
  await db.insertInto('bank').values(Object.entries(BANK_NAMES).map(([id, name]) => ({ id, name }))).onConflict((oc) => oc.column('id').doNothing()).execute();
  const owners: Record<string, unknown>[] = [];
  const codes: string[] = [];
  for (let i = 0; i < p.owners; i++) {
    const first = r.pick(FIRST);
    const last = r.pick(LAST);
    const joint = r.chance(0.25) ? r.pick(FIRST) : null;
    const name = (joint ? `${first} & ${joint} ${last}` : `${first} ${last}`).slice(0, 40);
    const [town, state, postcode, prefix] = r.pick(PLACES);
    const code = `${lettersOf(last).slice(0, 8)}${lettersOf(first)[0]}${pad(i + 1, p.owners > 99 ? 4 : 2)}`;
    const method = i === 5 ? 'HOLD' : i % 13 === 3 ? 'CHEQUE' : 'EFT';
    codes.push(code);
    owners.push({
      ...entityDefaults,
      code, type: 'OWNER', category: 'HOLIDAY', name,
      email: `${lettersOf(first).toLowerCase()}.${lettersOf(last).toLowerCase()}${i}@example.com.au`,
      address: `${r.int(1, 240)} ${r.pick(STREETS)}`, town, state, postcode,
      phone1: `04${pad(r.int(10, 99))} ${pad(r.int(0, 999), 3)} ${pad(r.int(0, 999), 3)}`,
      ...account(r, prefix), bank_account_name: name.slice(0, 32),
      disburse_method: method,
      // The letting commission distribution takes from their synced bookings (the big seed's typed months charge the same rate by hand).
      commission: COMMISSION,
      hold_always_reason: null,
      notes: method === 'HOLD' ? 'Funds held at the owner\'s request while the unit is renovated' : null,
    });
  }
  const suppliers = SUPPLIERS.map((s, i) => ({
    ...entityDefaults,
    code: s.code, type: 'SUPPLIER', category: s.category, name: s.name,
    email: `accounts@${lettersOf(s.name).toLowerCase().slice(0, 14)}.com.au`,
    address: `${10 + i * 7} Industrial Drive`, town: 'Noosaville', state: 'QLD', postcode: '4566',
    abn: `${pad(r.int(10, 99))} ${pad(r.int(100, 999), 3)} ${pad(r.int(100, 999), 3)} ${pad(r.int(100, 999), 3)}`,
    ...(s.method === 'EFT' ? account(r, '064') : {}), bank_account_name: s.name.slice(0, 32),
    disburse_method: s.method,
  }));

  const units: Unit[] = [];
  const ownerDoors = new Map<string, string[]>(codes.map((c) => [c, []]));
  for (let i = 0; i < p.units; i++) {
    // Every owner has at least one unit; the rest go to owners at random (some own several).
    const owner = i < codes.length ? codes[i]! : codes[r.int(0, codes.length - 1)]!;
    const floorShare = (i % 120) / 120;
    let acc = 0;
    const type = UNIT_TYPES.find(([, share]) => (acc += share) > floorShare) ?? UNIT_TYPES[UNIT_TYPES.length - 1]!;
    const door = doorCode(i);
    const permanent = i % 12 === 7;
    units.push({ door, owner, type: type[0], rate: type[2], clean: type[3] * 100, permanent, tenant: null, rent: 0 });
    ownerDoors.get(owner)!.push(door);
  }
  const tenants: Record<string, unknown>[] = [];
  const permanentUnits = units.filter((u) => u.permanent);
  for (let i = 0; i < Math.min(p.tenants, permanentUnits.length); i++) {
    const first = r.pick(FIRST);
    const last = r.pick(LAST);
    const code = `TEN${lettersOf(last).slice(0, 8)}${pad(i + 1, 3)}`;
    tenants.push({ ...entityDefaults, code, type: 'TENANT', category: 'TENANTS', name: `${first} ${last}`, email: `${lettersOf(first).toLowerCase()}${i}@example.net.au`, disburse_method: 'HOLD' });
    permanentUnits[i]!.tenant = code;
    permanentUnits[i]!.rent = r.int(42, 75) * 1000 * 4; // $420–$750 a week, four weeks a month
  }

  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < owners.length; i += 1000) await trx.insertInto('entity').values(owners.slice(i, i + 1000) as never).execute();
    await trx.insertInto('entity').values(suppliers as never).execute();
    if (tenants.length) await trx.insertInto('entity').values(tenants as never).execute();
    for (let i = 0; i < units.length; i += 1000) {
      await trx.insertInto('unit').values(units.slice(i, i + 1000).map((u) => ({
        door: u.door, name: `${u.permanent ? 'Residence' : 'Seaside'} ${u.door}`, location: `Level ${u.door.replace(/\D/g, '').slice(0, -2)}`,
        unittype: u.type, class: u.permanent ? 'PERMANENT' : 'HOLIDAY', entity: u.owner, category: u.permanent ? 'PERMANENT' : 'HOLIDAY',
      }))).execute();
    }
    await trx.updateTable('entity').set({ bank: 'CBA', bank_bsb: '064-000', bank_account_number: '10987654', bank_account_name: 'Seaside Holiday Lettings Ops', email: 'accounts@seasideholidays.example.com.au', address: '1 Hastings Street', town: 'Noosa Heads', state: 'QLD', postcode: '4567' }).where('code', '=', 'BUSINESS').execute();
  });
  return { owners: codes, ownerDoors, units, tenants: tenants.map((t) => t.code as string) };
}

// ---- one month ----------------------------------------------------------------------------

interface MonthPlan { year: number; month: number; lastDay: number; isOpen: boolean }

const dateOf = (m: MonthPlan, day: number) => `${m.year}-${pad(m.month)}-${pad(Math.max(1, Math.min(day, m.lastDay)))}`;

async function setPeriod(db: Db, year: number, month: number) {
  await db.updateTable('control_setting').set({ value: jsonb(year) }).where('key', '=', 'current_year').execute();
  await db.updateTable('control_setting').set({ value: jsonb(month) }).where('key', '=', 'current_month').execute();
}

interface DemoCard { code: string; surcharge_payer: number; surcharge_owner: number }

interface ReceiptMeta { payerType: string; payerEntity: string | null; surcharge: number; rate: number; items: { ref: string; entity: string; door: string | null; description: string; amount: number }[] }

/** A guest or tenant receipt shaped as the cash book shapes it (ACCOUNT items to owners, card surcharges by cardSurcharge). */
function receiptDraft(date: string, memo: string, payer: string, method: CashLine['method'], card: DemoCard | null, items: ReceiptMeta['items'], sourceRef: string, payerType: string, payerEntity: string | null) {
  const postings: PostingLine[] = items.map((i) => ({ entity: i.entity, door: i.door, accountId: i.ref, amount: i.amount, description: i.description }));
  const total = items.reduce((a, i) => a + i.amount, 0);
  const owners = new Map(items.map((i) => [i.entity, 'OWNER']));
  const { surcharge, postings: surchargeLines } = card ? cardSurcharge(total, postings, card, owners, 'SURCHG') : { surcharge: 0, postings: [] };
  postings.push(...surchargeLines);
  const draft: TxnDraft = {
    kind: 'RECEIPT', date, memo, source: 'MANUAL', sourceRef,
    postings,
    cashbook: [{ date, method, cardType: card?.code ?? null, amount: total + surcharge, payer, tranRef: method === 'EFT' ? `EFT${sourceRef}` : null, sourceRef }],
  };
  const meta: ReceiptMeta = { payerType, payerEntity, surcharge, rate: card?.surcharge_payer ?? 0, items };
  return { draft, meta };
}

async function postReceiptBatch(db: Db, userId: string, batch: { draft: TxnDraft; meta: ReceiptMeta }[]) {
  return db.transaction().execute(async (trx) => {
    const posted = await postTxns(trx, userId, batch.map((b) => b.draft));
    const details = posted.map((p, i) => ({ txn_id: String(p.id), payer_type: batch[i]!.meta.payerType, payer_entity: batch[i]!.meta.payerEntity, door: null, surcharge: batch[i]!.meta.surcharge, surcharge_rate: batch[i]!.meta.rate }));
    const items = posted.flatMap((p, i) => batch[i]!.meta.items.map((it, n) => ({ txn_id: String(p.id), line: n + 1, selector: 'ACCOUNT', ref: it.ref, entity: it.entity, door: it.door, description: it.description, amount: it.amount, charge_id: null })));
    for (let i = 0; i < details.length; i += 5000) await trx.insertInto('cashbook_detail').values(details.slice(i, i + 5000)).execute();
    for (let i = 0; i < items.length; i += 5000) await trx.insertInto('receipt_item').values(items.slice(i, i + 5000)).execute();
    return posted;
  });
}

async function ownerBalances(db: Db): Promise<Map<string, number>> {
  const rows = await db.selectFrom('ledger_balance').select(['entity', 'door', 'balance']).execute();
  return new Map(rows.map((b) => [`${b.entity}\u0000${b.door}`, Number(b.balance)]));
}
const key = (entity: string, door: string | null) => `${entity}\u0000${door ?? ''}`;

const dollars = (cents: number) => cents / 100;

async function postMonth(db: Db, p: BooksParams, r: Rand, cast: Cast, m: MonthPlan, cards: DemoCard[], summary: BooksSummary, progress: (phase: string) => void) {
  const stats = { year: m.year, month: m.month, receipts: 0, reversals: 0, charges: 0, releases: 0, journals: 0, payments: 0, disbursements: 0 };
  const D = m.lastDay;
  const receiptDays = Math.max(1, Math.floor(D * 0.8));
  // A synced closed month's stays check out up to its last day and are distributed on the day: its
  // month-end work (journals, charges, releases, payments) is dated that day, so none spends funds dated later.
  const day = (share: number) => (p.bookingsSynced && !m.isOpen ? D : Math.max(1, Math.floor(D * share)));

  // 1. Receipts: tenants' rent; guests' room charges (and the guest cleaning fee) to the owners' doors
  //    unless the bookings come through the sync (then a closed month syncs its stays here).
  const nights = new Map<string, number>();
  const bookings = new Map<string, number>();
  const revenue = new Map<string, number>();
  let batch: { draft: TxnDraft; meta: ReceiptMeta }[] = [];
  const flush = async () => {
    if (!batch.length) return;
    const posted = await postReceiptBatch(db, p.userId, batch);
    summary.txns += posted.length;
    summary.postings += batch.reduce((a, b) => a + b.draft.postings.length, 0);
    stats.receipts += posted.length;
    lastPosted = posted.map((x, i) => ({ id: x.id, date: x.date, door: batch[i]!.draft.postings[0]!.door }));
    batch = [];
    progress('receipts');
  };
  let lastPosted: { id: number; date: string; door: string | null }[] = [];
  const ordered: { group: number; date: string; make: () => { draft: TxnDraft; meta: ReceiptMeta } }[] = [];
  const groupOf = new Map(cast.owners.map((o, i) => [o, p.ownersPerBatch ? Math.floor(i / p.ownersPerBatch) : 0]));
  for (const u of cast.units) {
    if (u.permanent) {
      if (!u.tenant) continue;
      const date = dateOf(m, r.int(1, Math.min(5, receiptDays)));
      const tenant = u.tenant;
      const amount = u.rent;
      ordered.push({ group: groupOf.get(u.owner)!, date, make: () => receiptDraft(date, `Rent ${u.door} for ${pad(m.month)}/${m.year}`, tenant, 'EFT', null, [{ ref: 'RENT', entity: u.owner, door: u.door, description: `Rent ${pad(m.month)}/${m.year}`, amount }], `RENT-${u.door}-${m.year}${pad(m.month)}`, 'TENANT', tenant) });
      revenue.set(u.door, (revenue.get(u.door) ?? 0) + amount);
      continue;
    }
    if (p.bookingsSynced) continue;
    // The open month has run only up to today: its bookings in proportion.
    const full = r.int(p.bookings[0], p.bookings[1]);
    const count = m.isOpen ? Math.max(1, Math.round((full * D) / Number(periodBounds(m.year, m.month).last.slice(8)))) : full;
    for (let b = 0; b < count; b++) {
      const n = r.int(1, 7);
      const rate = r.int(u.rate[0], u.rate[1]) * 100;
      const room = n * rate;
      const guest = `${r.pick(FIRST)} ${r.pick(LAST)}`;
      const ref = `BK${m.year % 100}${pad(m.month)}${String(r.int(0, 999_999)).padStart(6, '0')}`;
      const roll = r.next();
      const method: CashLine['method'] = roll < 0.55 ? 'EFT' : roll < 0.9 ? 'CARD' : roll < 0.96 ? 'CASH' : 'CHQ';
      const card = method === 'CARD' ? r.pick(cards) : null;
      const date = dateOf(m, r.int(1, receiptDays));
      const items: ReceiptMeta['items'] = [{ ref: 'ROOMCHG', entity: u.owner, door: u.door, description: `Room charges ${n} night${n > 1 ? 's' : ''} at $${rate / 100}`, amount: room }];
      if (n >= 2) items.push({ ref: 'CLEAN', entity: u.owner, door: u.door, description: 'Guest cleaning fee', amount: u.clean });
      ordered.push({ group: groupOf.get(u.owner)!, date, make: () => receiptDraft(date, `Booking ${ref} ${guest}, ${n} night${n > 1 ? 's' : ''} in ${u.door}`, guest, method, card, items, ref, 'OTHER', null) });
      nights.set(u.door, (nights.get(u.door) ?? 0) + n);
      bookings.set(u.door, (bookings.get(u.door) ?? 0) + 1);
      revenue.set(u.door, (revenue.get(u.door) ?? 0) + room);
    }
  }
  // Date order (receipt numbers follow the calendar). For big books, batches by groups of owners
  // (each batch then locks and checks a few hundred balance rows rather than every one).
  ordered.sort((a, b) => a.group - b.group || (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  let group = -1;
  for (const o of ordered) {
    if (o.group !== group && batch.length) await flush();
    group = o.group;
    batch.push(o.make());
    if (batch.length >= p.batchSize) await flush();
  }
  ordered.length = 0;
  await flush();
  if (p.bookingsSynced && !m.isOpen) {
    // The month's stays through the sync while it is open (the first month posted links the units
    // and accounts); its monthly accounts count each door's checked-out stays.
    const { first, last } = periodBounds(m.year, m.month);
    await syncDemoMonth(db, p.userId, { year: m.year, month: m.month, first, last }, summary.months.length === 0);
    const stays = await db.selectFrom('booking').select('doors').where('status', '=', 'C').where('check_out', '>=', first).where('check_out', '<=', last).execute();
    for (const s of stays) for (const d of s.doors as { door: string }[]) bookings.set(d.door, (bookings.get(d.door) ?? 0) + 1);
    progress('bookings');
  }

  // 2. A reversal or two (guest paid twice; cheque dishonoured), on the receipt's own date. With
  //    synced guest receipts (a booking's refund is the booking system's) a closed month reverses
  //    one tenant's rent, its direct debit dishonoured, and charges no commission on it.
  const reasons = p.bookingsSynced ? ['Tenant\'s direct debit dishonoured by the bank'] : ['Duplicate payment: guest paid twice, refunded by the booking system', 'Cheque dishonoured by the drawer\'s bank', 'Receipted to the wrong booking, re-entered correctly'];
  const toReverse = p.bookingsSynced ? (m.isOpen ? 0 : Math.min(lastPosted.length, 1)) : Math.min(lastPosted.length, r.int(1, 2));
  for (let i = 0; i < toReverse; i++) {
    const target = lastPosted[Math.floor(r.next() * lastPosted.length)]!;
    lastPosted = lastPosted.filter((x) => x.id !== target.id);
    await db.transaction().execute((trx) => reverseTxn(trx, p.userId, target.id, r.pick(reasons), target.date));
    if (p.bookingsSynced && target.door) revenue.delete(target.door);
    stats.reversals++;
    summary.txns++;
  }
  progress('reversals');

  // 3. Two journals: an owner moves funds between two of their doors; the business refunds a fee.
  const balances = await ownerBalances(db);
  const journalDate = dateOf(m, day(0.84));
  // An owner with funds on their first door (in the open month, whose bookings sync after its books, a rented unit's or a held owner's).
  const multi = cast.owners.filter((o) => cast.ownerDoors.get(o)!.length >= 2 && (balances.get(key(o, cast.ownerDoors.get(o)![0]!)) ?? 0) > 0);
  if (multi.length) {
    const owner = multi[Math.floor(r.next() * multi.length)]!;
    const [from, to] = cast.ownerDoors.get(owner)!;
    const amount = Math.min(balances.get(key(owner, from!)) ?? 0, r.int(100, 600) * 100);
    if (amount > 0) {
      await db.transaction().execute((trx) => postJournal(trx, p.userId, journalContract.parse({
        date: journalDate, memo: `Owner ${owner} asked to move funds from ${from} to ${to} for new furniture`,
        items: [
          { entity: owner, door: from, account_id: 'OWNFUNDS', description: `Transfer to ${to}`, debit: dollars(amount) },
          { entity: owner, door: to, account_id: 'OWNFUNDS', description: `Transfer from ${from}`, credit: dollars(amount) },
        ],
      })));
      stats.journals++;
      summary.txns++;
      summary.postings += 2;
      balances.set(key(owner, from!), (balances.get(key(owner, from!)) ?? 0) - amount);
      balances.set(key(owner, to!), (balances.get(key(owner, to!)) ?? 0) + amount);
    }
  }
  const refundUnit = cast.units[Math.floor(r.next() * cast.units.length)]!;
  const refund = Math.min(balances.get(key('BUSINESS', null)) ?? 0, MGMT_FEE);
  if (refund > 0) {
    await db.transaction().execute((trx) => postJournal(trx, p.userId, journalContract.parse({
      date: journalDate, memo: `Refund of management fee for ${refundUnit.door}: unit closed for repairs`,
      items: [
        { entity: 'BUSINESS', door: null, account_id: 'MGMTFEE', description: `Fee refund ${refundUnit.door}`, debit: dollars(refund) },
        { entity: refundUnit.owner, door: refundUnit.door, account_id: 'MGMTFEE', description: 'Management fee refunded', credit: dollars(refund) },
      ],
    })));
    stats.journals++;
    summary.txns++;
    summary.postings += 2;
    balances.set(key(refundUnit.owner, refundUnit.door), (balances.get(key(refundUnit.owner, refundUnit.door)) ?? 0) + refund);
  }
  progress('journals');

  // 4. Charges: per door, commission on typed receipts (distribution takes it from synced bookings)
  //    and management fee to BUSINESS; cleaning and linen per stay to the suppliers; now and then a
  //    repair; strata levies quarterly. Then release what funds cover.
  const chargeDate = dateOf(m, day(0.88));
  const cleaner = (door: string) => (door.charCodeAt(door.length - 1) % 2 ? 'SPARKLE' : 'FRESHSTAY');
  await db.transaction().execute(async (trx) => {
    // The routine monthly account of every door (what Update Property Charges raises), as one batch:
    // each is a charge like createCharge makes (a gapless CHARGE number each, items by account).
    const routine: { values: ChargeValues; ref: string }[] = [];
    for (const u of cast.units) {
      const rev = revenue.get(u.door) ?? 0;
      if (rev === 0 && !bookings.get(u.door)) continue;
      const items = [] as { account_id: string; recipient_entity: string; description: string; amount: number }[];
      const commission = percentOf(rev, u.permanent ? RENT_COMMISSION : COMMISSION);
      if (commission > 0) items.push({ account_id: u.permanent ? 'RENTCOMM' : 'COMMISS', recipient_entity: 'BUSINESS', description: `${u.permanent ? 'Rent' : 'Letting'} commission ${(u.permanent ? RENT_COMMISSION : COMMISSION) / 100}%`, amount: dollars(commission) });
      items.push({ account_id: 'MGMTFEE', recipient_entity: 'BUSINESS', description: 'Management fee', amount: dollars(MGMT_FEE) });
      const b = bookings.get(u.door) ?? 0;
      if (b > 0) {
        items.push({ account_id: 'CLEAN', recipient_entity: cleaner(u.door), description: `Departure cleans x${b}`, amount: dollars(b * u.clean) });
        items.push({ account_id: 'LINEN', recipient_entity: 'COASTLINEN', description: `Linen hire x${b}`, amount: dollars(b * LINEN_PER_BOOKING) });
      }
      const values = chargeContract.parse({
        date: chargeDate, payer_type: 'OWNER', entity: u.owner, door: u.door, recipient_type: 'BUSINESS', recipient: 'BUSINESS',
        memo: `Fees and services ${pad(m.month)}/${m.year} for ${u.door}`, name: `Monthly account ${u.door}`, source_ref: `INV${m.year}${pad(m.month)}-${u.door}`, items,
      });
      routine.push({ values, ref: await nextNumber(trx, 'CHARGE') });
    }
    if (routine.length) {
      await checkCharge(trx, routine[0]!.values);
      for (let i = 0; i < routine.length; i += 1000) {
        const part = routine.slice(i, i + 1000);
        const ids = await trx.insertInto('charge').values(part.map(({ values: c, ref }) => ({
          ref, date: c.date, payer_type: c.payer_type, entity: c.entity, door: c.door, recipient_type: c.recipient_type, recipient: c.recipient,
          recipient_door: c.recipient_door, source_ref: c.source_ref, memo: c.memo, name: c.name, user_id: p.userId,
        }))).returning(['id', 'ref']).execute();
        const idOf = new Map(ids.map((x) => [x.ref, x.id]));
        await trx.insertInto('charge_item').values(part.flatMap(({ values: c, ref }) => c.items.map((it) => ({
          charge_id: idOf.get(ref)!, account_id: it.account_id, recipient_entity: it.recipient_entity, door: it.door, description: it.description ?? '', amount: toCents(it.amount),
        })))).execute();
      }
      stats.charges += routine.length;
    }
    // Ad hoc supplier invoices through createCharge: repairs now and then, strata levies quarterly.
    for (const u of cast.units) {
      const repair = r.chance(0.06);
      const strata = m.month % 3 === 0 && !m.isOpen && u.door.endsWith('01');
      if (!repair && !strata) continue;
      const who = repair ? r.pick(REPAIRERS) : SUPPLIERS.find((x) => x.code === 'SEASTRATA')!;
      const job = repair ? r.pick(REPAIR_JOBS) : `Body corporate levy Q${m.month / 3} ${m.year}`;
      await createCharge(trx, p.userId, chargeContract.parse({
        date: chargeDate, payer_type: 'OWNER', entity: u.owner, door: u.door, recipient_type: 'SUPPLIER', recipient: who.code,
        memo: `${job} (${u.door})`, name: who.name, source_ref: `${who.code.slice(0, 4)}-${r.int(10_000, 99_999)}`,
        items: [{ account_id: who.account, description: job, amount: dollars(repair ? r.int(90, 450) * 100 : r.int(9, 16) * 5000) }],
      }));
      stats.charges++;
    }
  });
  progress('charges');

  // Release, oldest first, what each payer's door funds cover (the release screen's rule).
  const releaseDate = dateOf(m, day(0.9));
  const pending = await db
    .selectFrom('charge')
    .innerJoin('charge_item', 'charge_item.charge_id', 'charge.id')
    .select(['charge.id', 'charge.entity', 'charge.door', sql<string>`sum(charge_item.amount)`.as('total')])
    .where('charge.status', '=', 'PENDING')
    .groupBy(['charge.id', 'charge.entity', 'charge.door'])
    .orderBy('charge.date')
    .orderBy('charge.id')
    .execute();
  const room = await ownerBalances(db);
  const selections = [] as { entity: string; chargeId: number; amount: number }[];
  for (const c of pending) {
    const k = key(c.entity, c.door);
    const total = Number(c.total);
    const left = room.get(k) ?? 0;
    if (total <= left) {
      room.set(k, left - total);
      selections.push({ entity: c.entity, chargeId: Number(c.id), amount: dollars(total) });
    }
  }
  for (let i = 0; i < selections.length; i += 500) {
    const part = selections.slice(i, i + 500);
    const done = await db.transaction().execute((trx) => releaseCharges(trx, p.userId, part, releaseDate));
    stats.releases += done.released;
    summary.txns += done.released;
  }
  summary.postings += await releasedPostings(db, m);
  progress('releases');

  // 5. Supplier payments: the plumber and the pool service are paid by cheque when invoices clear.
  const payDate = dateOf(m, day(0.93));
  const afterRelease = await ownerBalances(db);
  for (const s of SUPPLIERS.filter((x) => x.method === 'CHEQUE')) {
    const bal = afterRelease.get(key(s.code, null)) ?? 0;
    if (bal <= 0) continue;
    await db.transaction().execute((trx) => postPayment(trx, p.userId, paymentContract.parse({
      date: payDate, payer_type: 'SUPPLIER', payer_entity: s.code, method: 'CHQ', amount: dollars(bal), memo: `Payment of ${s.name} invoices ${pad(m.month)}/${m.year}`, tran_ref: `CHQ${100_000 + summary.txns}`,
    })));
    stats.payments++;
    summary.txns++;
    summary.postings++;
  }
  progress('payments');

  // 6. Month-end owner disbursement (not in the open month): every row allowed and above zero.
  if (!m.isOpen) {
    await db.transaction().execute(async (trx) => {
      const rows = (await disbursementRows(trx)).filter((row) => row.allowed && row.disburse > 0);
      if (!rows.length) return;
      const result = await postDisbursement(trx, disburseRequestContract.parse(rows.map(toWire)), {
        userId: p.userId, companyCode: p.companyCode, companyName: p.companyName, archivePath: ARCHIVE_PATHS.MONTH_END,
        now: new Date(m.year, m.month - 1, D, 17, 0, 0),
      });
      stats.disbursements += result.payments.length;
      summary.txns += result.payments.length;
      summary.postings += rows.reduce((a, row) => a + row.split.length, 0);
    });
    progress('disbursement');
    await db.transaction().execute((trx) => closeOpenPeriod(trx, { userId: p.userId, database: p.companyCode }));
  }
  summary.months.push(stats);
}

async function releasedPostings(db: Db, m: MonthPlan): Promise<number> {
  const row = await db.selectFrom('posting').innerJoin('txn', 'txn.id', 'posting.txn_id').select((eb) => eb.fn.countAll<string>().as('n'))
    .where('txn.kind', '=', 'RELEASE').where('txn.year', '=', m.year).where('txn.month', '=', m.month).executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Creates the cast and posts `months` months ending in the month of `today` (that month stays
 * open, without disbursement). The company must have no posted history yet.
 */
export async function postDemoBooks(db: Db, p: BooksParams): Promise<BooksSummary> {
  const started = performance.now();
  const r = prng(p.seed);
  const existing = await db.selectFrom('txn').select('id').limit(1).executeTakeFirst();
  if (existing) throw new Error('The demo books go into a company without posted history');
  const today = p.today ?? businessDay();
  const cast = await createCast(db, p, r);
  const cards: DemoCard[] = await db.selectFrom('card_type').select(['code', 'surcharge_payer', 'surcharge_owner']).where('inactive', '=', false).orderBy('code').execute();

  const summary: BooksSummary = { owners: cast.owners.length, units: cast.units.length, suppliers: SUPPLIERS.length, tenants: cast.tenants.length, months: [], txns: 0, postings: 0, seconds: 0 };
  const plans: MonthPlan[] = [];
  for (let k = p.months - 1; k >= 0; k--) {
    const d = new Date(today.getFullYear(), today.getMonth() - k, 1);
    const year = d.getFullYear();
    const month = d.getMonth() + 1;
    const isOpen = k === 0;
    const lastDay = isOpen ? today.getDate() : Number(periodBounds(year, month).last.slice(8));
    plans.push({ year, month, lastDay, isOpen });
  }
  // Nothing is posted yet, so nothing is closed: the books start in the first month.
  await setPeriod(db, plans[0]!.year, plans[0]!.month);
  for (const m of plans) {
    const open = await openPeriod(db);
    if (open.year !== m.year || open.month !== m.month) throw new Error(`Expected ${m.month}/${m.year} open, found ${open.month}/${open.year}`);
    await postMonth(db, p, r, cast, m, cards, summary, (phase) => p.onProgress?.({ year: m.year, month: m.month, phase, postings: summary.postings, txns: summary.txns }));
  }
  const [txns, postings] = await Promise.all([
    db.selectFrom('txn').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    db.selectFrom('posting').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  summary.txns = Number(txns.n);
  summary.postings = Number(postings.n);
  summary.seconds = (performance.now() - started) / 1000;
  await writeLog(db as unknown as Kysely<any>, {
    database: p.companyCode, severity: 'INFO', identity: p.userId, routine: 'demo',
    message: `Demo books posted: ${summary.owners} owners, ${summary.units} units, ${p.months} months, ${summary.txns} txns, ${summary.postings} postings in ${summary.seconds.toFixed(1)} s`,
  });
  return summary;
}

/** `npm start` on a fresh database: the demo company's year of books, with a line of progress. */
export async function postStartBooks(db: Database, userId = 'ADMIN'): Promise<BooksSummary> {
  console.log(`Posting the demo books of ${DEMO_COMPANY.code} (a year of receipts, charges, releases and disbursements)...`);
  const summary = await postDemoBooks(db.company(schemaNameFor(DEMO_COMPANY.code)), { ...DEMO_BOOKS, userId, companyCode: DEMO_COMPANY.code, companyName: DEMO_COMPANY.name });
  console.log(`Demo books posted: ${summary.owners} owners, ${summary.units} units, ${summary.txns} transactions, ${summary.postings} postings in ${summary.seconds.toFixed(1)} s.`);
  // The open month's bookings come through the booking system, synced before the bank side is made so it banks them as it banks the closed months'.
  const synced = await syncDemoBookings(db.company(schemaNameFor(DEMO_COMPANY.code)), userId);
  console.log(`Demo bookings synced from the booking system: ${synced.message}.`);
  const banking = await bankAndReconcileDemo(db.company(schemaNameFor(DEMO_COMPANY.code)), await businessDate(db.company(schemaNameFor(DEMO_COMPANY.code))), { id: userId }, { code: DEMO_COMPANY.code, name: DEMO_COMPANY.name });
  const rentals = await postDemoTenancies(db.company(schemaNameFor(DEMO_COMPANY.code)), userId, await businessDate(db.company(schemaNameFor(DEMO_COMPANY.code))));
  console.log(`Demo bank: ${banking.deposits} deposits banked, ${banking.reconciliations} months reconciled, a statement of ${banking.statementLines} lines imported (${banking.matched} matched).`);
  console.log(`Demo rentals: ${rentals.tenancies} tenancies, ${rentals.arrears} in arrears, ${rentals.receipts} rent receipts.`);
  const pools = await poolsAndSnapshotsDemo(db.company(schemaNameFor(DEMO_COMPANY.code)));
  console.log(`Demo pools and snapshots: ${DEMO_POOL.code} with ${pools.poolMembers} members and ${pools.receipts} receipt of its income, snapshots of ${pools.snapshotYears.join(' and ')}.`);
  return summary;
}
