import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonb } from '../db/open.js';
import type { CompanyTables } from '../db/schema.js';
import { addTestParties } from '../testing/parties.js';
import { type TestApi, startTestApi } from '../testing/test-api.js';
import { openPeriod, postTxn } from './ledger.js';
import { closeOpenPeriod } from './period.js';
import { dateInPeriod } from './posting-rules.js';
import { reverseTxn } from './reversal.js';

let api: TestApi;
let db: Kysely<CompanyTables>;

const setPeriod = async (year: number, month: number) => {
  await db.updateTable('control_setting').set({ value: jsonb(year) }).where('key', '=', 'current_year').execute();
  await db.updateTable('control_setting').set({ value: jsonb(month) }).where('key', '=', 'current_month').execute();
};
const receipt = (date: string, cents: number) => ({
  kind: 'RECEIPT' as const, date, memo: 'Guest payment',
  postings: [{ entity: 'OWNSMITH', door: '101', accountId: 'ROOMCHG', amount: cents, description: 'Room charges' }],
  cashbook: [{ date, method: 'EFT' as const, amount: cents, payer: 'A Guest' }],
});

beforeAll(async () => {
  api = await startTestApi();
  db = api.db.company('co_demotrust');
  await addTestParties(db);
}, 60_000);
afterAll(() => api.close());

describe('closeOpenPeriod', () => {
  it('rolls the open month on, logs it, and then refuses postings dated in the closed month', async () => {
    await setPeriod(2025, 11);
    await db.transaction().execute((trx) => postTxn(trx, 'TEST', receipt('2025-11-14', 12_345)));
    const result = await db.transaction().execute((trx) => closeOpenPeriod(trx, { userId: 'TEST', database: 'DEMOTRUST' }));
    expect(result).toEqual({ closed: { year: 2025, month: 11 }, open: { year: 2025, month: 12 } });
    expect(await openPeriod(db)).toMatchObject({ year: 2025, month: 12, first: '2025-12-01', last: '2025-12-31' });
    const log = await api.db.control.selectFrom('system_log').selectAll().where('record_key', '=', 'current_period').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(log).toMatchObject({ database: 'DEMOTRUST', severity: 'CHANGE', identity: 'TEST', routine: 'control', message: 'Period 11/2025 closed; 12/2025 is now open' });
    expect(log.before).toEqual({ current_year: 2025, current_month: 11 });
    expect(log.after).toEqual({ current_year: 2025, current_month: 12 });

    const before = await db.selectFrom('txn').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    await expect(db.transaction().execute((trx) => postTxn(trx, 'TEST', receipt('2025-11-30', 100)))).rejects.toMatchObject({ status: 409 });
    const after = await db.selectFrom('txn').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
    await db.transaction().execute((trx) => postTxn(trx, 'TEST', receipt('2025-12-01', 100)));
  });

  it('rolls December into January of the next year', async () => {
    expect(await db.transaction().execute((trx) => closeOpenPeriod(trx))).toEqual({ closed: { year: 2025, month: 12 }, open: { year: 2026, month: 1 } });
    expect(await openPeriod(db)).toMatchObject({ year: 2026, month: 1 });
  });

  it('refuses, changing nothing, while a txn dated in the open month does not balance against the bank', async () => {
    // Written behind the ledger's back on purpose: the one writer never makes such a txn.
    const bad = await db.insertInto('txn').values({ kind: 'JOURNAL', ref: 'BAD1', date: '2026-01-10', year: 2026, month: 1, user_id: 'TEST' }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('posting').values({ txn_id: bad.id, entity: 'OWNJONES', door: '201', account_id: 'OWNFUNDS', amount: 500 }).execute();
    const logs = async () => (await api.db.control.selectFrom('system_log').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n;
    const logsBefore = await logs();
    const refused = db.transaction().execute((trx) => closeOpenPeriod(trx));
    await expect(refused).rejects.toMatchObject({ status: 409 });
    await expect(refused).rejects.toThrow(/cannot be closed: JOURNAL BAD1 does not balance against the bank; at 2026-01-31 the cash book \(12445 cents\) does not equal the sum of the ledgers \(12945 cents\)/);
    expect(await openPeriod(db)).toMatchObject({ year: 2026, month: 1 });
    expect(await logs()).toBe(logsBefore);
  });

  it('dates a reversal made after the open month has passed on its last day: nothing posts into a month not yet opened', async () => {
    await setPeriod(2026, 3);
    const original = await db.transaction().execute((trx) => postTxn(trx, 'TEST', receipt('2026-03-10', 2_500)));
    await expect(db.transaction().execute((trx) => postTxn(trx, 'TEST', receipt('2026-04-02', 100)))).rejects.toMatchObject({ status: 409, message: expect.stringMatching(/^The period of 2026-04-02 is not open yet/) });
    const late = await db.transaction().execute((trx) => reverseTxn(trx, 'TEST', original.id, 'Entered against the wrong owner', '2026-04-02'));
    expect(late.date).toBe('2026-03-31');
    const early = await db.transaction().execute(async (trx) => reverseTxn(trx, 'TEST', (await postTxn(trx, 'TEST', receipt('2026-03-11', 700))).id, 'Duplicate of an earlier receipt', '2026-02-20'));
    expect(early.date).toBe('2026-03-01');
    expect(dateInPeriod('2026-03-15', { first: '2026-03-01', last: '2026-03-31' })).toBe('2026-03-15');
  });
});
