import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import { BUSINESS_ENTITY_CODE, ENTITY_MESSAGES, type EntityInput, type EntityRecord } from '../contracts/entity.js';
import { ApiError, badRequest, conflict, notFound } from '../http/errors.js';
import { openPeriod } from '../ledger/ledger.js';
import { toDollars } from '../money/cents.js';
import { entityToView } from '../reference/entity-record.js';
import { assertReferencesExist } from '../reference/rules.js';

type Db = Kysely<any>;
type Row = Record<string, unknown>;

/** Parties that exist once per company and are never deleted. */
export const PERMANENT_ENTITIES = [BUSINESS_ENTITY_CODE, 'UNALLOC'];

const ref = (eb: ExpressionBuilder<any, any>, column: string) => eb.ref(column);

/**
 * The entity columns plus the ledger figures (cents, as strings) and the facts the rules need,
 * as scalar subqueries of one query (so the list is one round trip whatever its length).
 */
export function entityFiguresQuery(db: Db, period: { year: number; month: number }) {
  return db.selectFrom('entity as e').selectAll('e').select((eb) => [
    eb.selectFrom('ledger_balance as lb').whereRef('lb.entity', '=', 'e.code')
      .select(sql<string>`coalesce(sum(${ref(eb, 'lb.balance')}), 0)`.as('s')).as('funds_cents'),
    eb.selectFrom('ledger_balance as lb').whereRef('lb.entity', '=', 'e.code').where('lb.balance', '<>', 0).select(sql<number>`1`.as('x')).limit(1).as('has_balance'),
    eb.selectFrom('charge as c').innerJoin('charge_item as ci', 'ci.charge_id', 'c.id').whereRef('c.entity', '=', 'e.code').where('c.status', '=', 'PENDING')
      .select(sql<string>`coalesce(sum(${ref(eb, 'ci.amount')}), 0)`.as('s')).as('pending_cents'),
    eb.selectFrom('posting as p').innerJoin('txn as t', 't.id', 'p.txn_id').leftJoin('txn as o', 'o.id', 't.reversal_of')
      .whereRef('p.entity', '=', 'e.code').where('t.year', '=', period.year).where('t.month', '=', period.month)
      .where((w) => w.or([w('t.kind', 'in', ['PAYMENT', 'DISBURSE']), w('o.kind', 'in', ['PAYMENT', 'DISBURSE'])]))
      .select(sql<string>`coalesce(-sum(${ref(eb, 'p.amount')}), 0)`.as('s')).as('pay_cents'),
    // Pending charges it pays or receives (as header recipient or item recipient).
    eb.selectFrom('charge as c').where('c.status', '=', 'PENDING')
      .where((w) => w.or([w('c.entity', '=', w.ref('e.code')), w('c.recipient', '=', w.ref('e.code')),
        w.exists(w.selectFrom('charge_item as ci').whereRef('ci.charge_id', '=', 'c.id').whereRef('ci.recipient_entity', '=', 'e.code').select('ci.id'))]))
      .select(sql<number>`1`.as('x')).limit(1).as('has_pending'),
    eb.selectFrom('charge as c')
      .where((w) => w.or([w('c.entity', '=', w.ref('e.code')), w('c.recipient', '=', w.ref('e.code')),
        w.exists(w.selectFrom('charge_item as ci').whereRef('ci.charge_id', '=', 'c.id').whereRef('ci.recipient_entity', '=', 'e.code').select('ci.id'))]))
      .select(sql<number>`1`.as('x')).limit(1).as('has_charges'),
    eb.selectFrom('posting as p').whereRef('p.entity', '=', 'e.code').select(sql<number>`1`.as('x')).limit(1).as('has_postings'),
    eb.selectFrom('unit as u').where((w) => w.or([w('u.entity', '=', w.ref('e.code')), w('u.pool_owner', '=', w.ref('e.code'))]))
      .select(sql<string>`count(*)`.as('n')).as('unit_count'),
    eb.selectFrom('unit as u').whereRef('u.entity', '=', 'e.code').where('u.gpid', 'is not', null).where('u.inactive', '=', false)
      .select(sql<number>`1`.as('x')).limit(1).as('linked'),
    eb.selectFrom('fee as f').whereRef('f.entity', '=', 'e.code').select(sql<number>`1`.as('x')).limit(1).as('named_by_fee'),
    eb.selectFrom('unit_fee as uf').whereRef('uf.entity', '=', 'e.code').select(sql<number>`1`.as('x')).limit(1).as('named_by_unit_fee'),
    eb.selectFrom('account as a').whereRef('a.entity', '=', 'e.code').select(sql<number>`1`.as('x')).limit(1).as('named_by_account'),
  ]);
}

/** Why the entity may not be made inactive (spec 2 §4 'Unit changes'), or null. */
export function inactiveRefusal(r: Row): string | null {
  if (r.has_balance != null || r.has_pending != null) return ENTITY_MESSAGES.inactiveBalances;
  if (r.linked != null) return ENTITY_MESSAGES.inactiveLinked;
  return null;
}

