import { Hono } from 'hono';
import { disburseRequestContract } from '../contracts/disbursement.js';
import type { AppDeps } from '../deps.js';
import { notFound } from '../http/errors.js';
import type { AppEnv } from '../http/env.js';
import { postingTransaction } from '../http/idempotency.js';
import { jsonBody } from '../http/validate.js';
import { disburseMessage, postDisbursement } from './post.js';
import { disbursementRows, toWire } from './rows.js';

/** /api/disburse: the disbursement preview, posting with the ABA file, and the stored files. */
export function disbursementRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const { requires } = deps;

  app.get('/', requires('p_entry_disbursement'), async (c) => {
    const rows = await disbursementRows(c.get('company').db);
    return c.json({ data: rows.map(toWire) });
  });

  app.post('/', requires('p_entry_disbursement'), jsonBody(disburseRequestContract), async (c) => {
    const company = c.get('company');
    const items = c.req.valid('json');
    return postingTransaction(c, async (trx) => {
      const result = await postDisbursement(trx, items, { userId: c.get('user').id, companyCode: company.code, companyName: company.name });
      return { body: { data: result, message: disburseMessage(result) } };
    });
  });

  /** A stored ABA file again, as the file it was. */
  app.get('/file/:id', requires('p_entry_disbursement'), async (c) => {
    const id = Number(c.req.param('id'));
    if (!Number.isSafeInteger(id) || id <= 0) throw notFound(`File ${c.req.param('id').slice(0, 40)} not found`);
    const file = await c.get('company').db.selectFrom('archive').selectAll().where('id', '=', String(id)).where('blob_id', 'like', '%.aba').executeTakeFirst();
    if (!file) throw notFound(`File ${id} not found`);
    return new Response(Buffer.from(file.content), {
      headers: { 'Content-Type': `${file.mime}; charset=us-ascii`, 'Content-Disposition': `attachment; filename="${file.blob_id}"`, 'Content-Length': String(file.size) },
    });
  });

  return app;
}
