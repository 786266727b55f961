import { type Context, Hono } from 'hono';
import type { Kysely } from 'kysely';
import {
  type ApplyFeesInput, UNIT_MESSAGES, type UnitInput, applyFeesContract, changeOwnerContract, changeOwnerQuery, unitContract, unitListQuery,
} from '../contracts/unit.js';
import type { CompanyTables } from '../db/schema.js';
import type { AppDeps } from '../deps.js';
import { ApiError, badRequest, notFound } from '../http/errors.js';
import type { AppEnv } from '../http/env.js';
import { jsonBody, queryParams } from '../http/validate.js';
import { businessDate } from '../ledger/business-date.js';
import { retryOnConflict } from '../ledger/retry.js';
import { writeLog } from '../log/system-log.js';
import { changeOwner, previewChangeOwner } from './change-owner.js';
import { assertAnyPermission } from '../http/guard.js';
import { raiseRent } from '../tenancies/tenancies.js';
import { applyMonthlyFees, assertChargeDate } from './fees.js';
import { createUnit, deleteUnit, listUnits, readUnit, unitSnapshot, updateUnit } from './units.js';

type Row = Record<string, unknown>;
const companyDb = (c: Context<AppEnv>) => c.get('company').db as unknown as Kysely<any>;
const doorParam = (c: Context<AppEnv>) => (c.req.param('door') ?? '').trim().toUpperCase();

const log = (c: Context<AppEnv>, trx: Kysely<any>, routine: string, method: string, key: string, message: string, before?: unknown, after?: unknown) =>
  writeLog(trx, {
    database: c.get('company').code, severity: 'CHANGE', message, identity: c.get('user').id, routine, method,
    apicall: c.req.path.replace(/^\/api/, ''), recordKey: key, before, after,
  });

/** The tenancy the fee body names (applyfees and deletecharges act on its rent instead of unit fees), if any. */
export function tenancyIdOf(input: ApplyFeesInput): number | undefined {
  if (input.tenancyId === undefined || input.tenancyId === '') return undefined;
  const id = Number(input.tenancyId);
  if (!Number.isSafeInteger(id) || id <= 0) throw badRequest('tenancyId must be a tenancy number', { errors: [{ path: 'tenancyId', msg: 'Invalid tenancy' }] });
  return id;
}

/** The fee body's date (default today) under the 'Update or undo charges date' rule. */
export async function feeScope(db: Kysely<any>, input: ApplyFeesInput): Promise<{ date: string; door?: string; today: string }> {
  const today = await businessDate(db);
  const date = input.date ?? today;
  assertChargeDate(date, today);
  return { date, door: input.door, today };
}

/**
 * Units (spec 2 §7 'Units'): list, read, create, update (with deleted line lists), delete, change
 * owner (preview and change) and the monthly unit fees as charges. Changes are logged (routine 'unit').
 */
