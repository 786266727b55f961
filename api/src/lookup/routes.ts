import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import { lookupRequestContract } from '../contracts/lookup.js';
import { PARTY_ADDRESS_FLAGS, hasAnyPermission } from '../contracts/permissions.js';
import type { AppDeps } from '../deps.js';
import type { AppEnv } from '../http/env.js';
import { jsonBody } from '../http/validate.js';
import { userKey } from '../users/user-key.js';
import { loadLookups } from './lookups.js';

/** POST /api/lookup and POST /api/control/info: the same lookup request and answer. */
export function lookupRoutes({ requires, reads }: AppDeps) {
  const app = new Hono<AppEnv>();
  app.post('/', requires('company', { readOnly: true }), jsonBody(lookupRequestContract), async (c) => {
    const { lists, includeInactive } = c.req.valid('json');
    const company = c.get('company');
    // Every user's screens pick parties by code and name; addresses only where a screen shows them.
    const addresses = hasAnyPermission(c.get('user').permissions, PARTY_ADDRESS_FLAGS);
    const data = await reads.get(company.code, `lookup:${JSON.stringify(lists)}:${includeInactive}:${addresses}`, () =>
      loadLookups(company.db as unknown as Kysely<any>, { schema: company.schema, lists, includeInactive, addresses, userKey: '' }));
    return c.json({ data: { ...data, userKey: userKey(company.code, c.get('user').id) } });
  });
  return app;
}
