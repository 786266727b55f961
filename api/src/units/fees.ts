import type { Kysely } from 'kysely';
import { cancelCharge, chargeIsPaid, checkAgainstBooks, createCharges, readChargeBooks } from '../charges/charges.js';
import type { ChargeValues } from '../contracts/charges.js';
import { gstLineDescription, gstOnFee } from '../contracts/fee-gst.js';
import type { CompanyTables } from '../db/schema.js';
import { ApiError, badRequest, notFound } from '../http/errors.js';
import { percentOf, periodBounds } from '../ledger/posting-rules.js';
import { accountGstRates } from '../reference/gst-codes.js';
import { formatCents, toDollars } from '../money/cents.js';

type Db = Kysely<any>;

/** Unit-fee charges carry source UNITFEE and source_ref 'FEES <door> <yyyy-mm>': one set per unit and month. */
export const UNIT_FEE_SOURCE = 'UNITFEE';
export const feeSourceRef = (door: string, month: string) => `FEES ${door} ${month}`;


/** Spec 2 §5 'Update or undo charges date': not before today, at most one year ahead. */
export function assertChargeDate(date: string, today: string): void {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const max = `${y + 1}-${String(m).padStart(2, '0')}-${String(m === 2 && d === 29 ? 28 : d).padStart(2, '0')}`;
  const msg = date < today ? `The date may not be earlier than today (${today})` : date > max ? `The date may be at most one year ahead (${max})` : null;
  if (msg) throw badRequest(msg, { errors: [{ path: 'date', msg }] });
}

interface FeeLine { account_id: string; recipient: string; name: string; cents: number }

export interface ApplyFeesResult { raised: number; refs: string[]; skipped: string[] }

/**
 * Raises each active, owned unit's monthly fees as PENDING charges from the owner (door) to each
 * fee's recipient, dated `date`: the unit's own fee lines, plus the Fees setup rows marked
 * is_default whose apply_to is '*' or the unit's class (a unit fee line on the same account
 * replaces the default). Value (V) fees are their value. Percentage (P) fees (spec 3 'Fee') are a
 * percent of the door's letting revenue, which in these books is what reached the owner's door
 * on the control accounts in the month before the fee month (in arrears, a closed month):
 * room charges (roomcharge_account) when the fee applies to bookings, rent (rent_account) when it
 * applies to rentals (percentageBase). A P fee marked apply_before_other_fees is taken on that
 * gross; the others on it less the unit's fees taken before them (value fees, then the 'before'
 * percentages), never below zero. Each is rounded once, half away from zero; nothing is raised
 * for a base of zero or less. Fees are before GST, as booking fees are in distribution
 * (docs/booking-system.md 'GST'): where a fee's account has a GST code with a rate, a line "GST on
 * <fee>" of that rate of it (gstOnFee) follows it in the same charge, to the same recipient on the
 * same account; the GST is not a fee taken before a percentage fee. Idempotent per unit and month: a unit whose fee charges for that
 * month exist (pending or released) is skipped, so running twice adds nothing. Runs in the
 * caller's transaction (start of day calls it too). A unit whose charge the books refuse (e.g.
 * an inactive account) is skipped and reported; the others are raised.
 */
