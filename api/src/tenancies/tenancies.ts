import { type Kysely, sql } from 'kysely';
import { entityDefaults } from '../companies/starter-books.js';
import { cancelCharge, chargeIsPaid, createCharge, escapeLike } from '../charges/charges.js';
import type { ChargeValues } from '../contracts/charges.js';
import { TENANCY_MESSAGES, type TenancyInput, type TenancyItem, type TenancyRecord, type TenancyRow } from '../contracts/tenancy.js';
import type { CompanyTables } from '../db/schema.js';
import type { TenancyStatement } from '../documents/tenancy.js';
import { ApiError, badRequest, conflict, notFound } from '../http/errors.js';
import { addDays } from '../ledger/business-date.js';
import { openPeriod } from '../ledger/ledger.js';
import { percentOf } from '../ledger/posting-rules.js';
import { formatCents, toCents, toDollars } from '../money/cents.js';
import { type Frequency, type RentDue, type RentPeriod, type RentTerms, nextRentDue, rentPeriods, rentPosition, undoPlan } from './rent.js';

type Db = Kysely<CompanyTables>;
type Row = CompanyTables['tenancy'] extends infer T ? { [K in keyof T]: any } : never;

/**
 * Tenancies in the books (spec 3 §2 'Permanent Rentals', §4 'Tenancy'): the agreement, its
 * advance rent and bond as charges through the charges engine, and the rent account read back
 * from those charges. Rent charges are payable by the tenant to the door's owner; a receipt pays
 * them in full through the receipt path, which marks them RELEASED by the receipt, so the date
 * of that receipt is the date the rent was paid.
 */

export const RENT_SOURCE = 'RENT';
export const BOND_SOURCE = 'BOND';

const dmy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

const termsOf = (t: Row): RentTerms => ({
  start_date: t.start_date, frequency: t.frequency as Frequency, value: Number(t.value), expiry_date: t.expiry_date,
  end_date: t.schedule_termination ? t.end_date : null,
});

interface ChargeLine { tenancy_id: number; charge_id: number; kind: string; from: string | null; to: string | null; ref: string; date: string; status: string; amount: number; paid_on: string | null; memo: string; recipient: string }

/** The tenancy charges (not cancelled) of the given tenancies, with their totals and the date a receipt paid each. */
async function tenancyCharges(db: Db, ids: number[]): Promise<ChargeLine[]> {
  if (!ids.length) return [];
  const rows = await db.selectFrom('tenancy_charge as tc')
    .innerJoin('charge as c', 'c.id', 'tc.charge_id')
    .leftJoin('txn as t', 't.id', 'c.released_txn')
    .select(['tc.tenancy_id', 'tc.charge_id', 'tc.kind', 'tc.period_from', 'tc.period_to', 'c.ref', 'c.date', 'c.status', 'c.memo', 'c.recipient', 't.date as paid_on'])
    .select((eb) => eb.selectFrom('charge_item as ci').whereRef('ci.charge_id', '=', 'c.id').select(sql<string>`coalesce(sum(ci.amount), 0)`.as('s')).as('amount'))
    .where('tc.tenancy_id', 'in', ids).where('c.status', '<>', 'CANCELLED')
    .orderBy('tc.period_from').orderBy('c.id').execute();
  return rows.map((r) => ({
    tenancy_id: r.tenancy_id, charge_id: Number(r.charge_id), kind: r.kind, from: r.period_from, to: r.period_to, ref: r.ref, date: r.date,
    status: r.status, amount: Number(r.amount ?? 0), paid_on: r.status === 'RELEASED' ? (r.paid_on ?? r.date) : null, memo: r.memo, recipient: r.recipient,
  }));
}

const rentOf = (lines: ChargeLine[]) => lines.filter((l) => l.kind === RENT_SOURCE && l.from && l.to);
const periodsOf = (lines: ChargeLine[]): RentPeriod[] => rentOf(lines).map((l) => ({ from: l.from!, to: l.to!, amount: l.amount }));
const receiptsOf = (lines: ChargeLine[]) => rentOf(lines).filter((l) => l.paid_on).map((l) => ({ date: l.paid_on!, amount: l.amount }));

