import type { Kysely } from 'kysely';
import type { CashbookRecord, ReceiptInput } from '../contracts/cashbook.js';
import type { CompanyTables } from '../db/schema.js';
import type { PostedTxn } from '../ledger/ledger.js';
import { readReceipts } from './queries.js';
import { type Outcome, type ReceiptRequest, postPreparedReceipts, prepareReceipts } from './receipts.js';

type Db = Kysely<CompanyTables>;

export interface PostedReceipt {
  posted: PostedTxn;
  record: CashbookRecord;
}

interface Member extends ReceiptRequest {
  resolve: (r: PostedReceipt) => void;
  reject: (e: unknown) => void;
}

/** At most this many receipts share one database transaction. */
const MAX_BATCH = 200;
/** A deadlock or serialization failure rolls the whole batch back; it is then tried again. */
const RETRIES = 3;
const RETRYABLE = new Set(['40P01', '40001']);

/**
 * Group commit for receipts, one queue per company per process. Every receipt number is taken
 * under the RECEIPT row lock of number_sequence, held until commit, so receipts posted one
 * transaction each serialise on that lock for their whole transaction (commit included). Here the
 * receipts that arrive while a batch is in flight wait and go together in the next one: one
 * transaction, one number block, one commit for all of them. Each is still checked on its own
 * and answered on its own: a refused receipt gets its own error and writes nothing, the others
 * post (prepareReceipts / postPreparedReceipts). Several API processes on one PostgreSQL each
 * batch their own receipts; the row lock keeps numbers unique and gapless across them.
 */
export class ReceiptQueue {
  private waiting: Member[] = [];
  private running = false;

  constructor(private readonly db: Db) {}

  submit(userId: string, input: ReceiptInput): Promise<PostedReceipt> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ userId, input, resolve, reject });
      if (!this.running) {
        this.running = true;
        // Let the requests of the same turn of the event loop join this batch.
        setImmediate(() => void this.drain());
      }
    });
  }

  private async drain() {
    while (this.waiting.length) {
      const batch = this.waiting.splice(0, MAX_BATCH);
      try {
        // Once committed, the answers are read back while the next batch posts.
        void this.answer(batch, await this.post(batch));
      } catch (error) {
        for (const member of batch) member.reject(error);
      }
    }
    this.running = false;
  }

  private async answer(batch: Member[], outcomes: Outcome<PostedTxn>[]) {
    const posted = outcomes.flatMap((o, i) => {
      if (o.ok) return [{ member: batch[i]!, txn: o.value }];
      batch[i]!.reject(o.error);
      return [];
    });
    if (!posted.length) return;
    try {
      const records = new Map((await readReceipts(this.db, posted.map((p) => String(p.txn.id)))).map((r) => [String(r.id), r]));
      for (const { member, txn } of posted) {
        const record = records.get(String(txn.id));
        if (record) member.resolve({ posted: txn, record });
        else member.reject(new Error(`Receipt ${txn.ref} was posted but cannot be read back`));
      }
    } catch (error) {
      for (const { member } of posted) member.reject(error);
    }
  }

  private async post(batch: Member[]) {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.db.transaction().execute(async (trx) => postPreparedReceipts(trx, await prepareReceipts(trx, batch)));
      } catch (error) {
        if (attempt >= RETRIES || !RETRYABLE.has((error as { code?: string }).code ?? '')) throw error;
      }
    }
  }
}

const queues = new WeakMap<Db, ReceiptQueue>();

/** The receipt queue of a company's database handle (one handle per company schema). */
export function receiptQueue(db: Db): ReceiptQueue {
  let queue = queues.get(db);
  if (!queue) {
    queue = new ReceiptQueue(db);
    queues.set(db, queue);
  }
  return queue;
}