export function unitRoutes({ requires }: AppDeps) {
  const app = new Hono<AppEnv>();

  app.get('/list', requires('p_entities'), queryParams(unitListQuery), async (c) => {
    const q = c.req.valid('query');
    return c.json({ data: await listUnits(companyDb(c), { search: q.search, inactive: q.inactive === 'true', owner: q.owner, unittype: q.unittype }) });
  });

  app.get('/changeowner', requires('p_entities'), queryParams(changeOwnerQuery), async (c) => {
    const q = c.req.valid('query');
    const preview = await previewChangeOwner(c.get('company').db, q);
    return c.json(preview);
  });

  app.post('/changeowner', requires('p_entities'), jsonBody(changeOwnerContract), async (c) => {
    const input = c.req.valid('json');
    const company = c.get('company');
    const result = await retryOnConflict(() => company.db.transaction().execute(async (trx) => {
      const before = await unitSnapshot(trx as unknown as Kysely<any>, input.door);
      const done = await changeOwner(trx, c.get('user').id, input);
      await log(c, trx as unknown as Kysely<any>, 'unit', 'POST', input.door, `Unit ${input.door} owner changed from ${done.old_owner} to ${done.new_owner || '(none)'} on ${input.change_date}`,
        { entity: before?.entity ?? null }, { entity: done.new_owner || null, ...done });
      return done;
    }));
    return c.json({ data: result, message: UNIT_MESSAGES.ownershipDone });
  });

  // Update Rent of a tenancy (p_tenancy) or the month's unit fees (p_entry_disbursement), as the body says.
  app.put('/applyfees', requires('company'), jsonBody(applyFeesContract), async (c) => {
    const company = c.get('company');
    const input = c.req.valid('json');
    const scope = await feeScope(company.db, input);
    const tenancyId = tenancyIdOf(input);
    if (tenancyId !== undefined) {
      assertAnyPermission(c, ['p_tenancy']);
      const rent = await company.db.transaction().execute(async (trx) => {
        const r = await raiseRent(trx as unknown as Kysely<CompanyTables>, c.get('user').id, { tenancyId, upTo: scope.date, today: scope.today });
        if (r.raised) await log(c, trx as unknown as Kysely<any>, 'tenancy', 'PUT', String(tenancyId), `Tenancy ${tenancyId}: ${r.raised} advance rent charges raised to ${scope.date}`, undefined, r);
        return r;
      });
      return c.json({ data: rent, message: `${rent.raised} rent charges raised`, error: false });
    }
    assertAnyPermission(c, ['p_entry_disbursement']);
    const result = await company.db.transaction().execute(async (trx) => {
      const r = await applyMonthlyFees(trx, c.get('user').id, scope);
      if (r.raised || r.skipped.length) {
        await log(c, trx as unknown as Kysely<any>, 'charge', 'PUT', scope.door ?? 'ALL', `Unit fees for ${scope.date.slice(0, 7)}: ${r.raised} charges raised`, undefined, { date: scope.date, ...r });
      }
      return r;
    });
    const skipped = result.skipped.length ? `; not raised: ${result.skipped.join('; ')}` : '';
    return c.json({ data: result, message: `${result.raised} charges raised${skipped}`, error: false });
  });

  app.get('/:door', requires('p_entities'), async (c) => {
    const door = doorParam(c);
    const unit = await readUnit(companyDb(c), door);
    if (!unit) throw notFound(`Unit ${door} not found`);
    return c.json({ data: unit });
  });

  app.post('/', requires('p_entities'), jsonBody(unitContract), async (c) => {
    const input = c.req.valid('json') as UnitInput;
    const db = companyDb(c);
    await db.transaction().execute(async (trx) => {
      await createUnit(trx, input);
      await log(c, trx, 'unit', 'POST', input.door, `Unit ${input.door} created`, undefined, await unitSnapshot(trx, input.door));
    });
    return c.json({ data: await readUnit(db, input.door), message: 'Record Created' });
  });

  app.put('/:door', requires('p_entities'), jsonBody(unitContract), async (c) => {
    const door = doorParam(c);
    const input = c.req.valid('json') as UnitInput;
    const db = companyDb(c);
    await db.transaction().execute(async (trx) => {
      const before = await unitSnapshot(trx, door);
      if (!before) throw notFound(`Unit ${door} not found`);
      await updateUnit(trx, door, input);
      await log(c, trx, 'unit', 'PUT', door, `Unit ${door} updated`, before, await unitSnapshot(trx, door));
    });
    return c.json({ data: await readUnit(db, door), message: 'Record Updated' });
  });

  app.delete('/:door', requires('p_entities'), async (c) => {
    const door = doorParam(c);
    await companyDb(c).transaction().execute(async (trx) => {
      const before = await unitSnapshot(trx, door);
      if (!before) throw notFound(`Unit ${door} not found`);
      await deleteUnit(trx, door);
      await log(c, trx, 'unit', 'DELETE', door, `Unit ${door} deleted`, before as Row, undefined);
    });
    return c.json({ data: { door }, message: 'Record Deleted.' });
  });

  return app;
}
