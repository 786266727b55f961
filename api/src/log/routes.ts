import { Hono } from 'hono';
import { sql } from 'kysely';
import { LOG_DEFAULT_DAYS, LOG_LIST_LIMIT, type LogRow, logQueryContract } from '../contracts/log.js';
import type { AppDeps } from '../deps.js';
import { notFound } from '../http/errors.js';
import type { AppEnv } from '../http/env.js';
import { queryParams } from '../http/validate.js';
import { REGULATED_ROUTINES } from './system-log.js';

const DAY_MS = 86_400_000;
const iso = (value: Date | string) => new Date(value).toISOString();

/** Local midnight of a YYYY-MM-DD day. */
const startOf = (day: string) => new Date(`${day}T00:00:00`);

/** The System Log screen (spec 3 §2 'System Log'): the current company's rows only. */
export function logRoutes({ db, requires }: AppDeps) {
  const app = new Hono<AppEnv>();

  app.get('/', requires('p_mgt'), queryParams(logQueryContract), async (c) => {
    const query = c.req.valid('query');
    const to = query.to ? new Date(startOf(query.to).getTime() + DAY_MS) : new Date();
    const from = query.from ? startOf(query.from) : new Date(to.getTime() - LOG_DEFAULT_DAYS * DAY_MS);
    let q = db.control.selectFrom('system_log')
      .select(['id', 'date', 'database', 'severity', 'routine', 'method', 'identity', 'apicall', 'record_key', 'message',
        sql<boolean>`(body is not null or stack is not null or before is not null or after is not null)`.as('has_detail')])
      .where('database', '=', c.get('company').code)
      .where('date', '>=', from)
      .where('date', '<', to)
      .orderBy('date', 'desc').orderBy('id', 'desc')
      .limit(LOG_LIST_LIMIT + 1);
    if (query.severity) q = q.where('severity', '=', query.severity);
    if (query.routine) q = q.where('routine', '=', query.routine);
    if (query.key) q = q.where('record_key', '=', query.key);
    if (query.regulated === 'true') q = q.where('routine', 'in', REGULATED_ROUTINES).where('severity', '=', 'CHANGE');
    const rows = await q.execute();
    const data: LogRow[] = rows.slice(0, LOG_LIST_LIMIT).map((r) => ({ ...r, id: Number(r.id), date: iso(r.date) }));
    return c.json({ data, truncated: rows.length > LOG_LIST_LIMIT });
  });

  app.get('/:id', requires('p_mgt'), async (c) => {
    const raw = c.req.param('id');
    const id = Number(raw);
    const row = Number.isSafeInteger(id) && id > 0
      ? await db.control.selectFrom('system_log').selectAll().where('id', '=', String(id)).where('database', '=', c.get('company').code).executeTakeFirst()
      : undefined;
    if (!row) throw notFound(`Log entry ${raw.slice(0, 40)} not found`);
    return c.json({ data: { ...row, id: Number(row.id), date: iso(row.date) } });
  });

  return app;
}
