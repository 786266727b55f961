import { type Kysely, sql } from 'kysely';
import { ARCHIVE_PATHS, MIME, archiveFile } from '../archive/archive.js';
import { type AdjustmentInput, type BankPosition, RECONCILE_MESSAGES, type ReconciliationInput, type ReconciliationRow, type RefInMonth } from '../contracts/banking.js';
import { monthBounds } from '../banking/banking.js';
import { jsonb } from '../db/open.js';
import type { CompanyTables } from '../db/schema.js';
import { type ReconciliationReport, reconciliationReportPdf } from '../documents/banking.js';
import { readLetterhead } from '../documents/letterhead.js';
import { ApiError, badRequest, conflict, notFound } from '../http/errors.js';
import { type PostedTxn, nextNumber, postTxns } from '../ledger/ledger.js';
import { trustPosition } from '../ledger/trust-position.js';
import { toCents, toDollars } from '../money/cents.js';
import { type BankItemRow, lineKey, unreconciledItems } from './bank-items.js';
import { SUSPENSE, ensureSuspense } from './suspense.js';

type Db = Kysely<CompanyTables>;

const recRef = (n: string) => `REC${n.padStart(6, '0')}`;

/** The newest reconciliation, or undefined before the first. */
export async function latest(db: Db) {
  return db.selectFrom('reconciliation').selectAll().orderBy('date', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
}

/**
 * Where the bank stands (the side panel of spec 3 §2 'Bank Reconciliation'): the balance of the
 * last reconciliation and its date, and the newest imported statement's closing balance.
 */
export async function bankPosition(db: Db): Promise<BankPosition & { cashbook: number; ledgers: number }> {
  const [last, statement, position] = await Promise.all([
    latest(db),
    db.selectFrom('bank_statement').select(['closing_balance', 'date_to']).where('closing_balance', 'is not', null).orderBy('date_to', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst(),
    trustPosition(db),
  ]);
  return {
    bank_balance: toDollars(last?.ending_balance ?? 0),
    last_reconcile_date: last?.date ?? null,
    statement_balance: statement?.closing_balance != null ? toDollars(statement.closing_balance) : null,
    statement_date: statement?.date_to ?? null,
    cashbook: toDollars(position.cashbook),
    ledgers: toDollars(position.ledgers),
  };
}

/**
 * Keeps the control record's last_reconcile_date and bank_balance (spec 3 §3 'Control info') at
 * the latest reconciliation's, so Control Settings and the start-up info show where the bank
 * stands; none (null) once no reconciliation is left.
 */
async function keepControlPosition(trx: Db): Promise<void> {
  const last = await latest(trx);
  const values = { last_reconcile_date: last?.date ?? null, bank_balance_cents: last ? Number(last.ending_balance) : null };
  await trx.insertInto('control_setting').values(Object.entries(values).map(([key, value]) => ({ key, value: jsonb(value) })))
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: (eb) => eb.ref('excluded.value') })).execute();
}

/** The COMPLETE rule of spec 3 §4: the statement balance equals the bank balance plus the selected items, to the cent. */
export const isBalanced = (statementCents: number, bankCents: number, selectedCents: number) => statementCents === bankCents + selectedCents;

/**
 * Completes a reconciliation (spec 3 §4 'Bank reconciliation'): ticks the selected bank items as
 * on the statement. Refused unless every item is still an unreconciled bank item dated on or
 * before the statement date, the screen's starting balance is the current bank balance (another
 * reconciliation did not happen meanwhile) and the statement balance equals it plus the items
 * exactly. The report is made and kept in the archive with it.
 */
