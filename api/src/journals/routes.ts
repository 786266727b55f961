import { Hono } from 'hono';
import { JOURNAL_MESSAGES, journalContract, journalListQuery, journalReversalBody } from '../contracts/journals.js';
import type { AppDeps } from '../deps.js';
import { ApiError, conflict, notFound, validationError } from '../http/errors.js';
import type { AppEnv } from '../http/env.js';
import { postingTransaction } from '../http/idempotency.js';
import { jsonBody, queryParams } from '../http/validate.js';
import { writeLog } from '../log/system-log.js';
import { reverseTxn } from '../ledger/reversal.js';
import { resolveListPeriod } from '../ledger/list-period.js';
import { listJournals, postJournal, previewJournal, readJournal } from './journals.js';

const journalId = (raw: string) => {
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(n) || n <= 0) throw notFound(`Journal ${raw.slice(0, 40)} not found`);
  return n;
};

/**
 * Journals (p_entry_journals), spec 2 §7. Posted journals are history: PUT is refused (409) and
 * DELETE reverses the journal (a REVERSAL txn through reverseTxn) only with a reason of 10+
 * characters in the body ({ reason }); the original stays, marked reversed.
 */
export function journalRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const { requires } = deps;

  app.get('/list', requires('p_entry_journals'), queryParams(journalListQuery), async (c) => {
    const db = c.get('company').db;
    const { rows, total } = await listJournals(db, await resolveListPeriod(db, c.req.valid('query')));
    return c.json({ data: rows, total });
  });

  app.post('/preview', requires('p_entry_journals', { readOnly: true }), jsonBody(journalContract), async (c) => {
    return c.json({ data: await previewJournal(c.get('company').db, c.req.valid('json')) });
  });

  app.get('/:id', requires('p_entry_journals'), async (c) => {
    const journal = await readJournal(c.get('company').db, journalId(c.req.param('id')));
    if (!journal) throw notFound(`Journal ${c.req.param('id')} not found`);
    return c.json({ data: journal });
  });

  app.post('/', requires('p_entry_journals'), jsonBody(journalContract), async (c) => {
    const input = c.req.valid('json');
    const user = c.get('user');
    return postingTransaction(c, async (trx) => {
      const posted = await postJournal(trx, user.id, input);
      return { body: { data: (await readJournal(trx, posted.id))!, message: 'Record Created' } };
    });
  });

  app.put('/:id', requires('p_entry_journals'), async (c) => {
    const id = journalId(c.req.param('id'));
    if (!(await readJournal(c.get('company').db, id))) throw notFound(`Journal ${id} not found`);
    throw conflict(JOURNAL_MESSAGES.immutable);
  });

  app.delete('/:id', requires('p_entry_journals'), async (c) => {
    const id = journalId(c.req.param('id'));
    let raw: unknown = {};
    const text = await c.req.text();
    if (text.trim()) {
      try {
        raw = JSON.parse(text);
      } catch {
        throw new ApiError(400, 'Malformed JSON body');
      }
    }
    const parsed = journalReversalBody.safeParse(raw ?? {});
    if (!parsed.success) {
      const e = validationError(parsed.error);
      throw new ApiError(400, JOURNAL_MESSAGES.reasonRequired, e.extra);
    }
    const user = c.get('user');
    const company = c.get('company');
    const result = await company.db.transaction().execute(async (trx) => {
      const before = await readJournal(trx, id);
      if (!before) throw notFound(`Journal ${id} not found`);
      const reversal = await reverseTxn(trx, user.id, id, parsed.data.reason);
      await writeLog(trx, {
        database: company.code, severity: 'CHANGE', identity: user.id, routine: 'journal', method: 'DELETE', apicall: `/journal/${id}`, recordKey: before.ref,
        message: `Journal ${before.ref} reversed by reversal ${reversal.ref}: ${parsed.data.reason}`,
      });
      return { id, ref: before.ref, reversal_id: reversal.id, reversal_ref: reversal.ref };
    });
    return c.json({ data: result, message: `Journal ${result.ref} reversed by reversal ${result.reversal_ref}` });
  });

  return app;
}