/** Why the entity may not be deleted, or null. */
export function deleteRefusal(r: Row): string | null {
  const code = String(r.code);
  if (PERMANENT_ENTITIES.includes(code)) return `${code} is a permanent party and is never deleted`;
  const reasons: string[] = [];
  if (r.has_balance != null) reasons.push('it has a trust ledger balance');
  if (r.has_charges != null) reasons.push('it has charges');
  if (Number(r.unit_count ?? 0) > 0) reasons.push(`it has ${Number(r.unit_count)} unit${Number(r.unit_count) === 1 ? '' : 's'}`);
  if (r.has_postings != null) reasons.push('it has posting history');
  if (r.named_by_fee != null || r.named_by_unit_fee != null) reasons.push('fees name it as recipient');
  if (r.named_by_account != null) reasons.push('an account names it as disbursement recipient');
  return reasons.length ? reasons.join('; ') : null;
}

/** The entity fields of a row, for the change log (money in dollars). */
export function entityFields(row: Row): Row {
  const {
    funds_cents: _f, has_balance: _b, pending_cents: _p, pay_cents: _pay, has_pending: _hp, has_charges: _hc, has_postings: _hpo,
    unit_count: _u, linked: _l, named_by_fee: _nf, named_by_unit_fee: _nuf, named_by_account: _na, ...rest
  } = row;
  return entityToView(rest);
}

/** A row of the figures query → the wire record. */
export function toEntityRecord(row: Row): EntityRecord {
  const funds = Number(row.funds_cents ?? 0);
  const pending = Number(row.pending_cents ?? 0);
  const inactiveReason = row.inactive ? null : inactiveRefusal(row);
  const deleteReason = deleteRefusal(row);
  return {
    ...(entityFields(row) as unknown as EntityRecord),
    funds: toDollars(funds),
    pay: toDollars(Number(row.pay_cents ?? 0)),
    pending: toDollars(pending),
    balance: toDollars(funds - pending),
    _pk: String(row.code),
    _candelete: deleteReason === null,
    _allow_inactive: inactiveReason === null,
    _delete_reason: deleteReason,
    _inactive_reason: inactiveReason,
  };
}

export interface EntityListFilter {
  type: string;
  search?: string;
  inactive?: boolean;
  category?: string;
}

export async function listEntities(db: Db, f: EntityListFilter): Promise<EntityRecord[]> {
  const period = await openPeriod(db);
  let q = entityFiguresQuery(db, period).where('e.type', '=', f.type).orderBy('e.code');
  if (!f.inactive) q = q.where('e.inactive', '=', false);
  if (f.category) q = q.where('e.category', '=', f.category);
  const search = f.search?.trim() ?? '';
  if (search.length >= 3) {
    const pattern = `%${search.replace(/[%_\\]/g, (m) => `\\${m}`)}%`;
    q = q.where((eb) => eb.or(['e.code', 'e.name', 'e.email', 'e.town', 'e.address', 'e.phone1'].map((c) => eb(c, 'ilike', pattern))));
  }
  return ((await q.execute()) as Row[]).map(toEntityRecord);
}

export async function readEntity(db: Db, code: string): Promise<EntityRecord | undefined> {
  const period = await openPeriod(db);
  const row = (await entityFiguresQuery(db, period).where('e.code', '=', code).executeTakeFirst()) as Row | undefined;
  return row && toEntityRecord(row);
}

/** Locks the entity row and answers it with the rule facts (inside the caller's transaction). */
export async function lockEntity(trx: Db, code: string): Promise<Row> {
  const locked = await trx.selectFrom('entity').select('code').where('code', '=', code).forUpdate().executeTakeFirst();
  if (!locked) throw notFound(`Entity ${code} not found`);
  const period = await openPeriod(trx);
  return (await entityFiguresQuery(trx, period).where('e.code', '=', code).executeTakeFirstOrThrow()) as Row;
}

const fieldError = (status: 400 | 409, path: string, msg: string) => new ApiError(status, msg, { errors: [{ path, msg }] });

/** Category of the entity's type, bank that exists. */
export async function checkEntityReferences(trx: Db, row: Row, type: string): Promise<void> {
  await assertReferencesExist(trx, [
    { field: 'bank', value: row.bank, table: 'bank', column: 'id', message: `Bank ${String(row.bank)} does not exist` },
  ]);
  if (row.category == null) throw fieldError(400, 'category', ENTITY_MESSAGES.category);
  const category = await trx.selectFrom('category').select(['code', 'type']).where('code', '=', row.category as string).executeTakeFirst();
  if (!category || category.type !== type) throw fieldError(400, 'category', ENTITY_MESSAGES.category);
}

/** The inactive flag may be set only when the rules allow; clearing it is always allowed. */
export function assertMayBeInactive(before: Row, wantsInactive: boolean): void {
  if (!wantsInactive || before.inactive) return;
  if (PERMANENT_ENTITIES.includes(String(before.code))) throw fieldError(409, 'inactive', `${String(before.code)} cannot be made inactive`);
  const reason = inactiveRefusal(before);
  if (reason) throw fieldError(409, 'inactive', reason);
}

export function assertFormMatches(code: string, before: Row, input: EntityInput): void {
  if (input.code !== code) throw fieldError(400, 'code', 'The code of an entity cannot be changed');
  if (input.type !== before.type) throw fieldError(409, 'type', ENTITY_MESSAGES.typeFixed);
}

export function assertCanDelete(before: Row): void {
  const reason = deleteRefusal(before);
  if (reason) throw conflict(`Entity ${String(before.code)} cannot be deleted: ${reason}. Make it inactive instead.`);
}

export { badRequest };
