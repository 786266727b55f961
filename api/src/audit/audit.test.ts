import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { booksCompany, post, reverseOn } from '../balances/books-fixture.js';
import { unbankedReceipts } from '../balances/bank-side.js';
import { healthColour } from '../contracts/audit.js';
import { jsonb } from '../db/open.js';
import type { CompanyTables } from '../db/schema.js';
import { type TestApi, startTestApi } from '../testing/test-api.js';
import { insertUser } from '../testing/users.js';
import { health } from './audit.js';
import { runChecks } from './checks.js';

/**
 * AUDITCO (open period October 2026): R1 02/10 OWNSMITH 101 +1000 (EFT), R2 03/10 TENBROWN +500
 * (CASH, banked), P1 10/10 OWNSMITH 101 −300, charge CHG1 04/10 pending. Today is after November
 * 2026, so R1 is unbanked for more than 3 days and CHG1 is past its date.
 */
let api: TestApi;
let db: Kysely<CompanyTables>;
const CO = { database: 'AUDITCO' };
const any = () => db as unknown as Kysely<any>;
type Row = { type: string; description: string; link_path: string | null; link_key: string | null; source: string; memo: string | null };
const audit = async () => {
  const res = await api.call('GET', '/api/control/audit?full=true', CO);
  expect(res.status).toBe(200);
  return res.body as { data: Row[]; _critical: number; message: string };
};
const ofType = (rows: Row[], type: string) => rows.filter((r) => r.type === type);

beforeAll(async () => {
  api = await startTestApi();
  db = await booksCompany(api, 'AUDITCO');
  await post(db, 'RECEIPT', '2026-10-02', [['OWNSMITH', '101', 'OWNFUNDS', 100_000]], [['CHQ', 100_000]]);
  const r2 = await post(db, 'RECEIPT', '2026-10-03', [['TENBROWN', null, 'RENT', 50_000]], [['CASH', 50_000]]);
  await post(db, 'PAYMENT', '2026-10-10', [['OWNSMITH', '101', 'DISBURSE', -30_000]], [['EFT', -30_000]]);
  const charge = await db.insertInto('charge').values({
    ref: 'CHG1', date: '2026-10-04', payer_type: 'OWNER', entity: 'OWNSMITH', door: '101', recipient_type: 'SUPPLIER', recipient: 'SUPCLEAN', memo: 'Clean', user_id: 'TESTER',
  }).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('charge_item').values({ charge_id: charge.id, account_id: 'CLEAN', recipient_entity: 'SUPCLEAN', door: '101', description: 'Clean', amount: 8_000 }).execute();
  // R2 banked by daily banking (the cash-book module's tables).
  const line = await db.selectFrom('cashbook').select('id').where('txn_id', '=', String(r2.id)).executeTakeFirstOrThrow();
  await any().insertInto('deposit').values({ banking_ref: '1', date: '2026-10-04', method: 'CASH', amount: 50_000, user_id: 'TESTER' }).execute();
  await any().insertInto('deposit_item').values({ cashbook_id: line.id, banking_ref: '1' }).execute();
});
afterAll(() => api.close());

