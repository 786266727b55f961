import { type Kysely, type SqlBool, sql } from 'kysely';
import type { CashbookListQuery, CashbookRecord, CashbookRow, EntityBalance, ReceiptItemView } from '../contracts/cashbook.js';
import type { CompanyTables } from '../db/schema.js';
import { notFound } from '../http/errors.js';
import { pendingCharges } from '../charges/pending.js';
import { openPeriod, trustBalance } from '../ledger/ledger.js';
import { periodBounds } from '../ledger/posting-rules.js';
import { toDollars } from '../money/cents.js';
import { firstLine } from './post.js';

type Db = Kysely<CompanyTables>;
export type CashKind = 'RECEIPT' | 'PAYMENT';

/** The list's search (3 characters at least) as an ILIKE pattern for text containing it, its wildcards taken literally; null without one. */
function searchPattern(q: CashbookListQuery): string | null {
  const search = q.search?.trim() ?? '';
  return search.length >= 3 ? `%${search.replace(/[%_\\]/g, (m) => `\\${m}`)}%` : null;
}

/**
 * The receipts (or payments) list: the kind's txns and the reversals of them, one row per txn
 * with its cash line. Filtered by period (year/month, from/to, or the open period by default)
 * and search; counted and totalled over the whole filtered set, then one page is read in detail.
 */
function listBase(db: Db, kind: CashKind, q: CashbookListQuery, period: { year: number; month: number }) {
  let base = db
    .selectFrom('txn as t')
    .innerJoin('cashbook as cb', 'cb.txn_id', 't.id')
    .leftJoin('txn as o', 'o.id', 't.reversal_of')
    .where((eb) => eb.or([eb('t.kind', '=', kind), eb.and([eb('t.kind', '=', 'REVERSAL'), eb('o.kind', '=', kind)])]));
  if (q.from || q.to) {
    if (q.from) base = base.where('t.date', '>=', q.from);
    if (q.to) base = base.where('t.date', '<=', q.to);
  } else if (q.year !== undefined) {
    base = base.where('t.year', '=', q.year);
    if (q.month !== undefined) base = base.where('t.month', '=', q.month);
  } else {
    base = base.where('t.year', '=', period.year).where('t.month', '=', period.month);
  }
  const pattern = searchPattern(q);
  if (pattern) {
    base = base.where((eb) => eb.or([
      eb('t.ref', 'ilike', pattern),
      eb('t.memo', 'ilike', pattern),
      eb('cb.payer', 'ilike', pattern),
      eb('cb.payee', 'ilike', pattern),
      eb('cb.tran_ref', 'ilike', pattern),
      eb('t.source_ref', 'ilike', pattern),
    ]));
  }
  return base;
}

export async function listCashbook(db: Db, kind: CashKind, q: CashbookListQuery): Promise<{ data: CashbookRow[]; total: number; totalAmount: number }> {
  const period = await openPeriod(db);
  const base = listBase(db, kind, q, period);
  const sums = await base
    .select((eb) => [eb.fn.countAll<string>().as('n'), eb.fn.coalesce(eb.fn.sum<string>('cb.amount'), sql<string>`0`).as('amount')])
    .executeTakeFirstOrThrow();
  const sign = kind === 'PAYMENT' ? -1 : 1;
  const totalAmount = toDollars(sign * Number(sums.amount));
  if (kind === 'PAYMENT') {
    const page = await base.select('t.id').orderBy('t.date', 'desc').orderBy('t.id', 'desc')
      .limit(q.pageSize).offset((q.page - 1) * q.pageSize).execute();
    return { data: await rowsById(db, kind, page.map((p) => p.id)), total: Number(sums.n), totalAmount };
  }
  // Receipts: the void numbers too, as cancelled rows in date order among the receipts; they
  // count as rows, not in the amount.
  const voids = voidBase(db, q, period);
  const voidCount = await voids.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  const page = await base
    .select(['t.date as date', sql<string>`${sql.ref('t.id')}::text`.as('key'), sql<boolean>`false`.as('void'), sql<string>`${sql.ref('t.id')}`.as('ord')])
    .unionAll(voids.select(['v.date as date', 'v.ref as key', sql<boolean>`true`.as('void'), sql<string>`cast(${sql.ref('v.ref')} as bigint)`.as('ord')]))
    .orderBy('date', 'desc')
    .orderBy('void')
    .orderBy('ord', 'desc')
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize)
    .execute();
  const txns = await rowsById(db, kind, page.filter((p) => !p.void).map((p) => p.key));
  const cancelled = await voidRows(db, page.filter((p) => p.void).map((p) => p.key));
  const byKey = new Map<string, CashbookRow>([...txns.map((r) => [`t${r.id}`, r] as const), ...cancelled.map((r) => [`v${r.ref}`, r] as const)]);
  const data = page.map((p) => byKey.get(`${p.void ? 'v' : 't'}${p.key}`)).filter((r): r is CashbookRow => !!r);
  return { data, total: Number(sums.n) + Number(voidCount.n), totalAmount };
}

