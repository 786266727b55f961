import { Hono } from 'hono';
import { z } from 'zod';
import type { AppDeps } from '../deps.js';
import { readLetterhead } from '../documents/letterhead.js';
import { notFound } from '../http/errors.js';
import type { AppEnv } from '../http/env.js';
import { queryParams } from '../http/validate.js';
import { openPeriod } from '../ledger/ledger.js';
import { ownerStatementPdf, ownerStatements, statementFilename } from './owner.js';

const statementQuery = z.object({
  year: z.coerce.number().int().min(2000).max(2100).optional(),
  month: z.coerce.number().int().min(1).max(12).optional(),
}).strict();

/** GET /api/statement/owner/{code}?year=&month=: the owner statement PDF month end also makes (default: the open month). */
export function statementRoutes({ requires }: AppDeps) {
  const app = new Hono<AppEnv>();
  app.get('/owner/:code', requires('p_fn_owners'), queryParams(statementQuery), async (c) => {
    const company = c.get('company');
    const q = c.req.valid('query');
    const open = await openPeriod(company.db);
    const code = c.req.param('code').toUpperCase().slice(0, 20);
    const [statement] = await ownerStatements(company.db, q.year ?? open.year, q.month ?? open.month, [code]);
    if (!statement) throw notFound(`Owner ${code} not found`);
    const pdf = ownerStatementPdf(statement, await readLetterhead(company.db, company.name), new Date());
    return new Response(Buffer.from(pdf), {
      headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': `attachment; filename="${statementFilename(statement)}"`, 'Content-Length': String(pdf.byteLength) },
    });
  });
  return app;
}