describe('GET /api/control/audit?full=true and GET /api/task', () => {
  it('stores a task per finding with its severity and link, and lists them', async () => {
    const result = await audit();
    expect(result._critical).toBe(0);
    expect(result.message).toBe('Audit complete!');
    expect(ofType(result.data, 'CRITICAL')).toEqual([]);
    expect(ofType(result.data, 'INBALANCE')).toEqual([]);
    const important = ofType(result.data, 'IMPORTANT');
    expect(important).toHaveLength(3);
    expect(important).toContainEqual(expect.objectContaining({ link_path: '/management/transactions/chargerelease', link_key: 'CHG1', source: 'AUDIT', description: expect.stringContaining('Charge CHG1 of 2026-10-04 payable by OWNSMITH door 101 ($80.00) is still pending') }));
    expect(important).toContainEqual(expect.objectContaining({ link_path: '/management/daily/banking', link_key: '1', description: expect.stringMatching(/^RECEIPT 1 of 2026-10-02 \(CHQ \$1,000\.00\) has not been banked for \d+ days$/) }));
    expect(important).toContainEqual(expect.objectContaining({ link_path: '/management/daily/reconcile', description: 'The trust bank account has never been reconciled (first cash book entry 2026-10-02)' }));
    // R2 was banked: not listed.
    expect(result.data.some((r) => r.description.startsWith('RECEIPT 2 '))).toBe(false);
    const listed = await api.call('GET', '/api/task', CO);
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((r: Row) => r.description)).toEqual(result.data.map((r) => r.description));
  });

  it('replaces the previous run instead of adding to it', async () => {
    const first = await audit();
    const second = await audit();
    expect(second.data.length).toBe(first.data.length);
    expect(Number((await db.selectFrom('task').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n)).toBe(first.data.length);
  });

  it('flags receipts unbanked more than 3 days and reconciliations older than 7 days by the date given', async () => {
    const early = await runChecks(db, '2026-10-05', { full: false });
    expect(early.findings.filter((f) => f.link_path === '/management/daily/banking')).toEqual([]);
    const later = await runChecks(db, '2026-10-06', { full: false });
    expect(later.findings.filter((f) => f.link_path === '/management/daily/banking').map((f) => f.link_key)).toEqual(['1']);
    expect(early.findings.some((f) => f.description.includes('never been reconciled'))).toBe(false);
    expect(later.findings.filter((f) => f.description.includes('never been reconciled'))).toHaveLength(0);
    expect((await runChecks(db, '2026-10-10', { full: false })).findings.some((f) => f.description.includes('never been reconciled'))).toBe(true);
  });

  it('reports a kept balance that drifted from its postings as INBALANCE, twice over', async () => {
    await db.updateTable('ledger_balance').set({ balance: sql`balance + 5` }).where('entity', '=', 'OWNSMITH').where('door', '=', '101').execute();
    try {
      const result = await audit();
      const inbalance = ofType(result.data, 'INBALANCE');
      expect(inbalance).toContainEqual(expect.objectContaining({ link_path: '/accounts/owners', link_key: 'OWNSMITH', description: 'Ledger balance of OWNSMITH door 101 is $700.05 but its postings sum to $700.00' }));
      expect(inbalance).toContainEqual(expect.objectContaining({ link_path: '/management/daily/reconcile', description: 'Cash book $1,200.00 does not equal the sum of the ledger balances $1,200.05 (difference -$0.05)' }));
      expect(inbalance).toHaveLength(2);
      const health = await api.call('GET', '/api/control/health', CO);
      expect(health.body.data.inbalanceTasks).toBe(2);
    } finally {
      await db.updateTable('ledger_balance').set({ balance: sql`balance - 5` }).where('entity', '=', 'OWNSMITH').where('door', '=', '101').execute();
    }
    expect(ofType((await audit()).data, 'INBALANCE')).toEqual([]);
  });

  it('reports a ledger below zero as CRITICAL and keeps every date it stood below zero after it recovers', async () => {
    const r3 = await post(db, 'RECEIPT', '2026-10-14', [['SUPCLEAN', null, 'CLEAN', 8_000]], [['EFT', 8_000]]);
    await post(db, 'PAYMENT', '2026-10-15', [['SUPCLEAN', null, 'CLEAN', -8_000]], [['EFT', -8_000]]);
    await reverseOn(db, r3.id, '2026-10-20');
    const bad = await audit();
    expect(bad._critical).toBe(1);
    expect(ofType(bad.data, 'CRITICAL')).toEqual([expect.objectContaining({ description: 'SUPPLIER SUPCLEAN is overdrawn: -$80.00', link_path: '/accounts/suppliers', link_key: 'SUPCLEAN' })]);
    expect(bad.data[0]!.type).toBe('CRITICAL');
    const health = (await api.call('GET', '/api/control/health', CO)).body.data;
    expect(health.criticalTasks).toBe(1);
    expect(healthColour(health)).toBe('red');

    await post(db, 'RECEIPT', '2026-10-25', [['SUPCLEAN', null, 'CLEAN', 10_000]], [['EFT', 10_000]]);
    const recovered = await audit();
    expect(recovered._critical).toBe(0);
    expect(ofType(recovered.data, 'WARNING')).toEqual([expect.objectContaining({ description: 'SUPCLEAN closed 2026-10-20 below zero: -$80.00', link_key: 'SUPCLEAN' })]);
    await audit();
    const occurrences = await api.call('GET', '/api/control/debitoccurrences', CO);
    expect(occurrences.status).toBe(200);
    expect(occurrences.body.data).toEqual([expect.objectContaining({ entity: 'SUPCLEAN', door: '', date: '2026-10-20', balance: -80 })]);
    // Permanent: the table refuses changes.
    await expect(db.deleteFrom('ledger_debit_occurrence').execute()).rejects.toThrow(/permanent/);
  });

  it("records an owner's door and total below zero separately", async () => {
    const r = await post(db, 'RECEIPT', '2026-10-16', [['OWNJONES', '201', 'OWNFUNDS', 5_000]], [['EFT', 5_000]]);
    await post(db, 'PAYMENT', '2026-10-17', [['OWNJONES', '201', 'DISBURSE', -5_000]], [['EFT', -5_000]]);
    await reverseOn(db, r.id, '2026-10-18');
    await post(db, 'RECEIPT', '2026-10-19', [['OWNJONES', '201', 'OWNFUNDS', 5_000]], [['EFT', 5_000]]);
    await audit();
    const rows = (await api.call('GET', '/api/control/debitoccurrences', CO)).body.data.filter((o: { entity: string }) => o.entity === 'OWNJONES');
    expect(rows).toEqual([
      expect.objectContaining({ door: '201', date: '2026-10-18', balance: -50 }),
      expect.objectContaining({ door: null, date: '2026-10-18', balance: -50 }),
    ]);
  });

  it('is refused to other users during month end, and needs p_daily_task', async () => {
    const before = (await api.call('GET', '/api/task', CO)).body.data.length;
    await db.insertInto('control_setting').values([{ key: 'monthend_lock_uuid', value: jsonb('lock-1') }, { key: 'monthend_lock_user', value: jsonb('SOMEONE') }]).execute();
    try {
      expect((await api.call('GET', '/api/control/audit?full=true', CO)).status).toBe(423);
    } finally {
      await db.deleteFrom('control_setting').where('key', 'in', ['monthend_lock_uuid', 'monthend_lock_user']).execute();
    }
    expect((await api.call('GET', '/api/task', CO)).body.data.length).toBe(before);

    await insertUser(api.db, { id: 'CLERK', name: 'Clerk', password: 'clerk-pass-1', companies: { AUDITCO: { p_accounting: true } } });
    const token = await api.signIn('clerk', 'clerk-pass-1');
    expect((await api.call('GET', '/api/control/audit?full=true', { ...CO, token })).status).toBe(403);
    expect((await api.call('GET', '/api/task', { ...CO, token })).status).toBe(403);
    expect((await api.call('GET', '/api/ledger/trialbalance', { ...CO, token })).status).toBe(403);
    expect((await api.call('GET', '/api/control/health', { ...CO, token })).status).toBe(200);
    expect((await api.call('GET', '/api/control/audit?full=maybe', CO)).status).toBe(400);
  });
});

