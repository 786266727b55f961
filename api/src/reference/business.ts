import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import { BUSINESS_ENTITY_CODE, type BusinessEntityInput, businessEntityContract } from '../contracts/entity.js';
import type { AppDeps } from '../deps.js';
import { notFound } from '../http/errors.js';
import type { AppEnv } from '../http/env.js';
import { jsonBody } from '../http/validate.js';
import { writeLog } from '../log/system-log.js';
import { entityReferences, entityToRow, entityToView } from './entity-record.js';
import { assertReferencesExist } from './rules.js';

/** Until the ledger arrives only the business entity (an editor-only Setup screen) is served here. */
function assertBusiness(raw: string): void {
  if (decodeURIComponent(raw).trim().toUpperCase() !== BUSINESS_ENTITY_CODE) {
    throw notFound('Entity routes for other parties arrive with the ledger');
  }
}

const findBusiness = (db: Kysely<any>, lock = false) => {
  const q = db.selectFrom('entity').selectAll().where('code', '=', BUSINESS_ENTITY_CODE);
  return (lock ? q.forUpdate() : q).executeTakeFirst() as Promise<Record<string, unknown> | undefined>;
};

/** GET and PUT /api/entity/BUSINESS: editor only, never deleted. Changes are regulated history. */
export function businessEntityRoutes({ requires }: AppDeps) {
  const app = new Hono<AppEnv>();

  app.get('/:code', requires('p_mgt'), async (c) => {
    assertBusiness(c.req.param('code'));
    const row = await findBusiness(c.get('company').db as unknown as Kysely<any>);
    if (!row) throw notFound('The business entity is missing from this company');
    return c.json({ data: { ...entityToView(row), _pk: row.code, _candelete: false } });
  });

  app.put('/:code', requires('p_mgt'), jsonBody(businessEntityContract), async (c) => {
    assertBusiness(c.req.param('code'));
    const input: BusinessEntityInput = c.req.valid('json');
    const company = c.get('company');
    const row = entityToRow(input);
    const after = await (company.db as unknown as Kysely<any>).transaction().execute(async (trx) => {
      const before = await findBusiness(trx, true);
      if (!before) throw notFound('The business entity is missing from this company');
      await assertReferencesExist(trx, entityReferences(row));
      const updated = (await trx.updateTable('entity').set(row).where('code', '=', BUSINESS_ENTITY_CODE).returningAll().executeTakeFirstOrThrow()) as Record<string, unknown>;
      await writeLog(trx, {
        database: company.code,
        severity: 'CHANGE',
        message: 'Entity BUSINESS updated',
        identity: c.get('user').id,
        routine: 'entity',
        method: 'PUT',
        apicall: `/entity/${BUSINESS_ENTITY_CODE}`,
        recordKey: BUSINESS_ENTITY_CODE,
        before: entityToView(before),
        after: entityToView(updated),
      });
      return updated;
    });
    return c.json({ data: { ...entityToView(after), _pk: after.code, _candelete: false }, message: 'Record Updated' });
  });

  return app;
}
