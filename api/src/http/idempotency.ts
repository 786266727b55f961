import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import type { ColumnType, Kysely, Transaction } from 'kysely';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { CompanyTables } from '../db/schema.js';
import type { AppEnv } from './env.js';
import { ApiError, badRequest, conflict } from './errors.js';
import { retryOnConflict } from '../ledger/retry.js';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** Keys are kept at least this long; older ones are purged. */
export const KEEP_KEYS_MS = 24 * 60 * 60 * 1000;
const PURGE_EVERY_MS = 60 * 60 * 1000;
const KEY_FORMAT = /^[A-Za-z0-9_.:-]{8,100}$/;

/** The stored answer of a posting call (the company schema's idempotency_key table). */
interface IdempotencyTables {
  idempotency_key: { key: string; request_hash: string; status: number; body: string; created_at: ColumnType<Date, never, never> };
}
type Trx = Transaction<CompanyTables>;
const keysOf = (db: Kysely<CompanyTables>) => db as unknown as Kysely<IdempotencyTables>;

/** What a posting answers: the JSON body and its status (200 unless said). */
export interface PostingAnswer {
  body: unknown;
  status?: ContentfulStatusCode;
}

const lastPurge = new Map<string, number>();

/**
 * Runs a posting call in one database transaction, honouring an `Idempotency-Key` header
 * (issue 8 item 10). Without the header the posting just runs. With it, the key is claimed first
 * inside the same transaction (an insert on the key's primary key): a concurrent call with the same
 * key waits on that row until the first commits, then finds the stored answer and replays it
 * without posting anything; if the first fails, its claim rolls back with it and the next call
 * posts. The answer is stored before commit, so a key exists exactly when its posting committed.
 * The same key with another method, path, user or body is a 422. Refusals (4xx) are not stored:
 * they changed nothing, and a corrected retry may use the same key.
 *
 * Use it for every call that posts to the ledger in one transaction (receipts, payments,
 * journals, charges, release, disbursement), retried whole on a deadlock or serialization failure
 * (ledger/retry.ts): `return postingTransaction(c, async (trx) => ({ body: {...} }))`. Month end,
 * a job, uses idempotentCall.
 */
export async function postingTransaction(c: Context<AppEnv>, post: (trx: Trx) => Promise<PostingAnswer>): Promise<Response> {
  const db = c.get('company').db;
  const key = keyOf(c);
  if (key === undefined) {
    const answer = await retryOnConflict(() => db.transaction().execute(post));
    return c.json(answer.body as object, answer.status ?? 200);
  }
  const hash = await requestHash(c);
  const outcome = await retryOnConflict(() => db.transaction().execute(async (trx) => {
    const stored = await claimKey(trx, c, key, hash);
    if (stored) return { replay: true as const, ...stored };
    const answer = await post(trx);
    const status = answer.status ?? 200;
    const body = JSON.stringify(answer.body);
    await keysOf(trx).updateTable('idempotency_key').set({ status, body }).where('key', '=', key).execute();
    return { replay: false as const, request_hash: hash, status, body };
  }));
  return storedAnswer(c, key, hash, outcome);
}

/**
 * An `Idempotency-Key` for a posting call that is not one transaction: month end's Proceed starts
 * a job that posts in transactions of its own, which a transaction held open around it would
 * block. The key is claimed and committed first; then the call runs and its answer is kept with
 * the key. A retry with the same key and body while the first still runs finds the claim without
 * an answer and is a 409 (try again); after it, the retry gets the first answer and runs nothing.
 * The same key with another request is a 422. A refusal (an error thrown, or an answer of 400 or
 * more) gives the key back, as postingTransaction does.
 */
