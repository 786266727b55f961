import { createHash } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { ARCHIVE_PATHS } from '../archive/archive.js';
import { type BankItemRow, isLineKey, lineIdOf, lineKey, unreconciledItems } from '../bankrec/bank-items.js';
import { MERCHANT_FEES, OTA_COMMISSION, SUSPENSE, ensureFeeAccount, ensureSuspense } from '../bankrec/suspense.js';
import type { MatchInput, StatementImportInput, StatementImportResult, StatementLineRow } from '../contracts/banking.js';
import { BUSINESS_ENTITY_CODE } from '../contracts/entity.js';
import type { CompanyTables } from '../db/schema.js';
import { ApiError, badRequest, conflict, notFound } from '../http/errors.js';
import { addDays } from '../ledger/business-date.js';
import { postTxn } from '../ledger/ledger.js';
import { reverseTxn } from '../ledger/reversal.js';
import { toDollars } from '../money/cents.js';
import { MATCH_WINDOW, type MatchItem, type Suggestion, feeWithheld, suggestMatches } from './matcher.js';
import { type ParsedLine, StatementFormatError, parseStatement } from './parse.js';

type Db = Kysely<CompanyTables>;

const daysFrom = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/**
 * A line's identity across imports: its date, amount, text and reference, and which occurrence of
 * that same line it is in its file (two identical coffees on one day are two lines). Importing the
 * same file again, or a statement overlapping an earlier one, yields the same fingerprints.
 */
export function fingerprints(lines: ParsedLine[]): string[] {
  const seen = new Map<string, number>();
  return lines.map((l) => {
    const base = [l.date, l.amount, l.description.toUpperCase().replace(/\s+/g, ' '), (l.reference ?? '').toUpperCase()].join('|');
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return createHash('sha256').update(`${base}|${n}`).digest('hex').slice(0, 40);
  });
}

