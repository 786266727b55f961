import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import { type LookupData, lookupRequestContract } from '../contracts/lookup.js';
import { REPORTS, REPORT_KEYS } from '../contracts/reports.js';
import { REPORT_DEFINITIONS, mayRunReport } from '../reports/catalogue.js';
import { PARTY_ADDRESS_FLAGS, hasAnyPermission } from '../contracts/permissions.js';
import type { AppDeps } from '../deps.js';
import type { AppEnv } from '../http/env.js';
import { jsonBody } from '../http/validate.js';
import { userKey } from '../users/user-key.js';
import { loadLookups } from './lookups.js';

/** POST /api/lookup and POST /api/control/info: the same lookup request and answer. */
export function lookupRoutes({ requires, reads, db }: AppDeps) {
  const app = new Hono<AppEnv>();
  app.post('/', requires('company', { readOnly: true }), jsonBody(lookupRequestContract), async (c) => {
    const { lists, includeInactive } = c.req.valid('json');
    const company = c.get('company');
    // Every user's screens pick parties by code and name; addresses only where a screen shows them.
    const addresses = hasAnyPermission(c.get('user').permissions, PARTY_ADDRESS_FLAGS);
    // The company-wide lists as JSON text, serialised once per load (they are most of the answer).
    const cached = await reads.json(company.code, `lookup:${JSON.stringify(lists)}:${includeInactive}:${addresses}`, async () => {
      const { health: _h, reports: _r, userKey: _k, ...shared } = await loadLookups(company.db as unknown as Kysely<any>, { schema: company.schema, lists, includeInactive, addresses, userKey: '' });
      return shared;
    });
    // The user's own lists are never in the company-wide cache: reports follow the user's flags.
    const own: Pick<LookupData, 'health' | 'reports'> = {};
    const wants = (name: 'HEALTH' | 'REPORTS') => lists === 'ALL' || lists.includes(name);
    if (wants('HEALTH')) own.health = { status: 'ok', database: db.kind };
    if (wants('REPORTS')) {
      const permissions = c.get('user').permissions;
      own.reports = REPORT_KEYS.filter((key) => REPORT_DEFINITIONS.has(key) && mayRunReport(permissions, key)).map((key) => ({ id: key, title: REPORTS[key].title, tab: REPORTS[key].tab }));
    }
    // {"data": {...the cached lists, ...this user's own}}: the user's part is joined to the cached text.
    const mine = JSON.stringify({ ...own, userKey: userKey(company.code, c.get('user').id) });
    const body = `{"data":${cached === '{}' ? mine : `${cached.slice(0, -1)},${mine.slice(1)}`}}`;
    return c.body(body, 200, { 'Content-Type': 'application/json' });
  });
  return app;
}
