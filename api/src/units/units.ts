import { type Kysely, sql } from 'kysely';
import { UNIT_MESSAGES, type UnitInput, type UnitRecord, type UnitRow } from '../contracts/unit.js';
import { ApiError, badRequest, conflict, notFound } from '../http/errors.js';
import { openPeriod } from '../ledger/ledger.js';
import { toCents, toDollars } from '../money/cents.js';

type Db = Kysely<any>;
type Row = Record<string, unknown>;

const one = sql<number>`1`.as('x');

/** Unit columns, owner name, the owner's ledger figures for the door (cents) and the rule facts. */
export function unitFiguresQuery(db: Db) {
  return db.selectFrom('unit as u').leftJoin('entity as e', 'e.code', 'u.entity').selectAll('u').select((eb) => [
    'e.name as entityname',
    eb.selectFrom('ledger_balance as lb').whereRef('lb.entity', '=', 'u.entity').whereRef('lb.door', '=', 'u.door')
      .select(sql<string>`coalesce(sum(${eb.ref('lb.balance')}), 0)`.as('s')).as('funds_cents'),
    eb.selectFrom('charge as c').innerJoin('charge_item as ci', 'ci.charge_id', 'c.id').whereRef('c.entity', '=', 'u.entity')
      .whereRef('c.door', '=', 'u.door').where('c.status', '=', 'PENDING')
      .select(sql<string>`coalesce(sum(${eb.ref('ci.amount')}), 0)`.as('s')).as('pending_cents'),
    eb.selectFrom('ledger_balance as lb').whereRef('lb.door', '=', 'u.door').where('lb.balance', '<>', 0).select(one).limit(1).as('has_balance'),
    eb.selectFrom('charge as c').where('c.status', '=', 'PENDING')
      .where((w) => w.or([w('c.door', '=', w.ref('u.door')), w('c.recipient_door', '=', w.ref('u.door')),
        w.exists(w.selectFrom('charge_item as ci').whereRef('ci.charge_id', '=', 'c.id').whereRef('ci.door', '=', 'u.door').select('ci.id'))]))
      .select(one).limit(1).as('has_pending'),
    eb.selectFrom('charge as c')
      .where((w) => w.or([w('c.door', '=', w.ref('u.door')), w('c.recipient_door', '=', w.ref('u.door')),
        w.exists(w.selectFrom('charge_item as ci').whereRef('ci.charge_id', '=', 'c.id').whereRef('ci.door', '=', 'u.door').select('ci.id'))]))
      .select(one).limit(1).as('has_charges'),
    eb.selectFrom('posting as p').whereRef('p.door', '=', 'u.door').select(one).limit(1).as('has_postings'),
    eb.selectFrom('unit as m').whereRef('m.master_unit', '=', 'u.door').select(one).limit(1).as('is_master'),
  ]);
}

export function inactiveRefusal(r: Row): string | null {
  if (r.gpid) return UNIT_MESSAGES.inactiveLinked;
  if (r.has_balance != null || r.has_pending != null) return UNIT_MESSAGES.inactiveBalances;
  return null;
}

export function deleteRefusal(r: Row): string | null {
  const reasons: string[] = [];
  if (r.has_balance != null) reasons.push('it has ledger balances');
  if (r.has_charges != null) reasons.push('it has charges');
  if (r.has_postings != null) reasons.push('it has posting history');
  if (r.is_master != null) reasons.push('it is the master unit of another unit');
  return reasons.length ? reasons.join('; ') : null;
}

/** The owner may be changed in the editor only when the door has no history, charges or balance. */
export const allowChangeOwner = (r: Row) => r.entity == null || (r.has_balance == null && r.has_charges == null && r.has_postings == null);

export function toUnitRow(r: Row): UnitRow {
  const funds = Number(r.funds_cents ?? 0);
  const pending = Number(r.pending_cents ?? 0);
  return {
    door: String(r.door),
    name: String(r.name),
    unittype: (r.unittype as string | null) ?? null,
    class: (r.class as string | null) ?? null,
    entity: (r.entity as string | null) ?? null,
    entityname: (r.entityname as string | null) ?? null,
    category: (r.category as string | null) ?? null,
    funds: toDollars(funds),
    pending: toDollars(pending),
    balance: toDollars(funds - pending),
    inactive: Boolean(r.inactive),
    _pk: String(r.door),
    _candelete: deleteRefusal(r) === null,
    _allow_inactive: Boolean(r.inactive) || inactiveRefusal(r) === null,
    _allowchangeowner: allowChangeOwner(r),
  };
}

