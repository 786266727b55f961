import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { receiptContract } from '../contracts/cashbook.js';
import { jsonb } from '../db/open.js';
import type { CompanyTables } from '../db/schema.js';
import { ApiError } from '../http/errors.js';
import { nextNumber, openPeriod, trustBalance } from '../ledger/ledger.js';
import { balanceDrift, trustPosition, unbalancedTxns } from '../ledger/trust-position.js';
import { addTestParties } from '../testing/parties.js';
import { openSecondProcess } from '../testing/second-process.js';
import { type TestApi, startTestApi } from '../testing/test-api.js';
import { ReceiptQueue } from './receipt-queue.js';

/**
 * Group commit of receipts (receipt-queue.ts): receipts submitted together share one database
 * transaction, yet each is checked, numbered and answered on its own.
 */
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

/** A receipt body of $n for an owner's door (odd: OWNSMITH 101, even: OWNJONES 201). */
const body = (n: number, item: Record<string, unknown> = {}, over: Record<string, unknown> = {}) => ({
  date: D, payer_type: 'OTHER', payer: `Guest ${n}`, method: 'EFT', memo: `Batch receipt ${n}`,
  items: [{ selector: 'ACCOUNT', ref: 'OWNFUNDS', entity: n % 2 ? 'OWNSMITH' : 'OWNJONES', door: n % 2 ? '101' : '201', description: 'Stay', amount: n, ...item }],
  ...over,
});
/** The same, as the route hands it to the queue. */
const receipt = (n: number, item: Record<string, unknown> = {}, over: Record<string, unknown> = {}) => receiptContract.parse(body(n, item, over));
const receiptRefs = async () => (await db.selectFrom('txn').select('ref').where('kind', '=', 'RECEIPT').execute()).map((r) => Number(r.ref)).sort((a, b) => a - b);
const gapless = (refs: number[]) => refs.every((r, i) => r === i + 1);
/** Receipts that went through one database transaction share its start time (txn.created_at = now()). */
const transactionsOf = async (refs: string[]) =>
  new Set((await db.selectFrom('txn').select('created_at').where('kind', '=', 'RECEIPT').where('ref', 'in', refs).execute()).map((r) => String(r.created_at))).size;
const settle = <T>(p: Promise<T>) => p.then((value) => ({ ok: true as const, value }), (error: unknown) => ({ ok: false as const, error }));

async function expectInvariants() {
  const position = await trustPosition(db);
  expect(position.cashbook).toBe(position.ledgers);
  expect(await unbalancedTxns(db)).toEqual([]);
  expect(await balanceDrift(db)).toEqual([]);
}

