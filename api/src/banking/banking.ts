import { type Kysely, sql } from 'kysely';
import { ARCHIVE_PATHS, MIME, archiveFile } from '../archive/archive.js';
import { BANKING_PANEL_TITLES, type BankingType, type DepositItemInput, type DepositRow, type RefInMonth, type UnbankedItem } from '../contracts/banking.js';
import type { CompanyTables } from '../db/schema.js';
import { type DepositSlip, depositSlipPdf } from '../documents/banking.js';
import { readLetterhead } from '../documents/letterhead.js';
import { ApiError, badRequest, conflict, notFound } from '../http/errors.js';
import { nextNumber } from '../ledger/ledger.js';
import { toCents, toDollars } from '../money/cents.js';

type Db = Kysely<CompanyTables>;

/** Which cash-book methods each banking type takes to the bank (spec 3 §2 'Daily Banking'). */
export const BANKING_METHODS: Record<BankingType, string[]> = { CARD: ['CARD'], CASH: ['CASH', 'CHQ'] };

/** Methods whose receipts wait to be banked; EFT receipts are already in the bank when received. */
export const BANKED_BY_DEPOSIT = ['CARD', 'CASH', 'CHQ'];

const depositRef = (n: string) => `DEP${n.padStart(6, '0')}`;

/**
 * Receipts of a banking type not yet banked: positive cash lines of receipts that were not
 * reversed (a reversed receipt never reaches the bank) and that no deposit holds.
 */
export async function listUnbanked(db: Db, type: BankingType): Promise<UnbankedItem[]> {
  const rows = await unbankedQuery(db).where('c.method', 'in', BANKING_METHODS[type]).orderBy('c.date').orderBy('c.id').execute();
  return rows.map((r) => ({ id: Number(r.id), date: r.date, ref: r.ref, method: r.method, card_type: r.card_type, description: r.description ?? '', amount: toDollars(r.amount) }));
}

function unbankedQuery(db: Db) {
  return db
    .selectFrom('cashbook as c')
    .innerJoin('txn as t', 't.id', 'c.txn_id')
    .select(['c.id', 'c.date', 't.ref', 'c.method', 'c.card_type', 'c.amount', sql<string>`coalesce(nullif(c.payer, ''), t.memo)`.as('description')])
    .where('c.amount', '>', '0')
    .where('t.kind', '<>', 'REVERSAL')
    .where((eb) => eb.not(eb.exists(eb.selectFrom('txn as r').select(sql`1`.as('one')).whereRef('r.reversal_of', '=', 't.id'))))
    .where((eb) => eb.not(eb.exists(eb.selectFrom('deposit_item as d').select(sql`1`.as('one')).whereRef('d.cashbook_id', '=', 'c.id'))));
}

export interface CreatedDeposit {
  ref: string;
  amount: number;
  archiveId: number | null;
}

/**
 * Banks the selected receipts as one deposit (spec 3 §4 'Daily banking'): every item must still
 * be unbanked, of one banking type, dated on or before the deposit, and carry the amount the
 * screen showed (a stale screen is refused, not silently banked). The slip is made and kept in
 * the archive in the same transaction, so a deposit never exists without its slip.
 */