describe('GET /api/control/health', () => {
  it('counts the stored tasks and answers the ages', async () => {
    await audit();
    const res = await api.call('GET', '/api/control/health', CO);
    expect(res.status).toBe(200);
    const h = res.body.data;
    expect(h).toMatchObject({ criticalTasks: 0, inbalanceTasks: 0, syncAge: 0, recAge: null, lastBanking: '2026-10-04', lastReconcile: null });
    expect(h.importantTasks).toBeGreaterThanOrEqual(3);
    expect(h.bankAge).toBeGreaterThan(40);
    expect(healthColour(h)).toBe('amber');
  });

  it("counts the sync's age from its day in the company's zone: a sync at 13:30 UTC is today in Sydney the next morning", async () => {
    const settings = { gp_host: 'booking.example', last_sync_date: '2026-11-26T13:30:00.000Z' };
    await db.insertInto('control_setting').values(Object.entries(settings).map(([key, value]) => ({ key, value: jsonb(value) })))
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: (eb) => eb.ref('excluded.value') })).execute();
    try {
      expect((await health(db, '2026-11-27')).syncAge).toBe(0);
      expect((await health(db, '2026-11-28')).syncAge).toBe(1);
    } finally {
      await db.deleteFrom('control_setting').where('key', 'in', Object.keys(settings)).execute();
    }
  });

  it('uses the newest reconciliation for the three-way bank side and its age', async () => {
    const rec = await any().insertInto('reconciliation').values({ ref: '1', date: '2026-10-12', starting_balance: 0, ending_balance: 120_000, user_id: 'TESTER' }).returning('id').executeTakeFirstOrThrow();
    const lines = await db.selectFrom('cashbook').select(['id', 'date']).where('date', '<=', '2026-10-10').execute();
    await any().insertInto('reconcile_item').values(lines.map((l) => ({ cashbook_id: l.id, reconciliation_id: rec.id }))).execute();
    const three = (await api.call('GET', '/api/control/3waybalance', CO)).body.data;
    expect(three).toMatchObject({ basis: 'RECONCILIATION', lastReconcile: '2026-10-12', zeroBalance: true, balance: 0 });
    expect(three.bank).toBe(three.cashbook);
    expect(three.recAge).toBeGreaterThan(30);
    const findings = (await runChecks(db, '2026-10-19', { full: false })).findings;
    expect(findings.some((f) => f.description.includes('last reconciled'))).toBe(false);
    const late = (await runChecks(db, '2026-10-20', { full: false })).findings;
    expect(late).toContainEqual(expect.objectContaining({ type: 'IMPORTANT', link_path: '/management/daily/reconcile', description: 'The trust bank account was last reconciled 2026-10-12, 8 days ago' }));
    // A wrong statement balance shows as a non-zero three-way balance.
    await any().updateTable('reconciliation').set({ ending_balance: 119_000 }).where('id', '=', rec.id).execute();
    expect((await api.call('GET', '/api/control/3waybalance', CO)).body.data).toMatchObject({ balance: -10, zeroBalance: false });
  });
});