describe('receipt group commit', () => {
  it('posts concurrent HTTP receipts in shared transactions with unique, gapless numbers, each answered with its own receipt', async () => {
    const before = await receiptRefs();
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => api.call('POST', '/api/cashbook/receipt', { body: body(i + 1) })));
    for (const [i, res] of results.entries()) {
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data).toMatchObject({ payer: `Guest ${i + 1}`, memo: `Batch receipt ${i + 1}`, amount: i + 1, items: [{ amount: i + 1 }] });
      expect(res.body.message).toBe(`Receipt ${res.body.data.ref} posted`);
    }
    const refs = results.map((r) => String(r.body.data.ref));
    expect(new Set(refs).size).toBe(40);
    const after = await receiptRefs();
    expect(after.length).toBe(before.length + 40);
    expect(gapless(after)).toBe(true);
    // Batched: fewer transactions than receipts.
    expect(await transactionsOf(refs)).toBeLessThan(40);
    await expectInvariants();
  });

  it('refuses the invalid receipts of a batch cleanly, each with its own error, and posts the others', async () => {
    const queue = new ReceiptQueue(db);
    const smith = await trustBalance(db, 'OWNSMITH', '101');
    const jones = await trustBalance(db, 'OWNJONES', '201');
    const items = Number((await db.selectFrom('receipt_item').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
    const before = await receiptRefs();
    // Submitted in one turn of the event loop, so they go in one batch. Refused while being
    // prepared (unknown party, posted receipt named) and by the ledger engine (unknown account,
    // another owner's door: the batch is retried receipt by receipt under savepoints).
    const submitted = [
      queue.submit('ADMIN', receipt(1)),
      queue.submit('ADMIN', receipt(3, { entity: 'NOBODY' }, { memo: 'Refused' })),
      queue.submit('ADMIN', receipt(5)),
      queue.submit('ADMIN', receipt(7, { ref: 'NOACCT' }, { memo: 'Refused' })),
      queue.submit('ADMIN', receipt(2)),
      queue.submit('ADMIN', receipt(9, { door: '201' }, { memo: 'Refused' })),
      queue.submit('ADMIN', receipt(4, {}, { id: 1, memo: 'Refused' })),
      queue.submit('ADMIN', receipt(11)),
    ].map(settle);
    const results = await Promise.all(submitted);
    const refused = (i: number) => {
      const r = results[i]!;
      expect(r.ok).toBe(false);
      expect(r.ok ? null : r.error).toBeInstanceOf(ApiError);
      return r.ok ? null : (r.error as ApiError);
    };
    expect(refused(1)).toMatchObject({ status: 400, message: 'Unknown party: NOBODY' });
    expect(refused(3)).toMatchObject({ status: 400, message: 'Unknown account: NOACCT' });
    expect(refused(5)).toMatchObject({ status: 400, message: 'Door 201 does not belong to owner OWNSMITH' });
    expect(refused(6)).toMatchObject({ status: 409, message: expect.stringMatching(/^Receipt 1 is posted and cannot be edited/) });
    const posted = [0, 2, 4, 7].map((i) => {
      const r = results[i]!;
      expect(r.ok, r.ok ? '' : String(r.error)).toBe(true);
      return r.ok ? r.value : null!;
    });
    // The good ones took the next numbers, in the order submitted, with nothing in between.
    expect(posted.map((p) => Number(p.posted.ref))).toEqual([1, 2, 3, 4].map((k) => before.length + k));
    expect(posted.map((p) => p.record.amount)).toEqual([1, 5, 2, 11]);
    expect(gapless(await receiptRefs())).toBe(true);
    expect(await trustBalance(db, 'OWNSMITH', '101')).toBe(smith + 1_700);
    expect(await trustBalance(db, 'OWNJONES', '201')).toBe(jones + 200);
    const itemsAfter = Number((await db.selectFrom('receipt_item').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
    expect(itemsAfter).toBe(items + 4);
    expect(await db.selectFrom('txn').select('id').where('memo', '=', 'Refused').execute()).toEqual([]);
    await expectInvariants();
  });

  it('lets only the first receipt of a batch pay a pending charge: the next finds it released', async () => {
    const queue = new ReceiptQueue(db);
    const charge = await db.transaction().execute(async (trx) => {
      const ref = await nextNumber(trx, 'CHARGE');
      const row = await trx.insertInto('charge').values({
        ref, date: D, payer_type: 'OWNER', entity: 'OWNSMITH', door: '101', recipient_type: 'SUPPLIER', recipient: 'SUPCLEAN', recipient_door: null, memo: 'Clean', user_id: 'TEST',
      }).returning(['id', 'ref']).executeTakeFirstOrThrow();
      await trx.insertInto('charge_item').values({ charge_id: row.id, account_id: 'CLEAN', recipient_entity: 'SUPCLEAN', door: '101', description: 'Clean', amount: 4_000 }).execute();
      return row;
    });
    const pay = () => receipt(1, { selector: 'CHARGE', ref: String(charge.id), entity: 'OWNSMITH', door: '101', amount: 40 });
    const supplier = await trustBalance(db, 'SUPCLEAN');
    const [first, second] = await Promise.all([settle(queue.submit('ADMIN', pay())), settle(queue.submit('ADMIN', pay()))]);
    expect(first.ok).toBe(true);
    expect(second.ok ? null : second.error).toMatchObject({ status: 409, message: `Line 1: charge ${charge.ref} is released, not pending, so this receipt cannot pay it` });
    expect(await trustBalance(db, 'SUPCLEAN')).toBe(supplier + 4_000);
    const row = await db.selectFrom('charge').selectAll().where('id', '=', charge.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'RELEASED', released_txn: String(first.ok ? first.value.posted.id : null) });
    await expectInvariants();
  });

  it('checks the month-end lock inside the batch: 423 for everyone but the user running month end', async () => {
    await db.insertInto('control_setting').values([{ key: 'monthend_lock_uuid', value: jsonb('lock-1') }, { key: 'monthend_lock_user', value: jsonb('CLOSER') }]).execute();
    try {
      const before = await receiptRefs();
      const queue = new ReceiptQueue(db);
      const [other, closer] = await Promise.all([settle(queue.submit('ADMIN', receipt(1))), settle(queue.submit('CLOSER', receipt(2)))]);
      expect(other.ok ? null : other.error).toMatchObject({ status: 423, message: expect.stringMatching(/Exclusive Month End Mode is active/) });
      expect(closer.ok).toBe(true);
      const http = await api.call('POST', '/api/cashbook/receipt', { body: receipt(3) });
      expect(http.status).toBe(423);
      expect(await receiptRefs()).toEqual([...before, before.length + 1]);
    } finally {
      await db.deleteFrom('control_setting').where('key', 'in', ['monthend_lock_uuid', 'monthend_lock_user']).execute();
    }
  });

  it('keeps numbers unique and gapless with two queues batching at once (on PostgreSQL each with its own pool, as two API processes)', async () => {
    // On PostgreSQL a second pool and queue on the same database, as a second API process would
    // have; PGlite has one connection, so there the two queues share it and interleave.
    const other = await openSecondProcess(api.db);
    try {
      const queues = [new ReceiptQueue(db), new ReceiptQueue(other ? other.company('co_demotrust') : db)];
      const before = await receiptRefs();
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, round) => Promise.all(Array.from({ length: 20 }, (_, i) => settle(queues[(round + i) % 2]!.submit('ADMIN', receipt(round * 20 + i + 1)))))),
      );
      expect(results.flat().filter((r) => !r.ok)).toEqual([]);
      const after = await receiptRefs();
      expect(after.length).toBe(before.length + 200);
      expect(new Set(after).size).toBe(after.length);
      expect(gapless(after)).toBe(true);
      await expectInvariants();
    } finally {
      await other?.close();
    }
  });
});
