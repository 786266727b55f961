import { type Context, Hono } from 'hono';
import type { Kysely } from 'kysely';
import { type TenancyInput, tenancyContract, tenancyListQuery } from '../contracts/tenancy.js';
import { applyFeesContract } from '../contracts/unit.js';
import type { CompanyTables } from '../db/schema.js';
import { readLetterhead } from '../documents/letterhead.js';
import { tenancyStatementPdf } from '../documents/tenancy.js';
import type { AppDeps } from '../deps.js';
import { badRequest, notFound } from '../http/errors.js';
import type { AppEnv } from '../http/env.js';
import { assertAnyPermission } from '../http/guard.js';
import { jsonBody, queryParams } from '../http/validate.js';
import { businessDate } from '../ledger/business-date.js';
import { writeLog } from '../log/system-log.js';
import { pdfResponse } from '../reports/print.js';
import { deleteFeeCharges } from '../units/fees.js';
import { feeScope, tenancyIdOf } from '../units/routes.js';
import { createTenancy, deleteTenancy, listTenancies, readTenancy, tenancyStatement, undoRent, updateTenancy } from './tenancies.js';

const companyDb = (c: Context<AppEnv>) => c.get('company').db as unknown as Kysely<CompanyTables>;

const log = (c: Context<AppEnv>, trx: Kysely<CompanyTables>, routine: 'tenancy' | 'charge', method: string, key: string, message: string, before?: unknown, after?: unknown) =>
  writeLog(trx as unknown as Kysely<any>, {
    database: c.get('company').code, severity: 'CHANGE', message, identity: c.get('user').id, routine, method,
    apicall: c.req.path.replace(/^\/api/, ''), recordKey: key, before, after,
  });

const idParam = (c: Context<AppEnv>) => {
  const raw = c.req.param('id') ?? '';
  if (!/^\d{1,9}$/.test(raw)) throw notFound(`Tenancy ${raw.slice(0, 20)} not found`);
  return Number(raw);
};

/**
 * Permanent rentals (spec 3 §7 'Rentals'): the list and one tenancy need the Permanent Rentals
 * screen's flag (p_bookings, spec 1 §2.1); changing a tenancy needs p_tenancy as well. Undo
 * Charges of a tenancy is here (DELETE /api/rental/deletecharges with tenancyId); without one
 * the same call undoes unit fees (api/src/units), as before.
 */
export function rentalRoutes({ requires }: AppDeps) {
  const app = new Hono<AppEnv>();

  app.get('/list', requires('p_bookings'), queryParams(tenancyListQuery), async (c) => {
    const q = c.req.valid('query');
    const db = companyDb(c);
    return c.json({ data: await listTenancies(db, await businessDate(db), { search: q.search, inactive: q.inactive === 'true' }) });
  });

  app.delete('/deletecharges', requires('company'), jsonBody(applyFeesContract), async (c) => {
    const input = c.req.valid('json');
    const company = c.get('company');
    const tenancyId = tenancyIdOf(input);
    if (tenancyId !== undefined) {
      assertAnyPermission(c, ['p_tenancy']);
      const result = await companyDb(c).transaction().execute(async (trx) => {
        const r = await undoRent(trx, tenancyId, input.date);
        if (r.cancelled) await log(c, trx, 'tenancy', 'DELETE', String(tenancyId), `Tenancy ${tenancyId}: ${r.cancelled} advance rent charges cancelled`, { refs: r.refs }, undefined);
        return r;
      });
      return c.json({ data: result, message: `${result.cancelled} rent charges cancelled`, error: false });
    }
    assertAnyPermission(c, ['p_entry_disbursement']);
    const scope = await feeScope(company.db, input);
    const result = await companyDb(c).transaction().execute(async (trx) => {
      const r = await deleteFeeCharges(trx, scope);
      if (r.cancelled) await log(c, trx, 'charge', 'DELETE', scope.door ?? 'ALL', `Unit fees for ${scope.date.slice(0, 7)}: ${r.cancelled} charges cancelled`, { refs: r.refs }, undefined);
      return r;
    });
    return c.json({ data: result, message: `${result.cancelled} charges cancelled`, error: false });
  });

  app.get('/:id', requires('p_bookings'), async (c) => {
    const id = idParam(c);
    const db = companyDb(c);
    const t = await readTenancy(db, id, await businessDate(db));
    if (!t) throw notFound(`Tenancy ${id} not found`);
    return c.json({ data: t });
  });

  /** The tenancy statement as a PDF: the rent account period by period, its position today, the bond register. */
  app.get('/:id/statement', requires('p_bookings'), async (c) => {
    const id = idParam(c);
    const db = companyDb(c);
    const statement = await tenancyStatement(db, id, await businessDate(db));
    if (!statement) throw notFound(`Tenancy ${id} not found`);
    const pdf = tenancyStatementPdf(await readLetterhead(db, c.get('company').name), statement, new Date());
    return pdfResponse({ filename: `Tenancy ${id} statement`, content: pdf });
  });

  app.post('/', requires('p_tenancy'), jsonBody(tenancyContract), async (c) => {
    const input = c.req.valid('json');
    const db = companyDb(c);
    const today = await businessDate(db);
    const id = await db.transaction().execute(async (trx) => {
      const created = await createTenancy(trx, c.get('user').id, input, today);
      await log(c, trx, 'tenancy', 'POST', String(created), `Tenancy ${created} created for ${input.entity} at ${input.door}`, undefined, input);
      return created;
    });
    return c.json({ data: await readTenancy(db, id, today), message: 'Record Created' });
  });

  // Spec 3 §7 puts the id in the body (PUT /api/rental); the list-and-editor pattern puts it in the path.
  const update = async (c: Context<AppEnv>, pathId: number | undefined, input: TenancyInput) => {
    if (pathId !== undefined && input.id !== undefined && input.id !== pathId) throw badRequest(`The body is tenancy ${input.id}, the path ${pathId}`);
    const id = pathId ?? input.id;
    if (id === undefined) throw notFound('Tenancy not found: the body has no id');
    const db = companyDb(c);
    const today = await businessDate(db);
    await db.transaction().execute(async (trx) => {
      const before = await trx.selectFrom('tenancy').selectAll().where('id', '=', id).executeTakeFirst();
      await updateTenancy(trx, c.get('user').id, id, input, today);
      await log(c, trx, 'tenancy', 'PUT', String(id), `Tenancy ${id} updated`, before, input);
    });
    return c.json({ data: await readTenancy(db, id, today), message: 'Record Updated' });
  };
  app.put('/', requires('p_tenancy'), jsonBody(tenancyContract), (c) => update(c, undefined, c.req.valid('json')));
  app.put('/:id', requires('p_tenancy'), jsonBody(tenancyContract), (c) => update(c, idParam(c), c.req.valid('json')));

  app.delete('/:id', requires('p_tenancy'), async (c) => {
    const id = idParam(c);
    await companyDb(c).transaction().execute(async (trx) => {
      const before = await trx.selectFrom('tenancy').selectAll().where('id', '=', id).executeTakeFirst();
      await deleteTenancy(trx, id);
      await log(c, trx, 'tenancy', 'DELETE', String(id), `Tenancy ${id} deleted`, before, undefined);
    });
    return c.json({ data: { id }, message: 'Record Deleted.' });
  });

  return app;
}