export interface UnitListFilter { search?: string; inactive?: boolean; owner?: string; unittype?: string }

export async function listUnits(db: Db, f: UnitListFilter): Promise<UnitRow[]> {
  let q = unitFiguresQuery(db).orderBy('u.door');
  if (!f.inactive) q = q.where('u.inactive', '=', false);
  if (f.owner) q = q.where('u.entity', '=', f.owner);
  if (f.unittype) q = q.where('u.unittype', '=', f.unittype);
  const search = f.search?.trim() ?? '';
  if (search.length >= 3) {
    const pattern = `%${search.replace(/[%_\\]/g, (m) => `\\${m}`)}%`;
    q = q.where((eb) => eb.or(['u.door', 'u.name', 'u.location', 'u.entity', 'e.name'].map((c) => eb(c, 'ilike', pattern))));
  }
  return ((await q.execute()) as Row[]).map(toUnitRow);
}

const FIELDS = ['door', 'name', 'location', 'unittype', 'class', 'entity', 'category', 'gpid', 'notes', 'leaseback', 'letting_pool',
  'letting_pool_start', 'is_virtual_room', 'master_unit', 'letting_agreement', 'is_pool', 'agreement_date', 'agreement_expiry',
  'agreement_details', 'pool_owner', 'days_in_pool', 'inactive'] as const;

/** Every field of spec 2 §3 'Unit' with its sub-lists (dollars). */
export async function readUnit(db: Db, door: string): Promise<UnitRecord | undefined> {
  const row = (await unitFiguresQuery(db).where('u.door', '=', door).executeTakeFirst()) as Row | undefined;
  if (!row) return undefined;
  const period = await openPeriod(db);
  const pay = await db.selectFrom('posting as p').innerJoin('txn as t', 't.id', 'p.txn_id').leftJoin('txn as o', 'o.id', 't.reversal_of')
    .where('p.door', '=', door).where('t.year', '=', period.year).where('t.month', '=', period.month)
    .where((w) => w.or([w('t.kind', 'in', ['PAYMENT', 'DISBURSE']), w('o.kind', 'in', ['PAYMENT', 'DISBURSE'])]))
    .select(sql<string>`coalesce(-sum(p.amount), 0)`.as('s')).executeTakeFirstOrThrow();
  const lines = await unitLines(db, door);
  const fields = Object.fromEntries(FIELDS.map((f) => [f, row[f] ?? (typeof row[f] === 'boolean' ? false : null)]));
  return {
    ...(fields as unknown as UnitRecord),
    ...toUnitRow(row),
    poolowner: (row.pool_owner as string | null) ?? null,
    pay: toDollars(Number(pay.s)),
    ...lines,
  } as UnitRecord;
}

export async function unitLines(db: Db, door: string) {
  const fees = await db.selectFrom('unit_fee').selectAll().where('door', '=', door).orderBy('id').execute();
  const leasebacks = await db.selectFrom('unit_leaseback').selectAll().where('door', '=', door).orderBy('id').execute();
  const rental = await db.selectFrom('unit_rental').selectAll().where('door', '=', door).orderBy('start_date').orderBy('id').execute();
  const feeLines = fees.map((f) => ({ id: Number(f.id), type: 'F' as const, account_id: f.account_id, entity: f.entity, name: f.name, value: toDollars(f.value) }));
  const lbLines = leasebacks.map((l) => ({ id: Number(l.id), type: 'L' as const, account_id: l.account_id, name: l.name, value: toDollars(l.value) }));
  const sum = (ls: Record<string, any>[]) => toDollars(ls.reduce((s, l) => s + Number(l.value), 0));
  return {
    fees: feeLines,
    leasebacks: lbLines,
    rental: rental.map((r) => ({ id: Number(r.id), start_date: r.start_date, end_date: r.end_date, expiry_date: r.expiry_date })),
    fee_total: sum(fees),
    leaseback_total: sum(leasebacks),
  };
}

