import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany } from '../companies/companies.js';
import { HOLD_REASONS } from '../contracts/disbursement.js';
import { jsonb, schemaNameFor } from '../db/open.js';
import type { CompanyTables } from '../db/schema.js';
import { postTxn } from '../ledger/ledger.js';
import { trustPosition } from '../ledger/trust-position.js';
import { addTestParties } from '../testing/parties.js';
import { type TestApi, startTestApi } from '../testing/test-api.js';
import { addAdminTo, insertUser } from '../testing/users.js';
import { splitByWeight } from './rows.js';
import { DEFAULT_TIME_ZONE, businessDay, dateInZone } from '../ledger/business-date.js';

type Db = Kysely<CompanyTables>;
let api: TestApi;
let run = 0;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const now = businessDay();
const TODAY = dateInZone(DEFAULT_TIME_ZONE);

/** A company of its own per test: the test parties, the trust account settings, and funds received. */
async function company(funds: [string, string | null, number][] = DEFAULT_FUNDS) {
  const code = `DISB${String(++run).padStart(4, '0')}`;
  await createCompany(api.db, {
    code, companyName: 'Seaside Lettings', year: now.getFullYear(), month: now.getMonth() + 1,
    settings: { bank_code: 'CBA', bank_account_name: 'Seaside Trust Account', bank_bsb: '062-000', bank_account_number: '12345678', bank_account_id: '301500' },
  });
  await addAdminTo(api.db, api.config.adminUser, code);
  const db = api.db.company(schemaNameFor(code));
  await addTestParties(db);
  for (const [entity, door, cents] of funds) await receive(db, entity, door, cents);
  const call = (method: string, path: string, body?: unknown) => api.call(method, path, { database: code, body });
  return { code, db, call };
}
const DEFAULT_FUNDS: [string, string | null, number][] = [
  ['OWNSMITH', '101', 100_000], ['OWNSMITH', '102', 50_000], ['OWNJONES', '201', 30_000],
  ['SUPCLEAN', null, 20_000], ['SUPPLUMB', null, 15_000], ['TENBROWN', null, 5_000],
];

function receive(db: Db, entity: string, door: string | null, cents: number) {
  return db.transaction().execute((trx) => postTxn(trx, 'TEST', {
    kind: 'RECEIPT', date: TODAY, memo: 'funds', postings: [{ entity, door, accountId: 'OWNFUNDS', amount: cents, description: 'funds' }],
    cashbook: [{ date: TODAY, method: 'EFT', amount: cents }],
  }));
}

let chargeNo = 0;
async function charge(db: Db, entity: string, door: string | null, cents: number, date = TODAY) {
  const row = await db.insertInto('charge').values({
    ref: `T${++chargeNo}`, date, payer_type: 'OWNER', entity, door, recipient_type: 'BUSINESS', recipient: 'BUSINESS', memo: 'Cleaning', user_id: 'TEST',
  }).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('charge_item').values({ charge_id: row.id, account_id: 'CLEAN', recipient_entity: 'BUSINESS', door, description: 'Cleaning', amount: cents }).execute();
}

const rowOf = (rows: any[], code: string) => rows.find((r) => r.code === code);

