import { type Kysely, sql } from 'kysely';
import { type TaskSeverity, UNBANKED_DAYS, UNRECONCILED_DAYS } from '../contracts/audit.js';
import type { CompanyTables } from '../db/schema.js';
import { openPeriod } from '../ledger/ledger.js';
import { balanceDrift, trustPosition, unbalancedTxns } from '../ledger/trust-position.js';
import { daysBetween, reconciledPosition, unbankedReceipts } from '../balances/bank-side.js';
import { keptLedgers } from '../balances/dashboard.js';
import { formatCents } from '../money/cents.js';
import { closedPeriodFindings } from './closed-periods.js';
import { heldInSuspense } from '../bankrec/suspense.js';

type Db = Kysely<CompanyTables>;

/** One audit finding, stored as a task row. */
export interface Finding {
  type: TaskSeverity;
  description: string;
  source: string;
  link_path: string | null;
  link_key: string | null;
  memo: string | null;
}

/** A date a ledger closed below zero (cents); door null = an owner's total across doors. */
export interface DebitRow {
  entity: string;
  door: string | null;
  date: string;
  balance: number;
  txn_id: number;
}

export const LINKS = {
  reconcile: '/management/daily/reconcile',
  banking: '/management/daily/banking',
  chargeRelease: '/management/transactions/chargerelease',
  task: '/management/daily/task',
} as const;

const ENTITY_PATHS: Record<string, string> = {
  BUSINESS: '/accounts/business',
  OWNER: '/accounts/owners',
  SUPPLIER: '/accounts/suppliers',
  TENANT: '/accounts/tenant',
};
/** The screen listing a party of this type (its code is the link key). */
export const entityPath = (type: string) => ENTITY_PATHS[type] ?? '/accounts/owners';

const TXN_PATHS: Record<string, string> = {
  RECEIPT: '/management/transactions/receipts',
  PAYMENT: '/management/transactions/payments',
  JOURNAL: '/management/transactions/journals',
};


const ledgerName = (entity: string, door: string | null) => (door === null ? `${entity} (all doors)` : door ? `${entity} door ${door}` : entity);

const finding = (type: TaskSeverity, description: string, link_path: string | null = null, link_key: string | null = null, memo: string | null = null): Finding =>
  ({ type, description, source: 'AUDIT', link_path, link_key, memo });

/**
 * Every date on which a ledger (a balance row: party and owner's door) or an owner's total closed
 * below zero, from the running balance of its postings by txn date. txn_id is the last txn of
 * that date touching the ledger.
 */
export async function debitHistory(db: Db): Promise<DebitRow[]> {
  const any = db as unknown as Kysely<any>;
  const daily = (perDoor: boolean) =>
    any
      .selectFrom('posting as p')
      .innerJoin('txn as t', 't.id', 'p.txn_id')
      .innerJoin('entity as e', 'e.code', 'p.entity')
      .select([
        'p.entity as entity',
        (perDoor ? sql`case when e.type = 'OWNER' then coalesce(p.door, '') else '' end` : sql`null::text`).as('door'),
        't.date as date',
        sql`sum(p.amount)`.as('amount'),
        sql`max(t.id)`.as('txn_id'),
      ])
      .$if(!perDoor, (q) => q.where('e.type', '=', 'OWNER'))
      .groupBy(['p.entity', sql`2`, 't.date']);
  const below = (perDoor: boolean) =>
    any
      .with('daily', () => daily(perDoor))
      .with('running', (qc) =>
        qc.selectFrom('daily').select(['entity', 'door', 'date', 'txn_id', sql`sum(amount) over (partition by entity, door order by date)`.as('balance')]),
      )
      .selectFrom('running')
      .selectAll()
      .where('balance', '<', 0)
      .orderBy('entity')
      .orderBy('door')
      .orderBy('date')
      .execute() as Promise<{ entity: string; door: string | null; date: string; txn_id: string; balance: string }[]>;
  const [doors, totals] = await Promise.all([below(true), below(false)]);
  return [...doors, ...totals].map((r) => ({ entity: r.entity, door: r.door, date: r.date, balance: Number(r.balance), txn_id: Number(r.txn_id) }));
}