describe('books the audit must catch', () => {
  it('reports a txn that does not balance against the bank (inserted behind the engine, as corruption would)', async () => {
    const bad = await booksCompany(api, 'BADBOOKS');
    await post(bad, 'RECEIPT', '2026-10-02', [['OWNSMITH', '101', 'OWNFUNDS', 10_000]], [['EFT', 10_000]]);
    const txn = await bad.insertInto('txn').values({ kind: 'JOURNAL', ref: '99', date: '2026-10-03', year: 2026, month: 10, user_id: 'CORRUPT' }).returning('id').executeTakeFirstOrThrow();
    await bad.insertInto('posting').values({ txn_id: txn.id, entity: 'BUSINESS', door: null, account_id: 'COMMISS', amount: 1_000 }).execute();
    const res = await api.call('GET', '/api/control/audit?full=true', { database: 'BADBOOKS' });
    const inbalance = ofType(res.body.data, 'INBALANCE');
    expect(inbalance).toContainEqual(expect.objectContaining({ description: 'JOURNAL 99 of 2026-10-03 does not balance against the bank (ledger lines and cash lines differ)', link_path: '/management/transactions/journals', link_key: '99' }));
    expect(inbalance).toContainEqual(expect.objectContaining({ description: 'Cash book $100.00 does not equal the sum of the ledger postings $110.00 (difference -$10.00)' }));
    expect(inbalance).toContainEqual(expect.objectContaining({ link_key: 'BUSINESS', link_path: '/accounts/business' }));
  });

  it('treats a company without the deposit tables as nothing banked', async () => {
    const nodep = await booksCompany(api, 'NODEP');
    await post(nodep, 'RECEIPT', '2026-10-02', [['OWNSMITH', '101', 'OWNFUNDS', 10_000]], [['CASH', 10_000]]);
    await sql`drop table if exists ${sql.table('co_nodep.deposit_item')}`.execute(api.db.root);
    await sql`drop table if exists ${sql.table('co_nodep.reconcile_item')}`.execute(api.db.root);
    expect((await unbankedReceipts(nodep)).map((r) => r.ref)).toEqual(['1']);
    const res = await api.call('GET', '/api/control/audit?full=true', { database: 'NODEP' });
    expect(res.status).toBe(200);
    expect(res.body.data).toContainEqual(expect.objectContaining({ link_path: '/management/daily/banking', link_key: '1' }));
  });
});
