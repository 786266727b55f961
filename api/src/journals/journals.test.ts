import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOURNAL_MESSAGES } from '../contracts/journals.js';
import type { CompanyTables } from '../db/schema.js';
import { openPeriod, postTxn, trustBalance } from '../ledger/ledger.js';
import { trustPosition } from '../ledger/trust-position.js';
import { addTestParties } from '../testing/parties.js';
import { withPeriodClosed } from '../testing/periods.js';
import { type TestApi, startTestApi } from '../testing/test-api.js';

let api: TestApi;
let db: Kysely<CompanyTables>;
let DATE: string;
let period: { year: number; month: number; first: string; last: string };

const count = async (table: 'txn' | 'posting') => Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
const snapshot = async () => ({
  txn: await count('txn'),
  posting: await count('posting'),
  seq: (await db.selectFrom('number_sequence').selectAll().orderBy('kind').execute()).map((r) => `${r.kind}=${r.last_value}`).join(','),
  balances: (await db.selectFrom('ledger_balance').selectAll().orderBy('entity').orderBy('door').execute()).map((r) => `${r.entity}/${r.door}=${r.balance}`).join(','),
});

const line = (entity: string, door: string | null, debit: unknown, credit: unknown, over: Record<string, unknown> = {}) => ({ entity, door, account_id: 'OWNFUNDS', description: 'Transfer', debit, credit, ...over });
const journal = (over: Record<string, unknown> = {}) => ({
  date: DATE,
  memo: 'Move funds from 101 to 201',
  items: [line('OWNSMITH', '101', 40, 0), line('OWNJONES', '201', 0, 40)],
  ...over,
});

beforeAll(async () => {
  api = await startTestApi();
  db = api.db.company('co_demotrust');
  await addTestParties(db);
  period = await openPeriod(db);
  DATE = period.first;
  await db.transaction().execute((trx) => postTxn(trx, 'TEST', { kind: 'RECEIPT', date: DATE, memo: 'funds', postings: [{ entity: 'OWNSMITH', door: '101', accountId: 'OWNFUNDS', amount: 10000, description: 'funds' }], cashbook: [{ date: DATE, method: 'EFT', amount: 10000 }] }));
});
afterAll(() => api.close());