export interface AuditOutcome {
  findings: Finding[];
  /** Debit occurrences found by the history scan (full audit only), to be recorded permanently. */
  debits: DebitRow[] | null;
}

/**
 * Runs the checks (read-only). Call outside a database transaction: the bank-side reads treat a
 * missing cash-book table as "nothing banked", which would abort a transaction on PostgreSQL.
 */
export async function runChecks(db: Db, today: string, options: { full: boolean }): Promise<AuditOutcome> {
  const findings: Finding[] = [];
  const types = new Map((await db.selectFrom('entity').select(['code', 'type']).execute()).map((e) => [e.code, e.type]));
  const typeOf = (code: string) => types.get(code) ?? '';

  // 1. Trust position: cashbook = sum of posted ledgers = sum of kept ledger balances.
  const [position, kept] = await Promise.all([trustPosition(db), keptLedgers(db)]);
  if (position.cashbook !== position.ledgers) {
    findings.push(finding('INBALANCE', `Cash book ${formatCents(position.cashbook)} does not equal the sum of the ledger postings ${formatCents(position.ledgers)} (difference ${formatCents(position.cashbook - position.ledgers)})`, LINKS.reconcile));
  }
  if (position.cashbook !== kept) {
    findings.push(finding('INBALANCE', `Cash book ${formatCents(position.cashbook)} does not equal the sum of the ledger balances ${formatCents(kept)} (difference ${formatCents(position.cashbook - kept)})`, LINKS.reconcile));
  }

  // 2. Each kept balance equals the sum of its postings.
  for (const d of await balanceDrift(db)) {
    findings.push(finding('INBALANCE', `Ledger balance of ${ledgerName(d.entity, d.door)} is ${formatCents(d.kept)} but its postings sum to ${formatCents(d.posted)}`, entityPath(typeOf(d.entity)), d.entity, `Kept ${d.kept} cents, posted ${d.posted} cents, drift ${d.kept - d.posted} cents`));
  }

  // 3. Each txn balances against the bank.
  const unbalanced = await unbalancedTxns(db);
  if (unbalanced.length) {
    const txns = await db.selectFrom('txn').select(['id', 'kind', 'ref', 'date']).where('id', 'in', unbalanced.map(String)).orderBy('id').execute();
    for (const t of txns) {
      findings.push(finding('INBALANCE', `${t.kind} ${t.ref} of ${t.date} does not balance against the bank (ledger lines and cash lines differ)`, TXN_PATHS[t.kind] ?? null, t.ref, `txn id ${t.id}`));
    }
  }

  // 4. Ledgers below zero now (only a reversal may do this; the money already left).
  const negative = await db.selectFrom('ledger_balance').select(['entity', 'door', 'balance']).where('balance', '<', '0').orderBy('entity').orderBy('door').execute();
  for (const n of negative) {
    findings.push(finding('CRITICAL', `${typeOf(n.entity) || 'Ledger'} ${ledgerName(n.entity, n.door)} is overdrawn: ${formatCents(Number(n.balance))}`, entityPath(typeOf(n.entity)), n.entity));
  }

  // 4b. Money held on a door for someone who no longer owns it: it can be neither paid out nor
  // disbursed from the door, so it must be journaled to the owner's no-door ledger (issue 8 item 5).
  const stranded = await db.selectFrom('ledger_balance as b')
    .leftJoin('unit as u', 'u.door', 'b.door')
    .select(['b.entity', 'b.door', 'b.balance', 'u.entity as holder'])
    .where('b.door', '<>', '').where('b.balance', '<>', '0')
    .where((eb) => eb.or([eb('u.entity', 'is', null), eb('u.entity', '<>', eb.ref('b.entity'))]))
    .orderBy('b.entity').orderBy('b.door')
    .execute();
  for (const s of stranded) {
    const holder = s.holder ? `now belongs to ${s.holder}` : 'has no owner now';
    findings.push(finding('CRITICAL', `${ledgerName(s.entity, s.door)} holds ${formatCents(Number(s.balance))} on door ${s.door}, which ${holder}: journal it to ${s.entity}'s ledger without a door`, entityPath(typeOf(s.entity)), s.entity));
  }

  // 5. Every date a ledger closed below zero (full audit), recorded permanently by the caller.
  let debits: DebitRow[] | null = null;
  if (options.full) {
    debits = await debitHistory(db);
    const open = await openPeriod(db);
    const inPeriod = debits.filter((d) => d.date >= open.first);
    for (const d of inPeriod) {
      findings.push(finding('WARNING', `${ledgerName(d.entity, d.door)} closed ${d.date} below zero: ${formatCents(d.balance)}`, entityPath(typeOf(d.entity)), d.entity, `Recorded permanently as a ledger debit occurrence (txn id ${d.txn_id})`));
    }
    const earlier = debits.length - inPeriod.length;
    if (earlier > 0) {
      findings.push(finding('INFO', `${earlier} earlier date${earlier === 1 ? '' : 's'} on which a ledger closed below zero ${earlier === 1 ? 'is' : 'are'} recorded as ledger debit occurrences`, LINKS.task, null));
    }
  }

  // 6. Charges still pending after their date.
  const overdue = await db
    .selectFrom('charge as ch')
    .innerJoin('charge_item as ci', 'ci.charge_id', 'ch.id')
    .select(['ch.id', 'ch.ref', 'ch.date', 'ch.entity', 'ch.door', sql<string>`sum(ci.amount)`.as('amount')])
    .where('ch.status', '=', 'PENDING')
    .where('ch.date', '<', today)
    .groupBy(['ch.id', 'ch.ref', 'ch.date', 'ch.entity', 'ch.door'])
    .orderBy('ch.date')
    .orderBy('ch.id')
    .execute();
  for (const ch of overdue) {
    findings.push(finding('IMPORTANT', `Charge ${ch.ref} of ${ch.date} payable by ${ledgerName(ch.entity, ch.door ?? '')} (${formatCents(Number(ch.amount))}) is still pending`, LINKS.chargeRelease, ch.ref));
  }

  // 7. Receipts unbanked for more than UNBANKED_DAYS.
  for (const r of await unbankedReceipts(db)) {
    const age = daysBetween(r.date, today);
    if (age > UNBANKED_DAYS) {
      findings.push(finding('IMPORTANT', `${r.kind} ${r.ref} of ${r.date} (${r.method} ${formatCents(r.amount)}) has not been banked for ${age} days`, LINKS.banking, r.ref));
    }
  }

  // 8. Bank not reconciled for more than UNRECONCILED_DAYS.
  const rec = await reconciledPosition(db);
  if (rec) {
    const age = daysBetween(rec.date, today);
    if (age > UNRECONCILED_DAYS) findings.push(finding('IMPORTANT', `The trust bank account was last reconciled ${rec.date}, ${age} days ago`, LINKS.reconcile));
  } else {
    const first = await db.selectFrom('cashbook').select((eb) => eb.fn.min('date').as('date')).executeTakeFirst();
    const firstDate = first?.date as string | null | undefined;
    if (firstDate && daysBetween(firstDate, today) > UNRECONCILED_DAYS) {
      findings.push(finding('IMPORTANT', `The trust bank account has never been reconciled (first cash book entry ${firstDate})`, LINKS.reconcile));
    }
  }

  findings.push(...(await closedPeriodFindings(db)));
  // 9. Unidentified deposits held in SUSPENSE (issue 11): IMPORTANT after 7 days, CRITICAL after 30.
  for (const h of await heldInSuspense(db)) {
    const age = daysBetween(h.date, today);
    const type: TaskSeverity = age > 30 ? 'CRITICAL' : age > 7 ? 'IMPORTANT' : 'INFO';
    findings.push(finding(type, `Receipt ${h.ref} of ${h.date}: ${formatCents(h.amount)} unidentified in SUSPENSE for ${age} day${age === 1 ? '' : 's'}; clear it by a journal to the right owner or tenant`, TXN_PATHS.JOURNAL!, h.ref));
  }

  return { findings, debits };
}
