import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { ARCHIVE_PATHS, archiveFile } from '../archive/archive.js';
import type { CompanyTables } from '../db/schema.js';
import { UnsafeHeader, assertMailbox, hasControlCharacters } from './address.js';
import { oneLine } from './render.js';

type Db = Kysely<CompanyTables>;

/**
 * The e-mail outbox (issue 13). Queuing writes a row (status New) and archives its attachments
 * (path 'Email Attachments'); the outbox worker (mailer.ts) sends due rows one at a time through
 * SMTP. The states (spec 3 §4 'Email status'):
 *
 * - New: pending (first try, or waiting for a retry after a temporary failure).
 * - Sent: the SMTP server accepted the message (smtp_response holds its answer).
 * - Failed: a permanent refusal (5xx) of the message, or temporary failures (4xx, no connection)
 *   that went on past MAX_ATTEMPTS.
 * - Bounced: the server refused the recipient (5xx to RCPT TO).
 * - Dropped: the sender was cut short while handing the message over (see below).
 *
 * Never twice after a crash: before the SMTP transaction starts, the row is marked
 * (sending_started_at, attempts + 1) in its own committed statement. Sending happens only while
 * holding the outbox lock (one sender across all API processes), so a row still marked when the
 * next holder takes the lock belongs to a sender that died mid-transaction: the server may or may
 * not have accepted it, and SMTP gives no way to ask. Such a row is not resent blindly: it becomes
 * Dropped with an answer saying so, stays in the Email Log (nothing is lost), and a person decides
 * whether to send it again (the owner may already have it). Every other row is untouched and
 * goes out after the restart.
 */
export const EMAIL_STATUS = { NEW: 'New', SENT: 'Sent', FAILED: 'Failed', DROPPED: 'Dropped', BOUNCED: 'Bounced' } as const;
export type EmailStatus = (typeof EMAIL_STATUS)[keyof typeof EMAIL_STATUS];
export const MAX_ATTEMPTS = 8;
export const INTERRUPTED_ANSWER = 'Interrupted while being handed to the SMTP server (the sending process stopped). It may or may not have been delivered, so it was not sent again automatically: check with the recipient and send it again if needed.';

export interface QueuedAttachment {
  filename: string;
  mime: string;
  content: Uint8Array;
}

export interface QueueInput {
  userCode: string;
  messageType: string;
  sender: { entityCode?: string | null; name: string; address: string };
  to: { entityCode?: string | null; name: string; address: string };
  subject: string;
  html: string;
  text: string;
  /** New files (archived now) or files already in the archive. */
  attachments?: (QueuedAttachment | { archiveId: number; filename: string })[];
}

/** Queues one message in the caller's transaction; answers its id. Unsafe headers are refused (UnsafeHeader). */
export async function queueEmail(trx: Db, input: QueueInput, now = new Date()): Promise<number> {
  const from = assertMailbox(input.sender.address, 'The sender address');
  const to = assertMailbox(input.to.address, 'The recipient address');
  if (hasControlCharacters(input.subject)) throw new UnsafeHeader('The subject must be one line');
  const subject = input.subject.trim();
  if (!subject) throw new UnsafeHeader('The subject is required');
  const domain = from.split('@')[1]!.toLowerCase();
  const row = await trx.insertInto('email_log').values({
    creation_time: now,
    user_code: input.userCode,
    sender_entity_code: input.sender.entityCode ?? null,
    from_name: oneLine(input.sender.name),
    from_address: from,
    to_entity_code: input.to.entityCode ?? null,
    to_name: oneLine(input.to.name),
    to_address: to,
    subject,
    content: input.html,
    text_content: input.text,
    message_type: input.messageType,
    message_id: `<${randomUUID()}@${domain}>`,
    next_attempt_at: now,
  }).returning('id').executeTakeFirstOrThrow();
  const id = Number(row.id);
  for (const a of input.attachments ?? []) {
    const archiveId = 'archiveId' in a
      ? a.archiveId
      : await archiveFile(trx, { userCode: input.userCode, path: ARCHIVE_PATHS.EMAIL, name: a.filename, mime: a.mime, content: a.content, date: now });
    await trx.insertInto('email_attachment').values({ email_id: id, archive_id: archiveId, filename: oneLine(a.filename) }).execute();
  }
  return id;
}