export async function completeReconciliation(trx: Db, user: { id: string }, companyName: string, input: ReconciliationInput, today: string, options: { archiveReport?: boolean } = {}): Promise<{ id: number; ref: string }> {
  // Taking the number first serialises reconciliations of the company until commit.
  const ref = recRef(await nextNumber(trx, 'RECONCILE'));
  const last = await latest(trx);
  const bank = Number(last?.ending_balance ?? 0);
  if (toCents(input.starting) !== bank) throw conflict(`The bank balance is now ${toDollars(bank).toFixed(2)}, not ${input.starting.toFixed(2)}: reload Bank Reconciliation`);
  if (last && input.date < last.date) throw badRequest(`The reconcile date must be on or after the last reconciliation (${last.date})`, { errors: [{ path: 'date', msg: 'Date is before the last reconciliation' }] });
  if (input.date > today) throw badRequest(`The reconcile date cannot be after today (${today})`, { errors: [{ path: 'date', msg: 'Date is after today' }] });
  const keys = [...new Set(input.data.map((d) => d.banking_ref))];
  if (keys.length !== input.data.length) throw badRequest('An item is selected twice');
  const items = keys.length ? await unreconciledItems(trx, { keys }) : [];
  const byKey = new Map(items.map((i) => [i.key, i]));
  const gone = keys.filter((k) => !byKey.has(k));
  if (gone.length) throw conflict(`Item${gone.length > 1 ? 's' : ''} ${gone.slice(0, 10).join(', ')} ${gone.length > 1 ? 'are' : 'is'} not an unreconciled bank item: reload Bank Reconciliation`);
  const late = items.find((i) => i.date > input.date);
  if (late) throw badRequest(`${late.ref} is dated ${late.date}, after the reconcile date ${input.date}`);
  const selected = items.reduce((a, i) => a + i.amount, 0);
  if (toCents(input.control) !== selected) throw conflict(`The selected items total ${toDollars(selected).toFixed(2)}, not ${input.control.toFixed(2)}: reload Bank Reconciliation`);
  if (!isBalanced(toCents(input.balance), bank, selected)) {
    throw new ApiError(409, RECONCILE_MESSAGES.notBalanced, { statement: input.balance, bank: toDollars(bank), selected: toDollars(selected), difference: toDollars(toCents(input.balance) - bank - selected) });
  }
  const row = await trx
    .insertInto('reconciliation')
    .values({ ref, date: input.date, starting_balance: String(bank), ending_balance: String(bank + selected), user_id: user.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  const ids = items.flatMap((i) => i.cashbookIds);
  for (let i = 0; i < ids.length; i += 5000) {
    await trx.insertInto('reconcile_item').values(ids.slice(i, i + 5000).map((id) => ({ cashbook_id: String(id), reconciliation_id: row.id }))).execute();
  }
  await keepControlPosition(trx);
  if (options.archiveReport === false) return { id: Number(row.id), ref };
  const pdf = await reportBytes(trx, companyName, Number(row.id));
  await archiveFile(trx, { userCode: user.id, path: ARCHIVE_PATHS.REPORTS, name: reportName(ref), mime: MIME.pdf, content: pdf });
  return { id: Number(row.id), ref };
}

export const reportName = (ref: string) => `Bank reconciliation ${ref}.pdf`;

/**
 * Deletes a reconciliation (spec 3 §4): only the newest may go (allow_delete), and its items are
 * unreconciled again, which restores exactly the state before it was completed.
 */
export async function deleteReconciliation(trx: Db, id: number): Promise<string> {
  const seq = await trx.selectFrom('number_sequence').select('last_value').where('kind', '=', 'RECONCILE').forUpdate().executeTakeFirstOrThrow();
  const row = await trx.selectFrom('reconciliation').select(['id', 'ref']).where('id', '=', String(id)).executeTakeFirst();
  if (!row) throw notFound(`Reconciliation ${id} not found`);
  const newest = await latest(trx);
  if (String(newest!.id) !== String(row.id)) throw conflict(`Only the latest reconciliation (${newest!.ref}) can be deleted`);
  await trx.deleteFrom('reconcile_item').where('reconciliation_id', '=', row.id).execute();
  await trx.deleteFrom('reconciliation').where('id', '=', row.id).execute();
  await keepControlPosition(trx);
  // Its number is free again, as it was before it was completed.
  if (recRef(String(seq.last_value)) === row.ref) await trx.updateTable('number_sequence').set({ last_value: sql`last_value - 1` }).where('kind', '=', 'RECONCILE').execute();
  return row.ref;
}

/** Reconciliation History: the period's reconciliations, newest first; only the latest may be deleted. */
export async function listReconciliations(db: Db, from: string, to: string): Promise<ReconciliationRow[]> {
  const [rows, newest] = await Promise.all([
    db.selectFrom('reconciliation').selectAll().where('date', '>=', from).where('date', '<=', to).orderBy('date', 'desc').orderBy('id', 'desc').execute(),
    latest(db),
  ]);
  return rows.map((r) => ({
    id: Number(r.id), ref: r.ref, date: r.date,
    starting_balance: toDollars(r.starting_balance), ending_balance: toDollars(r.ending_balance),
    amount: toDollars(Number(r.ending_balance) - Number(r.starting_balance)),
    allow_delete: String(newest?.id) === String(r.id),
  }));
}

/** The reconciliations dated in a month, in ref order (GET /api/bankrec/reconcilerange); amount is the movement. */
export async function reconciliationsInMonth(db: Db, year: number, month: number): Promise<RefInMonth[]> {
  const { first, next } = monthBounds(year, month);
  const rows = await db.selectFrom('reconciliation').select(['id', 'ref', 'date', 'starting_balance', 'ending_balance']).where('date', '>=', first).where('date', '<', next).orderBy('ref').execute();
  return rows.map((r) => ({ ref: r.ref, id: Number(r.id), date: r.date, amount: toDollars(Number(r.ending_balance) - Number(r.starting_balance)) }));
}

/**
 * A reconciliation adjustment (spec 3 §4, §5): two balancing transactions through the ledger on
 * the suspense party, the first for the amount (the screen ticks it so the statement balances),
 * the second its opposite, left unreconciled until the bank corrects the difference. The positive
 * one posts first so the suspense ledger never goes below zero between them.
 */
export async function addAdjustment(trx: Db, userId: string, input: AdjustmentInput, today: string): Promise<{ in: PostedTxn & { key: string }; out: PostedTxn & { key: string } }> {
  const last = await latest(trx);
  const date = input.date!;
  if (last && date < last.date) throw badRequest(`Date must be on or after the last reconciliation (${last.date})`, { errors: [{ path: 'date', msg: `Date must be on or after ${last.date}` }] });
  if (date > today) throw badRequest(`Date cannot be after today (${today})`, { errors: [{ path: 'date', msg: 'Date cannot be after today' }] });
  await ensureSuspense(trx);
  const cents = toCents(input.amount!);
  const draft = (amount: number, memo: string) => ({
    kind: 'ADJUSTMENT' as const, date, memo, source: 'BANKREC',
    postings: [{ entity: SUSPENSE.entity, door: null, accountId: SUSPENSE.account, amount, description: memo }],
    cashbook: [{ date, method: 'EFT' as const, amount, payer: amount > 0 ? input.detail : null, payee: amount < 0 ? input.detail : null }],
  });
  const ticked = draft(cents, `Bank adjustment: ${input.detail}`);
  const open = draft(-cents, `Bank adjustment reversal (until corrected): ${input.detail}`);
  const posted = await postTxns(trx, userId, cents > 0 ? [ticked, open] : [open, ticked]);
  const [first, second] = cents > 0 ? posted : [posted[1]!, posted[0]!];
  const keyOf = async (p: PostedTxn) => lineKey((await trx.selectFrom('cashbook').select('id').where('txn_id', '=', String(p.id)).executeTakeFirstOrThrow()).id);
  return { in: { ...first!, key: await keyOf(first!) }, out: { ...second!, key: await keyOf(second!) } };
}

/** The reconciliation report (PDF): as at its date, as it stood when completed. */
export async function reportBytes(db: Db, companyName: string, id: number): Promise<Uint8Array> {
  return reconciliationReportPdf(await readLetterhead(db, companyName), await readReconciliationReport(db, id), new Date());
}

/** What a reconciliation report shows: the items it cleared, those outstanding at its date, and the three-way figures then. */
export async function readReconciliationReport(db: Db, id: number): Promise<ReconciliationReport> {
  const rec = await db.selectFrom('reconciliation').selectAll().where('id', '=', String(id)).executeTakeFirst();
  if (!rec) throw notFound(`Reconciliation ${id} not found`);
  const lines = await db
    .selectFrom('cashbook as c')
    .innerJoin('txn as t', 't.id', 'c.txn_id')
    .leftJoin('reconcile_item as r', 'r.cashbook_id', 'c.id')
    .leftJoin('deposit_item as d', 'd.cashbook_id', 'c.id')
    .select(['c.id', 'c.date', 't.ref', 't.kind', 'c.amount', 'r.reconciliation_id', 'd.banking_ref', sql<string>`coalesce(nullif(c.payee, ''), nullif(c.payer, ''), t.memo)`.as('details')])
    .where('c.date', '<=', rec.date)
    .where((eb) => eb.or([eb('r.reconciliation_id', 'is', null), eb('r.reconciliation_id', '>=', rec.id)]))
    .orderBy('c.date')
    .orderBy('c.id')
    .execute();
  // Lines of one deposit are one item; receipts not banked yet are outstanding deposits too.
  const group = (rows: typeof lines) => {
    const out = new Map<string, { date: string; ref: string; type: string; details: string; amount: number }>();
    for (const l of rows) {
      const key = l.banking_ref ?? lineKey(l.id);
      const cur = out.get(key);
      if (cur) cur.amount += Number(l.amount);
      else out.set(key, l.banking_ref ? { date: l.date, ref: l.banking_ref, type: 'DEPOSIT', details: 'Deposit', amount: Number(l.amount) } : { date: l.date, ref: l.ref, type: l.kind, details: l.details ?? '', amount: Number(l.amount) });
    }
    return [...out.values()];
  };
  const cleared = group(lines.filter((l) => String(l.reconciliation_id) === String(rec.id)));
  const outstanding = group(lines.filter((l) => l.reconciliation_id === null || Number(l.reconciliation_id) > Number(rec.id))).filter((o) => o.amount !== 0);
  const position = await trustPosition(db, rec.date);
  const bank = await db.selectFrom('control_setting').select(['key', 'value']).where('key', 'in', ['bank_account_name', 'bank_bsb', 'bank_account_number']).execute();
  const setting = (k: string) => String(bank.find((b) => b.key === k)?.value ?? '');
  return {
    ref: rec.ref, date: rec.date,
    bankAccount: [setting('bank_account_name'), setting('bank_bsb') && `BSB ${setting('bank_bsb')}`, setting('bank_account_number') && `Account ${setting('bank_account_number')}`].filter(Boolean).join('  '),
    startingBalance: Number(rec.starting_balance), endingBalance: Number(rec.ending_balance),
    cleared, outstanding, cashbook: position.cashbook, ledgers: position.ledgers,
  };
}

export type { BankItemRow };