/** The rent account of a tenancy as at `asAt` (cents), from its charges. */
export function positionOf(t: Row, lines: ChargeLine[], otherPending: number, asAt: string) {
  const p = rentPosition(periodsOf(lines), receiptsOf(lines), asAt, t.start_date);
  return { arrears: p.arrears, due: p.due, pending: p.pending, pending_other: otherPending, paid: p.paid, paid_to: p.paidTo };
}

function toRow(t: Row, owner: string | null, position: ReturnType<typeof positionOf>, candelete: boolean, bondRef: string | null): TenancyRow {
  return {
    id: t.id, door: t.door, account_id: t.account_id, description: t.description, entity: t.entity, name: t.name, email: t.email, phone: t.phone,
    commission: t.commission / 100, start_date: t.start_date, duration: t.duration, expiry_date: t.expiry_date, schedule_termination: t.schedule_termination,
    end_date: t.end_date, frequency: t.frequency, advance_days: t.advance_days, value: toDollars(t.value), last_charge_date: t.last_charge_date,
    bond_applies: t.bond_applies, bond: toDollars(t.bond), bond_date: t.bond_date, bond_entity: t.bond_entity, enter_bond_entity: t.enter_bond_entity,
    bond_notes: t.bond_notes, bond_create_charge: t.bond_create_charge, bond_charge_id: t.bond_charge_id == null ? null : Number(t.bond_charge_id),
    bond_charge_ref: bondRef, lease_reference: t.lease_reference, lease_start_date: t.lease_start_date, lease_end_date: t.lease_end_date, notes: t.notes,
    inactive: t.inactive, owner,
    arrears: toDollars(position.arrears), due: toDollars(position.due), pending: toDollars(position.pending), pending_other: toDollars(position.pending_other),
    paid: toDollars(position.paid), paid_to: position.paid_to,
    _pk: t.id, _readonly: false, _candelete: candelete,
  };
}

/** Pending charges payable by each tenant that are not rent of a tenancy (the bond, repairs...), in cents. */
async function otherPendingByTenant(db: Db, tenants: string[]): Promise<Map<string, { id: number; ref: string; date: string; memo: string; recipient: string; source: string; amount: number }[]>> {
  const out = new Map<string, { id: number; ref: string; date: string; memo: string; recipient: string; source: string; amount: number }[]>();
  if (!tenants.length) return out;
  const rows = await db.selectFrom('charge as c')
    .leftJoin('tenancy_charge as tc', 'tc.charge_id', 'c.id')
    .select(['c.id', 'c.ref', 'c.date', 'c.memo', 'c.recipient', 'c.entity', 'c.source', 'tc.kind'])
    .select((eb) => eb.selectFrom('charge_item as ci').whereRef('ci.charge_id', '=', 'c.id').select(sql<string>`coalesce(sum(ci.amount), 0)`.as('s')).as('amount'))
    .where('c.entity', 'in', tenants).where('c.status', '=', 'PENDING')
    .where((eb) => eb.or([eb('tc.kind', 'is', null), eb('tc.kind', '<>', RENT_SOURCE)]))
    .orderBy('c.date').orderBy('c.id').execute();
  for (const r of rows) {
    const list = out.get(r.entity) ?? [];
    list.push({ id: Number(r.id), ref: r.ref, date: r.date, memo: r.memo, recipient: r.recipient, source: r.kind ?? r.source, amount: Number(r.amount ?? 0) });
    out.set(r.entity, list);
  }
  return out;
}