/** What the worker hands to SMTP (mailer.ts turns it into a nodemailer message). */
export interface OutgoingMessage {
  id: number;
  messageId: string;
  from: { name: string; address: string };
  to: { name: string; address: string };
  subject: string;
  html: string;
  text: string;
  attachments: { filename: string; contentType: string; content: Buffer }[];
}

/** The SMTP side as the outbox sees it: resolves with the server's answer, or throws (nodemailer's errors carry responseCode, response, command). */
export type SendMessage = (m: OutgoingMessage) => Promise<{ response: string }>;

export interface SmtpFailure {
  responseCode?: number;
  response?: string;
  command?: string;
  code?: string;
  message?: string;
}

/** Retry delay after the n-th failed attempt: base, 2×base, 4×base... at most an hour. */
export const retryDelayMs = (attempt: number, baseMs: number) => Math.min(baseMs * 2 ** Math.max(0, attempt - 1), 3_600_000);

/**
 * Marks rows a dead sender left mid-transaction as Dropped (see the module note). Call only while
 * holding the outbox lock: then no live sender has a row marked.
 */
export async function reconcileInterrupted(db: Db): Promise<number> {
  const rows = await db.updateTable('email_log')
    .set({ current_status: EMAIL_STATUS.DROPPED, smtp_response: INTERRUPTED_ANSWER, sending_started_at: null })
    .where('current_status', '=', EMAIL_STATUS.NEW).where('sending_started_at', 'is not', null)
    .returning('id').execute();
  return rows.length;
}

/** Takes the next due message and marks it being sent, committed before any SMTP traffic. */
async function claimNext(db: Db, now: Date, dueBy: Date) {
  const claimed = await db.updateTable('email_log')
    .set({ sending_started_at: now, attempts: sql`attempts + 1` })
    .where('id', '=', (eb) => eb.selectFrom('email_log').select('id')
      .where('current_status', '=', EMAIL_STATUS.NEW).where('sending_started_at', 'is', null).where('next_attempt_at', '<=', dueBy)
      .orderBy('next_attempt_at').orderBy('id').limit(1).forUpdate().skipLocked())
    .returning('id').executeTakeFirst();
  const id = claimed?.id;
  if (!id) return undefined;
  const row = await db.selectFrom('email_log').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const files = await db.selectFrom('email_attachment as e').innerJoin('archive as a', 'a.id', 'e.archive_id')
    .select(['e.filename', 'a.mime', 'a.content']).where('e.email_id', '=', id).orderBy('e.id').execute();
  const message: OutgoingMessage = {
    id: Number(row.id),
    messageId: row.message_id,
    from: { name: row.from_name, address: row.from_address },
    to: { name: row.to_name, address: row.to_address },
    subject: row.subject,
    html: row.content,
    text: row.text_content,
    attachments: files.map((f) => ({ filename: f.filename, contentType: f.mime, content: Buffer.from(f.content) })),
  };
  return { message, attempts: row.attempts };
}

/** The server's answer as kept in the log: its reply line, or what went wrong reaching it. */
const answerOf = (e: SmtpFailure) => (e.response || e.message || String(e)).slice(0, 1000);

export interface SendDueOptions {
  retryBaseMs?: number;
  /** Stops after this many messages (the worker comes back on its next tick). */
  limit?: number;
  now?: () => Date;
}

export interface SendDueResult {
  sent: number;
  failed: number;
  retried: number;
  dropped: number;
}

