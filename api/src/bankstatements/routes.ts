import { Hono } from 'hono';
import { z } from 'zod';
import { matchContract, statementImportContract, suspenseContract } from '../contracts/banking.js';
import { businessDate } from '../ledger/business-date.js';
import type { AppDeps } from '../deps.js';
import { notFound } from '../http/errors.js';
import type { AppEnv } from '../http/env.js';
import { jsonBody, queryParams } from '../http/validate.js';
import { writeLog } from '../log/system-log.js';
import { confirmMatches, currentSuggestions, importStatement, listLines, listStatements, moveToSuspense, sampleStatement, unmatch } from './statements.js';

const linesQuery = z.object({ status: z.enum(['unmatched', 'all']).default('all') });
const idOf = (raw: string, what: string) => {
  const id = Number(raw);
  if (!Number.isSafeInteger(id) || id <= 0) throw notFound(`${what} ${raw.slice(0, 20)} not found`);
  return id;
};

/** Bank statement import and matching (issue 11 'Beyond the seeds'), beside Bank Reconciliation (p_fn_bank). */
export function bankStatementRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const { requires } = deps;

  app.get('/', requires('p_fn_bank'), async (c) => c.json({ data: await listStatements(c.get('company').db) }));

  /** The sample statement to try the import with (the demo company ships one); data null where none ships. */
  app.get('/sample', requires('p_fn_bank'), async (c) => c.json({ data: await sampleStatement(c.get('company').db) }));

  app.post('/import', requires('p_fn_bank'), jsonBody(statementImportContract), async (c) => {
    const company = c.get('company');
    const user = c.get('user');
    const input = c.req.valid('json');
    const result = await company.db.transaction().execute(async (trx) => {
      const imported = await importStatement(trx, user.id, input);
      await writeLog(trx, { database: company.code, severity: 'CHANGE', message: `Bank statement ${input.name} imported: ${imported.added} new lines, ${imported.duplicates} already held`, identity: user.id, routine: 'bankstatements', method: 'POST', apicall: '/bankstatements/import' });
      return imported;
    });
    const suggestions = await currentSuggestions(company.db);
    return c.json({ data: { ...result, suggestions: suggestions.length }, message: `${result.added} statement line${result.added === 1 ? '' : 's'} imported${result.duplicates ? `, ${result.duplicates} already held` : ''}` });
  });

  app.get('/lines', requires('p_fn_bank'), queryParams(linesQuery), async (c) =>
    c.json({ data: await listLines(c.get('company').db, await businessDate(c.get('company').db), c.req.valid('query').status) }));

  app.get('/suggestions', requires('p_fn_bank'), async (c) => {
    const suggestions = await currentSuggestions(c.get('company').db);
    return c.json({ data: suggestions.map((s) => ({ ...s, difference: s.difference / 100 })) });
  });

  app.post('/match', requires('p_fn_bank'), jsonBody(matchContract), async (c) => {
    const company = c.get('company');
    const result = await company.db.transaction().execute((trx) => confirmMatches(trx, c.get('user').id, c.req.valid('json')));
    return c.json({ data: result, message: `${result.matches} match${result.matches === 1 ? '' : 'es'} confirmed` });
  });

  /** Bulk match: confirms every current suggestion at once. */
  app.post('/match/suggested', requires('p_fn_bank'), async (c) => {
    const company = c.get('company');
    const result = await company.db.transaction().execute(async (trx) => {
      const suggestions = await currentSuggestions(trx);
      if (!suggestions.length) return { matches: 0, fees: 0 };
      return confirmMatches(trx, c.get('user').id, { matches: suggestions.map((s) => ({ lines: s.lines, items: s.items })) });
    });
    return c.json({ data: result, message: `${result.matches} match${result.matches === 1 ? '' : 'es'} confirmed` });
  });

  app.delete('/match/:id', requires('p_fn_bank'), async (c) => {
    const id = idOf(c.req.param('id'), 'Match');
    const { reversed } = await c.get('company').db.transaction().execute((trx) => unmatch(trx, c.get('user').id, id));
    return c.json({ data: { id, reversed }, message: reversed.length ? `Match undone; reversed ${reversed.join(', ')}` : 'Match undone' });
  });

  app.post('/line/:id/suspense', requires('p_fn_bank'), jsonBody(suspenseContract), async (c) => {
    const company = c.get('company');
    const user = c.get('user');
    const id = idOf(c.req.param('id'), 'Statement line');
    const posted = await company.db.transaction().execute(async (trx) => {
      const r = await moveToSuspense(trx, user.id, id, c.req.valid('json').memo);
      await writeLog(trx, { database: company.code, severity: 'CHANGE', message: `Unidentified deposit (statement line ${id}) receipted to suspense as receipt ${r.ref}`, identity: user.id, routine: 'bankstatements', method: 'POST', apicall: `/bankstatements/line/${id}/suspense`, recordKey: r.ref });
      return r;
    });
    return c.json({ data: posted, message: `Receipt ${posted.ref} posted to SUSPENSE` });
  });

  return app;
}
