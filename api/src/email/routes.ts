import { Hono } from 'hono';
import { type Kysely, sql } from 'kysely';
import { ARCHIVE_PATHS, readArchived } from '../archive/archive.js';
import { hasPermission } from '../contracts/permissions.js';
import {
  EMAIL_SENT_TO_QUEUE, type EmailDetail, type EmailListAnswer, type EmailLogRow, type EmailStatementRow,
  emailDownloadContract, emailListQuery, emailListSelection, emailStatementsContract, sendEmailContract,
} from '../contracts/email.js';
import type { CompanyTables } from '../db/schema.js';
import type { AppDeps } from '../deps.js';
import { readLetterhead } from '../documents/letterhead.js';
import { badRequest, notFound } from '../http/errors.js';
import type { AppEnv } from '../http/env.js';
import { jsonBody, queryParams } from '../http/validate.js';
import { openPeriod } from '../ledger/ledger.js';
import { toDollars } from '../money/cents.js';
import { ownerStatementPdf, ownerStatements, statementFilename } from '../statements/owner.js';
import { isMailbox } from './address.js';
import { type Correspondent, businessParty, entityParty, queueStatementEmails, readTemplate, userParty } from './compose.js';
import { type QueueInput, makeAllDue, pendingCount, queueEmail, resendEmail } from './outbox.js';
import { renderEmail } from './render.js';

type Db = Kysely<CompanyTables>;
export const EMAIL_STATEMENTS_JOB = 'EMAIL_STATEMENTS';
const LIST_LIMIT = 500;
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

async function attachmentsOf(db: Db, ids: string[]) {
  if (!ids.length) return new Map<string, { archive_id: number; filename: string; size: number; mime: string }[]>();
  const rows = await db.selectFrom('email_attachment as e').innerJoin('archive as a', 'a.id', 'e.archive_id')
    .select(['e.email_id', 'e.archive_id', 'e.filename', 'a.size', 'a.mime']).where('e.email_id', 'in', ids).orderBy('e.id').execute();
  const out = new Map<string, { archive_id: number; filename: string; size: number; mime: string }[]>();
  for (const r of rows) {
    const list = out.get(String(r.email_id)) ?? [];
    list.push({ archive_id: Number(r.archive_id), filename: r.filename, size: r.size, mime: r.mime });
    out.set(String(r.email_id), list);
  }
  return out;
}

const listColumns = ['id', 'creation_time', 'sent_time', 'sender_entity_code', 'from_name', 'from_address', 'to_entity_code', 'to_name', 'to_address',
  'subject', 'message_type', 'current_status', 'attempts', 'smtp_response'] as const;

/**
 * The Email Log and Send Email (spec 3 §7 'Email and templates'), all under p_email:
 * GET /api/email (?entity=: that entity's, sent to or from it) answers the newest rows and how
 * many wait (unsent); GET /api/email/{id} one message with its body and attachments; POST
 * /api/email queues one message of the Send Email dialog; POST /api/email/send is Send Now
 * (waiting retries become due and the worker runs); POST /api/email/download answers an
 * attachment's file.
 */
