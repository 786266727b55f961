import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyTables } from '../db/schema.js';
import { MAX_AMOUNT_CENTS, MAX_BALANCE_CENTS, MoneyLimitError, centsOf } from '../money/cents.js';
import { addTestParties } from '../testing/parties.js';
import { type TestApi, startTestApi } from '../testing/test-api.js';
import { openPeriod, postTxn } from './ledger.js';

let api: TestApi;
let db: Kysely<CompanyTables>;
let period: { year: number; month: number; first: string; last: string };
const MAX = MAX_AMOUNT_CENTS / 100;

beforeAll(async () => {
  api = await startTestApi();
  db = api.db.company('co_demotrust');
  await addTestParties(db);
  period = await openPeriod(db);
});
afterAll(() => api.close());

const receipt = (amount: number) => ({
  date: period.first, payer_type: 'OWNER', payer_entity: 'OWNSMITH', method: 'EFT', memo: 'Large contribution', tran_ref: 'EFT-L',
  items: [{ selector: 'ACCOUNT', ref: 'OWNFUNDS', entity: 'OWNSMITH', door: '101', description: 'Funds', amount }],
});
const count = async (table: 'txn' | 'charge') => Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);

describe('money limits (issue 8 item 4)', () => {
  it('centsOf converts database sums exactly and refuses what is past the safe range', () => {
    expect(centsOf('199999999998')).toBe(199_999_999_998);
    expect(centsOf(12n)).toBe(12);
    expect(centsOf(null)).toBe(0);
    expect(() => centsOf('17999999999999999998')).toThrow(MoneyLimitError);
    expect(() => centsOf('12.5')).toThrow(MoneyLimitError);
  });

  it('refuses an amount past the business limit with a 400, posting nothing', async () => {
    const before = await count('txn');
    for (const amount of [89_999_999_999_999.99, MAX + 0.01]) {
      const res = await api.call('POST', '/api/cashbook/receipt', { body: receipt(amount) });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/Amount is too large \(the limit is \$999,999,999\.99\)/);
    }
    expect(await count('txn')).toBe(before);
  });

  it('two maximal receipts add up everywhere: no 500 in lists, balances, trial balance, three-way, owners or disbursement', async () => {
    for (let i = 0; i < 2; i++) expect((await api.call('POST', '/api/cashbook/receipt', { body: receipt(MAX) })).status).toBe(200);
    const ym = `year=${period.year}&month=${period.month}`;
    const list = await api.call('GET', `/api/cashbook/receipt/list?${ym}`);
    expect(list.status).toBe(200);
    for (const path of [`/api/ledger/summary?${ym}`, `/api/ledger/summary?${ym}&type=OWNER`, `/api/cashbook/summary?${ym}`, '/api/ledger/trialbalance',
      '/api/control/3waybalance', '/api/entity/list/OWNER', '/api/disburse', '/api/entity/statement/OWNSMITH']) {
      expect({ path, status: (await api.call('GET', path)).status }).toEqual({ path, status: 200 });
    }
    const balances = await api.call('POST', '/api/entity/balances', { body: { entities: ['OWNSMITH'] } });
    expect(balances.status).toBe(200);
    expect(JSON.stringify(balances.body.data)).toContain('1999999999.98');
  });

  it('refuses a posting that would take a ledger balance past the limit (409), changing nothing', async () => {
    const post = (cents: number) => db.transaction().execute((trx) => postTxn(trx, 'TEST', {
      kind: 'RECEIPT', date: period.first, memo: 'Limit', postings: [{ entity: 'OWNJONES', door: '201', accountId: 'OWNFUNDS', amount: cents, description: 'Limit' }],
      cashbook: [{ date: period.first, method: 'EFT', amount: cents }],
    }));
    await post(MAX_BALANCE_CENTS);
    const before = await count('txn');
    await expect(post(1)).rejects.toMatchObject({ status: 409, message: expect.stringMatching(/balance of OWNJONES \(201\) past the limit of \$99,999,999,999\.99/) });
    await expect(post(MAX_BALANCE_CENTS + 1)).rejects.toMatchObject({ status: 400 });
    expect(await count('txn')).toBe(before);
  });

  it('cancelled charges do not count in the Charges list total', async () => {
    const charge = { date: period.first, payer_type: 'OWNER', entity: 'OWNSMITH', door: '101', recipient_type: 'SUPPLIER', recipient: 'SUPCLEAN', memo: 'Big works', name: 'Jane Smith',
      items: [{ account_id: 'OWNFUNDS', description: 'Works', amount: MAX }] };
    const ids: number[] = [];
    for (let i = 0; i < 2; i++) {
      const res = await api.call('POST', '/api/charge', { body: charge });
      expect(res.body).toMatchObject({ data: { id: expect.any(Number) } });
      ids.push(res.body.data.id);
    }
    const tooBig = await api.call('POST', '/api/charge', { body: { ...charge, items: [...charge.items, { account_id: 'OWNFUNDS', description: 'More', amount: 1 }] } });
    expect(tooBig.status).toBe(400);
    const ym = `year=${period.year}&month=${period.month}`;
    expect((await api.call('GET', `/api/charge/list?${ym}`)).body.amount).toBe(2 * MAX);
    for (const id of ids) expect((await api.call('DELETE', `/api/charge/${id}`)).status).toBe(200);
    const list = await api.call('GET', `/api/charge/list?${ym}`);
    expect(list.status).toBe(200);
    expect(list.body.amount).toBe(0);
  });
});