/** Imports a statement file: new lines stored once, the statement's balances kept. A malformed file is a 400 naming its line. */
export async function importStatement(trx: Db, userId: string, input: StatementImportInput): Promise<Omit<StatementImportResult, 'suggestions'>> {
  let parsed;
  try {
    parsed = parseStatement(input.content, { format: input.format, layout: input.layout, mapping: input.mapping });
  } catch (e) {
    if (e instanceof StatementFormatError) throw badRequest(`${input.name}: ${e.message}. Nothing was imported.`, { errors: [{ path: 'content', msg: e.message }] });
    throw e;
  }
  const dates = parsed.lines.map((l) => l.date).sort();
  const statement = await trx
    .insertInto('bank_statement')
    .values({
      name: input.name, format: parsed.format, account: parsed.account, date_from: dates[0]!, date_to: parsed.closingDate ?? dates[dates.length - 1]!,
      opening_balance: parsed.opening === null ? null : String(parsed.opening), closing_balance: parsed.closing === null ? null : String(parsed.closing), user_id: userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const prints = fingerprints(parsed.lines);
  let added = 0;
  for (let i = 0; i < parsed.lines.length; i += 2000) {
    const rows = parsed.lines.slice(i, i + 2000).map((l, k) => ({
      statement_id: statement.id, date: l.date, amount: String(l.amount), description: l.description.slice(0, 500), reference: l.reference?.slice(0, 100) ?? null, fingerprint: prints[i + k]!,
    }));
    const inserted = await trx.insertInto('bank_statement_line').values(rows).onConflict((oc) => oc.column('fingerprint').doNothing()).returning('id').execute();
    added += inserted.length;
  }
  return { id: Number(statement.id), format: parsed.format, lines: parsed.lines.length, added, duplicates: parsed.lines.length - added, closing_balance: parsed.closing === null ? null : toDollars(parsed.closing) };
}

/**
 * Statement lines, the unmatched first (they are the work left, and must not hide on a later page
 * behind a month of matched lines), each group newest first; unmatched lines show their age in days.
 */
export async function listLines(db: Db, today: string, status: 'unmatched' | 'all' = 'all'): Promise<StatementLineRow[]> {
  let q = db.selectFrom('bank_statement_line').selectAll().orderBy(sql`match_id is null`, 'desc').orderBy('date', 'desc').orderBy('id', 'desc');
  if (status === 'unmatched') q = q.where('match_id', 'is', null);
  const [rows, items] = await Promise.all([q.execute(), db.selectFrom('bank_match_item').select(['item', 'match_id']).execute()]);
  const itemsOf = new Map<string, string[]>();
  for (const i of items) itemsOf.set(String(i.match_id), [...(itemsOf.get(String(i.match_id)) ?? []), i.item]);
  return rows.map((r) => ({
    id: Number(r.id), date: r.date, description: r.description, reference: r.reference, amount: toDollars(r.amount),
    age: r.match_id ? 0 : Math.max(0, daysFrom(r.date, today)), match_id: r.match_id === null ? null : Number(r.match_id), items: r.match_id ? (itemsOf.get(String(r.match_id)) ?? []) : [],
  }));
}

const matchItem = (i: BankItemRow): MatchItem => ({ key: i.key, date: i.date, amount: i.amount, ref: i.ref, method: i.method, type: i.type, contra: i.contra, booking: i.booking });

/**
 * The matcher's suggestions for the unmatched lines against the unmatched, unreconciled bank
 * items. Only items within the matcher's date window of some line can match, so only the
 * statement's period (widened by the window) is read, not the whole unreconciled history.
 */
export async function currentSuggestions(db: Db): Promise<Suggestion[]> {
  const lines = await db.selectFrom('bank_statement_line').select(['id', 'date', 'amount', 'description', 'reference']).where('match_id', 'is', null).execute();
  if (!lines.length) return [];
  const dates = lines.map((l) => l.date).sort();
  const [items, matched] = await Promise.all([
    unreconciledItems(db, { from: addDays(dates[0]!, -MATCH_WINDOW.windowDays), to: addDays(dates.at(-1)!, MATCH_WINDOW.earlyDays) }),
    db.selectFrom('bank_match_item').select('item').execute(),
  ]);
  const taken = new Set(matched.map((m) => m.item));
  return suggestMatches(
    lines.map((l) => ({ id: Number(l.id), date: l.date, amount: Number(l.amount), description: l.description, reference: l.reference })),
    items.filter((i) => !taken.has(i.key)).map(matchItem),
    MATCH_WINDOW,
  );
}

/**
 * Confirms matches (manual, or the suggestions in bulk). Each group's lines and items must be
 * unmatched and the items unreconciled bank items; the lines must total the items, except card
 * settlements net of the processor's fees and OTA payouts net of commission (feeWithheld), whose
 * fee is paid from the business ledger through the ledger (a PAYMENT on the merchant-fee or OTA
 * commission account) and joins the match, so both sides agree.
 */
export async function confirmMatches(trx: Db, userId: string, input: MatchInput): Promise<{ matches: number; fees: number }> {
  const lineIds = input.matches.flatMap((m) => m.lines);
  const keys = input.matches.flatMap((m) => m.items);
  if (new Set(lineIds).size !== lineIds.length || new Set(keys).size !== keys.length) throw badRequest('A statement line or bank item is in two matches');
  const lines = await trx.selectFrom('bank_statement_line').select(['id', 'date', 'amount', 'match_id', 'description', 'reference']).where('id', 'in', lineIds.map(String)).forUpdate().execute();
  const lineById = new Map(lines.map((l) => [Number(l.id), l]));
  const missing = lineIds.find((id) => !lineById.has(id));
  if (missing) throw notFound(`Statement line ${missing} not found`);
  const already = lines.find((l) => l.match_id !== null);
  if (already) throw conflict(`Statement line ${already.id} (${already.description}) is already matched: unmatch it first`);
  const items = await unreconciledItems(trx, { keys });
  const itemByKey = new Map(items.map((i) => [i.key, i]));
  const gone = keys.find((k) => !itemByKey.has(k));
  if (gone) throw conflict(`${gone} is not an unreconciled bank item: reload the statement`);
  const taken = await trx.selectFrom('bank_match_item').select('item').where('item', 'in', keys).executeTakeFirst();
  if (taken) throw conflict(`${taken.item} is already matched to a statement line: unmatch it first`);
  let fees = 0;
  const confirmed: ConfirmedMatch[] = [];
  for (const m of input.matches) {
    const lineTotal = m.lines.reduce((a, id) => a + Number(lineById.get(id)!.amount), 0);
    const group = m.items.map((k) => itemByKey.get(k)!);
    const itemTotal = group.reduce((a, i) => a + i.amount, 0);
    const difference = itemTotal - lineTotal;
    const itemsKeys = [...m.items];
    if (difference !== 0) {
      const withheld = feeWithheld(m.lines.map((id) => lineById.get(id)!), group.map(matchItem), difference);
      if (!withheld) {
        throw new ApiError(409, `The statement lines total ${toDollars(lineTotal).toFixed(2)} but the items ${toDollars(itemTotal).toFixed(2)}: only card settlements and OTA payouts may differ, by the fees withheld`, { difference: toDollars(difference) });
      }
      const date = m.lines.map((id) => lineById.get(id)!.date).sort().pop()!;
      const refs = group.map((i) => i.ref).join(', ');
      const fee = withheld.by === 'CARD'
        ? { account: MERCHANT_FEES, memo: `Merchant fees withheld from card settlement ${refs}`, description: 'Merchant fees withheld', payee: 'Card processor fees' }
        : { account: OTA_COMMISSION, memo: `${withheld.ota} commission withheld from payout of ${refs}`, description: 'OTA commission withheld', payee: `${withheld.ota} commission` };
      await ensureFeeAccount(trx, fee.account);
      const posted = await postTxn(trx, userId, {
        kind: 'PAYMENT', date, memo: fee.memo.slice(0, 200), source: 'BANKREC',
        postings: [{ entity: BUSINESS_ENTITY_CODE, door: null, accountId: fee.account.account, amount: -difference, description: fee.description }],
        cashbook: [{ date, method: 'EFT', amount: -difference, payee: fee.payee }],
      });
      const cash = await trx.selectFrom('cashbook').select('id').where('txn_id', '=', String(posted.id)).executeTakeFirstOrThrow();
      itemsKeys.push(lineKey(cash.id));
      fees += 1;
    }
    confirmed.push({ difference, items: itemsKeys, lines: m.lines });
  }
  await recordMatches(trx, userId, confirmed);
  return { matches: input.matches.length, fees };
}

interface ConfirmedMatch {
  /** Cents the items exceed the lines by (the fee withheld), else 0. */
  difference: number;
  items: string[];
  lines: number[];
}

/** Rows per statement when matches are written: well inside PostgreSQL's 65,535 parameters. */
const MATCH_CHUNK = 1000;

/**
 * Writes confirmed matches in three statements per thousand, not three per match: accepting
 * the suggestions for a 5,000-line statement is one request the user waits on.
 */
async function recordMatches(trx: Db, userId: string, confirmed: ConfirmedMatch[]) {
  for (let start = 0; start < confirmed.length; start += MATCH_CHUNK) {
    const chunk = confirmed.slice(start, start + MATCH_CHUNK);
    const inserted = await trx.insertInto('bank_match').values(chunk.map((m) => ({ difference: String(m.difference), user_id: userId }))).returning('id').execute();
    // A multi-row insert draws its serial ids in the order of its rows, so ascending ids pair
    // with the chunk's matches whatever order RETURNING lists them in.
    const ids = inserted.map((r) => r.id).sort((a, b) => Number(a) - Number(b));
    await trx.insertInto('bank_match_item').values(chunk.flatMap((m, i) => m.items.map((item) => ({ item, match_id: ids[i]! })))).execute();
    const pairs = chunk.flatMap((m, i) => m.lines.map((line) => sql`(${String(line)}::bigint, ${ids[i]!}::bigint)`));
    await trx
      .updateTable('bank_statement_line as l')
      .from(sql<{ line: string; match_id: string }>`(values ${sql.join(pairs)})`.as<'v'>(sql`v(line, match_id)`))
      .set((eb) => ({ match_id: eb.ref('v.match_id') }))
      .whereRef('l.id', '=', 'v.line')
      .execute();
  }
}

/** Why a match's own postings are reversed when the match is undone (a reversal needs a reason). */
export const UNMATCH_REASON = 'Bank statement match undone';

/**
 * Undoes a match; refused once its items are reconciled (that is history now). What the match
 * posted itself (a card settlement's withheld fee, a deposit moved to suspense) is reversed through
 * the ledger, so matching again does not pay the fee or receipt the deposit a second time.
 */
export async function unmatch(trx: Db, userId: string, matchId: number): Promise<{ reversed: string[] }> {
  const match = await trx.selectFrom('bank_match').select('id').where('id', '=', String(matchId)).forUpdate().executeTakeFirst();
  if (!match) throw notFound(`Match ${matchId} not found`);
  const keys = (await trx.selectFrom('bank_match_item').select('item').where('match_id', '=', match.id).execute()).map((r) => r.item);
  const open = await unreconciledItems(trx, { keys });
  if (open.length !== keys.length) throw conflict('These items are reconciled: delete the reconciliation first to unmatch them');
  const cashIds = keys.filter(isLineKey).map(lineIdOf);
  const ownPostings = cashIds.length
    ? await trx.selectFrom('cashbook as c').innerJoin('txn as t', 't.id', 'c.txn_id').select('t.id').distinct()
      .where('c.id', 'in', cashIds).where('t.source', '=', 'BANKREC').where('t.kind', '<>', 'REVERSAL')
      .where((eb) => eb.not(eb.exists(eb.selectFrom('txn as r').select('r.id').whereRef('r.reversal_of', '=', 't.id'))))
      .execute()
    : [];
  const reversed: string[] = [];
  for (const { id } of ownPostings) reversed.push((await reverseTxn(trx, userId, Number(id), UNMATCH_REASON)).ref);
  await trx.updateTable('bank_statement_line').set({ match_id: null }).where('match_id', '=', match.id).execute();
  await trx.deleteFrom('bank_match').where('id', '=', match.id).execute();
  return { reversed };
}

/**
 * Moves an unidentified deposit to suspense (issue 11 'suspense ledger'): a receipt to the
 * SUSPENSE party, dated the line's date, through the ledger, matched to the line at once. A
 * journal to the right owner or tenant clears it later.
 */
export async function moveToSuspense(trx: Db, userId: string, lineId: number, memo?: string): Promise<{ ref: string }> {
  const line = await trx.selectFrom('bank_statement_line').selectAll().where('id', '=', String(lineId)).forUpdate().executeTakeFirst();
  if (!line) throw notFound(`Statement line ${lineId} not found`);
  if (line.match_id !== null) throw conflict('This statement line is already matched');
  if (Number(line.amount) <= 0) throw conflict('Only money received can go to suspense: a withdrawal nobody can identify is a question for the bank, or an adjustment');
  await ensureSuspense(trx);
  const posted = await postTxn(trx, userId, {
    kind: 'RECEIPT', date: line.date, memo: memo?.trim() || `Unidentified deposit: ${line.description}`.slice(0, 200), source: 'BANKREC', sourceRef: `LINE${line.id}`,
    postings: [{ entity: SUSPENSE.entity, door: null, accountId: SUSPENSE.account, amount: Number(line.amount), description: `Unidentified: ${line.description}`.slice(0, 200) }],
    cashbook: [{ date: line.date, method: 'EFT', amount: Number(line.amount), payer: line.description.slice(0, 100), tranRef: line.reference }],
  });
  const cash = await trx.selectFrom('cashbook').select('id').where('txn_id', '=', String(posted.id)).executeTakeFirstOrThrow();
  const match = await trx.insertInto('bank_match').values({ difference: '0', user_id: userId }).returning('id').executeTakeFirstOrThrow();
  await trx.insertInto('bank_match_item').values({ item: lineKey(cash.id), match_id: match.id }).execute();
  await trx.updateTable('bank_statement_line').set({ match_id: match.id }).where('id', '=', line.id).execute();
  return { ref: posted.ref };
}

/** Imported statements, newest first. */
export async function listStatements(db: Db) {
  const rows = await db
    .selectFrom('bank_statement as s')
    .select(['s.id', 's.name', 's.format', 's.date_from', 's.date_to', 's.closing_balance', 's.imported_at'])
    .select((eb) => eb.selectFrom('bank_statement_line as l').select((e) => e.fn.countAll<string>().as('n')).whereRef('l.statement_id', '=', 's.id').as('lines'))
    .orderBy('s.id', 'desc')
    .execute();
  return rows.map((r) => ({ id: Number(r.id), name: r.name, format: r.format, date_from: r.date_from, date_to: r.date_to, closing_balance: r.closing_balance === null ? null : toDollars(r.closing_balance), imported_at: r.imported_at, lines: Number(r.lines) }));
}

const SAMPLE_PREFIX = 'Sample bank statement ';
/** The archive name of a sample statement file (the demo company ships one: api/src/demo/bank-statements.ts). */
export const sampleStatementName = (file: string) => `${SAMPLE_PREFIX}${file}`;

/** The newest sample statement kept in the archive, as the file to import, or null where none ships. */
export async function sampleStatement(db: Db): Promise<{ name: string; content: string } | null> {
  const row = await db.selectFrom('archive').select(['blob_id', 'content']).where('path', '=', ARCHIVE_PATHS.REPORTS).where('blob_id', 'like', `${SAMPLE_PREFIX}%`).orderBy('id', 'desc').limit(1).executeTakeFirst();
  return row ? { name: row.blob_id.slice(SAMPLE_PREFIX.length), content: new TextDecoder().decode(row.content) } : null;
}
