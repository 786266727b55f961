import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import type { ChargeFull, ChargeLookup, ChargeRow, ChargeStatus, ChargeValues } from '../contracts/charges.js';
import type { CompanyTables } from '../db/schema.js';
import { ApiError, badRequest, conflict, notFound } from '../http/errors.js';
import { nextNumbers, openPeriod } from '../ledger/ledger.js';
import { MAX_AMOUNT_CENTS, formatCents, toCents, toDollars } from '../money/cents.js';
import { assertPoolsEnabled } from '../pools/pools.js';

type Db = Kysely<CompanyTables>;

/** Charge domain rules (no HTTP here): validation against the books, create, update, cancel, reads. */

export const escapeLike = (s: string) => `%${s.replace(/[%_\\]/g, (m) => `\\${m}`)}%`;

/** The door a recipient's ledger line uses: an owner's item door, else the header recipient door. */
export function recipientDoor(item: { recipient_entity: string; door: string | null }, charge: { recipient: string; recipient_door: string | null }): string | null {
  return item.door ?? (item.recipient_entity === charge.recipient ? charge.recipient_door : null);
}

/** What checking charges reads from the books: read once for a whole batch of charges. */
export interface ChargeBooks {
  periodFirst: string;
  typeOf: Map<string, string>;
  ownerOf: Map<string, string | null>;
  accounts: Map<string, { inactive: boolean }>;
  /** Why a pool may not pay now (pools disabled), or null. */
  poolRefusal: ApiError | null;
}

/** Reads, in four queries, what `checkAgainstBooks` needs for these charges. */
export async function readChargeBooks(trx: Db, charges: ChargeValues[]): Promise<ChargeBooks> {
  const codes = [...new Set(charges.flatMap((c) => [c.entity, c.recipient, ...c.items.map((i) => i.recipient_entity)]))];
  const doors = [...new Set(charges.flatMap((c) => [c.door, c.recipient_door, ...c.items.map((i) => i.door)]).filter((d): d is string => !!d))];
  const accountIds = [...new Set(charges.flatMap((c) => c.items.map((i) => i.account_id)))];
  const [period, parties, units, accounts, poolRefusal] = await Promise.all([
    openPeriod(trx),
    codes.length ? trx.selectFrom('entity').select(['code', 'type']).where('code', 'in', codes).execute() : [],
    doors.length ? trx.selectFrom('unit').select(['door', 'entity']).where('door', 'in', doors).execute() : [],
    accountIds.length ? trx.selectFrom('account').select(['id', 'inactive']).where('id', 'in', accountIds).execute() : [],
    charges.some((c) => c.payer_type === 'POOL') ? assertPoolsEnabled(trx).then(() => null, (e: unknown) => { if (e instanceof ApiError) return e; throw e; }) : null,
  ]);
  return {
    periodFirst: period.first,
    typeOf: new Map(parties.map((p) => [p.code, p.type])),
    ownerOf: new Map(units.map((u) => [u.door, u.entity])),
    accounts: new Map(accounts.map((a) => [a.id, { inactive: a.inactive }])),
    poolRefusal,
  };
}

