import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyTables } from '../db/schema.js';
import { foreignKeyRefusal } from '../http/errors.js';
import { openPeriod, postTxn } from '../ledger/ledger.js';
import { addTestParties } from '../testing/parties.js';
import { type TestApi, startTestApi } from '../testing/test-api.js';

let api: TestApi;
let db: Kysely<CompanyTables>;
let D: string;

beforeAll(async () => {
  api = await startTestApi();
  db = api.db.company('co_demotrust');
  await addTestParties(db);
  D = (await openPeriod(db)).first;
});
afterAll(() => api.close());

describe('records used by posted history cannot be deleted (issue 8 item 15)', () => {
  it('refuses to delete an account with postings (409 with the reason), and deletes an unused one', async () => {
    const gst = (await db.selectFrom('account').select('gstcode').where('id', '=', 'OWNFUNDS').executeTakeFirstOrThrow()).gstcode;
    await db.insertInto('account').values([
      { id: 'POSTED', description: 'Posted to', type: 'INCOME', gstcode: gst },
      { id: 'UNUSED', description: 'Never used', type: 'INCOME', gstcode: gst },
    ] as never).execute();
    await db.transaction().execute((trx) => postTxn(trx, 'TEST', {
      kind: 'RECEIPT', date: D, memo: 'r', postings: [{ entity: 'OWNSMITH', door: '101', accountId: 'POSTED', amount: 500, description: 'r' }],
      cashbook: [{ date: D, method: 'EFT', amount: 500 }],
    }));
    const read = await api.call('GET', '/api/account/POSTED');
    expect(read.body.data._candelete).toBe(false);
    const res = await api.call('DELETE', '/api/account/POSTED');
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/Account POSTED cannot be deleted: it has ledger postings/);
    expect(await db.selectFrom('account').select('id').where('id', '=', 'POSTED').execute()).toHaveLength(1);
    expect((await api.call('DELETE', '/api/account/UNUSED')).status).toBe(200);
  });

  it('refuses to delete a card type past receipts were paid with', async () => {
    const receipt = await api.call('POST', '/api/cashbook/receipt', {
      body: {
        date: D, payer_type: 'OWNER', payer_entity: 'OWNSMITH', method: 'CARD', card_type: 'EFTPOS', memo: 'Card', tran_ref: 'C-1',
        items: [{ selector: 'ACCOUNT', ref: 'OWNFUNDS', entity: 'OWNSMITH', door: '101', description: 'Funds', amount: 20 }],
      },
    });
    expect(receipt.status).toBe(200);
    const res = await api.call('DELETE', '/api/cardtype/EFTPOS');
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/Card type EFTPOS cannot be deleted: past receipts were paid with it/);
  });

  it('answers any foreign-key violation as a refusal, never a 500', () => {
    const inUse = Object.assign(new Error('fk'), { code: '23503', detail: 'Key (id)=(REPAIRS) is still referenced from table "charge_item".' });
    expect(foreignKeyRefusal(inUse)).toMatchObject({ status: 409, message: 'REPAIRS is in use (charge item records refer to it) and cannot be deleted or renamed' });
    const missing = Object.assign(new Error('fk'), { code: '23503', detail: 'Key (door)=(999) is not present in table "unit".' });
    expect(foreignKeyRefusal(missing)).toMatchObject({ status: 400, message: 'Unknown unit 999' });
    expect(foreignKeyRefusal(new Error('other'))).toBeNull();
  });
});