describe('journals', () => {
  it('preview answers balance, totals and overdraws without writing', async () => {
    const before = await snapshot();
    const ok = await api.call('POST', '/api/journal/preview', { body: journal() });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toEqual({ balanced: true, debit: 40, credit: 40, overdrawn: [] });
    const unbalanced = await api.call('POST', '/api/journal/preview', { body: journal({ items: [line('OWNSMITH', '101', 40, 0), line('OWNJONES', '201', 0, 39.99)] }) });
    expect(unbalanced.body.data).toMatchObject({ balanced: false, debit: 40, credit: 39.99 });
    const over = await api.call('POST', '/api/journal/preview', { body: journal({ items: [line('OWNSMITH', '101', 150, 0), line('OWNJONES', '201', 0, 150)] }) });
    expect(over.body.data.overdrawn).toEqual([
      { entity: 'OWNSMITH', door: null, ledger: 100, resulting: -50 },
      { entity: 'OWNSMITH', door: '101', ledger: 100, resulting: -50 },
    ]);
    expect((await api.call('POST', '/api/journal/preview', { body: journal({ items: [line('NOBODY', null, 0, 1), line('OWNSMITH', '101', 1, 0)] }) })).status).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it('posts a balanced journal: credit increases, debit decreases, trust position unchanged', async () => {
    const position = await trustPosition(db);
    const res = await api.call('POST', '/api/journal', { body: journal() });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Record Created');
    const j = res.body.data;
    expect(j).toMatchObject({ ref: '1', memo: 'Move funds from 101 to 201', debit: 40, credit: 40, balance: 0, reversed: false, _readonly: true });
    expect(j.items.map((i: any) => [i.entity, i.door, i.debit, i.credit])).toEqual([['OWNSMITH', '101', 40, 0], ['OWNJONES', '201', 0, 40]]);
    expect(await trustBalance(db, 'OWNSMITH', '101')).toBe(6000);
    expect(await trustBalance(db, 'OWNJONES', '201')).toBe(4000);
    expect(await trustPosition(db)).toEqual(position);
    expect((await api.call('GET', `/api/journal/${j.id}`)).body.data).toEqual(j);
    const list = await api.call('GET', `/api/journal/list?year=${period.year}&month=${period.month}`);
    expect(list.body).toMatchObject({ total: 1, data: [{ id: j.id, ref: '1', debit_entity: 'OWNSMITH', credit_entity: 'OWNJONES', amount: 40, reversed: false, _readonly: true }] });
    expect((await api.call('GET', '/api/journal/list?search=jones')).body.total).toBe(1);
    expect((await api.call('GET', '/api/journal/list?search=nomatch')).body.total).toBe(0);
  });

  const cases: [string, Record<string, unknown>, number, RegExp | string][] = [
    ['unbalanced', { items: [line('OWNSMITH', '101', 40, 0), line('OWNJONES', '201', 0, 39.99)] }, 400, JOURNAL_MESSAGES.notBalanced],
    ['overdraw', { items: [line('OWNSMITH', '101', 500, 0), line('OWNJONES', '201', 0, 500)] }, 409, /^OVERDRAWN ACCOUNTS NOTICE!/],
    ['no lines', { items: [] }, 400, /at least one line/],
    ['no memo', { memo: ' ' }, 400, /Details are required/],
    ['no date', { date: undefined }, 400, /date/],
    ['line without entity', { items: [line('', '101', 1, 0), line('OWNJONES', '201', 0, 1)] }, 400, /Entity is required/],
    ['line without account', { items: [line('OWNSMITH', '101', 1, 0, { account_id: '' }), line('OWNJONES', '201', 0, 1)] }, 400, /Account is required/],
    ['line without description', { items: [line('OWNSMITH', '101', 1, 0, { description: '' }), line('OWNJONES', '201', 0, 1)] }, 400, /Description is Required/],
    ['debit and credit', { items: [line('OWNSMITH', '101', 1, 1), line('OWNJONES', '201', 0, 0)] }, 400, /not both/],
    ['zero line', { items: [line('OWNSMITH', '101', 0, 0), line('OWNJONES', '201', 0, 0)] }, 400, /above zero/],
    ['negative', { items: [line('OWNSMITH', '101', -1, 0), line('OWNJONES', '201', -1, 0)] }, 400, /negative/],
    ['third decimal', { items: [line('OWNSMITH', '101', 1.001, 0), line('OWNJONES', '201', 0, 1.001)] }, 400, /two decimals/],
    ['string amount', { items: [line('OWNSMITH', '101', '1', 0), line('OWNJONES', '201', 0, 1)] }, 400, /number/],
    ['unknown party', { items: [line('NOBODY', null, 1, 0), line('OWNJONES', '201', 0, 1)] }, 400, /Unknown party: NOBODY/],
    ['unknown door', { items: [line('OWNSMITH', 'ZZZ', 1, 0), line('OWNJONES', '201', 0, 1)] }, 400, /Unknown door ZZZ/],
    ['door of another owner', { items: [line('OWNSMITH', '201', 1, 0), line('OWNJONES', '201', 0, 1)] }, 400, /does not belong/],
    ['unknown account', { items: [line('OWNSMITH', '101', 1, 0, { account_id: 'NOPE' }), line('OWNJONES', '201', 0, 1)] }, 400, /Unknown account: NOPE/],
  ];
  it.each(cases)('refuses %s with a 4xx and changes nothing', async (_n, over, status, message) => {
    const before = await snapshot();
    const res = await api.call('POST', '/api/journal', { body: journal(over) });
    expect(res.status).toBe(status);
    expect(res.body.error).toBe(true);
    if (typeof message === 'string') expect(res.body.message).toBe(message);
    else expect(res.body.message).toMatch(message);
    if (_n === 'overdraw') expect(res.body.overdrawn).toContainEqual({ entity: 'OWNSMITH', door: '101', ledger: 60, resulting: -440 });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a closed period (control month ahead, earlier date) and changes nothing', async () => {
    const before = await snapshot();
    await withPeriodClosed(db, async () => {
      const res = await api.call('POST', '/api/journal', { body: journal() });
      expect(res.status).toBe(409);
      expect(res.body.message).toMatch(/closed/);
      expect(await snapshot()).toEqual(before);
    });
  });

  it('a posted journal cannot be changed; DELETE reverses it only with a reason', async () => {
    const j = (await api.call('GET', '/api/journal/list')).body.data[0];
    const before = await snapshot();
    const put = await api.call('PUT', `/api/journal/${j.id}`, { body: journal() });
    expect(put.status).toBe(409);
    expect(put.body.message).toBe(JOURNAL_MESSAGES.immutable);
    for (const body of [undefined, {}, { reason: 'short' }, { reason: 12345678901 }]) {
      const res = await api.call('DELETE', `/api/journal/${j.id}`, body === undefined ? {} : { body });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(JOURNAL_MESSAGES.reasonRequired);
    }
    expect((await api.call('DELETE', `/api/journal/${j.id}`, { rawBody: '{"reason":' })).status).toBe(400);
    expect((await api.call('DELETE', '/api/journal/999999', { body: { reason: 'Posted to the wrong owner' } })).status).toBe(404);
    expect((await api.call('GET', '/api/journal/999999')).status).toBe(404);
    expect((await api.call('PUT', '/api/journal/999999', { body: journal() })).status).toBe(404);
    expect(await snapshot()).toEqual(before);

    const position = await trustPosition(db);
    const res = await api.call('DELETE', `/api/journal/${j.id}`, { body: { reason: 'Posted to the wrong owner' } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: j.id, ref: '1', reversal_ref: '1' });
    expect(await trustBalance(db, 'OWNSMITH', '101')).toBe(10000);
    expect(await trustBalance(db, 'OWNJONES', '201')).toBe(0);
    expect(await trustPosition(db)).toEqual(position);
    const read = (await api.call('GET', `/api/journal/${j.id}`)).body.data;
    expect(read).toMatchObject({ reversed: true, reversal_ref: '1', reversal_reason: 'Posted to the wrong owner', _canreverse: false, _candelete: false });
    const listed = (await api.call('GET', '/api/journal/list')).body.data;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ reversed: true, reversal_ref: '1' });
    const again = await api.call('DELETE', `/api/journal/${j.id}`, { body: { reason: 'Posted to the wrong owner' } });
    expect(again.status).toBe(409);
  });
});
