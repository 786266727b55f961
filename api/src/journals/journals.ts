import { type Kysely, sql } from 'kysely';
import type { Journal, JournalPreview, JournalRow, JournalValues } from '../contracts/journals.js';
import { JOURNAL_MESSAGES } from '../contracts/journals.js';
import type { CompanyTables } from '../db/schema.js';
import { badRequest } from '../http/errors.js';
import { type PostedTxn, postTxn } from '../ledger/ledger.js';
import { type PostingLine, type TxnDraft, balanceChanges, overdrawnBy } from '../ledger/posting-rules.js';
import { toCents, toDollars } from '../money/cents.js';

type Db = Kysely<CompanyTables>;

/** A journal line: credit increases the party's ledger, debit decreases it. */
export function journalPostings(j: JournalValues): PostingLine[] {
  return j.items.map((i) => ({ entity: i.entity, door: i.door, accountId: i.account_id, amount: toCents(i.credit) - toCents(i.debit), description: i.description }));
}

export function journalTotals(j: JournalValues): { debit: number; credit: number } {
  return {
    debit: j.items.reduce((s, i) => s + toCents(i.debit), 0),
    credit: j.items.reduce((s, i) => s + toCents(i.credit), 0),
  };
}

export function journalDraft(j: JournalValues): TxnDraft {
  const { debit, credit } = journalTotals(j);
  if (debit !== credit) throw badRequest(JOURNAL_MESSAGES.notBalanced, { debit: toDollars(debit), credit: toDollars(credit) });
  return { kind: 'JOURNAL', date: j.date, memo: j.memo, source: 'MANUAL', postings: journalPostings(j), cashbook: [] };
}

/** Posts a journal through the one writer (which checks period, parties, doors, accounts, overdraw). */
export function postJournal(trx: Db, userId: string, j: JournalValues): Promise<PostedTxn> {
  return postTxn(trx, userId, journalDraft(j));
}

/**
 * What the journal would do, without writing: totals, balance and the rows it would overdraw,
 * computed with the ledger's pure functions against current balances. Unknown parties are a 400.
 */
export async function previewJournal(db: Db, j: JournalValues): Promise<JournalPreview> {
  const { debit, credit } = journalTotals(j);
  const codes = [...new Set(j.items.map((i) => i.entity))];
  const entities = await db.selectFrom('entity').select(['code', 'type']).where('code', 'in', codes).execute();
  const typeOf = new Map(entities.map((e) => [e.code, e.type]));
  const unknown = codes.filter((c) => !typeOf.has(c));
  if (unknown.length) throw badRequest(`Unknown part${unknown.length > 1 ? 'ies' : 'y'}: ${unknown.join(', ')}`);
  const changes = balanceChanges(journalPostings(j), (e) => typeOf.get(e)!);
  const current = await db.selectFrom('ledger_balance').select(['entity', 'door', 'balance']).where('entity', 'in', codes).execute();
  const overdrawn = overdrawnBy(current.map((r) => ({ entity: r.entity, door: r.door, balance: Number(r.balance) })), changes);
  return {
    balanced: debit === credit,
    debit: toDollars(debit),
    credit: toDollars(credit),
    overdrawn: overdrawn.map((o) => ({ entity: o.entity, door: o.door, ledger: toDollars(o.ledger), resulting: toDollars(o.resulting) })),
  };
}