/** The Permanent Rentals list (spec 3 §2): every tenancy with its rent account as at today. */
export async function listTenancies(db: Db, today: string, f: { search?: string; inactive?: boolean } = {}): Promise<TenancyRow[]> {
  let q = db.selectFrom('tenancy as t').leftJoin('unit as u', 'u.door', 't.door').selectAll('t').select('u.entity as owner');
  if (!f.inactive) q = q.where('t.inactive', '=', false);
  const search = f.search?.trim() ?? '';
  if (search) {
    const p = escapeLike(search);
    q = q.where((eb) => eb.or([eb('t.door', 'ilike', p), eb('t.entity', 'ilike', p), eb('t.name', 'ilike', p), eb('u.entity', 'ilike', p), eb(sql`t.id::text`, '=', search)]));
  }
  const rows = await q.orderBy('t.id').execute();
  const lines = await tenancyCharges(db, rows.map((r) => r.id));
  const other = await otherPendingByTenant(db, [...new Set(rows.map((r) => r.entity))]);
  return rows.map((t) => {
    const mine = lines.filter((l) => l.tenancy_id === t.id);
    const otherPending = (other.get(t.entity) ?? []).reduce((a, c) => a + c.amount, 0);
    return toRow(t as Row, t.owner ?? null, positionOf(t as Row, mine, otherPending, today), !mine.length, mine.find((l) => l.kind === BOND_SOURCE)?.ref ?? null);
  });
}

/** One tenancy with its Outstanding items: unpaid rent by arrears, due now and pending, and the tenant's other charges. */
export async function readTenancy(db: Db, id: number, today: string): Promise<TenancyRecord | undefined> {
  const t = await db.selectFrom('tenancy as t').leftJoin('unit as u', 'u.door', 't.door').selectAll('t').select('u.entity as owner').where('t.id', '=', id).executeTakeFirst();
  if (!t) return undefined;
  const lines = await tenancyCharges(db, [id]);
  const other = (await otherPendingByTenant(db, [t.entity])).get(t.entity) ?? [];
  const row = toRow(t as Row, t.owner ?? null, positionOf(t as Row, lines, other.reduce((a, c) => a + c.amount, 0), today), !lines.length,
    lines.find((l) => l.kind === BOND_SOURCE)?.ref ?? null);
  const rentItems: TenancyItem[] = rentOf(lines).filter((l) => l.status === 'PENDING').map((l) => ({
    id: l.charge_id, date: l.date, ref: l.ref, source: RENT_SOURCE, recipient: l.recipient,
    type: l.to! < today ? 'ARREARS' : l.from! <= today ? 'DUE' : 'PENDING', description: l.memo, amount: toDollars(l.amount), selected: false,
  }));
  const otherItems: TenancyItem[] = other.map((c) => ({ id: c.id, date: c.date, ref: c.ref, source: c.source, recipient: c.recipient, type: 'OTHER', description: c.memo, amount: toDollars(c.amount), selected: false }));
  return { ...row, items: [...rentItems, ...otherItems] };
}

/** The tenancy statement's figures as at `today` (documents/tenancy.ts draws it). */
export async function tenancyStatement(db: Db, id: number, today: string): Promise<TenancyStatement | undefined> {
  const t = await db.selectFrom('tenancy as t').leftJoin('unit as u', 'u.door', 't.door').selectAll('t').select('u.entity as owner').where('t.id', '=', id).executeTakeFirst();
  if (!t) return undefined;
  const lines = await tenancyCharges(db, [id]);
  const position = positionOf(t as Row, lines, 0, today);
  const bondCharge = lines.find((l) => l.kind === BOND_SOURCE);
  return {
    id, door: t.door, tenant: { code: t.entity, name: t.name }, owner: t.owner ?? null, asAt: today,
    rent: { value: Number(t.value), frequency: t.frequency, start: t.start_date, expiry: t.expiry_date },
    lines: rentOf(lines).map((l) => ({ ref: l.ref, from: l.from!, to: l.to!, amount: l.amount, paidOn: l.paid_on })),
    position: { arrears: position.arrears, due: position.due, pending: position.pending, paid: position.paid, paidTo: position.paid_to },
    bond: t.bond_applies ? { amount: Number(t.bond), authority: t.bond_entity, ref: bondCharge?.ref ?? null, charged: bondCharge?.date ?? null, receivedOn: bondCharge?.paid_on ?? null } : null,
  };
}