async function snapshot(db: Db) {
  const count = async (t: 'txn' | 'posting' | 'cashbook' | 'archive') => Number((await db.selectFrom(t).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
  return {
    txn: await count('txn'), posting: await count('posting'), cashbook: await count('cashbook'), archive: await count('archive'),
    balances: await db.selectFrom('ledger_balance').selectAll().orderBy('entity').orderBy('door').execute(),
    seq: await db.selectFrom('number_sequence').selectAll().where('kind', '=', 'DISBURSE').execute(),
  };
}

describe('splitting a payment over doors', () => {
  it('is proportional, exact to the cent and never above a door weight', () => {
    expect(splitByWeight(115_000, [80_000, 50_000])).toEqual([70_769, 44_231]);
    expect(splitByWeight(100, [1, 1, 1, 97])).toEqual([1, 1, 1, 97]);
    expect(splitByWeight(2, [1, 1, 1])).toEqual([1, 1, 0]);
    expect(splitByWeight(0, [5, 5])).toEqual([0, 0]);
    expect(() => splitByWeight(11, [5, 5])).toThrow();
  });
});

describe('GET /api/disburse: the preview', () => {
  it('answers a row per owner, supplier and business with funds, in dollars, and leaves tenants out', async () => {
    const { call } = await company();
    const res = await call('GET', '/api/disburse');
    expect(res.status).toBe(200);
    expect(res.body.data.map((r: any) => r.code)).toEqual(['OWNJONES', 'OWNSMITH', 'SUPCLEAN', 'SUPPLUMB']);
    expect(rowOf(res.body.data, 'OWNSMITH')).toMatchObject({
      type: 'OWNER', name: 'Jane Smith', doors: ['101', '102'], bank_bsb: '062-001', bank_account_number: '11112222', disburse_method: 'EFT',
      funds: 1500, hold_always: 0, hold_this_month: 0, hold: 0, pending: 0, charge_release_override: false, imminent: 0, release: 0,
      disburse: 1500, disburse_allowed: true, hold_reason: null,
      door_array: [{ door: '101', funds: 1000, pending: 0, disburse: 1000 }, { door: '102', funds: 500, pending: 0, disburse: 500 }],
      disburse_array: [{ door: '101', amount: 1000 }, { door: '102', amount: 500 }],
    });
    expect(rowOf(res.body.data, 'SUPCLEAN')).toMatchObject({ funds: 200, disburse: 200, door_array: [], disburse_array: [{ door: null, amount: 200 }] });
    // Spec 2 §4 'Holds': not paid by EFT, so held automatically; cheques are written from Payments.
    expect(rowOf(res.body.data, 'SUPPLUMB')).toMatchObject({ disburse_method: 'CHEQUE', funds: 150, disburse: 0, disburse_allowed: false, hold_reason: HOLD_REASONS.CHEQUE });
  });

  it('keeps back holds and pending charges (not with the charge release override), floored at zero, split per door by what each door has left', async () => {
    const { db, call } = await company();
    await db.updateTable('entity').set({ hold_always: 10_000, hold_always_reason: 'Reserve', hold_this_month: 5_000, hold_this_month_reason: 'Rates due' }).where('code', '=', 'OWNSMITH').execute();
    await charge(db, 'OWNSMITH', '101', 20_000);
    await charge(db, 'OWNSMITH', '102', 70_000, '2099-01-01'); // far in the future: pending, not imminent, not covered after the first
    let row = rowOf((await call('GET', '/api/disburse')).body.data, 'OWNSMITH');
    expect(row).toMatchObject({ funds: 1500, hold: 150, hold_always: 100, hold_this_month: 50, hold_always_reason: 'Reserve', pending: 900, imminent: 200, release: 900 });
    expect(row.disburse).toBe(1500 - 900 - 150);
    // door 101 has 1000 - 200 left, door 102 has 500 - 700 → nothing: all from 101
    expect(row.door_array).toEqual([{ door: '101', funds: 1000, pending: 200, disburse: 450 }, { door: '102', funds: 500, pending: 700, disburse: 0 }]);
    expect(row.disburse_array).toEqual([{ door: '101', amount: 450 }]);

    await db.updateTable('entity').set({ charge_release_override: true }).where('code', '=', 'OWNSMITH').execute();
    row = rowOf((await call('GET', '/api/disburse')).body.data, 'OWNSMITH');
    expect(row).toMatchObject({ pending: 900, charge_release_override: true, disburse: 1350 });
    expect(row.door_array.map((d: any) => d.disburse)).toEqual([900, 450]);

    await db.updateTable('entity').set({ charge_release_override: false, hold_this_month: 200_000 }).where('code', '=', 'OWNSMITH').execute();
    row = rowOf((await call('GET', '/api/disburse')).body.data, 'OWNSMITH');
    expect(row).toMatchObject({ disburse: 0, disburse_allowed: true, disburse_array: [] });
  });

  it('release covers whole charges in date order and stops at the first the funds do not cover', async () => {
    const { db, call } = await company();
    await charge(db, 'OWNJONES', '201', 10_000, '2000-01-01');
    await charge(db, 'OWNJONES', '201', 25_000, '2000-01-02');
    await charge(db, 'OWNJONES', '201', 1_000, '2000-01-03');
    const row = rowOf((await call('GET', '/api/disburse')).body.data, 'OWNJONES');
    expect(row).toMatchObject({ funds: 300, pending: 360, imminent: 360, release: 100, disburse: 0 });
  });

  it('holds everything for method HOLD and for EFT without a valid bank account, saying why', async () => {
    const { db, call } = await company();
    await db.updateTable('entity').set({ disburse_method: 'HOLD' }).where('code', '=', 'OWNJONES').execute();
    await db.updateTable('entity').set({ bank_bsb: null }).where('code', '=', 'SUPCLEAN').execute();
    await db.updateTable('entity').set({ bank_account_number: '1234567890' }).where('code', '=', 'OWNSMITH').execute();
    const rows = (await call('GET', '/api/disburse')).body.data;
    expect(rowOf(rows, 'OWNJONES')).toMatchObject({ disburse_allowed: false, hold_reason: HOLD_REASONS.HOLD, disburse: 0, funds: 300 });
    expect(rowOf(rows, 'SUPCLEAN')).toMatchObject({ disburse_allowed: false, hold_reason: 'Invalid Bank Account - Funds Held', disburse: 0 });
    expect(rowOf(rows, 'OWNSMITH')).toMatchObject({ disburse_allowed: false, hold_reason: 'Invalid Bank Account - Funds Held' });
    expect(rowOf(rows, 'SUPPLUMB')).toMatchObject({ disburse_allowed: false, hold_reason: HOLD_REASONS.CHEQUE }); // held whatever its bank account
  });

  it('needs p_entry_disbursement to preview and to post; month end locks posting for others', async () => {
    const { code, db, call } = await company();
    await insertUser(api.db, { id: `CLERK${run}`, name: 'Clerk', password: 'clerk-pass-1', companies: { [code]: { p_accounting: true } } });
    const token = await api.signIn(`CLERK${run}`, 'clerk-pass-1');
    expect((await api.call('GET', '/api/disburse', { database: code, token })).status).toBe(403);
    expect((await api.call('POST', '/api/disburse', { database: code, token, body: [{ code: 'SUPCLEAN', disburse: 200 }] })).status).toBe(403);
    expect((await api.call('GET', '/api/disburse', { database: code, token: 'not-a-token' })).status).toBe(401);

    const before = await snapshot(db);
    await db.insertInto('control_setting').values([{ key: 'monthend_lock_uuid', value: jsonb('lock-1') }, { key: 'monthend_lock_user', value: jsonb('SOMEONE') }]).execute();
    const locked = await call('POST', '/api/disburse', [{ code: 'SUPCLEAN', disburse: 200 }]);
    expect(locked.status).toBe(423);
    expect(await snapshot(db)).toEqual(before);
  });
});

describe('POST /api/disburse: posting with the ABA file', () => {
  it('posts one DISBURSE payment per payee, writes and stores the ABA file whose total is the payments; a cheque party is held, not paid', async () => {
    const { db, call } = await company();
    await db.updateTable('entity').set({ bank_account_name: 'Zoë Müller-Jones' }).where('code', '=', 'OWNJONES').execute();
    await db.updateTable('entity').set({ hold_always: 20_000 }).where('code', '=', 'OWNSMITH').execute();
    const rows = (await call('GET', '/api/disburse')).body.data;
    const res = await call('POST', '/api/disburse', rows);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const data = res.body.data;
    expect(data.filename).toMatch(new RegExp(`^ABA-${'DISB'}\\d{4}-\\d{8}-\\d{6}-\\d+\\.aba$`));
    expect(data.payments.map((p: any) => [p.code, p.method, p.ref, p.amount])).toEqual([
      ['OWNJONES', 'EFT', '1', 300], ['OWNSMITH', 'EFT', '2', 1300], ['SUPCLEAN', 'EFT', '3', 200],
    ]);
    // The cheque party is held automatically (spec 2 §4 'Holds'): left out with its reason, paid from Payments.
    expect(data.held).toEqual([{ code: 'SUPPLUMB', reason: HOLD_REASONS.CHEQUE }]);
    expect(data).toMatchObject({ total: 1800, count: 3 });
    expect(data).not.toHaveProperty('cheques');
    expect(res.body.message).toMatch(/Disbursed \$1,800\.00 to 3 payees; 3 by EFT \(\$1,800\.00\) in ABA-.*; held: SUPPLUMB/);

    // The file: header, 3 credits, the balancing debit, totals; its total equals the EFT payments posted.
    const lines: string[] = data.aba.split('\r\n');
    expect(lines.pop()).toBe('');
    expect(lines).toHaveLength(6);
    for (const l of lines) expect(l).toHaveLength(120);
    const credits = lines.filter((l) => l[0] === '1' && l.slice(18, 20) === '50');
    expect(credits.map((l) => [l.slice(1, 8), l.slice(8, 17), Number(l.slice(20, 30)), l.slice(30, 62).trimEnd(), l.slice(62, 80).trimEnd()])).toEqual([
      ['083-004', ' 33334444', 30_000, 'ZOE MULLER-JONES', 'DISB 1 OWNJONES'],
      ['062-001', ' 11112222', 130_000, 'J SMITH', 'DISB 2 OWNSMITH'],
      ['034-002', ' 55556666', 20_000, 'SPARKLE CLEANING', 'DISB 3 SUPCLEAN'],
    ]);
    const debit = lines[4]!;
    expect([debit.slice(1, 8), debit.slice(8, 17), debit.slice(18, 20), Number(debit.slice(20, 30))]).toEqual(['062-000', ' 12345678', '13', 180_000]);
    expect(lines[5]!.slice(20, 50)).toBe(`0000000000${'0000180000'}${'0000180000'}`);
    expect(lines[5]!.slice(74, 80)).toBe('000004');
    const eftPosted = await db.selectFrom('cashbook').innerJoin('txn', 'txn.id', 'cashbook.txn_id').select((eb) => eb.fn.sum<string>('cashbook.amount').as('s'))
      .where('txn.kind', '=', 'DISBURSE').where('cashbook.method', '=', 'EFT').executeTakeFirstOrThrow();
    expect(-Number(eftPosted.s)).toBe(Number(debit.slice(20, 30)));

    // Ledgers: paid out (the hold stays), owners per door, trust position still equal.
    const balances = await db.selectFrom('ledger_balance').selectAll().where('balance', '<>', '0').orderBy('entity').orderBy('door').execute();
    expect(balances.map((b) => [b.entity, b.door, Number(b.balance)])).toEqual([['OWNSMITH', '101', 13_333], ['OWNSMITH', '102', 6_667], ['SUPPLUMB', '', 15_000], ['TENBROWN', '', 5_000]]);
    const smith = await db.selectFrom('posting').innerJoin('txn', 'txn.id', 'posting.txn_id').select(['posting.door', 'posting.amount', 'posting.account_id', 'txn.source', 'txn.kind'])
      .where('txn.ref', '=', '2').where('txn.kind', '=', 'DISBURSE').orderBy('posting.door').execute();
    expect(smith.map((p) => [p.door, Number(p.amount), p.account_id, p.source, p.kind])).toEqual([['101', -86_667, 'DISBURSE', 'DISBURSE', 'DISBURSE'], ['102', -43_333, 'DISBURSE', 'DISBURSE', 'DISBURSE']]);
    const position = await trustPosition(db);
    expect(position.cashbook).toBe(position.ledgers);
    expect(position.cashbook).toBe(5_000 + 20_000 + 15_000); // the tenant, Smith's hold and the cheque party's held funds

    // Stored in the archive and fetched again byte for byte.
    const stored = await db.selectFrom('archive').selectAll().execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ path: 'Disbursement', blob_id: data.filename, mime: 'text/plain', user_code: api.config.adminUser.toUpperCase(), size: data.aba.length });
    expect(Buffer.from(stored[0]!.content).toString('ascii')).toBe(data.aba);
    expect(Number(stored[0]!.id)).toBe(data.archive_id);
    const again = await call('GET', `/api/disburse/file/${data.archive_id}`);
    expect(again.status).toBe(200);
    expect(again.body).toBe(data.aba);
    expect((await call('GET', '/api/disburse/file/999')).status).toBe(404);

    // After: only the held owner and the held cheque party remain, with nothing to disburse.
    const after = (await call('GET', '/api/disburse')).body.data;
    expect(after.map((r: any) => [r.code, r.funds, r.disburse])).toEqual([['OWNSMITH', 200, 0], ['SUPPLUMB', 150, 0]]);
  });

  it('refuses the same preview posted twice, changing nothing the second time', async () => {
    const { db, call } = await company();
    const rows = (await call('GET', '/api/disburse')).body.data.filter((r: any) => r.code === 'OWNSMITH' || r.code === 'SUPCLEAN');
    expect((await call('POST', '/api/disburse', rows)).status).toBe(200);
    const before = await snapshot(db);
    const res = await call('POST', '/api/disburse', rows);
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/2 rows cannot be disbursed as sent: OWNSMITH: nothing left to disburse.*SUPCLEAN: nothing left to disburse/);
    expect(res.body.problems).toHaveLength(2);
    expect(await snapshot(db)).toEqual(before);
  });

  it('refuses an amount that differs from what the server computes now (more or less), changing nothing', async () => {
    const { db, call } = await company();
    const rows = (await call('GET', '/api/disburse')).body.data;
    const smith = rowOf(rows, 'OWNSMITH');
    const before = await snapshot(db);
    for (const disburse of [1500.01, 1499.99]) {
      const res = await call('POST', '/api/disburse', [{ ...smith, disburse }, rowOf(rows, 'SUPCLEAN')]);
      expect(res.status).toBe(409);
      expect(res.body.message).toContain(`OWNSMITH: the amount sent (${disburse === 1500.01 ? '$1,500.01' : '$1,499.99'}) differs from what can be disbursed now ($1,500.00)`);
    }
    // A hold set after the preview: the preview's amount no longer stands.
    await db.updateTable('entity').set({ hold_this_month: 100 }).where('code', '=', 'OWNSMITH').execute();
    expect((await call('POST', '/api/disburse', [smith])).status).toBe(409);
    // A charge raised after the preview likewise.
    await db.updateTable('entity').set({ hold_this_month: 0 }).where('code', '=', 'OWNSMITH').execute();
    await charge(db, 'OWNSMITH', '101', 1);
    expect((await call('POST', '/api/disburse', [smith])).status).toBe(409);
    expect(await snapshot(db)).toEqual(before);
  });

  it('refuses held rows, bad input and unknown parties with a clear 4xx, changing nothing', async () => {
    const { db, call } = await company();
    await db.updateTable('entity').set({ disburse_method: 'HOLD' }).where('code', '=', 'OWNJONES').execute();
    const rows = (await call('GET', '/api/disburse')).body.data;
    const smith = rowOf(rows, 'OWNSMITH');
    const before = await snapshot(db);
    const cases: [unknown, number, RegExp][] = [
      [[], 400, /at least one row/],
      [{ code: 'OWNSMITH', disburse: 1500 }, 400, /list/],
      [[{ ...smith, disburse: 1500.001 }], 400, /two decimals/],
      [[{ ...smith, disburse: -1 }], 400, /negative/],
      [[{ ...smith, disburse: '1500' }], 400, /number/],
      [[{ disburse: 1500 }], 400, /code/],
      [[smith, smith], 400, /once/],
      [[{ code: 'NOBODY', disburse: 5 }], 404, /Unknown entity: NOBODY/],
      [[{ code: 'TENBROWN', disburse: 50 }], 409, /TENBROWN: nothing left to disburse/],
      [[{ ...rowOf(rows, 'OWNJONES'), disburse: 300 }], 409, /OWNJONES: Hold Funds/],
      [[{ ...smith, disburse_allowed: false }], 409, /not allowed/],
      [[smith, { ...rowOf(rows, 'SUPCLEAN'), disburse: 0 }], 409, /SUPCLEAN: the amount sent \(\$0\.00\)/],
    ];
    for (const [body, status, message] of cases) {
      const res = await call('POST', '/api/disburse', body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.message).toMatch(message);
    }
    expect(await snapshot(db)).toEqual(before);
  });

  it('rolls everything back when the bank file cannot be built (trust account settings incomplete)', async () => {
    const { db, call } = await company();
    await db.deleteFrom('control_setting').where('key', '=', 'bank_code').execute();
    const rows = (await call('GET', '/api/disburse')).body.data;
    const before = await snapshot(db);
    const res = await call('POST', '/api/disburse', rows);
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/The bank file cannot be built: Bank code '' is not the 3-letter/);
    expect(await snapshot(db)).toEqual(before);
  });

  it('refuses payments too large for one bank file, changing nothing, and pays them in two goes', async () => {
    const { db, call } = await company([['OWNSMITH', '101', 6_000_000_000], ['OWNJONES', '201', 4_500_000_000]]);
    const rows = (await call('GET', '/api/disburse')).body.data;
    const before = await snapshot(db);
    const res = await call('POST', '/api/disburse', rows);
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/payments total \$105,000,000\.00, more than one bank file can carry .*disburse some of the payees first/);
    expect(await snapshot(db)).toEqual(before);
    const first = await call('POST', '/api/disburse', [rowOf(rows, 'OWNSMITH')]);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const rest = (await call('GET', '/api/disburse')).body.data.filter((r: any) => r.disburse > 0);
    expect(rest.map((r: any) => r.code)).toEqual(['OWNJONES']);
    const second = await call('POST', '/api/disburse', rest);
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect([first.body.data.total, second.body.data.total]).toEqual([60_000_000, 45_000_000]);
  });

  it('lets only one of two simultaneous posts of the same rows through', async () => {
    const { db, call } = await company([['OWNSMITH', '101', 10_000], ['OWNSMITH', null, 2_500], ['SUPCLEAN', null, 4_000]]);
    const rows = (await call('GET', '/api/disburse')).body.data;
    expect(rowOf(rows, 'OWNSMITH').door_array).toEqual([
      { door: '', funds: 25, pending: 0, disburse: 25 }, { door: '101', funds: 100, pending: 0, disburse: 100 }, { door: '102', funds: 0, pending: 0, disburse: 0 },
    ]);
    const results = await Promise.all([call('POST', '/api/disburse', rows), call('POST', '/api/disburse', rows)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await db.selectFrom('txn').select('ref').where('kind', '=', 'DISBURSE').orderBy('ref').execute()).toEqual([{ ref: '1' }, { ref: '2' }]);
    expect(await db.selectFrom('archive').select('id').execute()).toHaveLength(1);
    const nonZero = await db.selectFrom('ledger_balance').selectAll().where('balance', '<>', '0').execute();
    expect(nonZero).toEqual([]);
    const position = await trustPosition(db);
    expect(position).toEqual({ cashbook: 0, ledgers: 0 });
  });

  it('never pays a cheque party: held automatically (spec 2 §4), it is refused with its reason and nothing is posted', async () => {
    const { db, call } = await company([['SUPPLUMB', null, 15_000]]);
    const rows = (await call('GET', '/api/disburse')).body.data;
    const before = await snapshot(db);
    const res = await call('POST', '/api/disburse', [{ ...rows[0], disburse: 150, disburse_allowed: true }]);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(`SUPPLUMB: ${HOLD_REASONS.CHEQUE}`);
    expect(await snapshot(db)).toEqual(before);
  });
});