/**
 * The void receipt numbers (issue 8 item 11) a receipts list shows: by date in the same period
 * (a void number keeps its receipt's date) and the same search, the reason searched too.
 */
function voidBase(db: Db, q: CashbookListQuery, period: { year: number; month: number }) {
  let base = db.selectFrom('receipt_void as v');
  if (q.from || q.to) {
    if (q.from) base = base.where('v.date', '>=', q.from);
    if (q.to) base = base.where('v.date', '<=', q.to);
  } else {
    const year = q.year ?? period.year;
    const month = q.year !== undefined ? q.month : period.month;
    const range = month === undefined ? { first: `${year}-01-01`, last: `${year}-12-31` } : periodBounds(year, month);
    base = base.where('v.date', '>=', range.first).where('v.date', '<=', range.last);
  }
  const pattern = searchPattern(q);
  if (pattern) {
    base = base.where((eb) => eb.or([eb('v.ref', 'ilike', pattern), eb('v.memo', 'ilike', pattern), eb('v.payer', 'ilike', pattern), eb('v.reason', 'ilike', pattern)]));
  }
  return base;
}

/**
 * A void receipt number as a list row: cancelled, with the reason, no money and nothing to open
 * or act on. It has no transaction, so its row key is its number negated, never a transaction id.
 */
async function voidRows(db: Db, refs: string[]): Promise<CashbookRow[]> {
  if (!refs.length) return [];
  const rows = await db.selectFrom('receipt_void').select(['ref', 'date', 'payer', 'memo', 'reason']).where('ref', 'in', refs).execute();
  return rows.map((v) => ({
    id: -Number(v.ref), _pk: -Number(v.ref), kind: 'VOID', date: v.date, ref: v.ref, banked: false, reconciled: false, source: '', method: '',
    card_type: null, payer_type: null, payer_entity: null, payer: firstLine(v.payer), payee: null, memo: v.memo, tran_ref: null, source_ref: null,
    properties: '', recipients: '', amount: 0, reversed: false, reversal_ref: null, reversal_of_ref: null,
    cancelled_reason: v.reason, _readonly: true, _candelete: false, _canreverse: false, _editordisabled: true,
  }));
}