export async function applyMonthlyFees(anyTrx: Kysely<any>, userId: string, opts: { date: string; door?: string }): Promise<ApplyFeesResult> {
  const db = anyTrx as Db;
  const trx = anyTrx as unknown as Kysely<CompanyTables>;
  const month = opts.date.slice(0, 7);
  let uq = db.selectFrom('unit as u').innerJoin('entity as e', 'e.code', 'u.entity')
    .select(['u.door', 'u.class', 'u.entity', 'e.name as owner_name', 'e.inactive as owner_inactive', 'u.inactive'])
    .orderBy('u.door').forUpdate('u');
  if (opts.door) {
    const unit = await db.selectFrom('unit').select(['door', 'entity']).where('door', '=', opts.door).executeTakeFirst();
    if (!unit) throw notFound(`Unit ${opts.door} not found`);
    if (!unit.entity) throw new ApiError(409, `Unit ${opts.door} has no owner to charge`);
    uq = uq.where('u.door', '=', opts.door);
  } else {
    uq = uq.where('u.inactive', '=', false).where('e.inactive', '=', false);
  }
  const units = await uq.execute();
  const result: ApplyFeesResult = { raised: 0, refs: [], skipped: [] };
  if (!units.length) return result;
  const doors = units.map((u) => u.door as string);
  const defaults = (await db.selectFrom('fee').selectAll().where('is_default', '=', true).where('inactive', '=', false).where('method', 'in', ['V', 'P']).where('value', '>', 0).orderBy('id').execute()) as Record<string, any>[];
  const unitFees = await db.selectFrom('unit_fee').selectAll().where('door', 'in', doors).where('value', '>', 0).orderBy('id').execute();
  const already = new Set((await db.selectFrom('charge').select('source_ref').where('source', '=', UNIT_FEE_SOURCE)
    .where('source_ref', 'in', doors.map((d) => feeSourceRef(d, month))).where('status', '<>', 'CANCELLED').execute()).map((r) => r.source_ref as string));
  const parties = new Map((await db.selectFrom('entity').select(['code', 'type']).execute()).map((e) => [e.code as string, e.type as string]));
  const revenue = defaults.some((f) => f.method === 'P') ? await lettingRevenue(db, units, month) : null;
  const gstRates = await accountGstRates(db);

  const drafts: { door: string; charges: ChargeValues[] }[] = [];
  for (const u of units) {
    const door = u.door as string;
    const sourceRef = feeSourceRef(door, month);
    if (already.has(sourceRef)) continue;
    const own: FeeLine[] = unitFees.filter((f) => f.door === door).map((f) => ({ account_id: f.account_id, recipient: f.entity, name: f.name, cents: Number(f.value) }));
    const ownAccounts = new Set(own.map((l) => l.account_id));
    const applying = defaults.filter((f) => {
      const to = f.apply_to as string[];
      return (to.includes('*') || (u.class != null && to.includes(u.class as string))) && !ownAccounts.has(f.account_id);
    });
    const fee = (f: Record<string, any>, cents: number, name = f.name as string): FeeLine => ({ account_id: f.account_id as string, recipient: (f.entity as string | null) ?? 'BUSINESS', name, cents });
    const valueFees = [...own, ...applying.filter((f) => f.method === 'V').map((f) => fee(f, Number(f.value)))];
    const percentages = applying.filter((f) => f.method === 'P')
      .sort((a, b) => Number(b.apply_before_other_fees) - Number(a.apply_before_other_fees));
    const taken: FeeLine[] = [];
    for (const f of percentages) {
      const gross = percentageBase({ apply_to_booking: !!f.apply_to_booking, apply_to_rental: !!f.apply_to_rental }, revenue!.get(door));
      const before = f.apply_before_other_fees ? 0 : [...valueFees, ...taken].reduce((a, l) => a + l.cents, 0);
      const base = gross - before;
      const cents = base > 0 ? percentOf(base, Number(f.value)) : 0;
      if (cents > 0) taken.push(fee(f, cents, `${f.name} ${Number(f.value) / 100}% of ${formatCents(base)} (${revenue!.label})`));
    }
    const lines = [...valueFees, ...taken].filter((l) => l.cents > 0)
      .flatMap((l) => [l, { ...l, name: gstLineDescription(l.name), cents: gstOnFee(l.cents, gstRates.get(l.account_id) ?? 0) }])
      .filter((l) => l.cents > 0);
    if (!lines.length) continue;
    const byRecipient = new Map<string, FeeLine[]>();
    for (const l of lines) byRecipient.set(l.recipient, [...(byRecipient.get(l.recipient) ?? []), l]);
    drafts.push({
      door,
      charges: [...byRecipient].map(([recipient, ls]) => ({
        date: opts.date, payer_type: 'OWNER', entity: u.entity as string, door, recipient_type: parties.get(recipient) ?? 'UNKNOWN', recipient, recipient_door: null,
        source_ref: sourceRef, memo: `Unit fees ${month} for ${door}`, name: u.owner_name as string,
        items: ls.map((l) => ({ id: null, account_id: l.account_id, recipient_entity: recipient, door: null, description: l.name, amount: toDollars(l.cents) })),
        links: [], _deleted: [], _deletedlinks: [],
      }) as unknown as ChargeValues),
    });
  }
  // A unit whose charges the books refuse (an inactive account, an unknown recipient) is skipped
  // and reported, whole; the others are raised together.
  const books = await readChargeBooks(trx, drafts.flatMap((d) => d.charges));
  const raising: ChargeValues[] = [];
  for (const d of drafts) {
    try {
      for (const c of d.charges) checkAgainstBooks(books, c);
      raising.push(...d.charges);
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      result.skipped.push(`${d.door}: ${e.message}`);
    }
  }
  const created = await createCharges(trx, userId, raising, { source: UNIT_FEE_SOURCE, books });
  result.raised = created.length;
  result.refs = created.map((c) => c.ref);
  return result;
}

