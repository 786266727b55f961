import type { Kysely } from 'kysely';
import { cancelCharge, chargeIsPaid, createCharge } from '../charges/charges.js';
import type { ChargeValues } from '../contracts/charges.js';
import type { CompanyTables } from '../db/schema.js';
import { ApiError, badRequest, notFound } from '../http/errors.js';
import { toDollars } from '../money/cents.js';

type Db = Kysely<any>;

/** Unit-fee charges carry source UNITFEE and source_ref 'FEES <door> <yyyy-mm>': one set per unit and month. */
export const UNIT_FEE_SOURCE = 'UNITFEE';
export const feeSourceRef = (door: string, month: string) => `FEES ${door} ${month}`;

export function isoToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

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
 * replaces the default). Only value (V) fees are monthly; percentage (P) fees apply to booking
 * revenue when bookings are distributed, not here. Idempotent per unit and month: a unit whose
 * fee charges for that month exist (pending or released) is skipped, so running twice adds
 * nothing. Runs in the caller's transaction (start of day calls it too). A unit whose charge the
 * books refuse (e.g. an inactive account) is skipped and reported; the others are raised.
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
  const defaults = (await db.selectFrom('fee').selectAll().where('is_default', '=', true).where('inactive', '=', false).where('method', '=', 'V').where('value', '>', 0).orderBy('id').execute()) as Record<string, any>[];
  const unitFees = await db.selectFrom('unit_fee').selectAll().where('door', 'in', doors).where('value', '>', 0).orderBy('id').execute();
  const already = new Set((await db.selectFrom('charge').select('source_ref').where('source', '=', UNIT_FEE_SOURCE)
    .where('source_ref', 'in', doors.map((d) => feeSourceRef(d, month))).where('status', '<>', 'CANCELLED').execute()).map((r) => r.source_ref as string));
  const parties = new Map((await db.selectFrom('entity').select(['code', 'type']).execute()).map((e) => [e.code as string, e.type as string]));

  for (const u of units) {
    const door = u.door as string;
    const sourceRef = feeSourceRef(door, month);
    if (already.has(sourceRef)) continue;
    const own: FeeLine[] = unitFees.filter((f) => f.door === door).map((f) => ({ account_id: f.account_id, recipient: f.entity, name: f.name, cents: Number(f.value) }));
    const ownAccounts = new Set(own.map((l) => l.account_id));
    const applying = defaults.filter((f) => {
      const to = f.apply_to as string[];
      return (to.includes('*') || (u.class != null && to.includes(u.class as string))) && !ownAccounts.has(f.account_id);
    }).map((f) => ({ account_id: f.account_id as string, recipient: (f.entity as string | null) ?? 'BUSINESS', name: f.name as string, cents: Number(f.value) }));
    const lines = [...own, ...applying];
    if (!lines.length) continue;
    const byRecipient = new Map<string, FeeLine[]>();
    for (const l of lines) byRecipient.set(l.recipient, [...(byRecipient.get(l.recipient) ?? []), l]);
    try {
      for (const [recipient, ls] of byRecipient) {
        const recipientType = parties.get(recipient);
        if (!recipientType) throw badRequest(`Unknown fee recipient ${recipient}`);
        const values = {
          date: opts.date, payer_type: 'OWNER', entity: u.entity as string, door, recipient_type: recipientType, recipient, recipient_door: null,
          source_ref: sourceRef, memo: `Unit fees ${month} for ${door}`, name: u.owner_name as string,
          items: ls.map((l) => ({ id: null, account_id: l.account_id, recipient_entity: recipient, door: null, description: l.name, amount: toDollars(l.cents) })),
          links: [], _deleted: [], _deletedlinks: [],
        } as unknown as ChargeValues;
        const id = await createCharge(trx, userId, values);
        const row = await db.updateTable('charge').set({ source: UNIT_FEE_SOURCE }).where('id', '=', String(id)).returning('ref').executeTakeFirstOrThrow();
        result.raised++;
        result.refs.push(row.ref as string);
      }
    } catch (e) {
      // checkCharge refuses before writing anything, so the transaction is still usable.
      if (!(e instanceof ApiError)) throw e;
      result.skipped.push(`${door}: ${e.message}`);
    }
  }
  return result;
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