const columns = (input: TenancyInput) => ({
  door: input.door, account_id: input.account_id, description: input.description, entity: input.entity, name: input.name, email: input.email,
  phone: input.phone, commission: Math.round(input.commission * 100), start_date: input.start_date, duration: input.duration, expiry_date: input.expiry_date,
  schedule_termination: input.schedule_termination, end_date: input.end_date, frequency: input.frequency, advance_days: input.advance_days,
  value: toCents(input.value), bond_applies: input.bond_applies, bond: input.bond_applies ? toCents(input.bond) : 0,
  bond_date: input.bond_applies ? input.bond_date : null, bond_entity: input.bond_applies ? input.bond_entity : null,
  enter_bond_entity: input.bond_applies ? input.enter_bond_entity : null, bond_notes: input.bond_applies ? input.bond_notes : null,
  bond_create_charge: input.bond_applies && input.bond_create_charge, lease_reference: input.lease_reference, lease_start_date: input.lease_start_date,
  lease_end_date: input.lease_end_date, notes: input.notes, inactive: input.inactive,
});

const field = (path: string, msg: string) => badRequest(msg, { errors: [{ path, msg }] });

/** The door, rent account and tenant against the books; a tenant code not yet known becomes a TENANT party with the agreement's contact details. */
async function checkParties(trx: Db, input: TenancyInput): Promise<void> {
  const unit = await trx.selectFrom('unit').select(['door', 'entity']).where('door', '=', input.door).executeTakeFirst();
  if (!unit) throw field('door', `Unknown door ${input.door}`);
  const account = await trx.selectFrom('account').select(['id', 'inactive']).where('id', '=', input.account_id).executeTakeFirst();
  if (!account || account.inactive) throw field('account_id', account ? `Account ${input.account_id} is inactive` : `Unknown account ${input.account_id}`);
  const tenant = await trx.selectFrom('entity').select(['code', 'type']).where('code', '=', input.entity).executeTakeFirst();
  if (tenant && tenant.type !== 'TENANT') throw field('entity', `${input.entity} is a ${tenant.type}, not a tenant`);
  if (!tenant) {
    await trx.insertInto('entity').values({ ...entityDefaults, code: input.entity, type: 'TENANT', category: null, name: input.name, email: input.email, phone1: input.phone, disburse_method: 'HOLD' }).execute();
  }
  if (input.bond_applies && input.bond_entity) {
    const authority = await trx.selectFrom('entity').select(['code', 'type']).where('code', '=', input.bond_entity).executeTakeFirst();
    if (!authority) throw field('bond_entity', `Unknown bond authority ${input.bond_entity}`);
    if (!['SUPPLIER', 'BUSINESS'].includes(authority.type)) throw field('bond_entity', `The bond authority must be a supplier (${input.bond_entity} is a ${authority.type})`);
  }
}

const controlAccount = async (trx: Db, key: string): Promise<string | null> => {
  const row = await trx.selectFrom('control_setting').select('value').where('key', '=', key).executeTakeFirst();
  return typeof row?.value === 'string' && row.value ? row.value : null;
};

/**
 * The bond charge (bond_create_charge): payable by the tenant to the bond authority on the bond
 * account, so the tenant's bond, once receipted, is held in trust on the authority's ledger until
 * it is lodged by payment, and never reaches the owner.
 */