interface LettingRevenue {
  /** Per door: net room charges and rent reaching its owner in the month before the fee month, in cents. */
  get(door: string): { room: number; rent: number } | undefined;
  /** Which month, for the charge line: 'letting revenue 10/2026'. */
  label: string;
}

/** The gross a P fee is a percentage of: room charges if it applies to bookings, plus rent if it applies to rentals. */
export function percentageBase(fee: { apply_to_booking: boolean; apply_to_rental: boolean }, revenue: { room: number; rent: number } | undefined): number {
  return (fee.apply_to_booking ? (revenue?.room ?? 0) : 0) + (fee.apply_to_rental ? (revenue?.rent ?? 0) : 0);
}

/** Net postings to each unit's owner and door on the room-charge and rent control accounts in the month before `month` (YYYY-MM). */
async function lettingRevenue(db: Db, units: Record<string, any>[], month: string): Promise<LettingRevenue> {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const prev = m === 1 ? { year: y - 1, month: 12 } : { year: y, month: m - 1 };
  const { first, last } = periodBounds(prev.year, prev.month);
  const settings = await db.selectFrom('control_setting').select(['key', 'value']).where('key', 'in', ['roomcharge_account', 'rent_account']).execute();
  const account = (key: string) => settings.find((r) => r.key === key)?.value as string | null | undefined;
  const room = account('roomcharge_account');
  const rent = account('rent_account');
  const byDoor = new Map<string, { room: number; rent: number }>();
  const accounts = [room, rent].filter((a): a is string => !!a);
  if (accounts.length) {
    const rows = await db.selectFrom('posting as p').innerJoin('txn as t', 't.id', 'p.txn_id').innerJoin('unit as u', (j) => j.onRef('u.door', '=', 'p.door').onRef('u.entity', '=', 'p.entity'))
      .select(['p.door', 'p.account_id', (eb) => eb.fn.sum<string>('p.amount').as('cents')])
      .where('p.door', 'in', units.map((u) => u.door as string)).where('p.account_id', 'in', accounts)
      .where('t.date', '>=', first).where('t.date', '<=', last)
      .groupBy(['p.door', 'p.account_id'])
      .execute();
    for (const r of rows) {
      const row = byDoor.get(r.door) ?? { room: 0, rent: 0 };
      if (r.account_id === room) row.room += Number(r.cents);
      if (r.account_id === rent) row.rent += Number(r.cents);
      byDoor.set(r.door, row);
    }
  }
  return { get: (door) => byDoor.get(door), label: `letting revenue ${prev.month}/${prev.year}` };
}

/**
 * Cancels the unit-fee charges of `date`'s month (all units, or one door) that are still pending
 * and unpaid; released or paid ones stay. The rows stay CANCELLED (their numbers remain accounted for).
 */
export async function deleteFeeCharges(trx: Kysely<CompanyTables>, opts: { date: string; door?: string }): Promise<{ cancelled: number; refs: string[] }> {
  const db = trx as unknown as Db;
  const month = opts.date.slice(0, 7);
  if (opts.door && !(await db.selectFrom('unit').select('door').where('door', '=', opts.door).executeTakeFirst())) throw notFound(`Unit ${opts.door} not found`);
  let q = db.selectFrom('charge').select(['id', 'ref']).where('source', '=', UNIT_FEE_SOURCE).where('status', '=', 'PENDING').orderBy('id');
  q = opts.door ? q.where('source_ref', '=', feeSourceRef(opts.door, month)) : q.where('source_ref', 'like', `FEES % ${month}`);
  const charges = await q.execute();
  const refs: string[] = [];
  for (const c of charges) {
    if (await chargeIsPaid(trx, Number(c.id))) continue;
    await cancelCharge(trx, Number(c.id));
    refs.push(c.ref as string);
  }
  return { cancelled: refs.length, refs };
}