/** Checks a charge against the books read: open period, parties of the stated types, doors, accounts. */
export function checkAgainstBooks(books: ChargeBooks, c: ChargeValues): void {
  const { typeOf, ownerOf } = books;
  if (c.date < books.periodFirst) throw conflict(`The period of ${c.date} is closed: charges must be dated on or after ${books.periodFirst}`, { errors: [{ path: 'date', msg: 'The period is closed' }] });
  const field = (path: string, msg: string) => badRequest(msg, { errors: [{ path, msg }] });
  if (!typeOf.has(c.entity)) throw field('entity', `Unknown payer ${c.entity}`);
  if (typeOf.get(c.entity) !== c.payer_type) throw field('entity', `${c.entity} is a ${typeOf.get(c.entity)}, not a ${c.payer_type}`);
  if (c.payer_type === 'POOL') {
    // Owner pools only while they are enabled; a pool's ledger has no door.
    if (books.poolRefusal) throw books.poolRefusal;
    if (c.door) throw field('door', `A pool pays from no door (${c.entity} has no unit ${c.door})`);
  }
  if (!typeOf.has(c.recipient)) throw field('recipient', `Unknown recipient ${c.recipient}`);
  if (typeOf.get(c.recipient) !== c.recipient_type) throw field('recipient', `${c.recipient} is a ${typeOf.get(c.recipient)}, not a ${c.recipient_type}`);

  const checkDoor = (path: string, door: string | null, party: string) => {
    if (!door) return;
    if (!ownerOf.has(door)) throw field(path, `Unknown door ${door}`);
    if (typeOf.get(party) === 'OWNER' && ownerOf.get(door) !== party) throw field(path, `Door ${door} does not belong to owner ${party}`);
  };
  checkDoor('door', c.door, c.entity);
  checkDoor('recipient_door', c.recipient_door, c.recipient);

  c.items.forEach((item, n) => {
    const account = books.accounts.get(item.account_id);
    if (!account) throw field(`items.${n}.account_id`, `Unknown account ${item.account_id}`);
    if (account.inactive) throw field(`items.${n}.account_id`, `Account ${item.account_id} is inactive`);
    const type = typeOf.get(item.recipient_entity);
    if (!type) throw field(`items.${n}.recipient_entity`, `Unknown recipient ${item.recipient_entity}`);
    if (!['BUSINESS', 'OWNER', 'SUPPLIER'].includes(type)) throw field(`items.${n}.recipient_entity`, `A ${type} cannot receive a charge`);
    const door = recipientDoor(item, c);
    if (item.door && !ownerOf.has(item.door)) throw field(`items.${n}.door`, `Unknown door ${item.door}`);
    checkDoor(`items.${n}.door`, door, item.recipient_entity);
    if (item.recipient_entity === c.entity && (type !== 'OWNER' || (door ?? '') === (c.door ?? ''))) {
      throw field(`items.${n}.recipient_entity`, 'The payer cannot also be the recipient of a charge item');
    }
  });
  const total = c.items.reduce((s, i) => s + toCents(i.amount), 0);
  if (Math.abs(total) > MAX_AMOUNT_CENTS) throw field('items', `The charge total is too large (the limit is ${formatCents(MAX_AMOUNT_CENTS)})`);
}

/** Checks one charge against the books. */
export async function checkCharge(trx: Db, c: ChargeValues): Promise<void> {
  checkAgainstBooks(await readChargeBooks(trx, [c]), c);
}

/** The total of a charge's items in cents, as a scalar subquery of a query on `charge`. */
export function chargeAmount(eb: ExpressionBuilder<any, any>) {
  return eb
    .selectFrom('charge_item as ci')
    .whereRef('ci.charge_id', '=', 'charge.id')
    .select((e: ExpressionBuilder<any, any>) => e.fn.coalesce(e.fn.sum<string>('ci.amount'), sql<string>`0`).as('s')) as unknown as import('kysely').SelectQueryBuilder<any, any, { s: string }>;
}

/** A charge is paid once a live (not reversed) txn posted against it. */
export async function chargeIsPaid(trx: Db, chargeId: number): Promise<boolean> {
  const row = await trx
    .selectFrom('posting')
    .innerJoin('txn', 'txn.id', 'posting.txn_id')
    .select('txn.id')
    .where('posting.charge_id', '=', String(chargeId))
    .where('txn.kind', '<>', 'REVERSAL')
    .where((eb) => eb.not(eb.exists(eb.selectFrom('txn as r').select('r.id').whereRef('r.reversal_of', '=', 'txn.id'))))
    .executeTakeFirst();
  return !!row;
}

async function lockEditable(trx: Db, id: number, action: 'changed' | 'deleted') {
  const charge = await trx.selectFrom('charge').selectAll().where('id', '=', String(id)).forUpdate().executeTakeFirst();
  if (!charge) throw notFound(`Charge ${id} not found`);
  if (charge.status !== 'PENDING') throw conflict(`Charge ${charge.ref} is ${charge.status} and cannot be ${action}`);
  if (await chargeIsPaid(trx, id)) throw conflict(`Charge ${charge.ref} has been paid and cannot be ${action}`);
  return charge;
}