async function raiseBondCharge(trx: Db, userId: string, t: Row, today: string): Promise<void> {
  const account = await controlAccount(trx, 'bond_account');
  if (!account) throw new ApiError(409, 'The control setting bond_account is not set: complete Setup / Control first');
  const authority = await trx.selectFrom('entity').select('type').where('code', '=', t.bond_entity!).executeTakeFirstOrThrow();
  const open = await openPeriod(trx);
  const date = t.bond_date && t.bond_date > open.first ? t.bond_date : today < open.first ? open.first : today;
  const values = {
    date, payer_type: 'TENANT', entity: t.entity, door: null, recipient_type: authority.type, recipient: t.bond_entity!, recipient_door: null,
    source_ref: `BOND ${t.id}`, memo: `Bond for tenancy ${t.id} (${t.door})`, name: t.name,
    items: [{ id: null, account_id: account, recipient_entity: t.bond_entity!, door: null, description: `Rental bond ${t.door}`, amount: toDollars(t.bond) }],
    links: [], _deleted: [], _deletedlinks: [],
  } as unknown as ChargeValues;
  const chargeId = await createCharge(trx, userId, values);
  await trx.updateTable('charge').set({ source: BOND_SOURCE }).where('id', '=', String(chargeId)).execute();
  await trx.insertInto('tenancy_charge').values({ charge_id: chargeId, tenancy_id: t.id, kind: BOND_SOURCE, period_from: null, period_to: null }).execute();
  await trx.updateTable('tenancy').set({ bond_charge_id: chargeId }).where('id', '=', t.id).execute();
}

export async function createTenancy(trx: Db, userId: string, input: TenancyInput, today: string): Promise<number> {
  await checkParties(trx, input);
  const row = await trx.insertInto('tenancy').values(columns(input)).returningAll().executeTakeFirstOrThrow();
  if (row.bond_create_charge && Number(row.bond) > 0) await raiseBondCharge(trx, userId, row as Row, today);
  return row.id;
}

/** Spec 3 §4: door and tenant code locked once saved, the start date once rent has been charged, the bond authority once set. */
export async function updateTenancy(trx: Db, userId: string, id: number, input: TenancyInput, today: string): Promise<void> {
  const before = await trx.selectFrom('tenancy').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!before) throw notFound(`Tenancy ${id} not found`);
  if (before.door !== input.door || before.entity !== input.entity) throw conflict(TENANCY_MESSAGES.doorLocked, { errors: [{ path: before.door !== input.door ? 'door' : 'entity', msg: TENANCY_MESSAGES.doorLocked }] });
  const charged = (await tenancyCharges(trx, [id])).length > 0;
  if (charged && before.start_date !== input.start_date) throw conflict(TENANCY_MESSAGES.startLocked, { errors: [{ path: 'start_date', msg: TENANCY_MESSAGES.startLocked }] });
  if (before.bond_entity && input.bond_entity !== before.bond_entity) throw conflict(TENANCY_MESSAGES.authorityLocked, { errors: [{ path: 'bond_entity', msg: TENANCY_MESSAGES.authorityLocked }] });
  await checkParties(trx, input);
  const row = await trx.updateTable('tenancy').set(columns(input)).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
  if (row.bond_create_charge && Number(row.bond) > 0 && row.bond_charge_id == null) await raiseBondCharge(trx, userId, row as Row, today);
}

/** A tenancy may be deleted until it has raised a charge (its charges keep their history). */
export async function deleteTenancy(trx: Db, id: number): Promise<void> {
  const t = await trx.selectFrom('tenancy').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
  if (!t) throw notFound(`Tenancy ${id} not found`);
  const any = await trx.selectFrom('tenancy_charge').select('charge_id').where('tenancy_id', '=', id).executeTakeFirst();
  if (any) throw conflict(TENANCY_MESSAGES.cannotDelete);
  await trx.deleteFrom('tenancy').where('id', '=', id).execute();
}

export interface RaiseResult { raised: number; refs: string[]; skipped: string[] }

/**
 * Update Rent (spec 3 §4): raises the advance rent charges of the tenancies (one, or every active
 * one) for each period starting on or before `upTo` (for start of day: today plus each tenancy's
 * advance_days), after its last_charge_date and never past the lease's end, then moves
 * last_charge_date to the last day charged. Each charge is payable by the tenant to the door's
 * owner, dated the period's first day (or the open period's first day, for a period that began
 * in a closed month), its items the rent less the tenancy's commission to the owner's door on the
 * tenancy's rent account and the commission to BUSINESS on rent_commission_account, so a receipt
 * of it pays the owner and the business at once. A tenancy the books refuse is skipped and
 * reported; the others are raised.
 */
