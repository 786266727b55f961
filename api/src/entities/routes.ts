import { type Context, Hono } from 'hono';
import type { Kysely } from 'kysely';
import {
  BUSINESS_ENTITY_CODE, CREATABLE_ENTITY_TYPES, type EntityInput, businessEntityContract, entityContract, entityHoldsContract,
  entityListQuery, entityOverrideContract, entityPendingQuery, entityStatementQuery, entityUpdateKind,
} from '../contracts/entity.js';
import { ENTITY_TYPES } from '../contracts/common.js';
import { type PermissionFlag, hasAnyPermission, hasPermission } from '../contracts/permissions.js';
import type { AppDeps } from '../deps.js';
import { ApiError, badRequest, conflict, forbidden, notFound, validationError } from '../http/errors.js';
import type { AppEnv } from '../http/env.js';
import { jsonBody, listSegment, queryParams } from '../http/validate.js';
import { writeLog } from '../log/system-log.js';
import { toCents } from '../money/cents.js';
import { entityToRow } from '../reference/entity-record.js';
import {
  assertCanDelete, assertFormMatches, assertMayBeInactive, checkEntityReferences, entityFields, listEntities, lockEntity, readEntity,
} from './entities.js';
import { entityPendingCharges, entityStatement } from './statement.js';

type Row = Record<string, unknown>;
const companyDb = (c: Context<AppEnv>) => c.get('company').db as unknown as Kysely<any>;
const codeParam = (c: Context<AppEnv>) => (c.req.param('code') ?? '').trim().toUpperCase();

/**
 * The business entity has an editor under Setup (p_mgt) as well as in Accounts (p_entities);
 * every other party needs p_entities. The business ledger (statement, pending charges) is also
 * what Business Accounts shows, so p_business reads it too. The route's one guard is 'company';
 * this is the flag check.
 */
function assertEntityAccess(c: Context<AppEnv>, code: string, ledger = false) {
  const permissions = c.get('user').permissions;
  const flags: PermissionFlag[] = code !== BUSINESS_ENTITY_CODE ? ['p_entities'] : ledger ? ['p_entities', 'p_mgt', 'p_business'] : ['p_entities', 'p_mgt'];
  if (!flags.some((f) => hasPermission(permissions, f))) {
    throw forbidden(`Permission ${flags.join(' or ')} is required for ${c.req.method} ${c.req.path}`);
  }
}

/**
 * A tenant is shown by Accounts' Tenants (no flag of its own, so p_accounting, which reaching
 * Accounts requires) and by Permanent Rentals' Statement action (p_bookings): its record, ledger
 * and pending charges are read with those flags too (issue 17). Changing it stays p_entities'.
 */
const TENANT_READ_FLAGS: readonly PermissionFlag[] = ['p_accounting', 'p_bookings'];

/** The read guard: the party's own access, or one of the tenant screens' flags for a tenant. */
async function assertEntityRead(c: Context<AppEnv>, code: string, ledger = false) {
  const permissions = c.get('user').permissions;
  if (code !== BUSINESS_ENTITY_CODE && !hasPermission(permissions, 'p_entities') && hasAnyPermission(permissions, TENANT_READ_FLAGS)) {
    const party = await companyDb(c).selectFrom('entity').select('type').where('code', '=', code).executeTakeFirst();
    if (party?.type === 'TENANT') return;
  }
  assertEntityAccess(c, code, ledger);
}

function parseWith<T>(schema: { safeParse(v: unknown): { success: true; data: T } | { success: false; error: unknown } }, body: unknown): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw validationError(parsed.error as never);
  return parsed.data;
}

async function readJson(c: Context<AppEnv>): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    throw badRequest('The body must be JSON');
  }
}

/**
 * Entities (spec 2 §7 'Entities'): GET /list/{type}, GET/PUT/DELETE /{code}, POST /, and the
 * party's ledger and pending charges (GET /statement/{code}, /pending/{code}?account=&at=). Every change
 * is logged with before and after (routine 'entity': owners' names, addresses and bank details are
 * regulated records) in the transaction that makes it.
 */