const headerRow = (c: ChargeValues) => ({
  date: c.date,
  payer_type: c.payer_type,
  entity: c.entity,
  door: c.door,
  recipient_type: c.recipient_type,
  recipient: c.recipient,
  recipient_door: c.recipient_door,
  source_ref: c.source_ref,
  memo: c.memo,
  name: c.name,
});

const itemRow = (chargeId: number, i: ChargeValues['items'][number]) => ({
  charge_id: chargeId,
  account_id: i.account_id,
  recipient_entity: i.recipient_entity,
  door: i.door,
  description: i.description ?? '',
  amount: toCents(i.amount),
});

export async function createCharge(trx: Db, userId: string, c: ChargeValues): Promise<number> {
  return (await createCharges(trx, userId, [c]))[0]!.id;
}

/** Rows per INSERT: well inside PostgreSQL's 65,535 parameters for the widest row here. */
const ROWS_PER_INSERT = 2000;

/**
 * Raises charges in the caller's transaction with one read of the books to check them all, their
 * gapless numbers taken in one step (in the order given) and multi-row inserts: start of day
 * raises a charge per unit, thousands at once. All or nothing: the first refusal throws before
 * anything is written. `source` marks where they came from (UNITFEE); the default is the table's.
 * `books` are what a caller already read for these charges in this transaction (readChargeBooks).
 */
export async function createCharges(trx: Db, userId: string, charges: ChargeValues[], options: { source?: string; books?: ChargeBooks } = {}): Promise<{ id: number; ref: string }[]> {
  if (!charges.length) return [];
  const books = options.books ?? (await readChargeBooks(trx, charges));
  for (const c of charges) checkAgainstBooks(books, c);
  const refs = await nextNumbers(trx, 'CHARGE', charges.length);
  const idOf = new Map<string, number>();
  for (let from = 0; from < charges.length; from += ROWS_PER_INSERT) {
    const rows = charges.slice(from, from + ROWS_PER_INSERT).map((c, i) => ({ ...headerRow(c), ref: refs[from + i]!, user_id: userId, ...(options.source ? { source: options.source } : {}) }));
    for (const r of await trx.insertInto('charge').values(rows).returning(['id', 'ref']).execute()) idOf.set(r.ref, Number(r.id));
  }
  const created = refs.map((ref) => ({ id: idOf.get(ref)!, ref }));
  const items = charges.flatMap((c, n) => c.items.map((i) => itemRow(created[n]!.id, i)));
  const links = charges.flatMap((c, n) => c.links.map((l) => ({ charge_id: created[n]!.id, name: l.name, link: l.link })));
  for (let from = 0; from < items.length; from += ROWS_PER_INSERT) await trx.insertInto('charge_item').values(items.slice(from, from + ROWS_PER_INSERT)).execute();
  for (let from = 0; from < links.length; from += ROWS_PER_INSERT) await trx.insertInto('charge_link').values(links.slice(from, from + ROWS_PER_INSERT)).execute();
  return created;
}

/** Replaces header, items and links of a pending, unpaid charge. Lines with an id are updated in place. */
export async function updateCharge(trx: Db, id: number, c: ChargeValues): Promise<void> {
  await lockEditable(trx, id, 'changed');
  await checkCharge(trx, c);
  const existingItems = (await trx.selectFrom('charge_item').select('id').where('charge_id', '=', String(id)).execute()).map((r) => Number(r.id));
  const existingLinks = (await trx.selectFrom('charge_link').select('id').where('charge_id', '=', String(id)).execute()).map((r) => Number(r.id));
  for (const i of c.items) if (i.id != null && !existingItems.includes(i.id)) throw badRequest(`Item ${i.id} is not an item of this charge`);
  for (const l of c.links) if (l.id != null && !existingLinks.includes(l.id)) throw badRequest(`Link ${l.id} is not a link of this charge`);

  await trx.updateTable('charge').set(headerRow(c)).where('id', '=', String(id)).execute();
  const keepItems = c.items.filter((i) => i.id != null).map((i) => String(i.id));
  let delItems = trx.deleteFrom('charge_item').where('charge_id', '=', String(id));
  if (keepItems.length) delItems = delItems.where('id', 'not in', keepItems);
  await delItems.execute();
  for (const i of c.items) {
    if (i.id != null) {
      const { charge_id: _, ...row } = itemRow(id, i);
      await trx.updateTable('charge_item').set(row).where('id', '=', String(i.id)).execute();
    } else {
      await trx.insertInto('charge_item').values(itemRow(id, i)).execute();
    }
  }
  const keepLinks = c.links.filter((l) => l.id != null).map((l) => String(l.id));
  let delLinks = trx.deleteFrom('charge_link').where('charge_id', '=', String(id));
  if (keepLinks.length) delLinks = delLinks.where('id', 'not in', keepLinks);
  await delLinks.execute();
  for (const l of c.links) {
    if (l.id != null) await trx.updateTable('charge_link').set({ name: l.name, link: l.link }).where('id', '=', String(l.id)).execute();
    else await trx.insertInto('charge_link').values({ charge_id: id, name: l.name, link: l.link }).execute();
  }
}