export async function raiseRent(trx: Db, userId: string, opts: { tenancyId?: number; upTo?: string; today: string }): Promise<RaiseResult> {
  let q = trx.selectFrom('tenancy as t').leftJoin('unit as u', 'u.door', 't.door').selectAll('t').select('u.entity as owner').orderBy('t.id').forUpdate('t');
  q = opts.tenancyId !== undefined ? q.where('t.id', '=', opts.tenancyId) : q.where('t.inactive', '=', false);
  const rows = await q.execute();
  if (opts.tenancyId !== undefined && !rows.length) throw notFound(`Tenancy ${opts.tenancyId} not found`);
  const result: RaiseResult = { raised: 0, refs: [], skipped: [] };
  const open = await openPeriod(trx);
  const commissionAccount = await controlAccount(trx, 'rent_commission_account');
  for (const t of rows) {
    const upTo = opts.upTo ?? addDays(opts.today, t.advance_days);
    const periods = rentPeriods(termsOf(t as Row), t.last_charge_date, upTo);
    if (!periods.length) continue;
    try {
      if (!t.owner) throw new ApiError(409, `Door ${t.door} has no owner to receive the rent`);
      if (t.commission > 0 && !commissionAccount) throw new ApiError(409, 'The control setting rent_commission_account is not set: complete Setup / Control first');
      for (const p of periods) {
        const commission = percentOf(p.amount, t.commission);
        const span = `${dmy(p.from)} to ${dmy(p.to)}`;
        // The owner's line names the gross and the commission, so the owner's statement shows both.
        const net = commission > 0 ? ` (${formatCents(p.amount)} less ${t.commission / 100}% commission ${formatCents(commission)})` : '';
        const items: { id: null; account_id: string; recipient_entity: string; door: string | null; description: string; amount: number }[] = [{ id: null, account_id: t.account_id, recipient_entity: t.owner, door: t.door, description: `${t.description} ${span}${net}`, amount: toDollars(p.amount - commission) }];
        if (commission > 0) items.push({ id: null, account_id: commissionAccount!, recipient_entity: 'BUSINESS', door: null, description: `Rent commission ${t.commission / 100}% ${span}`, amount: toDollars(commission) });
        const values = {
          date: p.from < open.first ? open.first : p.from, payer_type: 'TENANT', entity: t.entity, door: null, recipient_type: 'OWNER', recipient: t.owner, recipient_door: t.door,
          source_ref: `RENT ${t.id} ${p.from}`, memo: `${t.description} ${t.door} ${span}`, name: t.name,
          items: items.filter((i) => i.amount > 0), links: [], _deleted: [], _deletedlinks: [],
        } as unknown as ChargeValues;
        const chargeId = await createCharge(trx, userId, values);
        const charge = await trx.updateTable('charge').set({ source: RENT_SOURCE }).where('id', '=', String(chargeId)).returning('ref').executeTakeFirstOrThrow();
        await trx.insertInto('tenancy_charge').values({ charge_id: chargeId, tenancy_id: t.id, kind: RENT_SOURCE, period_from: p.from, period_to: p.to }).execute();
        result.raised++;
        result.refs.push(charge.ref);
      }
      await trx.updateTable('tenancy').set({ last_charge_date: periods.at(-1)!.to }).where('id', '=', t.id).execute();
    } catch (e) {
      // checkCharge refuses before writing, but an earlier period of this tenancy may have been
      // raised: with one tenancy the caller's transaction is refused whole; across all of them a
      // refusal is found on the tenancy's first period (the same parties and accounts every time).
      if (!(e instanceof ApiError) || opts.tenancyId !== undefined) throw e;
      result.skipped.push(`Tenancy ${t.id}: ${e.message}`);
    }
  }
  return result;
}

