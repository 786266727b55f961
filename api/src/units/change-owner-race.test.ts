import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyTables } from '../db/schema.js';
import { postDisbursement } from '../disbursement/post.js';
import { HOLD_REASONS } from '../contracts/disbursement.js';
import { DEFAULT_TIME_ZONE, dateInZone } from '../ledger/business-date.js';
import { openPeriod, trustBalance } from '../ledger/ledger.js';
import { retryOnConflict } from '../ledger/retry.js';
import { addTestParties } from '../testing/parties.js';
import { type TestApi, startTestApi } from '../testing/test-api.js';

let api: TestApi;
let db: Kysely<CompanyTables>;
let today: string;

beforeAll(async () => {
  api = await startTestApi();
  db = api.db.company('co_demotrust');
  await addTestParties(db);
  const period = await openPeriod(db);
  const now = dateInZone(DEFAULT_TIME_ZONE);
  today = now < period.first ? period.first : now > period.last ? period.last : now;
});
afterAll(() => api.close());

const receipt = (entity: string, door: string | null, amount = 100) => ({
  date: today, payer_type: 'OTHER', payer: 'Guest', method: 'EFT', memo: 'Booking deposit', tran_ref: 'EFT-R',
  items: [{ selector: 'ACCOUNT', ref: 'OWNFUNDS', entity, door, description: 'Deposit', amount }],
});
/** Money kept on a door for someone who does not own the door now. */
const strandedRows = () => db.selectFrom('ledger_balance as b').leftJoin('unit as u', 'u.door', 'b.door')
  .select(['b.entity', 'b.door', 'b.balance']).where('b.door', '<>', '').where('b.balance', '<>', '0')
  .where((eb) => eb.or([eb('u.entity', 'is', null), eb('u.entity', '<>', eb.ref('b.entity'))])).execute();

describe('Change Owner racing receipts (issue 8 item 5)', () => {
  it('never strands a receipt on a door its owner no longer holds, and never answers 500', async () => {
    const owners = ['OWNSMITH', 'OWNJONES'];
    for (let round = 0; round < 6; round++) {
      const from = owners[round % 2]!;
      const to = owners[(round + 1) % 2]!;
      const calls = [
        api.call('POST', '/api/unit/changeowner', { body: { door: '102', old_owner: from, new_owner: to, change_date: today, adjustment: true } }),
        ...Array.from({ length: 4 }, () => api.call('POST', '/api/cashbook/receipt', { body: receipt(from, '102') })),
      ];
      const results = await Promise.all(calls);
      for (const r of results) expect([200, 400, 409]).toContain(r.status);
      expect(results[0]!.status).toBe(200);
      expect(await strandedRows()).toEqual([]);
    }
  });

  it('retryOnConflict runs the work again on a deadlock and answers a 409 when it keeps failing', async () => {
    let tries = 0;
    const deadlock = Object.assign(new Error('deadlock detected'), { code: '40P01' });
    expect(await retryOnConflict(async () => (++tries < 3 ? Promise.reject(deadlock) : 'done'))).toBe('done');
    expect(tries).toBe(3);
    await expect(retryOnConflict(() => Promise.reject(deadlock), 2)).rejects.toMatchObject({ status: 409 });
    await expect(retryOnConflict(() => Promise.reject(new Error('other')))).rejects.toThrow('other');
  });

  it('the audit reports money on a door its holder no longer owns, and disbursement holds that row and pays the others', async () => {
    expect((await api.call('POST', '/api/cashbook/receipt', { body: receipt('OWNJONES', '201', 300) })).status).toBe(200);
    expect((await api.call('POST', '/api/cashbook/receipt', { body: receipt('SUPCLEAN', null, 200) })).status).toBe(200);
    // As the race used to leave it: the door changed hands behind the ledger's back.
    await db.updateTable('unit').set({ entity: 'OWNSMITH' }).where('door', '=', '201').execute();
    await db.updateTable('unit').set({ entity: 'OWNJONES' }).where('door', '=', '101').execute();

    const audit = await api.call('GET', '/api/control/audit');
    expect(audit.status).toBe(200);
    const messages = (audit.body.data as { type: string; description: string }[]).map((t) => `${t.type} ${t.description}`);
    expect(messages).toContainEqual(expect.stringMatching(/^CRITICAL .*OWNJONES.* holds \$300\.00 on door 201, which now belongs to OWNSMITH/));

    const rows = (await api.call('GET', '/api/disburse')).body.data as { code: string; hold_reason: string | null; disburse: number }[];
    expect(rows.find((r) => r.code === 'OWNJONES')).toMatchObject({ disburse: 0, hold_reason: `${HOLD_REASONS.FORMER_DOOR} (201)` });
    const res = await api.call('POST', '/api/disburse', { body: [{ code: 'OWNJONES', disburse: 0 }, { code: 'SUPCLEAN', disburse: 200 }] });
    expect(res.status).toBe(200);
    expect(res.body.data.payments.map((p: { code: string }) => p.code)).toEqual(['SUPCLEAN']);
    expect(res.body.data.held).toEqual([{ code: 'OWNJONES', reason: `${HOLD_REASONS.FORMER_DOOR} (201)` }]);
    const alone = await api.call('POST', '/api/disburse', { body: [{ code: 'OWNJONES', disburse: 0 }] });
    expect(alone.status).toBe(409);
    await db.updateTable('unit').set({ entity: 'OWNJONES' }).where('door', '=', '201').execute();
  });
});

describe('ABA file names (issue 8 item 17)', () => {
  it('two disbursements in the same second get different file names', async () => {
    const now = new Date();
    const names: string[] = [];
    for (let i = 0; i < 2; i++) {
      expect((await api.call('POST', '/api/cashbook/receipt', { body: receipt('SUPCLEAN', null, 50) })).status).toBe(200);
      const disburse = (await trustBalance(db, 'SUPCLEAN')) / 100;
      const r = await db.transaction().execute((trx) => postDisbursement(trx, [{ code: 'SUPCLEAN', disburse }], { userId: 'ADMIN', companyCode: 'DEMOTRUST', companyName: 'Demo', now }));
      names.push(r.filename!);
    }
    expect(names[0]).not.toBe(names[1]);
    for (const n of names) expect(n).toMatch(/^ABA-DEMOTRUST-\d{8}-\d{6}-\d+\.aba$/);
  });
});
