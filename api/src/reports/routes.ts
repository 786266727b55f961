import { Hono } from 'hono';
import { ARCHIVE_PATHS, archiveNumbered, readArchived } from '../archive/archive.js';
import { REPORTS, REPORT_KEYS, REPORT_TABS, type ReportAnswer, type ReportKey, type ReportMode, type ReportSelection, reportSelectionContract } from '../contracts/reports.js';
import type { AppDeps } from '../deps.js';
import { readLetterhead } from '../documents/letterhead.js';
import { badRequest, forbidden, notFound } from '../http/errors.js';
import type { AppEnv, CompanyContext, SessionUser } from '../http/env.js';
import { jsonBody } from '../http/validate.js';
import { businessDate } from '../ledger/business-date.js';
import { openPeriod } from '../ledger/ledger.js';
import { REPORT_DEFINITIONS, mayRunReport, reportCatalogue } from './catalogue.js';
import { type ReportContext, ReportRefused } from './definition.js';
import { type ReportFormat, renderReport } from './render.js';
import { resolveSelection, selectionLine } from './selection.js';

export const REPORT_JOB = 'REPORT';

const FORMAT_OF_MODE: Record<ReportMode, ReportFormat> = { VIEW: 'pdf', DOWNLOAD: 'pdf', CSV: 'csv', XLSX: 'xlsx', ZIP: 'zip' };
const EXT_MODE: Record<ReportFormat, ReportMode> = { pdf: 'DOWNLOAD', csv: 'CSV', xlsx: 'XLSX', zip: 'ZIP' };

/**
 * The answer's key (spec 3 §7): the viewer shows `view`, saves `download` and `csv`. A job
 * report's file or a ready file (a ZIP pack) is always `download`, whatever the mode: the viewer
 * cannot show a ZIP.
 */
const answerKey = (mode: ReportMode, ready: boolean) => (ready ? 'download' : mode === 'VIEW' ? 'view' : mode === 'CSV' ? 'csv' : 'download');

/**
 * Runs one report: resolves the selection's defaults, builds the report, draws it in the mode's
 * format with its archive number on every page and keeps it in the archive (path Reports) with
 * who ran it and the selection, in one transaction. A refusal (a month not closed, a reference
 * not found) is the answer `{ error }`, and nothing is archived.
 */
export async function runReport(
  company: Pick<CompanyContext, 'code' | 'name' | 'db'>, user: Pick<SessionUser, 'id' | 'name'>, key: ReportKey, selection: ReportSelection,
  progress: ReportContext['progress'] = async () => {},
): Promise<ReportAnswer> {
  const definition = REPORT_DEFINITIONS.get(key);
  if (!definition) throw notFound(`Report ${key} is not available`);
  const mode: ReportMode = selection.mode ?? (selection._ext ? EXT_MODE[selection._ext] : 'VIEW');
  const format = FORMAT_OF_MODE[mode];
  const formats: readonly string[] = REPORTS[key].formats;
  if (format !== 'pdf' && !formats.includes(format)) throw badRequest(`${REPORTS[key].title} has no ${format.toUpperCase()} format`);
  const [open, today, letterhead] = await Promise.all([openPeriod(company.db), businessDate(company.db), readLetterhead(company.db, company.name)]);
  const resolved = resolveSelection(key, selection, open, today);
  const printedAt = new Date();
  let ready = 'job' in REPORTS[key] && REPORTS[key].job === true;
  try {
    const file = await archiveNumbered(company.db, { userCode: user.id, path: ARCHIVE_PATHS.REPORTS, date: printedAt, report: { key, selection: resolved } }, async (id) => {
      const ctx: ReportContext = {
        db: company.db, company, user, selection: resolved, letterhead, printedAt, reference: `Report ${id}`, open, today, progress,
      };
      const out = await definition.build(ctx);
      out.selectionLine ||= selectionLine(key, resolved);
      ready ||= out.file !== undefined;
      const drawn = await renderReport(out, format, ctx, selection._filename);
      return { name: drawn.filename, mime: drawn.mime, content: drawn.content };
    });
    const answer = { filename: file.name, type: file.mime, data: Buffer.from(file.content).toString('base64'), archive_id: file.id };
    return { [answerKey(mode, ready)]: answer } as ReportAnswer;
  } catch (e) {
    if (e instanceof ReportRefused) return { error: { message: e.message } };
    throw e;
  }
}

/**
 * GET /api/reports: the catalogue this user may run. POST /api/reports/{key}: one report (spec 3
 * §7: the selection plus mode, multi, _filename, _ext; answers error, view, download or csv). A
 * job report (End of Month Reports) answers { progress: { id } }: its job's result is the answer
 * without the data, fetched from GET /api/reports/file/{archive_id}. Reports only read the books,
 * so they run during month end too (readOnly); the archive row is theirs alone.
 */
export function reportRoutes({ requires, jobs }: AppDeps) {
  const app = new Hono<AppEnv>();

  app.get('/', requires('p_reports'), async (c) => {
    const db = c.get('company').db;
    const [open, today] = await Promise.all([openPeriod(db), businessDate(db)]);
    return c.json({ data: reportCatalogue(c.get('user').permissions, open, today) });
  });

  app.get('/file/:id', requires('p_reports'), async (c) => {
    const id = Number(c.req.param('id'));
    const file = Number.isSafeInteger(id) && id > 0 ? await readArchived(c.get('company').db, id) : undefined;
    if (!file || file.path !== ARCHIVE_PATHS.REPORTS) throw notFound(`Report file ${c.req.param('id').slice(0, 40)} not found`);
    const key = REPORT_KEYS.find((k) => k === file.report);
    if (key && !mayRunReport(c.get('user').permissions, key)) throw forbidden(`You do not have access to ${REPORTS[key].title}`);
    return new Response(Buffer.from(file.content), {
      headers: { 'Content-Type': file.mime, 'Content-Disposition': `attachment; filename="${file.blob_id}"`, 'Content-Length': String(file.size) },
    });
  });

  for (const key of REPORT_KEYS) {
    const info = REPORTS[key];
    app.post(`/${key}`, requires(REPORT_TABS[info.tab].permission, { readOnly: true }), jsonBody(reportSelectionContract.optional()), async (c) => {
      const user = c.get('user');
      if (!mayRunReport(user.permissions, key)) throw forbidden(`You do not have access to ${info.title}`);
      const company = c.get('company');
      const selection = c.req.valid('json') ?? {};
      if (!('job' in info && info.job)) return c.json(await runReport(company, user, key, selection));
      const job = await jobs.start(
        { company: company.code, kind: REPORT_JOB, userId: user.id, message: info.title, busyMessage: `${info.title} is already being generated` },
        async (ctx) => {
          const answer = await runReport(company, user, key, selection, (p, m) => ctx.report(p, m));
          if ('error' in answer) return { ...answer, message: answer.error.message };
          // The job row keeps the answer without the file; the screen fetches it by its archive number.
          const [kind, file] = Object.entries(answer)[0] as [string, { data?: string }];
          delete file.data;
          return { [kind]: file, message: `${info.title} ready` };
        },
      );
      return c.json({ progress: { id: job.id } } satisfies ReportAnswer);
    });
  }

  return app;
}