/** Undo Charges (spec 3 §4): cancels the unreceipted advance rent charges (undoPlan) and moves last_charge_date back. */
export async function undoRent(trx: Db, tenancyId: number, from?: string): Promise<{ cancelled: number; refs: string[] }> {
  const t = await trx.selectFrom('tenancy').selectAll().where('id', '=', tenancyId).forUpdate().executeTakeFirst();
  if (!t) throw notFound(`Tenancy ${tenancyId} not found`);
  const lines = rentOf(await tenancyCharges(trx, [tenancyId]));
  const charged = [];
  for (const l of lines) charged.push({ id: l.charge_id, from: l.from!, to: l.to!, amount: l.amount, receipted: l.status !== 'PENDING' || (await chargeIsPaid(trx, l.charge_id)) });
  const plan = undoPlan(charged, t.last_charge_date, from);
  for (const id of plan.cancel) await cancelCharge(trx, id);
  await trx.updateTable('tenancy').set({ last_charge_date: plan.lastChargeDate }).where('id', '=', tenancyId).execute();
  return { cancelled: plan.cancel.length, refs: lines.filter((l) => plan.cancel.includes(l.charge_id)).map((l) => l.ref) };
}

/**
 * The rent account of each tenancy whose rent the receipt `txnId` paid, as that receipt left it
 * (spec 3 §2: the Trust Account Receipt shows the paid-to date and the state of the rent
 * account): counting every rent receipt up to and including this one (a later receipt must not
 * change an earlier receipt's reprint), the paid-to date, the arrears remaining as at the
 * receipt's date and the next rent due. Money in cents.
 */
export interface ReceiptRentState {
  tenancy_id: number;
  door: string;
  tenant: string;
  paid_to: string;
  arrears: number;
  next_due: RentDue | null;
}

export async function rentOfReceipt(db: Db, txnId: string): Promise<{ states: ReceiptRentState[]; paidToByCharge: Map<string, string> }> {
  const paidToByCharge = new Map<string, string>();
  const paid = await db.selectFrom('tenancy_charge as tc').innerJoin('charge as c', 'c.id', 'tc.charge_id').innerJoin('txn as t', 't.id', 'c.released_txn')
    .select(['tc.tenancy_id', 'c.id', 't.date']).where('c.released_txn', '=', txnId).where('tc.kind', '=', RENT_SOURCE).execute();
  if (!paid.length) return { states: [], paidToByCharge };
  const asAt = paid[0]!.date;
  const ids = [...new Set(paid.map((p) => p.tenancy_id))];
  const tenancies = await db.selectFrom('tenancy').selectAll().where('id', 'in', ids).orderBy('id').execute();
  const lines = await tenancyCharges(db, ids);
  const ofTxn = await db.selectFrom('charge').select(['id', 'released_txn']).where('id', 'in', lines.map((l) => String(l.charge_id))).execute();
  const byTxn = new Map(ofTxn.map((r) => [Number(r.id), r.released_txn == null ? null : Number(r.released_txn)]));
  const states: ReceiptRentState[] = [];
  for (const t of tenancies) {
    const mine = lines.filter((l) => l.tenancy_id === t.id);
    // Receipts up to and including this one.
    const upTo = mine.filter((l) => l.kind === RENT_SOURCE && l.paid_on && (byTxn.get(l.charge_id) ?? Infinity) <= Number(txnId));
    const periods = periodsOf(mine);
    const p = rentPosition(periods, upTo.map((l) => ({ date: '0000-01-01', amount: l.amount })), asAt, t.start_date);
    for (const c of paid.filter((x) => x.tenancy_id === t.id)) paidToByCharge.set(String(c.id), p.paidTo);
    states.push({ tenancy_id: t.id, door: t.door, tenant: t.entity, paid_to: p.paidTo, arrears: p.arrears, next_due: nextRentDue(termsOf(t as Row), periods, p.paid) });
  }
  return { states, paidToByCharge };
}

/** The paid-to date of each tenancy rent charge paid by the receipt `txnId` (for the printed receipt). */
export async function rentPaidToByCharge(db: Db, txnId: string): Promise<Map<string, string>> {
  return (await rentOfReceipt(db, txnId)).paidToByCharge;
}