/** Cancels a pending, unpaid charge; the row stays so its gapless number remains accounted for. */
export async function cancelCharge(trx: Db, id: number): Promise<void> {
  await lockEditable(trx, id, 'deleted');
  await trx.updateTable('charge').set({ status: 'CANCELLED' }).where('id', '=', String(id)).execute();
}

export async function readCharge(db: Db, id: number): Promise<ChargeFull | undefined> {
  const h = await db
    .selectFrom('charge')
    .leftJoin('txn', 'txn.id', 'charge.released_txn')
    .selectAll('charge')
    .select('txn.ref as released_ref')
    .where('charge.id', '=', String(id))
    .executeTakeFirst();
  if (!h) return undefined;
  const items = await db.selectFrom('charge_item').selectAll().where('charge_id', '=', String(id)).orderBy('id').execute();
  const links = await db.selectFrom('charge_link').selectAll().where('charge_id', '=', String(id)).orderBy('id').execute();
  const total = items.reduce((s, i) => s + Number(i.amount), 0);
  const pending = h.status === 'PENDING' && !(await chargeIsPaid(db, id));
  return {
    id: Number(h.id),
    ref: h.ref,
    date: h.date,
    payer_type: h.payer_type,
    entity: h.entity,
    door: h.door,
    recipient_type: h.recipient_type,
    recipient: h.recipient,
    recipient_door: h.recipient_door,
    source_ref: h.source_ref,
    memo: h.memo,
    name: h.name,
    status: h.status as ChargeStatus,
    flag: h.status as ChargeStatus,
    released_txn: h.released_txn === null ? null : Number(h.released_txn),
    released_ref: h.released_ref ?? null,
    items: items.map((i) => ({ id: Number(i.id), account_id: i.account_id, recipient_entity: i.recipient_entity, door: i.door, description: i.description, amount: toDollars(i.amount) })),
    links: links.map((l) => ({ id: Number(l.id), name: l.name, link: l.link })),
    chargeTotal: toDollars(total),
    _pk: Number(h.id),
    _readonly: !pending,
    _candelete: pending,
    _itemsWithoutDoor: items.some((i) => !i.door),
  };
}

export interface ChargeListFilter {
  year?: number;
  month?: number;
  from?: string;
  to?: string;
  status?: ChargeStatus;
  payer?: string;
  search?: string;
  page: number;
  pageSize: number;
}

