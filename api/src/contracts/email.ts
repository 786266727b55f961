import { z } from 'zod';
import { isSingleLine } from './common.js';

/** Spec 3 §4 'Email status'. New is pending; Failed, Dropped and Bounced are red; anything else counts as sent. */
export const EMAIL_STATUSES = ['New', 'Sent', 'Failed', 'Dropped', 'Bounced'] as const;
export type EmailStatusName = (typeof EMAIL_STATUSES)[number];
export const emailStatusTone = (status: string): 'pending' | 'failed' | 'sent' =>
  status === 'New' ? 'pending' : status === 'Failed' || status === 'Dropped' || status === 'Bounced' ? 'failed' : 'sent';

/** Spec 3 §9: entity types for sending e-mail, plus a typed address. */
export const EMAIL_TO_TYPES = ['BUSINESS', 'USER', 'OWNER', 'SUPPLIER', 'TENANT', 'MANUAL'] as const;
export const EMAIL_FROM_TYPES = ['BUSINESS', 'USER'] as const;
export const EMAIL_QUEUE_REFRESH_MS = 5_000;
export const EMAIL_SENT_TO_QUEUE = 'Email(s) Sent to queue!';

/** A list row of GET /api/email (spec 3 §3 'Email log'). */
export interface EmailLogRow {
  id: number;
  creation_time: string;
  sent_time: string | null;
  sender_entity_code: string | null;
  from_name: string;
  from_address: string;
  to_entity_code: string | null;
  to_name: string;
  to_address: string;
  subject: string;
  message_type: string;
  current_status: string;
  attempts: number;
  smtp_response: string | null;
  attachments: number;
  _attachments: string[];
}

export interface EmailAttachmentView {
  archive_id: number;
  filename: string;
  size: number;
  mime: string;
}

export interface EmailDetail extends EmailLogRow {
  content: string;
  text_content: string;
  message_id: string;
  user_code: string;
  attachment_files: EmailAttachmentView[];
}

export interface EmailListAnswer {
  list: EmailLogRow[];
  unsent: number;
}

const oneLine = (max: number, what: string) => z.string().trim().min(1, `${what} is required`).max(max, `${what} must be at most ${max} characters`)
  .refine(isSingleLine, `${what} must be one line (no line breaks)`);

export const emailListQuery = z.object({
  entity: z.string().max(20).optional(),
  limit: z.coerce.number().int().min(1).max(2000).optional(),
}).strict();

/** POST /api/email: one message from the Send Email dialog, queued for the outbox. */
export const sendEmailContract = z.object({
  from: z.object({ type: z.enum(EMAIL_FROM_TYPES) }).strict(),
  to: z.object({
    type: z.enum(EMAIL_TO_TYPES),
    /** The entity code or user id (not for MANUAL). */
    code: z.string().trim().max(40).optional(),
    /** MANUAL: the address typed. */
    address: z.string().trim().max(254).refine(isSingleLine, 'The address must be one line').optional(),
  }).strict(),
  subject: oneLine(300, 'Subject'),
  body: z.string().max(200_000, 'The message is too long'),
  template: z.string().max(30).optional(),
  /** An owner's statement PDF to attach (the statement document). */
  statement: z.object({ code: z.string().trim().min(1).max(20), year: z.number().int().min(2000).max(2100), month: z.number().int().min(1).max(12) }).strict().optional(),
  /** Files already in the archive (reports) to attach. */
  archive_ids: z.array(z.number().int().positive()).max(10).optional(),
  /** RPT_NAME of the template when a report goes (the report viewer's Send Email). */
  report_name: z.string().trim().max(100).refine(isSingleLine, 'The report name must be one line').optional(),
}).strict();
export type SendEmailInput = z.infer<typeof sendEmailContract>;

export const emailDownloadContract = z.object({
  email_id: z.number().int().positive(),
  archive_id: z.number().int().positive(),
}).passthrough();

export const EMAIL_STATEMENT_TYPES = ['OWNER', 'SUPPLIER', 'TENANT'] as const;

/** The {query} of GET /api/entity/emaillist/{query}: year, month, type as a query string (year=2026&month=10&type=OWNER). */
export const emailListSelection = z.object({
  year: z.coerce.number().int().min(2000).max(2100),
  month: z.coerce.number().int().min(1).max(12),
  type: z.enum(EMAIL_STATEMENT_TYPES).default('OWNER'),
}).strict();

/** A row of the Email Statements screen (spec 3 §2): money in dollars. funds = before this month's disbursement, pay = disbursed, net = the closing balance. */
export interface EmailStatementRow {
  code: string;
  units: string;
  letting_pool: string;
  type: string;
  category: string | null;
  name: string;
  email: string | null;
  funds: number;
  pay: number;
  net: number;
}

/** POST /api/reports/emailstatements/{query}: the body of spec 3 §7. `_email`: send every statement to this address instead (a trial run to oneself). */
export const emailStatementsContract = z.object({
  year: z.number().int().min(2000).max(2100),
  month: z.number().int().min(1).max(12),
  type: z.enum(EMAIL_STATEMENT_TYPES).default('OWNER'),
  entities: z.array(z.string().trim().min(1).max(20)).min(1, 'Choose at least one').max(5000),
  _email: z.string().trim().max(254).refine(isSingleLine, 'The address must be one line').optional().or(z.literal('')),
  template: z.string().max(30).optional(),
}).strict();
export type EmailStatementsInput = z.infer<typeof emailStatementsContract>;

/** Test-only calls of spec 3 §7 (mounted in test mode only): a test message to an address. */
export const emailTestContract = z.object({ to: z.string().trim().min(1).max(254) });

/** Test-only: a log row in a chosen state, for screen tests of the Email Log; nothing is sent. */
export const emailInsertContract = z.object({
  to: z.string().trim().min(1).max(254),
  subject: z.string().trim().min(1).max(200),
  status: z.enum(EMAIL_STATUSES).default('New'),
});