export async function listJournals(db: Db, f: { year?: number; month?: number; from?: string; to?: string; search?: string; page: number; pageSize: number }): Promise<{ rows: JournalRow[]; total: number }> {
  let q = db.selectFrom('txn as t').where('t.kind', '=', 'JOURNAL');
  if (f.year) q = q.where('t.year', '=', f.year);
  if (f.year && f.month) q = q.where('t.month', '=', f.month);
  if (f.from) q = q.where('t.date', '>=', f.from);
  if (f.to) q = q.where('t.date', '<=', f.to);
  const search = f.search?.trim() ?? '';
  if (search.length >= 3) {
    const p = `%${search.replace(/[%_\\]/g, (m) => `\\${m}`)}%`;
    q = q.where((eb) => eb.or([
      eb('t.ref', 'ilike', p),
      eb('t.memo', 'ilike', p),
      eb.exists(eb.selectFrom('posting as sp').select('sp.id').whereRef('sp.txn_id', '=', 't.id').where((e) => e.or([e('sp.entity', 'ilike', p), e('sp.door', 'ilike', p), e('sp.description', 'ilike', p)]))),
    ]));
  }
  const count = await q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  const rows = await q
    .select((eb) => [
      't.id', 't.ref', 't.date', 't.memo',
      eb.selectFrom('posting as pd').whereRef('pd.txn_id', '=', 't.id').where('pd.amount', '<', 0 as never).select(sql<string>`string_agg(distinct ${sql.ref('pd.entity')}, ', ')`.as('e')).as('debit_entity'),
      eb.selectFrom('posting as pc').whereRef('pc.txn_id', '=', 't.id').where('pc.amount', '>', 0 as never).select(sql<string>`string_agg(distinct ${sql.ref('pc.entity')}, ', ')`.as('e')).as('credit_entity'),
      eb.selectFrom('posting as pa').whereRef('pa.txn_id', '=', 't.id').where('pa.amount', '>', 0 as never).select((e) => e.fn.coalesce(e.fn.sum<string>('pa.amount'), sql<string>`0`).as('s')).as('amount'),
      eb.selectFrom('txn as r').whereRef('r.reversal_of', '=', 't.id').select('r.ref').as('reversal_ref'),
    ])
    .orderBy('t.date', 'desc')
    .orderBy('t.id', 'desc')
    .limit(f.pageSize)
    .offset((f.page - 1) * f.pageSize)
    .execute();
  return {
    total: Number(count.n),
    rows: rows.map((r) => ({
      id: Number(r.id),
      _pk: Number(r.id),
      ref: r.ref,
      date: r.date,
      memo: r.memo,
      debit_entity: r.debit_entity ?? '',
      credit_entity: r.credit_entity ?? '',
      amount: toDollars(r.amount ?? 0),
      reversed: r.reversal_ref !== null,
      reversal_ref: r.reversal_ref ?? null,
      _readonly: true,
      _candelete: r.reversal_ref === null,
    })),
  };
}

export async function readJournal(db: Db, id: number): Promise<Journal | undefined> {
  const t = await db.selectFrom('txn').selectAll().where('id', '=', String(id)).where('kind', '=', 'JOURNAL').executeTakeFirst();
  if (!t) return undefined;
  const postings = await db.selectFrom('posting').selectAll().where('txn_id', '=', String(id)).orderBy('id').execute();
  const reversal = await db.selectFrom('txn').select(['ref', 'reason']).where('reversal_of', '=', String(id)).executeTakeFirst();
  const items = postings.map((p) => {
    const a = Number(p.amount);
    return { id: Number(p.id), entity: p.entity, door: p.door, account_id: p.account_id, description: p.description, debit: a < 0 ? toDollars(-a) : 0, credit: a > 0 ? toDollars(a) : 0 };
  });
  const debit = postings.reduce((s, p) => s + (Number(p.amount) < 0 ? -Number(p.amount) : 0), 0);
  const credit = postings.reduce((s, p) => s + (Number(p.amount) > 0 ? Number(p.amount) : 0), 0);
  return {
    id: Number(t.id),
    _pk: Number(t.id),
    ref: t.ref,
    date: t.date,
    memo: t.memo,
    items,
    debit: toDollars(debit),
    credit: toDollars(credit),
    balance: toDollars(credit - debit),
    reversed: !!reversal,
    reversal_ref: reversal?.ref ?? null,
    reversal_reason: reversal?.reason ?? null,
    _readonly: true,
    _candelete: !reversal,
    _canreverse: !reversal,
  };
}
