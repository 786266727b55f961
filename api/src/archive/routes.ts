import { Hono } from 'hono';
import {
  ARCHIVE_DEFAULT_DAYS, ARCHIVE_LIST_LIMIT, ARCHIVE_TYPES, type ArchiveListRow, archiveDownloadContract, archiveDownloadRefusal, archiveQueryContract,
} from '../contracts/archive.js';
import { isSupportUserType } from '../contracts/permissions.js';
import type { AppDeps } from '../deps.js';
import { forbidden, notFound } from '../http/errors.js';
import type { AppEnv, SessionUser } from '../http/env.js';
import { jsonBody, queryParams } from '../http/validate.js';
import { GENERATING_NAME, readArchived } from './archive.js';

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/**
 * A bound of the query as a moment: local midnight of its day plus its minutes (24:00 is the next
 * midnight); a bare day is its start as `from` and its end as `to` (the range is inclusive).
 */
const moment = (b: { day: string; minutes: number | null }, bare: number) => new Date(new Date(`${b.day}T00:00:00`).getTime() + (b.minutes ?? bare) * MINUTE_MS);

/** Super users (SUPER, or GOD above it) may download backups (spec 3 §4 'Archive'). */
const asDownloader = (user: SessionUser) => ({ isSuper: user.isSuper || isSupportUserType(user.usertype) });

/**
 * The Archive screen (spec 3 §2 'Archive', §7 'Archive and log'): the documents the product made
 * for this company, and their download. Each company's archive is a table in its own schema,
 * so the company of X-Database (checked by the guard against the user's memberships) is the only
 * archive a call can reach.
 */
export function archiveRoutes({ requires }: AppDeps) {
  const app = new Hono<AppEnv>();

  app.get('/', requires('p_blob'), queryParams(archiveQueryContract), async (c) => {
    const query = c.req.valid('query');
    const to = query.to ? moment(query.to, 1440) : new Date();
    const from = query.from ? moment(query.from, 0) : new Date(to.getTime() - ARCHIVE_DEFAULT_DAYS * DAY_MS);
    const path = ARCHIVE_TYPES.find((t) => t.value === (query.type ?? 'ALL'))?.path ?? null;
    let q = c.get('company').db.selectFrom('archive')
      .select(['id', 'date', 'user_code', 'path', 'blob_id', 'mime', 'size'])
      .where('date', '>=', from)
      .where('date', '<', to)
      // A report still being drawn (or cut short by a crash) has no file yet.
      .where('blob_id', '<>', GENERATING_NAME)
      .orderBy('date', 'desc').orderBy('id', 'desc')
      .limit(ARCHIVE_LIST_LIMIT + 1);
    if (path) q = q.where('path', '=', path);
    const rows = await q.execute();
    const who = asDownloader(c.get('user'));
    const data: ArchiveListRow[] = rows.slice(0, ARCHIVE_LIST_LIMIT).map((r) => ({
      ...r, id: Number(r.id), date: new Date(r.date).toISOString(), refusal: archiveDownloadRefusal(r, who),
    }));
    return c.json({ data, truncated: rows.length > ARCHIVE_LIST_LIMIT });
  });

  /** The document itself; a download only reads, so it is served during month end too. */
  app.post('/download', requires('p_blob', { readOnly: true }), jsonBody(archiveDownloadContract), async (c) => {
    const { id } = c.req.valid('json');
    const file = await readArchived(c.get('company').db, id);
    if (!file || file.blob_id === GENERATING_NAME) throw notFound(`Archive document ${id} not found`);
    const refusal = archiveDownloadRefusal(file, asDownloader(c.get('user')));
    if (refusal) throw forbidden(refusal);
    // The name is the product's own, but a quote or line break must never reach the header.
    const filename = file.blob_id.replace(/["\\\r\n]/g, '_');
    return new Response(Buffer.from(file.content), {
      headers: {
        'Content-Type': file.mime || 'application/octet-stream',
        'Content-Disposition': `attachment; filename="${filename.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(file.blob_id)}`,
        'Content-Length': String(file.size),
      },
    });
  });

  return app;
}
