import type { Kysely } from 'kysely';
import type { CompanyTables } from '../db/schema.js';
import { trialBalanceRows } from './ledger-export.js';

type Db = Kysely<CompanyTables>;

/**
 * The books as an hledger journal (issue 12 'auditor's pack'), so an auditor's own double-entry
 * tool can check them: a ledger amount is money held for the party, a liability of the trust
 * (liabilities:trust:PARTY:DOOR:ACCOUNT, '-' for no door); a cash line is money in the trust
 * bank account, an asset (assets:trust:bank). Every txn balances (design/ledger.md), so
 * `hledger check` accepts the journal and its balances at any date are our trial balance's.
 */
export const ledgerAccount = (party: string, door: string | null, account: string) => ['liabilities', 'trust', party, door || '-', account].join(':');
export const BANK_ACCOUNT = 'assets:trust:bank';
/** Where a difference between the ledgers and the cash book at the start would show (never, in balanced books). */
const OPENING_DIFFERENCE = 'equity:opening difference';

/** Cents as hledger's amount text. */
const amount = (cents: number) => `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')} AUD`;

/** A description on one line, without hledger's comment and field separators. */
const description = (text: string) => text.replace(/[\r\n\t;|]+/g, ' ').replace(/\s{2,}/g, ' ').trim().slice(0, 120);

const dayBefore = (iso: string) => new Date(Date.parse(`${iso}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/** Txns per page: one page of postings and cash lines in memory at a time. */
const PAGE = 2000;

/**
 * The journal of from..to: the balances carried in at the start (the trial balance the day before
 * `from`) as one opening entry, then every txn dated in the range with its postings and cash
 * lines, in date and posting order, read a page of txns at a time.
 */
export async function hledgerJournal(db: Db, from: string, to: string, heading: string): Promise<string> {
  const parts: string[] = [`; ${description(heading)}\n; Amounts in AUD. Ledgers: liabilities:trust:PARTY:DOOR:ACCOUNT; trust bank account: ${BANK_ACCOUNT}.\n\ncommodity 1,000.00 AUD\n`];
  const opening = await trialBalanceRows(db, dayBefore(from));
  if (opening.rows.length || opening.cashbook) {
    const lines = opening.rows.map((r) => [ledgerAccount(r.code, r.door, r.account), -r.cents] as const);
    lines.push([BANK_ACCOUNT, opening.cashbook]);
    if (opening.cashbook !== opening.ledgers) lines.push([OPENING_DIFFERENCE, opening.ledgers - opening.cashbook]);
    parts.push(entry(from, 'Opening balances', lines));
  }
  let after: { date: string; id: string } | null = null;
  for (;;) {
    let q = db.selectFrom('txn').select(['id', 'date', 'ref', 'kind', 'memo']).where('date', '>=', from).where('date', '<=', to);
    if (after) {
      const a: { date: string; id: string } = after;
      q = q.where((eb) => eb.or([eb('date', '>', a.date), eb.and([eb('date', '=', a.date), eb('id', '>', a.id)])]));
    }
    const txns = await q.orderBy('date').orderBy('id').limit(PAGE).execute();
    if (!txns.length) break;
    after = { date: txns.at(-1)!.date, id: String(txns.at(-1)!.id) };
    const ids = txns.map((t) => t.id);
    const [postings, cash] = await Promise.all([
      db.selectFrom('posting').select(['txn_id', 'entity', 'door', 'account_id', 'amount']).where('txn_id', 'in', ids).orderBy('id').execute(),
      db.selectFrom('cashbook').select(['txn_id', 'amount']).where('txn_id', 'in', ids).orderBy('id').execute(),
    ]);
    const lines = new Map<string, [string, number][]>();
    const add = (id: string, line: [string, number]) => lines.set(id, [...(lines.get(id) ?? []), line]);
    for (const p of postings) add(String(p.txn_id), [ledgerAccount(p.entity, p.door, p.account_id), -Number(p.amount)]);
    for (const c of cash) add(String(c.txn_id), [BANK_ACCOUNT, Number(c.amount)]);
    for (const t of txns) parts.push(entry(t.date, `${t.kind} ${t.ref}${t.memo ? ` | ${description(t.memo)}` : ''}`, lines.get(String(t.id)) ?? []));
    if (txns.length < PAGE) break;
  }
  return parts.join('\n');
}

function entry(date: string, text: string, lines: readonly (readonly [string, number])[]): string {
  return `${date} ${description(text)}\n${lines.map(([account, cents]) => `    ${account}  ${amount(cents)}`).join('\n')}\n`;
}