/** The list columns of some txns, in the order given. */
async function rowsById(db: Db, kind: CashKind, ids: string[]): Promise<CashbookRow[]> {
  if (!ids.length) return [];
  const [period, newest, found] = await Promise.all([
    openPeriod(db),
    db.selectFrom('number_sequence').select('last_value').where('kind', '=', 'RECEIPT').executeTakeFirst(),
    db
    .selectFrom('txn as t')
    .innerJoin('cashbook as cb', 'cb.txn_id', 't.id')
    .leftJoin('txn as o', 'o.id', 't.reversal_of')
    .leftJoin('cashbook_detail as cd', (join) => join.on(sql<SqlBool>`${sql.ref('cd.txn_id')} = coalesce(${sql.ref('o.id')}, ${sql.ref('t.id')})`))
    .where('t.id', 'in', ids)
    .select((eb) => [
      't.id', 't.kind', 't.ref', 't.date', 't.memo', 't.source', 't.source_ref', 'o.ref as reversal_of_ref',
      'cb.method', 'cb.card_type', 'cb.amount', 'cb.payer', 'cb.payee', 'cb.tran_ref',
      'cd.payer_type', 'cd.payer_entity', 'cd.door',
      eb.selectFrom('txn as r').select('r.ref').whereRef('r.reversal_of', '=', 't.id').as('reversal_ref'),
      eb.exists(eb.selectFrom('deposit_item as di').select('di.cashbook_id').whereRef('di.cashbook_id', '=', 'cb.id')).as('banked'),
      eb.exists(eb.selectFrom('reconcile_item as ri').select('ri.cashbook_id').whereRef('ri.cashbook_id', '=', 'cb.id')).as('reconciled'),
      eb.selectFrom('posting as p').whereRef('p.txn_id', '=', 't.id').select(sql<string | null>`string_agg(distinct ${sql.ref('p.door')}, ', ')`.as('d')).as('properties'),
      eb.selectFrom('posting as p').whereRef('p.txn_id', '=', 't.id').select(sql<string | null>`string_agg(distinct ${sql.ref('p.entity')}, ', ')`.as('e')).as('recipients'),
    ])
    .execute(),
  ]);
  const newestReceipt = newest ? String(newest.last_value) : null;
  const openFrom = period.first;
  const sign = kind === 'PAYMENT' ? -1 : 1;
  const byId = new Map(found.map((r) => {
    const isReversal = r.kind === 'REVERSAL';
    const reversed = r.reversal_ref !== null;
    const banked = Boolean(r.banked);
    const reconciled = Boolean(r.reconciled);
    const canReverse = !isReversal && r.source !== 'BKG' && !reversed && !reconciled;
    const canDelete = r.kind === 'RECEIPT' && r.ref === newestReceipt && r.source !== 'BKG' && !reversed && !banked && !reconciled && r.date >= openFrom;
    const row: CashbookRow = {
      id: Number(r.id),
      _pk: Number(r.id),
      kind: r.kind as CashbookRow['kind'],
      date: r.date,
      ref: r.ref,
      banked,
      reconciled,
      source: r.source,
      method: r.method,
      card_type: r.card_type,
      payer_type: r.payer_type ?? null,
      payer_entity: r.payer_entity ?? null,
      payer: kind === 'PAYMENT' ? (r.payer_entity ?? null) : firstLine(r.payer),
      payee: r.payee,
      memo: r.memo,
      tran_ref: r.tran_ref,
      source_ref: r.source_ref,
      properties: r.properties ?? '',
      recipients: r.recipients ?? '',
      amount: toDollars(sign * Number(r.amount)),
      reversed,
      reversal_ref: r.reversal_ref,
      reversal_of_ref: r.reversal_of_ref ?? null,
      _readonly: !canReverse && !canDelete,
      _candelete: canDelete,
      _canreverse: canReverse,
    };
    return [String(r.id), row];
  }));
  return ids.map((id) => byId.get(String(id))).filter((r): r is CashbookRow => !!r);
}

/** What a txn is, for permission checks: RECEIPT or PAYMENT (a reversal counts as what it reverses). */
export async function cashKindOf(db: Db, id: string): Promise<{ kind: string; ref: string; cashKind: CashKind | null } | null> {
  if (!/^\d+$/.test(id) || id.length > 18) return null;
  const row = await db.selectFrom('txn as t').leftJoin('txn as o', 'o.id', 't.reversal_of').select(['t.kind', 't.ref', 'o.kind as original_kind']).where('t.id', '=', id).executeTakeFirst();
  if (!row) return null;
  const effective = row.kind === 'REVERSAL' ? row.original_kind : row.kind;
  return { kind: row.kind, ref: row.ref, cashKind: effective === 'RECEIPT' || effective === 'PAYMENT' ? effective : null };
}

/**
 * One receipt or payment as the editor reads it: the list columns plus, for a receipt, its items
 * (as entered), surcharge and total. Amounts are dollars in the list's direction, so a payment's
 * stored (negative) cash amount is negated.
 */
export async function readCashbook(db: Db, id: string, kind: CashKind): Promise<CashbookRecord> {
  if (kind === 'RECEIPT') {
    const [record] = await readReceipts(db, [id]);
    if (!record) throw notFound(`Cash book record ${id} not found`);
    return record;
  }
  const [[row], detail] = await Promise.all([
    rowsById(db, kind, [id]),
    db.selectFrom('cashbook_detail').select('door').where('txn_id', '=', id).executeTakeFirst(),
  ]);
  if (!row) throw notFound(`Cash book record ${id} not found`);
  return { ...row, door: detail?.door ?? null };
}