export async function createDeposit(trx: Db, user: { id: string }, company: { code: string; name: string }, date: string, items: DepositItemInput[], options: { archiveSlip?: boolean } = {}): Promise<CreatedDeposit> {
  const ids = [...new Set(items.map((i) => i.id))];
  if (ids.length !== items.length) throw badRequest('An item is selected twice');
  // Lock the cash lines: two clerks banking the same receipt at once cannot both succeed.
  await trx.selectFrom('cashbook').select('id').where('id', 'in', ids.map(String)).orderBy('id').forUpdate().execute();
  const rows = await unbankedQuery(trx).where('c.id', 'in', ids.map(String)).execute();
  const found = new Map(rows.map((r) => [Number(r.id), r]));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length) throw conflict(`Item${missing.length > 1 ? 's' : ''} ${missing.slice(0, 10).join(', ')} ${missing.length > 1 ? 'are' : 'is'} already banked, reversed or not a receipt: reload Daily Banking`);
  for (const item of items) {
    const row = found.get(item.id)!;
    if (Number(row.amount) !== toCents(item.amount)) throw conflict(`Receipt ${row.ref} is ${toDollars(row.amount).toFixed(2)}, not ${item.amount.toFixed(2)}: reload Daily Banking`);
  }
  const type = (Object.keys(BANKING_METHODS) as BankingType[]).filter((t) => rows.some((r) => BANKING_METHODS[t].includes(r.method)));
  if (type.length !== 1) throw badRequest('A deposit holds either card settlements or cash and cheques, not both (nor EFT receipts, which are already in the bank)');
  const late = rows.find((r) => r.date > date);
  if (late) throw badRequest(`Receipt ${late.ref} is dated ${late.date}, after the deposit date ${date}`, { errors: [{ path: 'date', msg: 'Deposit date is before a selected receipt' }] });

  const ref = depositRef(await nextNumber(trx, 'DEPOSIT'));
  const amount = rows.reduce((a, r) => a + Number(r.amount), 0);
  const methods = [...new Set(rows.map((r) => r.method))].sort();
  await trx.insertInto('deposit').values({ banking_ref: ref, date, method: methods.join('/'), amount: String(amount), user_id: user.id }).execute();
  for (let i = 0; i < ids.length; i += 1000) {
    await trx.insertInto('deposit_item').values(ids.slice(i, i + 1000).map((id) => ({ cashbook_id: String(id), banking_ref: ref }))).execute();
  }
  // The demo's year of history skips keeping its slips (View slip makes them again on demand).
  if (options.archiveSlip === false) return { ref, amount, archiveId: null };
  const slip = await slipBytes(trx, company.name, ref);
  const archiveId = await archiveFile(trx, { userCode: user.id, path: ARCHIVE_PATHS.REPORTS, name: slipName(ref), mime: MIME.pdf, content: slip });
  return { ref, amount, archiveId };
}

export const slipName = (ref: string) => `Deposit slip ${ref}.pdf`;

/** The deposit slip as a PDF (from the documents module). */
export async function slipBytes(db: Db, companyName: string, ref: string): Promise<Uint8Array> {
  return depositSlipPdf(await readLetterhead(db, companyName), await readDepositSlip(db, ref), new Date());
}

/** What a deposit slip shows: the deposit, its cash lines and the trust account it went to. */
export async function readDepositSlip(db: Db, ref: string): Promise<DepositSlip> {
  const deposit = await db.selectFrom('deposit').selectAll().where('banking_ref', '=', ref).executeTakeFirst();
  if (!deposit) throw notFound(`Deposit ${ref.slice(0, 20)} not found`);
  const lines = await db
    .selectFrom('deposit_item as d')
    .innerJoin('cashbook as c', 'c.id', 'd.cashbook_id')
    .innerJoin('txn as t', 't.id', 'c.txn_id')
    .select(['c.date', 't.ref', 'c.method', 'c.card_type', 'c.amount', sql<string>`coalesce(nullif(c.payer, ''), t.memo)`.as('description')])
    .where('d.banking_ref', '=', ref)
    .orderBy('c.date')
    .orderBy('c.id')
    .execute();
  const bank = await db.selectFrom('control_setting').select(['key', 'value']).where('key', 'in', ['bank_account_name', 'bank_bsb', 'bank_account_number']).execute();
  const setting = (k: string) => String(bank.find((b) => b.key === k)?.value ?? '');
  const title = deposit.method.includes('CARD') ? BANKING_PANEL_TITLES.CARD : BANKING_PANEL_TITLES.CASH;
  return {
    ref,
    date: deposit.date,
    title,
    bankAccount: [setting('bank_account_name'), setting('bank_bsb') && `BSB ${setting('bank_bsb')}`, setting('bank_account_number') && `Account ${setting('bank_account_number')}`].filter(Boolean).join('  '),
    lines: lines.map((l) => ({ date: l.date, ref: l.ref, method: l.method, card_type: l.card_type, description: l.description ?? '', amount: Number(l.amount) })),
  };
}