/** Sends this company's due messages one by one. Call only while holding the outbox lock. */
export async function sendDue(db: Db, send: SendMessage, options: SendDueOptions = {}): Promise<SendDueResult> {
  const now = options.now ?? (() => new Date());
  const result: SendDueResult = { sent: 0, failed: 0, retried: 0, dropped: await reconcileInterrupted(db) };
  // Due when the pass began: a message put back for a retry during the pass waits for the next
  // one, so one pass tries each message at most once, however short the back-off.
  const dueBy = now();
  for (let n = 0; n < (options.limit ?? Number.POSITIVE_INFINITY); n++) {
    const claimed = await claimNext(db, now(), dueBy);
    if (!claimed) break;
    const { message, attempts } = claimed;
    try {
      const info = await send(message);
      await db.updateTable('email_log')
        .set({ current_status: EMAIL_STATUS.SENT, sent_time: now(), smtp_response: (info.response || 'Accepted').slice(0, 1000), sending_started_at: null })
        .where('id', '=', String(message.id)).execute();
      result.sent++;
    } catch (err) {
      const e = (err ?? {}) as SmtpFailure;
      const code = typeof e.responseCode === 'number' ? e.responseCode : undefined;
      const permanent = code !== undefined && code >= 500;
      if (permanent || attempts >= MAX_ATTEMPTS) {
        const bounced = permanent && /RCPT/i.test(e.command ?? '');
        await db.updateTable('email_log')
          .set({ current_status: bounced ? EMAIL_STATUS.BOUNCED : EMAIL_STATUS.FAILED, smtp_response: answerOf(e), sending_started_at: null })
          .where('id', '=', String(message.id)).execute();
        result.failed++;
      } else {
        await db.updateTable('email_log')
          .set({ smtp_response: answerOf(e), sending_started_at: null, next_attempt_at: new Date(now().getTime() + retryDelayMs(attempts, options.retryBaseMs ?? 60_000)) })
          .where('id', '=', String(message.id)).execute();
        result.retried++;
      }
    }
  }
  return result;
}

/** How many messages wait for delivery (the Email Log's red banner). */
export async function pendingCount(db: Db): Promise<number> {
  const row = await db.selectFrom('email_log').select((eb) => eb.fn.countAll<string>().as('n')).where('current_status', '=', EMAIL_STATUS.NEW).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Makes every waiting message due now (Send Now: retries wait no longer). */
export async function makeAllDue(db: Db, now = new Date()): Promise<void> {
  await db.updateTable('email_log').set({ next_attempt_at: now }).where('current_status', '=', EMAIL_STATUS.NEW).where('next_attempt_at', '>', now).execute();
}

/**
 * Send again (a Failed, Bounced or Dropped message): a new message, New, with the same sender,
 * recipient, subject, body and attachments and a Message-ID of its own; the old row stays as the
 * record of what happened. Answers the new id, or undefined when the row is not one to resend.
 */
export async function resendEmail(trx: Db, id: number, userCode: string, now = new Date()): Promise<number | undefined> {
  const row = await trx.selectFrom('email_log').selectAll().where('id', '=', String(id)).forUpdate().executeTakeFirst();
  if (!row || ![EMAIL_STATUS.FAILED, EMAIL_STATUS.BOUNCED, EMAIL_STATUS.DROPPED].includes(row.current_status as never)) return undefined;
  const files = await trx.selectFrom('email_attachment').select(['archive_id', 'filename']).where('email_id', '=', row.id).orderBy('id').execute();
  return queueEmail(trx, {
    userCode, messageType: row.message_type,
    sender: { entityCode: row.sender_entity_code, name: row.from_name, address: row.from_address },
    to: { entityCode: row.to_entity_code, name: row.to_name, address: row.to_address },
    subject: row.subject, html: row.content, text: row.text_content,
    attachments: files.map((f) => ({ archiveId: Number(f.archive_id), filename: f.filename })),
  }, now);
}