export function emailRoutes({ requires, mailer, db: database }: AppDeps) {
  const app = new Hono<AppEnv>();

  app.get('/', requires('p_email'), queryParams(emailListQuery), async (c) => {
    const db = c.get('company').db;
    const q = c.req.valid('query');
    let query = db.selectFrom('email_log').select([...listColumns]).orderBy('creation_time', 'desc').orderBy('id', 'desc').limit(q.limit ?? LIST_LIMIT);
    if (q.entity) {
      const code = q.entity.toUpperCase();
      query = query.where((eb) => eb.or([eb('to_entity_code', '=', code), eb('sender_entity_code', '=', code)]));
    }
    const rows = await query.execute();
    const files = await attachmentsOf(db, rows.map((r) => r.id));
    const list: EmailLogRow[] = rows.map((r) => {
      const f = files.get(r.id) ?? [];
      return { ...r, id: Number(r.id), creation_time: iso(r.creation_time)!, sent_time: iso(r.sent_time), attachments: f.length, _attachments: f.map((a) => a.filename) };
    });
    return c.json({ data: { list, unsent: await pendingCount(db) } satisfies EmailListAnswer });
  });

  // The templates with their bodies for the Send Email dialog (the lookups carry names only; Setup's editor needs p_mgt).
  app.get('/templates', requires('p_email'), async (c) => {
    const rows = await c.get('company').db.selectFrom('template').select(['name', 'description', 'memo']).where('inactive', '=', false).orderBy('name').execute();
    return c.json({ data: rows });
  });

  app.get('/:id{[0-9]+}', requires('p_email'), async (c) => {
    const db = c.get('company').db;
    const id = c.req.param('id');
    const row = await db.selectFrom('email_log').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound(`Email ${id.slice(0, 20)} not found`);
    const files = (await attachmentsOf(db, [row.id])).get(row.id) ?? [];
    const { next_attempt_at: _due, sending_started_at: _mark, ...shown } = row;
    const detail: EmailDetail = {
      ...shown, id: Number(row.id), creation_time: iso(row.creation_time)!, sent_time: iso(row.sent_time),
      attachments: files.length, _attachments: files.map((f) => f.filename), attachment_files: files,
    };
    return c.json({ data: detail });
  });

  app.post('/', requires('p_email'), jsonBody(sendEmailContract), async (c) => {
    const company = c.get('company');
    const user = c.get('user');
    const input = c.req.valid('json');
    const db = company.db;
    const sender = input.from.type === 'BUSINESS' ? await businessParty(db) : await userParty(database, user.id);
    if (!sender?.email || !isMailbox(sender.email)) {
      throw badRequest(input.from.type === 'BUSINESS' ? 'The business has no valid e-mail address to send from (Set Up > Business)' : 'Your user has no valid e-mail address to send from');
    }
    let to: Correspondent | undefined;
    if (input.to.type === 'MANUAL') {
      const address = input.to.address ?? '';
      if (!isMailbox(address)) throw badRequest(`'${address.slice(0, 80)}' is not a valid e-mail address`, { errors: [{ path: 'to.address', msg: 'Invalid email address format' }] });
      to = { entityCode: null, name: '', email: address };
    } else {
      const code = (input.to.code ?? '').toUpperCase();
      if (!code) throw badRequest('Choose who to send to', { errors: [{ path: 'to.code', msg: 'Input is Required' }] });
      // A user of this company only: the log shows the address, and other companies' users are not ours to reveal.
      const member = input.to.type === 'USER'
        ? await database.control.selectFrom('user_company').select('user_id').where('user_id', '=', code).where('company_code', '=', company.code).executeTakeFirst()
        : undefined;
      to = input.to.type === 'USER' ? (member ? await userParty(database, code) : undefined) : await entityParty(db, code, input.to.type);
      if (!to) throw notFound(`${input.to.type === 'USER' ? 'User' : 'Entity'} ${code} not found`);
      if (!isMailbox(to.email)) throw badRequest(`${to.name || code} has no valid e-mail address`);
    }
    const attachments: QueueInput['attachments'] = [];
    let report: { year?: number; month?: number; name: string } | undefined = input.report_name ? { name: input.report_name } : undefined;
    if (input.statement) {
      const [statement] = await ownerStatements(db, input.statement.year, input.statement.month, [input.statement.code.toUpperCase()]);
      if (!statement) throw notFound(`Owner ${input.statement.code.slice(0, 20)} not found`);
      attachments.push({ filename: statementFilename(statement), mime: 'application/pdf', content: ownerStatementPdf(statement, await readLetterhead(db, company.name), new Date()) });
      report = { year: statement.year, month: statement.month, name: 'Owner Statement' };
    }
    for (const archiveId of input.archive_ids ?? []) {
      const file = await readArchived(db, archiveId);
      // Backups never leave by e-mail; other archived documents (reports, statements) may.
      // Reports (for a user who may run reports) and earlier e-mail attachments; never backups or other files.
      const allowed = file && file.size > 0 && (file.path === ARCHIVE_PATHS.EMAIL || (file.path === ARCHIVE_PATHS.REPORTS && hasPermission(user.permissions, 'p_reports')));
      if (!file || !allowed) throw notFound(`Document ${archiveId} not found`);
      attachments.push({ archiveId, filename: file.blob_id });
    }
    const rendered = renderEmail(input.subject, input.body, {
      from: sender, to, user: { name: user.name, email: (await userParty(database, user.id))?.email }, report,
    });
    if (!rendered.subject) throw badRequest('Subject is required');
    const id = await db.transaction().execute((trx) => queueEmail(trx, {
      userCode: user.id, messageType: input.statement ? 'STATEMENT' : 'EMAIL',
      sender: { entityCode: sender.entityCode, name: sender.name, address: sender.email },
      to: { entityCode: to.entityCode, name: to.name, address: to.email },
      subject: rendered.subject, html: rendered.html, text: rendered.text, attachments,
    }));
    void mailer.tick().catch(() => {});
    return c.json({ data: { id, message: EMAIL_SENT_TO_QUEUE } });
  });

  app.post('/:id{[0-9]+}/resend', requires('p_email'), async (c) => {
    const id = Number(c.req.param('id'));
    if (!Number.isSafeInteger(id)) throw notFound('Email not found');
    const created = await c.get('company').db.transaction().execute((trx) => resendEmail(trx, id, c.get('user').id));
    if (created === undefined) throw badRequest('Only a Failed, Bounced or Dropped e-mail is sent again');
    void mailer.tick().catch(() => {});
    return c.json({ data: { id: created, message: EMAIL_SENT_TO_QUEUE } });
  });

  app.post('/send', requires('p_email'), async (c) => {
    const db = c.get('company').db;
    await makeAllDue(db);
    const pending = await pendingCount(db);
    void mailer.tick().catch(() => {});
    return c.json({ data: { message: mailer.configured ? 'Sending the queued e-mails now' : 'No SMTP server is configured (SMTP_URL): e-mails stay queued', pending, configured: mailer.configured } });
  });

  app.post('/download', requires('p_email', { readOnly: true }), jsonBody(emailDownloadContract), async (c) => {
    const db = c.get('company').db;
    const { email_id, archive_id } = c.req.valid('json');
    const link = await db.selectFrom('email_attachment').select(['filename']).where('email_id', '=', String(email_id)).where('archive_id', '=', String(archive_id)).executeTakeFirst();
    const file = link ? await readArchived(db, archive_id) : undefined;
    if (!link || !file) throw notFound('Attachment not found');
    return new Response(Buffer.from(file.content), {
      headers: { 'Content-Type': file.mime || 'application/octet-stream', 'Content-Disposition': `attachment; filename="${link.filename.replace(/["\\]/g, '_')}"`, 'Content-Length': String(file.size) },
    });
  });

  return app;
}

