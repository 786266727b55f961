import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postTxn } from '../ledger/ledger.js';
import { addTestParties } from '../testing/parties.js';
import { type TestApi, startTestApi } from '../testing/test-api.js';
import { createStaff } from '../users/test-support.js';
import { DEFAULT_TIME_ZONE, dateInZone } from '../ledger/business-date.js';

let api: TestApi;
let first: string;
let mid: string;
let last: string;
let today: string;
const co = () => api.db.company('co_demotrust');

const receipt = (date: string, door: string, amount: number, memo: string) =>
  co().transaction().execute((trx) => postTxn(trx, 'admin', {
    kind: 'RECEIPT', date, memo, postings: [{ entity: 'OWNSMITH', door, accountId: 'OWNFUNDS', amount, description: memo }],
    cashbook: [{ date, method: 'EFT', amount, payer: 'Jane Smith' }],
  }));

beforeAll(async () => {
  api = await startTestApi();
  await addTestParties(co());
  const info = (await api.call('GET', '/api/control/info')).body.data;
  const month = String(info.current_month).padStart(2, '0');
  first = `${info.current_year}-${month}-01`;
  mid = `${info.current_year}-${month}-15`;
  last = `${info.current_year}-${month}-28`;
  today = dateInZone(DEFAULT_TIME_ZONE);
  if (today < first) today = first;
  if (today > last) today = last;
  // $100.00 on the first, $250.00 on door 102 on the 15th; a pending $40.00 charge OWNSMITH pays to SUPCLEAN
  // and a pending $15.00 charge OWNJONES pays to OWNSMITH.
  await receipt(first, '101', 10000, 'Opening contribution');
  await receipt(mid, '102', 25000, 'Rent share');
  for (const body of [
    { payer_type: 'OWNER', entity: 'OWNSMITH', door: '101', recipient_type: 'SUPPLIER', recipient: 'SUPCLEAN', memo: 'Clean 101', items: [{ account_id: 'CLEAN', amount: 40 }] },
    { payer_type: 'OWNER', entity: 'OWNJONES', door: '201', recipient_type: 'OWNER', recipient: 'OWNSMITH', recipient_door: '102', memo: 'Shared linen', items: [{ account_id: 'LINEN', amount: 15 }] },
  ]) {
    const res = await api.call('POST', '/api/charge', { body: { date: today, name: 'Test', ...body } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
});
afterAll(() => api.close());

describe('GET /api/entity/statement/{code}', () => {
  it('answers opening, the postings with a running balance, and closing (dollars) for the open period by default', async () => {
    const res = await api.call('GET', '/api/entity/statement/ownsmith');
    expect(res.status).toBe(200);
    const s = res.body.data;
    expect(s).toMatchObject({ code: 'OWNSMITH', name: 'Jane Smith', type: 'OWNER', from: first, opening: 0, closing: 350, received: 350, paid: 0 });
    expect(s.rows.map((r: { door: string; amount: number; balance: number; kind: string }) => [r.door, r.amount, r.balance, r.kind])).toEqual([
      ['101', 100, 100, 'RECEIPT'],
      ['102', 250, 350, 'RECEIPT'],
    ]);
    expect(s.rows[0]).toMatchObject({ date: first, memo: 'Opening contribution', account_id: 'OWNFUNDS' });
  });

  it('carries what came before the period as the opening balance', async () => {
    const res = await api.call('GET', `/api/entity/statement/OWNSMITH?from=${mid}&to=${last}`);
    expect(res.body.data).toMatchObject({ from: mid, to: last, opening: 100, closing: 350, received: 250 });
    expect(res.body.data.rows).toHaveLength(1);
  });

  it('is empty for a party without postings, and refuses half a range, a reversed range and an unknown party', async () => {
    expect((await api.call('GET', '/api/entity/statement/TENBROWN')).body.data).toMatchObject({ opening: 0, closing: 0, rows: [] });
    expect((await api.call('GET', `/api/entity/statement/OWNSMITH?from=${first}`)).status).toBe(400);
    expect((await api.call('GET', `/api/entity/statement/OWNSMITH?from=${last}&to=${first}`)).status).toBe(400);
    expect((await api.call('GET', '/api/entity/statement/NOBODY')).status).toBe(404);
  });
});

describe('GET /api/entity/pending/{code}', () => {
  it('answers the pending charges the party pays (outward) and receives (inward)', async () => {
    const smith = (await api.call('GET', '/api/entity/pending/OWNSMITH')).body.data;
    expect(smith.outward).toEqual([expect.objectContaining({ door: '101', party: 'SUPCLEAN', party_name: 'Sparkle Cleaning Co', memo: 'Clean 101', amount: 40 })]);
    expect(smith.inward).toEqual([expect.objectContaining({ door: '102', party: 'OWNJONES', party_name: 'Robert Jones', memo: 'Shared linen', amount: 15 })]);
    const clean = (await api.call('GET', '/api/entity/pending/SUPCLEAN')).body.data;
    expect(clean).toMatchObject({ outward: [], inward: [{ party: 'OWNSMITH', amount: 40 }] });
    expect((await api.call('GET', '/api/entity/pending/NOBODY')).status).toBe(404);
  });
});

describe('GET /api/entity/pending/{code}?account=&at=', () => {
  it('counts only the items on the account (a business account row)', async () => {
    // OWNJONES owes the business $20.00 of management fee and $5.00 of linen on one charge.
    const res = await api.call('POST', '/api/charge', {
      body: {
        date: today, name: 'Test', payer_type: 'OWNER', entity: 'OWNJONES', door: '201', recipient_type: 'BUSINESS', recipient: 'BUSINESS', memo: 'Fees 201',
        items: [{ account_id: 'MGMTFEE', amount: 20 }, { account_id: 'LINEN', amount: 5 }],
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const pending = async (query: string) => (await api.call('GET', `/api/entity/pending/BUSINESS${query}`)).body.data;
    expect((await pending('')).inward).toEqual([expect.objectContaining({ party: 'OWNJONES', memo: 'Fees 201', amount: 25 })]);
    expect((await pending('?account=mgmtfee')).inward).toEqual([expect.objectContaining({ party: 'OWNJONES', amount: 20 })]);
    expect((await pending('?account=LINEN')).inward).toEqual([expect.objectContaining({ amount: 5 })]);
    expect(await pending('?account=COMMISS')).toEqual({ outward: [], inward: [] });
    // Outward too: the payer's linen on both its charges.
    const jones = (await api.call('GET', '/api/entity/pending/OWNJONES?account=LINEN')).body.data;
    expect(jones.outward).toEqual([expect.objectContaining({ party: 'OWNSMITH', amount: 15 }), expect.objectContaining({ party: 'BUSINESS', amount: 5 })]);
    expect((await api.call('GET', `/api/entity/pending/BUSINESS?account=${'X'.repeat(21)}`)).status).toBe(400);
  });

  it('answers the charges pending as at a day: dated by then and not yet released then', async () => {
    // OWNJONES owes SUPPLUMB $30.00 from the first of the month, released by a transaction on the 15th.
    const res = await api.call('POST', '/api/charge', {
      body: { date: first, name: 'Test', payer_type: 'OWNER', entity: 'OWNJONES', door: '201', recipient_type: 'SUPPLIER', recipient: 'SUPPLUMB', memo: 'Tap', items: [{ account_id: 'CLEAN', amount: 30 }] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const releasedBy = await co().selectFrom('txn').select('id').where('date', '=', mid).executeTakeFirstOrThrow();
    await co().updateTable('charge').set({ status: 'RELEASED', released_txn: releasedBy.id }).where('id', '=', String(res.body.data.id)).execute();
    const inward = async (query: string) => (await api.call('GET', `/api/entity/pending/SUPPLUMB${query}`)).body.data.inward;
    const [y, m] = first.split('-').map(Number);
    const dayBefore = new Date(Date.UTC(y!, m! - 1, 0)).toISOString().slice(0, 10);
    expect(await inward('')).toEqual([]);
    expect(await inward(`?at=${first}&account=CLEAN`)).toEqual([expect.objectContaining({ party: 'OWNJONES', memo: 'Tap', amount: 30 })]);
    expect(await inward(`?at=${mid}`)).toEqual([]);
    expect(await inward(`?at=${dayBefore}`)).toEqual([]);
    expect((await api.call('GET', '/api/entity/pending/SUPPLUMB?at=yesterday')).status).toBe(400);
  });
});

describe('permissions', () => {
  it('needs p_entities, like the record (the business statement also opens with p_mgt)', async () => {
    const token = await createStaff(api, 'STMTMGT', { p_mgt: true });
    expect((await api.call('GET', '/api/entity/statement/OWNSMITH', { token })).status).toBe(403);
    expect((await api.call('GET', '/api/entity/pending/OWNSMITH', { token })).status).toBe(403);
    expect((await api.call('GET', '/api/entity/statement/BUSINESS', { token })).status).toBe(200);
  });

  it('the business ledger also opens with p_business (Business Accounts), its record does not', async () => {
    const token = await createStaff(api, 'STMTBUS', { p_business: true });
    expect((await api.call('GET', '/api/entity/statement/BUSINESS', { token })).status).toBe(200);
    expect((await api.call('GET', '/api/entity/pending/BUSINESS?account=MGMTFEE', { token })).status).toBe(200);
    expect((await api.call('GET', '/api/entity/BUSINESS', { token })).status).toBe(403);
    expect((await api.call('GET', '/api/entity/statement/OWNSMITH', { token })).status).toBe(403);
  });
});