export function entityRoutes({ requires }: AppDeps) {
  const app = new Hono<AppEnv>();

  const log = (c: Context<AppEnv>, trx: Kysely<any>, method: string, code: string, message: string, before: Row | undefined, after: Row | undefined) =>
    writeLog(trx, {
      database: c.get('company').code,
      severity: 'CHANGE',
      message,
      identity: c.get('user').id,
      routine: 'entity',
      method,
      apicall: `/entity/${code}`,
      recordKey: code,
      before,
      after,
    });

  // Spec 2's list path GET /api/entity/list/{type}/{query}: the optional segment is a search text
  // (?search= wins over it); with a trailing slash or no segment the list answers the same.
  const list = async (c: any) => {
    const type = String(c.req.param('type')).trim().toUpperCase();
    if (!(ENTITY_TYPES as readonly string[]).includes(type)) throw badRequest(`Unknown entity type ${type.slice(0, 20)}: one of ${ENTITY_TYPES.join(', ')}`);
    const q = c.req.valid('query') as { search?: string; inactive?: string; category?: string };
    const rows = await listEntities(companyDb(c), { type, search: q.search ?? listSegment(c.req.param('query')), inactive: q.inactive === 'true', category: q.category });
    return c.json({ data: rows });
  };
  // Tenants is an Accounts screen with no flag of its own (spec 2's route table; issue 17): its list
  // needs only p_accounting, which reaching Accounts requires; every other party list p_entities.
  const listAccess = async (c: any, next: () => Promise<void>) => {
    const type = String(c.req.param('type')).trim().toUpperCase();
    const flag: PermissionFlag = type === 'TENANT' ? 'p_accounting' : 'p_entities';
    if (!hasPermission(c.get('user').permissions, flag) && !hasPermission(c.get('user').permissions, 'p_entities')) throw forbidden(`Permission ${flag} is required`);
    await next();
  };
  for (const path of ['/list/:type', '/list/:type/', '/list/:type/:query']) app.get(path, requires('company'), listAccess, queryParams(entityListQuery), list);

  // The party's ledger for a period and its pending charges: read like the record itself, the business's also with p_business.
  app.get('/statement/:code', requires('company'), queryParams(entityStatementQuery), async (c) => {
    const code = codeParam(c);
    await assertEntityRead(c, code, true);
    return c.json({ data: await entityStatement(companyDb(c), code, c.req.valid('query')) });
  });

  app.get('/pending/:code', requires('company'), queryParams(entityPendingQuery), async (c) => {
    const code = codeParam(c);
    await assertEntityRead(c, code, true);
    return c.json({ data: await entityPendingCharges(companyDb(c), code, c.req.valid('query')) });
  });

  app.get('/:code', requires('company'), async (c) => {
    const code = codeParam(c);
    await assertEntityRead(c, code);
    const record = await readEntity(companyDb(c), code);
    if (!record) throw notFound(`Entity ${code} not found`);
    return c.json({ data: record });
  });

  app.post('/', requires('p_entities'), jsonBody(entityContract), async (c) => {
    const input = c.req.valid('json') as EntityInput;
    if (!(CREATABLE_ENTITY_TYPES as readonly string[]).includes(input.type)) {
      const msg = `Only ${CREATABLE_ENTITY_TYPES.join(', ')} entities can be created`;
      throw badRequest(msg, { errors: [{ path: 'type', msg }] });
    }
    if (input.inactive) throw badRequest('A new entity cannot be inactive', { errors: [{ path: 'inactive', msg: 'A new entity cannot be inactive' }] });
    const row = entityToRow(input);
    const db = companyDb(c);
    await db.transaction().execute(async (trx) => {
      if (await trx.selectFrom('entity').select('code').where('code', '=', input.code).executeTakeFirst()) {
        throw conflict(`Entity ${input.code} already exists`, { errors: [{ path: 'code', msg: 'Code already exists' }] });
      }
      await checkEntityReferences(trx, row, input.type);
      const inserted = (await trx.insertInto('entity').values(row).returningAll().executeTakeFirstOrThrow()) as Row;
      await log(c, trx, 'POST', input.code, `Entity ${input.code} created`, undefined, entityFields(inserted));
    });
    return c.json({ data: await readEntity(db, input.code), message: 'Record Created' });
  });

  app.put('/:code', requires('company'), async (c) => {
    const code = codeParam(c);
    // Holds and the charge release override are also the Disbursement screen's holds panel
    // (spec 2 §4 'Holds'): p_entry_disbursement, which shows that screen, saves them (issue 17).
    // The access is checked before a body that is not JSON is refused, as for every other user.
    const body = await readJson(c).catch((e: unknown) => {
      assertEntityAccess(c, code);
      throw e;
    });
    const kind = entityUpdateKind(body);
    if (kind === 'form' || !hasPermission(c.get('user').permissions, 'p_entry_disbursement')) assertEntityAccess(c, code);
    const db = companyDb(c);
    await db.transaction().execute(async (trx) => {
      const before = await lockEntity(trx, code);
      let set: Row;
      let message: string;
      if (kind === 'holds') {
        const h = parseWith(entityHoldsContract, body);
        set = { hold_always: toCents(h.hold_always), hold_always_reason: h.hold_always_reason, hold_this_month: toCents(h.hold_this_month), hold_this_month_reason: h.hold_this_month_reason };
        message = `Entity ${code} holds updated`;
      } else if (kind === 'override') {
        const o = parseWith(entityOverrideContract, body);
        if (!['OWNER', 'POOL'].includes(String(before.type))) throw new ApiError(409, 'Charge release override applies to owners and pools only');
        set = { charge_release_override: o.charge_release_override };
        message = `Entity ${code} charge release override ${o.charge_release_override ? 'on' : 'off'}`;
      } else {
        const input = parseWith(code === BUSINESS_ENTITY_CODE ? businessEntityContract : entityContract, body) as EntityInput;
        assertFormMatches(code, before, input);
        assertMayBeInactive(before, input.inactive);
        const { code: _code, type: _type, ...row } = entityToRow(input);
        await checkEntityReferences(trx, row, String(before.type));
        set = row;
        message = `Entity ${code} updated`;
      }
      const after = (await trx.updateTable('entity').set(set).where('code', '=', code).returningAll().executeTakeFirstOrThrow()) as Row;
      await log(c, trx, 'PUT', code, message, entityFields(before), entityFields(after));
    });
    return c.json({ data: await readEntity(db, code), message: 'Record Updated' });
  });

  app.delete('/:code', requires('p_entities'), async (c) => {
    const code = codeParam(c);
    await companyDb(c).transaction().execute(async (trx) => {
      const before = await lockEntity(trx, code);
      assertCanDelete(before);
      await trx.deleteFrom('entity').where('code', '=', code).execute();
      await log(c, trx, 'DELETE', code, `Entity ${code} deleted`, entityFields(before), undefined);
    });
    return c.json({ data: { code }, message: 'Record Deleted.' });
  });

  return app;
}