/** Spec 3 §9: email statements default to the month before the open one (December of the prior year in January). */
export function previousMonth(open: { year: number; month: number }) {
  return open.month === 1 ? { year: open.year - 1, month: 12 } : { year: open.year, month: open.month - 1 };
}

const monthBounds = (year: number, month: number) => {
  const mm = String(month).padStart(2, '0');
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { first: `${year}-${mm}-01`, last: `${year}-${mm}-${String(last).padStart(2, '0')}` };
};

/** The Email Statements rows for a type and month: one aggregate query for balances, one for disbursements. */
export async function emailStatementRows(db: Db, year: number, month: number, type: string): Promise<EmailStatementRow[]> {
  const { first, last } = monthBounds(year, month);
  const [entities, balances, paid, units] = await Promise.all([
    db.selectFrom('entity').select(['code', 'type', 'category', 'name', 'email']).where('type', '=', type).where('inactive', '=', false).orderBy('code').execute(),
    db.selectFrom('posting as p').innerJoin('txn as t', 't.id', 'p.txn_id').innerJoin('entity as e', 'e.code', 'p.entity')
      .select(['p.entity', sql<string>`sum(p.amount)`.as('total')]).where('e.type', '=', type).where('t.date', '<=', last).groupBy('p.entity').execute(),
    db.selectFrom('posting as p').innerJoin('txn as t', 't.id', 'p.txn_id').innerJoin('entity as e', 'e.code', 'p.entity')
      .select(['p.entity', sql<string>`sum(p.amount)`.as('total')]).where('e.type', '=', type).where('t.kind', '=', 'DISBURSE')
      .where('t.date', '>=', first).where('t.date', '<=', last).groupBy('p.entity').execute(),
    db.selectFrom('unit').select(['entity', 'door', 'letting_pool']).where('entity', 'is not', null).orderBy('door').execute(),
  ]);
  const closing = new Map(balances.map((b) => [b.entity, Number(b.total)]));
  const disbursed = new Map(paid.map((b) => [b.entity, -Number(b.total)]));
  const doors = new Map<string, { doors: string[]; pools: Set<string> }>();
  for (const u of units) {
    const d = doors.get(u.entity!) ?? { doors: [], pools: new Set<string>() };
    d.doors.push(u.door);
    if (u.letting_pool) d.pools.add(u.letting_pool);
    doors.set(u.entity!, d);
  }
  return entities.map((e) => {
    const net = closing.get(e.code) ?? 0;
    const pay = disbursed.get(e.code) ?? 0;
    const d = doors.get(e.code);
    return {
      code: e.code, units: d?.doors.join(', ') ?? '', letting_pool: d ? [...d.pools].join(', ') : '', type: e.type, category: e.category, name: e.name, email: e.email,
      funds: toDollars(net + pay), pay: toDollars(pay), net: toDollars(net),
    };
  });
}