const field = (status: 400 | 409, path: string, msg: string) => new ApiError(status, msg, { errors: [{ path, msg }] });

/** Every code the form names must exist and be of the right kind; all wrong fields at once. */
export async function checkUnitReferences(trx: Db, u: UnitInput): Promise<void> {
  const errors: { path: string; msg: string }[] = [];
  const exists = async (table: string, column: string, value: string) => !!(await trx.selectFrom(table).select(column).where(column, '=', value).executeTakeFirst());
  if (!(await exists('unit_type', 'id', u.unittype))) errors.push({ path: 'unittype', msg: UNIT_MESSAGES.unittype });
  if (u.class && !(await exists('unit_class', 'id', u.class))) errors.push({ path: 'class', msg: `Unit Class ${u.class} does not exist` });
  if (u.category && !(await exists('category', 'code', u.category))) errors.push({ path: 'category', msg: `Category ${u.category} does not exist` });
  if (u.master_unit && !(await exists('unit', 'door', u.master_unit))) errors.push({ path: 'master_unit', msg: `Unit ${u.master_unit} does not exist` });
  const codes = [...new Set([u.entity, u.pool_owner, ...u.fees.map((f) => f.entity)].filter((c): c is string => !!c))];
  const parties = codes.length ? await trx.selectFrom('entity').select(['code', 'type', 'inactive']).where('code', 'in', codes).execute() : [];
  const typeOf = new Map(parties.map((p) => [p.code as string, p.type as string]));
  if (u.entity) {
    if (!typeOf.has(u.entity)) errors.push({ path: 'entity', msg: `Unknown owner ${u.entity}` });
    else if (typeOf.get(u.entity) !== 'OWNER') errors.push({ path: 'entity', msg: `${u.entity} is not an owner` });
  }
  if (u.pool_owner) {
    if (typeOf.get(u.pool_owner) !== 'POOL') errors.push({ path: 'pool_owner', msg: UNIT_MESSAGES.pool });
  }
  const accounts = [...new Set([...u.fees, ...u.leasebacks].map((l) => l.account_id))];
  const found = new Set(accounts.length ? (await trx.selectFrom('account').select('id').where('id', 'in', accounts).execute()).map((a) => a.id as string) : []);
  u.fees.forEach((f, i) => {
    if (!found.has(f.account_id)) errors.push({ path: `fees.${i}.account_id`, msg: `Account ${f.account_id} does not exist` });
    const t = typeOf.get(f.entity);
    if (!t) errors.push({ path: `fees.${i}.entity`, msg: `Unknown recipient ${f.entity}` });
    else if (!['BUSINESS', 'OWNER', 'SUPPLIER'].includes(t)) errors.push({ path: `fees.${i}.entity`, msg: `A ${t} cannot receive a fee` });
  });
  u.leasebacks.forEach((l, i) => {
    if (!found.has(l.account_id)) errors.push({ path: `leasebacks.${i}.account_id`, msg: `Account ${l.account_id} does not exist` });
  });
  if (errors.length) throw badRequest(errors.map((e) => e.msg).join('; '), { errors });
}

function unitColumns(u: UnitInput, before?: Row): Row {
  const row: Row = Object.fromEntries(FIELDS.map((f) => [f, u[f as keyof UnitInput]]));
  // The start date can be changed only for BOOKINGS pools (spec 2 §4 'Unit changes').
  if (u.letting_pool !== 'BOOKINGS') row.letting_pool_start = before ? (before.letting_pool_start ?? null) : null;
  return row;
}