export async function idempotentCall(c: Context<AppEnv>, run: () => Promise<PostingAnswer>): Promise<Response> {
  const key = keyOf(c);
  if (key === undefined) {
    const answer = await run();
    return c.json(answer.body as object, answer.status ?? 200);
  }
  const db = c.get('company').db;
  const hash = await requestHash(c);
  const stored = await db.transaction().execute((trx) => claimKey(trx, c, key, hash));
  if (stored) {
    if (stored.request_hash === hash && stored.status === 0) {
      throw conflict(`The request with ${IDEMPOTENCY_HEADER} ${key} is still being answered; try again shortly`);
    }
    return storedAnswer(c, key, hash, { replay: true, ...stored });
  }
  const release = () => keysOf(db).deleteFrom('idempotency_key').where('key', '=', key).execute();
  let answer: PostingAnswer;
  try {
    answer = await run();
  } catch (e) {
    await release();
    throw e;
  }
  const status = answer.status ?? 200;
  const body = JSON.stringify(answer.body);
  if (status >= 400) await release();
  else await keysOf(db).updateTable('idempotency_key').set({ status, body }).where('key', '=', key).execute();
  return c.body(body, status, { 'Content-Type': 'application/json; charset=UTF-8' });
}

/** The request's key, checked; undefined without the header. */
function keyOf(c: Context<AppEnv>): string | undefined {
  const key = c.req.header(IDEMPOTENCY_HEADER);
  if (key !== undefined && !KEY_FORMAT.test(key)) {
    throw badRequest(`${IDEMPOTENCY_HEADER} is 8 to 100 letters, digits or _ . : -`, { errors: [{ path: IDEMPOTENCY_HEADER, msg: 'Invalid key' }] });
  }
  return key;
}

interface StoredKey {
  request_hash: string;
  /** 0 while the claiming call has not answered yet. */
  status: number;
  body: string;
}

/**
 * Claims the key (an insert on its primary key; a concurrent claim of the same key waits on the
 * row until the first commits) and answers undefined, or answers what is stored under it.
 */
async function claimKey(trx: Trx, c: Context<AppEnv>, key: string, hash: string): Promise<StoredKey | undefined> {
  await purgeOldKeys(trx, c.get('company').schema);
  const claimed = await keysOf(trx).insertInto('idempotency_key')
    .values({ key, request_hash: hash, status: 0, body: '' })
    .onConflict((oc) => oc.column('key').doNothing())
    .returning('key')
    .executeTakeFirst();
  if (claimed) return undefined;
  return keysOf(trx).selectFrom('idempotency_key').select(['request_hash', 'status', 'body']).where('key', '=', key).executeTakeFirstOrThrow();
}

/** The answer kept under the key: a 422 when it was kept for another request. */
function storedAnswer(c: Context<AppEnv>, key: string, hash: string, outcome: StoredKey & { replay: boolean }): Response {
  if (outcome.request_hash !== hash) {
    throw new ApiError(422, `${IDEMPOTENCY_HEADER} ${key} was already used for a different request`, { errors: [{ path: IDEMPOTENCY_HEADER, msg: 'Key already used for a different request' }] });
  }
  if (outcome.replay) c.header('Idempotency-Replayed', 'true');
  return c.body(outcome.body, outcome.status as ContentfulStatusCode, { 'Content-Type': 'application/json; charset=UTF-8' });
}

/** sha256 of what makes two calls the same request: method, path with query, user and body. */
async function requestHash(c: Context<AppEnv>): Promise<string> {
  const url = new URL(c.req.url);
  const body = c.req.method === 'GET' ? '' : await c.req.text();
  return createHash('sha256').update(`${c.req.method} ${url.pathname}${url.search}\n${c.get('user').id}\n${body}`).digest('hex');
}

/** Deletes keys older than KEEP_KEYS_MS, at most once an hour per company schema and process. */
async function purgeOldKeys(trx: Kysely<CompanyTables>, schema: string): Promise<void> {
  const now = Date.now();
  if (now - (lastPurge.get(schema) ?? 0) < PURGE_EVERY_MS) return;
  lastPurge.set(schema, now);
  await keysOf(trx).deleteFrom('idempotency_key').where('created_at', '<', new Date(now - KEEP_KEYS_MS)).execute();
}