/**
 * Receipts (or reversals of receipts) as the editor reads them, several at once, in the order
 * given; missing ids are left out. A reversal shows the items of the receipt it reverses, negated.
 */
export async function readReceipts(db: Db, ids: string[]): Promise<CashbookRecord[]> {
  const itemsOf = (txnIds: string[]) => Promise.all([
    db.selectFrom('receipt_item').selectAll().where('txn_id', 'in', txnIds).orderBy('line').execute(),
    db.selectFrom('cashbook_detail').select(['txn_id', 'surcharge', 'surcharge_rate']).where('txn_id', 'in', txnIds).execute(),
  ]);
  if (!ids.length) return [];
  const [rows, [items, details]] = await Promise.all([rowsById(db, 'RECEIPT', ids), itemsOf(ids)]);
  const sourceOf = new Map(rows.map((r) => [String(r.id), String(r.id)]));
  const reversals = rows.filter((r) => r.kind === 'REVERSAL').map((r) => String(r.id));
  if (reversals.length) {
    const originals = await db.selectFrom('txn').select(['id', 'reversal_of']).where('id', 'in', reversals).execute();
    for (const r of originals) sourceOf.set(String(r.id), String(r.reversal_of));
    const [more, moreDetails] = await itemsOf(originals.map((r) => String(r.reversal_of)));
    items.push(...more);
    details.push(...moreDetails);
  }
  const itemsBy = new Map<string, typeof items>();
  for (const i of items) {
    const list = itemsBy.get(String(i.txn_id));
    if (list) list.push(i);
    else itemsBy.set(String(i.txn_id), [i]);
  }
  const detailBy = new Map(details.map((d) => [String(d.txn_id), d]));
  return rows.map((row) => {
    const source = sourceOf.get(String(row.id))!;
    const own = itemsBy.get(source) ?? [];
    const detail = detailBy.get(source);
    const sign = row.kind === 'REVERSAL' ? -1 : 1;
    const itemViews: ReceiptItemView[] = own.map((i) => ({
      id: Number(i.id),
      selector: i.selector as ReceiptItemView['selector'],
      ref: i.ref,
      entity: i.entity,
      door: i.door,
      description: i.description,
      gross: toDollars(sign * Number(i.amount)),
      amount: toDollars(sign * Number(i.amount)),
    }));
    const surcharge = sign * Number(detail?.surcharge ?? 0);
    const itemsTotal = own.reduce((a, i) => a + sign * Number(i.amount), 0);
    return {
      ...row,
      items: itemViews,
      surcharge: (detail?.surcharge_rate ?? 0) / 100,
      surchargeAmount: toDollars(surcharge),
      receiptTotal: toDollars(itemsTotal + surcharge),
    };
  });
}

/** The first and last receipt numbers of a month (null when none). */
export async function receiptRange(db: Db, year: number, month: number): Promise<{ first: string | null; last: string | null }> {
  const refAsNumber = sql<string>`cast(${sql.ref('ref')} as bigint)`;
  const row = await db
    .selectFrom('txn')
    .where('kind', '=', 'RECEIPT')
    .where('year', '=', year)
    .where('month', '=', month)
    .select([sql<string | null>`min(${refAsNumber})`.as('first'), sql<string | null>`max(${refAsNumber})`.as('last')])
    .executeTakeFirstOrThrow();
  return { first: row.first === null ? null : String(row.first), last: row.last === null ? null : String(row.last) };
}

/**
 * A party's balance (spec 2 §3 'Balance response'): ledger = its trust balance (the door's when
 * given), charge = its pending charges as payer (for that door when given), balance = ledger −
 * charge. Dollars.
 */
export async function entityBalance(db: Db, code: string, door: string | null): Promise<EntityBalance> {
  const entity = await db.selectFrom('entity').select(['code', 'type']).where('code', '=', code).executeTakeFirst();
  if (!entity) throw notFound(`Entity ${code} not found`);
  const useDoor = entity.type === 'OWNER' && door ? door : null;
  const ledger = await trustBalance(db, code, useDoor);
  const charge = (await pendingCharges(db, { payer: code, door: door || undefined })).reduce((a, p) => a + p.total, 0);
  return { ledger: toDollars(ledger), charge: toDollars(charge), balance: toDollars(ledger - charge) };
}
