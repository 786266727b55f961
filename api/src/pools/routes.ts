import { Hono } from 'hono';
import { poolMembersContract, poolReleaseContract } from '../contracts/pools.js';
import type { AppDeps } from '../deps.js';
import type { AppEnv } from '../http/env.js';
import { postingTransaction } from '../http/idempotency.js';
import { jsonBody } from '../http/validate.js';
import { POOL_MESSAGES, assertPoolsEnabled, poolReleaseRows, postPoolRelease, readPool, savePool } from './pools.js';

/**
 * /api/pool/{code}: an owner pool's release basis and members (the Owner Pools editor's Members
 * tab; the pool itself is a POOL entity edited through /api/entity).
 */
export function poolRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const { requires } = deps;

  app.get('/:code', requires('p_entities'), async (c) => {
    const db = c.get('company').db;
    await assertPoolsEnabled(db);
    return c.json({ data: await readPool(db, c.req.param('code').toUpperCase()) });
  });

  app.put('/:code', requires('p_entities'), jsonBody(poolMembersContract), async (c) => {
    const db = c.get('company').db;
    await assertPoolsEnabled(db);
    const code = c.req.param('code').toUpperCase();
    await db.transaction().execute((trx) => savePool(trx, code, c.req.valid('json')));
    return c.json({ data: await readPool(db, code), message: `Pool ${code} members saved` });
  });

  return app;
}

/**
 * /api/control/poolrelease (spec 3 §7): Release Pool Funds' rows, and the release itself, which
 * posts in one transaction (and takes an Idempotency-Key). Release is a disbursement-side task:
 * it needs the flag of Charge Release and Disbursement.
 */
export function poolReleaseRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const { requires } = deps;

  app.get('/', requires('p_entry_disbursement'), async (c) => {
    const db = c.get('company').db;
    await assertPoolsEnabled(db);
    return c.json({ data: await poolReleaseRows(db) });
  });

  app.post('/', requires('p_entry_disbursement'), jsonBody(poolReleaseContract), async (c) => {
    const request = c.req.valid('json');
    const userId = c.get('user').id;
    return postingTransaction(c, async (trx) => {
      await assertPoolsEnabled(trx);
      const result = await postPoolRelease(trx, userId, request);
      return { body: { data: result, message: POOL_MESSAGES.released(result.pools, result.total), error: false } };
    });
  });

  return app;
}