/**
 * Deletes a deposit (spec 3 §4): its receipts are unbanked again. A reconciled deposit cannot be
 * deleted; a deposit matched to a statement line loses that match (the match was to this deposit).
 */
export async function deleteDeposit(trx: Db, ref: string): Promise<void> {
  const deposit = await trx.selectFrom('deposit').select('banking_ref').where('banking_ref', '=', ref).forUpdate().executeTakeFirst();
  if (!deposit) throw notFound(`Deposit ${ref.slice(0, 20)} not found`);
  const reconciled = await trx
    .selectFrom('deposit_item as d')
    .innerJoin('reconcile_item as r', 'r.cashbook_id', 'd.cashbook_id')
    .select('r.reconciliation_id')
    .where('d.banking_ref', '=', ref)
    .executeTakeFirst();
  if (reconciled) throw new ApiError(409, `Deposit ${ref} is reconciled and cannot be deleted`);
  await trx.deleteFrom('bank_match_item').where('item', '=', ref).execute();
  await trx.deleteFrom('deposit_item').where('banking_ref', '=', ref).execute();
  await trx.deleteFrom('deposit').where('banking_ref', '=', ref).execute();
}

/** Deposits dated in the period (Banking Review) with their reconciled status. */
export async function listDeposits(db: Db, from: string, to: string): Promise<DepositRow[]> {
  const rows = await db
    .selectFrom('deposit as d')
    .leftJoin(
      (eb) => eb
        .selectFrom('deposit_item as i')
        .innerJoin('reconcile_item as r', 'r.cashbook_id', 'i.cashbook_id')
        .innerJoin('reconciliation as rec', 'rec.id', 'r.reconciliation_id')
        .select(['i.banking_ref', sql<string>`min(rec.ref)`.as('reconcile_ref')])
        .groupBy('i.banking_ref')
        .as('x'),
      (j) => j.onRef('x.banking_ref', '=', 'd.banking_ref'),
    )
    .select(['d.banking_ref', 'd.date', 'd.method', 'd.amount', 'x.reconcile_ref'])
    .where('d.date', '>=', from)
    .where('d.date', '<=', to)
    .orderBy('d.date', 'desc')
    .orderBy('d.banking_ref', 'desc')
    .execute();
  return rows.map((r) => ({ banking_ref: r.banking_ref, deposit_date: r.date, method: r.method, reconciled: !!r.reconcile_ref, reconcile_ref: r.reconcile_ref ?? null, amount: toDollars(r.amount) }));
}

/** The first and the day after the last date of a month (YYYY-MM-DD), for `date >= first and date < next`. */
export function monthBounds(year: number, month: number): { first: string; next: string } {
  const first = `${year}-${String(month).padStart(2, '0')}-01`;
  return { first, next: month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01` };
}

/** The deposits dated in a month, in ref order (GET /api/bankrec/depositrange): the slips the Daily report can print. */
export async function depositsInMonth(db: Db, year: number, month: number): Promise<RefInMonth[]> {
  const { first, next } = monthBounds(year, month);
  const rows = await db.selectFrom('deposit').select(['banking_ref', 'date', 'amount']).where('date', '>=', first).where('date', '<', next).orderBy('banking_ref').execute();
  return rows.map((r) => ({ ref: r.banking_ref, id: r.banking_ref, date: r.date, amount: toDollars(r.amount) }));
}

/** The first ledger date (the default start of the review periods), or null before any posting. */
export async function firstLedgerDate(db: Db): Promise<string | null> {
  const row = await db.selectFrom('txn').select((eb) => eb.fn.min('date').as('first')).executeTakeFirst();
  return (row?.first as string | null | undefined) ?? null;
}
