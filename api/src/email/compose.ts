import type { Kysely } from 'kysely';
import type { Database } from '../db/open.js';
import type { CompanyTables } from '../db/schema.js';
import { BUSINESS_ENTITY_CODE } from '../contracts/entity.js';
import { readLetterhead } from '../documents/letterhead.js';
import { ownerStatementPdf, ownerStatements, statementFilename } from '../statements/owner.js';
import { isMailbox } from './address.js';
import { type QueueInput, queueEmail } from './outbox.js';
import { type Party, type TemplateValues, renderEmail } from './render.js';

type Db = Kysely<CompanyTables>;

/** A party as templates and the outbox see it: an entity (business, owner, supplier, tenant), a user, or a typed address. */
export interface Correspondent extends Party {
  /** The entity code (null for a user or a typed address). */
  entityCode: string | null;
  name: string;
  email: string;
}

const entityColumns = ['code', 'name', 'email', 'address', 'town', 'state', 'postcode', 'phone1', 'phone2', 'notes'] as const;

export async function entityParty(db: Db, code: string, type?: string): Promise<Correspondent | undefined> {
  let q = db.selectFrom('entity').select([...entityColumns, 'type']).where('code', '=', code);
  if (type) q = q.where('type', '=', type);
  const e = await q.executeTakeFirst();
  return e && { ...e, entityCode: e.code, email: (e.email ?? '').trim() };
}

export async function userParty(db: Database, id: string): Promise<Correspondent | undefined> {
  const u = await db.control.selectFrom('app_user').select(['id', 'name', 'email']).where('id', '=', id).executeTakeFirst();
  return u && { entityCode: null, code: u.id, name: u.name, email: (u.email ?? '').trim() };
}

export const businessParty = (db: Db) => entityParty(db, BUSINESS_ENTITY_CODE);

/** A template by name (undefined when missing or inactive). */
export async function readTemplate(db: Db, name: string | null | undefined) {
  if (!name) return undefined;
  return db.selectFrom('template').select(['name', 'description', 'memo']).where('name', '=', name).where('inactive', '=', false).executeTakeFirst();
}

export async function defaultTemplateName(db: Db, key: 'default_statement_template' | 'default_email_template'): Promise<string | null> {
  const row = await db.selectFrom('control_setting').select('value').where('key', '=', key).executeTakeFirst();
  return typeof row?.value === 'string' && row.value ? row.value : null;
}

const FALLBACK_STATEMENT = {
  description: 'Your statement for RPT_PERIOD',
  memo: '<p>Dear TO_NAME,</p><p>Please find attached your statement for RPT_PERIOD.</p><p>Kind regards,<br>FROM_NAME</p>',
};

export interface StatementEmailsInput {
  year: number;
  month: number;
  codes: string[];
  userCode: string;
  userName: string;
  userEmail?: string | null;
  companyName: string;
  /** A template name; the control's default_statement_template otherwise. */
  template?: string | null;
  /** Sends to this address instead of each owner's (the 'email' override of the selection). */
  overrideAddress?: string | null;
}

export interface StatementEmailsResult {
  queued: number;
  ids: number[];
  skipped: { code: string; reason: string }[];
}

/**
 * Queues each chosen owner's statement for a month, the statement PDF (statements/owner.ts, the
 * document month end makes) attached and archived under 'Email Attachments', from the business to
 * the owner's address through the statement template. Owners without a valid address are skipped
 * with the reason. The statements are read in one pass; each e-mail is queued in its own
 * transaction, so a batch cut short keeps what it queued.
 */
export async function queueStatementEmails(db: Db, input: StatementEmailsInput, progress: (done: number, total: number) => Promise<void> = async () => {}): Promise<StatementEmailsResult> {
  const [statements, letterhead, business, template] = await Promise.all([
    ownerStatements(db, input.year, input.month, input.codes),
    readLetterhead(db, input.companyName),
    businessParty(db),
    readTemplate(db, input.template ?? (await defaultTemplateName(db, 'default_statement_template'))),
  ]);
  const result: StatementEmailsResult = { queued: 0, ids: [], skipped: [] };
  const found = new Set(statements.map((s) => s.code));
  for (const code of input.codes) if (!found.has(code)) result.skipped.push({ code, reason: 'Owner not found' });
  const fromAddress = business?.email && isMailbox(business.email) ? business.email : input.userEmail && isMailbox(input.userEmail) ? input.userEmail : null;
  if (!fromAddress) {
    for (const s of statements) result.skipped.push({ code: s.code, reason: 'The business has no valid e-mail address to send from (Set Up > Business)' });
    return result;
  }
  const tpl = template ?? FALLBACK_STATEMENT;
  const owners = new Map((await db.selectFrom('entity').select([...entityColumns]).where('code', 'in', statements.length ? statements.map((s) => s.code) : ['\u0000']).execute()).map((e) => [e.code, e]));
  const printedAt = new Date();
  let done = 0;
  for (const s of statements) {
    const owner = owners.get(s.code)!;
    const to = (input.overrideAddress ?? owner.email ?? '').trim();
    if (!isMailbox(to)) {
      result.skipped.push({ code: s.code, reason: to ? `'${to.slice(0, 80)}' is not a valid e-mail address` : 'No e-mail address' });
    } else {
      const values: TemplateValues = {
        from: { ...business, email: fromAddress },
        to: owner,
        user: { name: input.userName, email: input.userEmail ?? '' },
        report: { year: s.year, month: s.month, name: 'Owner Statement' },
      };
      const rendered = renderEmail(tpl.description, tpl.memo, values);
      const message: QueueInput = {
        userCode: input.userCode,
        messageType: 'STATEMENT',
        sender: { entityCode: business?.code ?? null, name: business?.name ?? input.companyName, address: fromAddress },
        to: { entityCode: s.code, name: owner.name, address: to },
        subject: rendered.subject,
        html: rendered.html,
        text: rendered.text,
        attachments: [{ filename: statementFilename(s), mime: 'application/pdf', content: ownerStatementPdf(s, letterhead, printedAt) }],
      };
      const id = await db.transaction().execute((trx) => queueEmail(trx, message, printedAt));
      result.ids.push(id);
      result.queued++;
    }
    done++;
    await progress(done, statements.length);
  }
  return result;
}