/** `{query}` path segments: a query string (year=2026&month=10&type=OWNER), with the open period's previous month as the default. */
async function selectionOf(db: Db, raw: string) {
  const params = Object.fromEntries(new URLSearchParams(raw.replace(/^\?/, '')));
  const open = await openPeriod(db);
  const def = previousMonth(open);
  const parsed = emailListSelection.safeParse({ year: def.year, month: def.month, ...params });
  if (!parsed.success) throw badRequest('The selection needs year, month and type (OWNER, SUPPLIER or TENANT)', { errors: parsed.error.issues.map((i) => ({ path: i.path.join('.'), msg: i.message })) });
  return parsed.data;
}

/** GET /api/entity/emaillist/{query}: the Email Statements rows (spec 3 §2). */
export function emailListRoutes({ requires }: AppDeps) {
  const app = new Hono<AppEnv>();
  const list = async (c: import('hono').Context<AppEnv>, raw: string) => {
    const db = c.get('company').db;
    const s = await selectionOf(db, raw);
    return c.json({ data: await emailStatementRows(db, s.year, s.month, s.type), selection: s });
  };
  app.get('/', requires('p_email'), (c) => list(c, new URL(c.req.url).search));
  app.get('/:query', requires('p_email'), (c) => list(c, c.req.param('query')));
  return app;
}

/**
 * POST /api/reports/emailstatements/{query}: queues each chosen owner's statement e-mail in a job
 * (progress through GET /api/progress/{id}); the outbox sends them. The job's result holds how
 * many were queued and who was skipped (no address) and why.
 */
export function emailStatementRoutes({ requires, jobs, mailer, db: database }: AppDeps) {
  const app = new Hono<AppEnv>();
  const start = async (c: import('hono').Context<AppEnv>) => {
    const company = c.get('company');
    const user = c.get('user');
    const body = emailStatementsContract.safeParse(await c.req.json().catch(() => undefined));
    if (!body.success) throw badRequest(body.error.issues[0]?.message ?? 'Invalid request', { errors: body.error.issues.map((i) => ({ path: i.path.join('.'), msg: i.message })) });
    const input = body.data;
    if (input.type !== 'OWNER') throw badRequest('Statements are e-mailed to owners only (type OWNER)');
    if (input._email && !isMailbox(input._email)) throw badRequest(`'${input._email.slice(0, 80)}' is not a valid e-mail address`);
    if (input.template && !(await readTemplate(company.db, input.template))) throw notFound(`Template ${input.template} not found`);
    const me = await userParty(database, user.id);
    const job = await jobs.start(
      { company: company.code, kind: EMAIL_STATEMENTS_JOB, userId: user.id, message: 'Queuing statement e-mails', input: { year: input.year, month: input.month, count: input.entities.length }, busyMessage: 'Statements are already being e-mailed' },
      async (ctx) => {
        const result = await queueStatementEmails(company.db, {
          year: input.year, month: input.month, codes: [...new Set(input.entities.map((e) => e.toUpperCase()))], userCode: user.id, userName: user.name,
          userEmail: me?.email, companyName: company.name, template: input.template, overrideAddress: input._email || null,
        }, (done, total) => ctx.report(Math.floor((done / Math.max(total, 1)) * 100), `Queued ${done} of ${total}`));
        void mailer.tick().catch(() => {});
        return { queued: result.queued, skipped: result.skipped, message: result.queued ? EMAIL_SENT_TO_QUEUE : 'No statement was queued' };
      },
    );
    return c.json({ progress: { id: job.id } });
  };
  app.post('/', requires('p_email'), start);
  app.post('/:query', requires('p_email'), start);
  return app;
}