export async function listCharges(db: Db, f: ChargeListFilter): Promise<{ rows: ChargeRow[]; total: number; amount: number }> {
  let q = db.selectFrom('charge').leftJoin('entity as r', 'r.code', 'charge.recipient');
  if (f.year && f.month) {
    const first = `${f.year}-${String(f.month).padStart(2, '0')}-01`;
    const next = f.month === 12 ? `${f.year + 1}-01-01` : `${f.year}-${String(f.month + 1).padStart(2, '0')}-01`;
    q = q.where('charge.date', '>=', first).where('charge.date', '<', next);
  } else if (f.year) {
    q = q.where('charge.date', '>=', `${f.year}-01-01`).where('charge.date', '<=', `${f.year}-12-31`);
  }
  if (f.from) q = q.where('charge.date', '>=', f.from);
  if (f.to) q = q.where('charge.date', '<=', f.to);
  if (f.status) q = q.where('charge.status', '=', f.status);
  if (f.payer) q = q.where('charge.entity', '=', f.payer);
  const search = f.search?.trim() ?? '';
  if (search.length >= 3) {
    const p = escapeLike(search);
    q = q.where((eb) => eb.or([
      eb('charge.ref', 'ilike', p), eb('charge.memo', 'ilike', p), eb('charge.entity', 'ilike', p), eb('charge.recipient', 'ilike', p),
      eb('charge.name', 'ilike', p), eb('charge.source_ref', 'ilike', p), eb('charge.door', 'ilike', p), eb('r.name', 'ilike', p),
    ]));
  }
  const summary = await q
    // Cancelled charges are listed but owe nothing, so they do not count in the total.
    .select((eb) => [eb.fn.countAll<string>().as('n'), sql<string>`coalesce(sum(${chargeAmount(eb)}) filter (where ${sql.ref('charge.status')} <> 'CANCELLED'), 0)`.as('amount')])
    .executeTakeFirstOrThrow();
  const rows = await q
    .selectAll('charge')
    .select((eb) => [
      'r.name as recipientname',
      chargeAmount(eb).as('amount'),
      eb.selectFrom('charge_item as ca').whereRef('ca.charge_id', '=', 'charge.id').select(sql<string>`string_agg(distinct ${sql.ref('ca.account_id')}, ',')`.as('a')).as('accounts'),
    ])
    .orderBy('charge.date', 'desc')
    .orderBy(sql`length(charge.ref)`, 'desc')
    .orderBy('charge.ref', 'desc')
    .limit(f.pageSize)
    .offset((f.page - 1) * f.pageSize)
    .execute();
  return {
    total: Number(summary.n),
    amount: toDollars(summary.amount),
    rows: rows.map((r) => ({
      id: Number(r.id),
      _pk: Number(r.id),
      ref: r.ref,
      date: r.date,
      entity: r.entity,
      payer_type: r.payer_type,
      door: r.door,
      recipient: r.recipient,
      recipientname: r.recipientname ?? null,
      accounts: r.accounts ? r.accounts.split(',') : [],
      memo: r.memo,
      name: r.name,
      source_ref: r.source_ref,
      amount: toDollars(r.amount ?? 0),
      status: r.status as ChargeStatus,
      // Cheap list flags: a receipt that pays a charge also marks it RELEASED.
      _readonly: r.status !== 'PENDING',
      _candelete: r.status === 'PENDING',
    })),
  };
}

export async function chargeLookup(db: Db, payer: string, exclude: string[]): Promise<ChargeLookup[]> {
  let q = db
    .selectFrom('charge')
    .select(['charge.id', 'charge.ref', 'charge.memo', 'charge.source_ref', 'charge.recipient', 'charge.door'])
    .select((eb) => chargeAmount(eb).as('amount'))
    .where('charge.entity', '=', payer)
    .where('charge.status', '=', 'PENDING')
    .orderBy('charge.date')
    .orderBy('charge.id');
  if (exclude.length) q = q.where('charge.ref', 'not in', exclude);
  const rows = await q.execute();
  return rows.map((r) => ({ id: Number(r.id), ref: r.ref, memo: r.memo, amount: toDollars(r.amount ?? 0), source: r.source_ref, recipient: r.recipient, door: r.door }));
}

/** The first and last charge (invoice) numbers dated in a month; null when there are none. */
export async function invoiceRange(db: Db, year: number, month: number): Promise<{ first: string | null; last: string | null }> {
  const first = `${year}-${String(month).padStart(2, '0')}-01`;
  const next = month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
  const row = await db
    .selectFrom('charge')
    .select([sql<string | null>`min(ref::bigint)::text`.as('first'), sql<string | null>`max(ref::bigint)::text`.as('last')])
    .where('date', '>=', first)
    .where('date', '<', next)
    .executeTakeFirstOrThrow();
  return { first: row.first ?? null, last: row.last ?? null };
}

export { ApiError };
