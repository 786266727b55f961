import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyTables } from '../db/schema.js';
import { addTestParties } from '../testing/parties.js';
import { withPeriodClosed } from '../testing/periods.js';
import { type TestApi, startTestApi } from '../testing/test-api.js';
import { openPeriod } from './ledger.js';

/** The list filter's Current / Future / Period reach the charges, journals and cash-book lists. */
let api: TestApi;
let db: Kysely<CompanyTables>;
let open: { year: number; month: number; first: string };

beforeAll(async () => {
  api = await startTestApi();
  db = api.db.company('co_demotrust');
  await addTestParties(db);
  open = await openPeriod(db);
  const date = open.first;
  const receipt = await api.call('POST', '/api/cashbook/receipt', {
    body: { date, payer_type: 'OTHER', payer: 'Guest', method: 'EFT', memo: 'Funds', items: [{ selector: 'ACCOUNT', ref: 'OWNFUNDS', entity: 'OWNSMITH', door: '101', description: 'Funds', amount: 500 }] },
  });
  expect(receipt.status).toBe(200);
  const charge = await api.call('POST', '/api/charge', {
    body: { date, payer_type: 'OWNER', entity: 'OWNSMITH', door: '101', recipient_type: 'BUSINESS', recipient: 'BUSINESS', memo: 'Clean', name: 'Clean', items: [{ account_id: 'CLEAN', amount: 50 }] },
  });
  expect(charge.status).toBe(200);
  const journal = await api.call('POST', '/api/journal', {
    body: { date, memo: 'Move', items: [{ entity: 'OWNSMITH', door: '101', account_id: 'OWNFUNDS', description: 'Move', debit: 10 }, { entity: 'OWNSMITH', door: '102', account_id: 'OWNFUNDS', description: 'Move', credit: 10 }] },
  });
  expect(journal.status, JSON.stringify(journal.body)).toBe(200);
});
afterAll(() => api?.close());

const LISTS = ['/api/charge/list', '/api/journal/list', '/api/cashbook/receipt/list'];
const totalOf = async (path: string, query: string) => {
  const res = await api.call('GET', `${path}?${query}`);
  expect(res.status, `${path}?${query}`).toBe(200);
  return res.body.total as number;
};

describe('list period choices', () => {
  it('Current and the open month as a Period list this month; Future lists nothing yet', async () => {
    for (const path of LISTS) {
      expect(await totalOf(path, 'period=current')).toBe(1);
      expect(await totalOf(path, `period=period&year=${open.year}&month=${open.month}`)).toBe(1);
      expect(await totalOf(path, 'period=future')).toBe(0);
    }
  });

  it('Current follows the open month: once it closes, last month is no longer current', async () => {
    await withPeriodClosed(db, async () => {
      for (const path of LISTS) {
        expect(await totalOf(path, 'period=current')).toBe(0);
        expect(await totalOf(path, `period=period&year=${open.year}&month=${open.month}`)).toBe(1);
      }
    });
  });

  it('refuses an unknown choice with a 400', async () => {
    const res = await api.call('GET', '/api/charge/list?period=someday');
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(true);
  });
});