/** Writes the sub-lists: deletions named, lines with an id updated (they must be this door's), new lines inserted. */
async function writeLines(trx: Db, door: string, u: UnitInput): Promise<void> {
  const lists = [
    { table: 'unit_fee', path: 'fees', lines: u.fees, deleted: u._deleted_fees, row: (l: UnitInput['fees'][number]) => ({ type: 'F', account_id: l.account_id, entity: l.entity, name: l.name, value: toCents(l.value) }) },
    { table: 'unit_leaseback', path: 'leasebacks', lines: u.leasebacks, deleted: u._deleted_leasebacks, row: (l: UnitInput['leasebacks'][number]) => ({ type: 'L', account_id: l.account_id, name: l.name, value: toCents(l.value) }) },
    { table: 'unit_rental', path: 'rental', lines: u.rental, deleted: u._deleted_rental, row: (l: UnitInput['rental'][number]) => ({ start_date: l.start_date, end_date: l.end_date, expiry_date: l.expiry_date }) },
  ] as const;
  for (const list of lists) {
    const own = new Set((await trx.selectFrom(list.table).select('id').where('door', '=', door).execute()).map((r) => Number(r.id)));
    for (const id of list.deleted) if (!own.has(id)) throw field(400, `_deleted_${list.path}`, `Line ${id} is not a ${list.path} line of unit ${door}`);
    const deleted = new Set<number>(list.deleted);
    for (const [i, l] of (list.lines as readonly { id?: number | null }[]).entries()) {
      if (l.id != null && !own.has(l.id)) throw field(400, `${list.path}.${i}.id`, `Line ${l.id} is not a ${list.path} line of unit ${door}`);
    }
    if (deleted.size) await trx.deleteFrom(list.table).where('id', 'in', [...deleted]).execute();
    for (const l of list.lines as readonly { id?: number | null }[]) {
      if (l.id != null && deleted.has(l.id)) continue;
      const values = (list.row as (x: unknown) => Row)(l);
      if (l.id != null) await trx.updateTable(list.table).set(values).where('id', '=', l.id).execute();
      else await trx.insertInto(list.table).values({ ...values, door }).execute();
    }
  }
}

export async function lockUnit(trx: Db, door: string): Promise<Row> {
  const locked = await trx.selectFrom('unit').select('door').where('door', '=', door).forUpdate().executeTakeFirst();
  if (!locked) throw notFound(`Unit ${door} not found`);
  return (await unitFiguresQuery(trx).where('u.door', '=', door).executeTakeFirstOrThrow()) as Row;
}

/** A unit as the log keeps it: the columns and the sub-lists, in dollars. */
export async function unitSnapshot(trx: Db, door: string): Promise<Row | undefined> {
  const row = (await trx.selectFrom('unit').selectAll().where('door', '=', door).executeTakeFirst()) as Row | undefined;
  if (!row) return undefined;
  const { fees, leasebacks, rental } = await unitLines(trx, door);
  return { ...row, fees, leasebacks, rental };
}

export async function createUnit(trx: Db, u: UnitInput): Promise<void> {
  if (await trx.selectFrom('unit').select('door').where('door', '=', u.door).executeTakeFirst()) {
    throw conflict(`Unit ${u.door} already exists`, { errors: [{ path: 'door', msg: 'Door already exists' }] });
  }
  if (u._deleted_fees.length || u._deleted_leasebacks.length || u._deleted_rental.length || [...u.fees, ...u.leasebacks, ...u.rental].some((l) => l.id != null)) {
    throw badRequest('A new unit has no existing lines to update or delete');
  }
  await checkUnitReferences(trx, u);
  await trx.insertInto('unit').values(unitColumns(u)).execute();
  await writeLines(trx, u.door, u);
}

export async function updateUnit(trx: Db, door: string, u: UnitInput): Promise<void> {
  if (u.door !== door) throw field(400, 'door', 'The door of a unit cannot be changed');
  const before = await lockUnit(trx, door);
  if ((u.entity ?? null) !== (before.entity ?? null) && !allowChangeOwner(before)) throw field(409, 'entity', UNIT_MESSAGES.changeOwner);
  if (u.inactive && !before.inactive) {
    const reason = inactiveRefusal({ ...before, gpid: u.gpid ?? before.gpid });
    if (reason) throw field(409, 'inactive', reason);
  }
  await checkUnitReferences(trx, u);
  await trx.updateTable('unit').set(unitColumns(u, before)).where('door', '=', door).execute();
  await writeLines(trx, door, u);
}

export async function deleteUnit(trx: Db, door: string): Promise<void> {
  const before = await lockUnit(trx, door);
  const reason = deleteRefusal(before);
  if (reason) throw conflict(`Unit ${door} cannot be deleted: ${reason}. Make it inactive instead.`);
  await trx.deleteFrom('unit').where('door', '=', door).execute();
}
