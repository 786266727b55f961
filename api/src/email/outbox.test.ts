import { type ParsedMail, simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schemaNameFor } from '../db/open.js';
import { addTestParties } from '../testing/parties.js';
import { openSecondProcess } from '../testing/second-process.js';
import { type TestApi, startTestApi } from '../testing/test-api.js';
import { queueStatementEmails } from './compose.js';
import { type LocalSmtp, SmtpRefusal, startLocalSmtp } from './local-smtp.js';
import { Mailer, redactSmtpUrl } from './mailer.js';
import { EMAIL_STATUS, queueEmail, resendEmail } from './outbox.js';

let api: TestApi;
let smtp: LocalSmtp;
let refuse: ((to: string[]) => void) | null = null;
let refuseRecipient: ((to: string) => void) | null = null;
const books = () => api.db.company(schemaNameFor('DEMOTRUST'));

beforeAll(async () => {
  api = await startTestApi();
  await addTestParties(books());
  await books().updateTable('entity').set({ email: 'office@seaside.example.com', name: 'Seaside Lettings' }).where('code', '=', 'BUSINESS').execute();
  smtp = await startLocalSmtp({ onMessage: (m) => refuse?.(m.to), onRecipient: (a) => refuseRecipient?.(a) });
});
afterAll(async () => {
  await smtp.close();
  await api.close();
});

const statusOf = async (id: number) => books().selectFrom('email_log').selectAll().where('id', '=', String(id)).executeTakeFirstOrThrow();
const mailer = (retryBaseMs = 50) => {
  const m = new Mailer(api.db, { retryBaseMs });
  m.use(smtp.url, { ignoreTLS: true });
  return m;
};
const parsed = (to: string): Promise<ParsedMail> => {
  const found = smtp.received.filter((r) => r.to.includes(to));
  expect(found).toHaveLength(1);
  return simpleParser(found[0]!.raw);
};

describe('e-mail outbox through a real SMTP server', () => {
  it('delivers an owner statement: recipient, subject, HTML and text parts, the statement PDF attached', async () => {
    const period = { year: 2026, month: 11 };
    const r = await queueStatementEmails(books(), { ...period, codes: ['OWNSMITH', 'OWNJONES', 'SUPCLEAN'], userCode: 'ADMIN', userName: 'Admin User', companyName: 'Seaside Lettings' });
    expect(r.queued).toBe(2);
    expect(r.skipped).toEqual([{ code: 'SUPCLEAN', reason: 'Owner not found' }]);
    expect((await statusOf(r.ids[0]!)).current_status).toBe(EMAIL_STATUS.NEW);

    const m = mailer();
    const pass = await m.tick();
    m.stop();
    expect(pass.sent).toBe(2);
    const row = await books().selectFrom('email_log').selectAll().where('to_entity_code', '=', 'OWNSMITH').executeTakeFirstOrThrow();
    expect(row.current_status).toBe(EMAIL_STATUS.SENT);
    expect(row.message_type).toBe('STATEMENT');
    expect(row.smtp_response).toMatch(/^250/);
    expect(row.sent_time).not.toBeNull();

    const mail = await parsed('jane.smith@example.com');
    expect(mail.subject).toBe('Your statement for November 2026');
    expect(mail.from?.value[0]).toMatchObject({ address: 'office@seaside.example.com', name: 'Seaside Lettings' });
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.value[0] : null).toMatchObject({ address: 'jane.smith@example.com', name: 'Jane Smith' });
    expect(mail.html).toContain('<p>Dear Jane Smith,</p>');
    expect(mail.text).toContain('Dear Jane Smith,');
    expect(mail.text).toContain('Please find attached your statement for November 2026.');
    expect(mail.messageId).toBe(row.message_id);
    expect(mail.attachments).toHaveLength(1);
    const pdf = mail.attachments[0]!;
    expect(pdf.filename).toBe('Statement-OWNSMITH-2026-11.pdf');
    expect(pdf.contentType).toBe('application/pdf');
    const bytes = pdf.content;
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.subarray(-6).toString('latin1')).toMatch(/%%EOF\s*$/);
    // Byte for byte the file the archive keeps (the one Email Log's Attachments tab downloads).
    const archived = await books().selectFrom('email_attachment as e').innerJoin('archive as a', 'a.id', 'e.archive_id').select(['a.content', 'a.path']).where('e.email_id', '=', String(row.id)).executeTakeFirstOrThrow();
    expect(Buffer.from(archived.content).equals(bytes)).toBe(true);
    expect(archived.path).toBe('Email Attachments');
  });

  const plain = (to: string, subject = 'Hello') => books().transaction().execute((trx) => queueEmail(trx, {
    userCode: 'ADMIN', messageType: 'EMAIL', sender: { name: 'Office', address: 'office@seaside.example.com' }, to: { name: 'X', address: to }, subject, html: '<p>Hi</p>', text: 'Hi',
  }));

  it('retries after a temporary refusal (4xx) with back-off, then delivers once', async () => {
    let refusals = 0;
    refuse = (to) => {
      if (to.includes('retry@example.com') && refusals < 2) {
        refusals++;
        throw new SmtpRefusal(451, 'Try again later (test)');
      }
    };
    const id = await plain('retry@example.com');
    const m = mailer(500);
    expect((await m.tick()).retried).toBe(1);
    let row = await statusOf(id);
    expect(row.current_status).toBe(EMAIL_STATUS.NEW);
    expect(row.smtp_response).toMatch(/451.*Try again later/);
    expect(row.attempts).toBe(1);
    expect(new Date(row.next_attempt_at).getTime()).toBeGreaterThan(Date.now());
    // Not due yet: the next pass leaves it.
    expect((await m.tick()).retried).toBe(0);
    await new Promise((r) => setTimeout(r, 550));
    expect((await m.tick()).retried).toBe(1);
    await new Promise((r) => setTimeout(r, 1050));
    expect((await m.tick()).sent).toBe(1);
    m.stop();
    row = await statusOf(id);
    expect(row.current_status).toBe(EMAIL_STATUS.SENT);
    expect(row.attempts).toBe(3);
    expect(smtp.received.filter((r) => r.to.includes('retry@example.com'))).toHaveLength(1);
    refuse = null;
  });

  it('marks a permanent refusal (5xx) Failed with the server answer, and a refused recipient Bounced', async () => {
    refuse = (to) => {
      if (to.includes('reject@example.com')) throw new SmtpRefusal(554, 'Message rejected as spam (test)');
    };
    refuseRecipient = (a) => {
      if (a === 'nobody@example.com') throw new SmtpRefusal(550, 'No such user here (test)');
    };
    const failed = await plain('reject@example.com');
    const bounced = await plain('nobody@example.com');
    const m = mailer();
    await m.tick();
    m.stop();
    const f = await statusOf(failed);
    expect(f.current_status).toBe(EMAIL_STATUS.FAILED);
    expect(f.smtp_response).toMatch(/554.*Message rejected as spam/);
    expect(f.attempts).toBe(1);
    const b = await statusOf(bounced);
    expect(b.current_status).toBe(EMAIL_STATUS.BOUNCED);
    expect(b.smtp_response).toMatch(/550.*No such user here/);
    refuse = null;
    refuseRecipient = null;

    // Send again: a new message with its own Message-ID; the failed one stays as it was.
    const again = await books().transaction().execute((trx) => resendEmail(trx, failed, 'ADMIN'));
    expect(again).toBeGreaterThan(bounced);
    expect(await books().transaction().execute((trx) => resendEmail(trx, again!, 'ADMIN'))).toBeUndefined();
    const m2 = mailer();
    expect((await m2.tick()).sent).toBe(1);
    m2.stop();
    expect((await statusOf(again!)).current_status).toBe(EMAIL_STATUS.SENT);
    expect((await statusOf(failed)).current_status).toBe(EMAIL_STATUS.FAILED);
    expect((await statusOf(again!)).message_id).not.toBe(f.message_id);
  });

  it('sends each message once with two API processes sending at the same time (the outbox lock)', async () => {
    const second = (await openSecondProcess(api.db)) ?? api.db;
    const ids: number[] = [];
    for (let i = 0; i < 20; i++) ids.push(await plain(`both${i}@example.com`));
    const a = mailer();
    const b = new Mailer(second, { retryBaseMs: 50 });
    b.use(smtp.url, { ignoreTLS: true });
    const [ra, rb] = await Promise.all([a.tick(), b.tick()]);
    // Whichever process missed the lock finds nothing left on its next pass.
    const rest = await Promise.all([a.tick(), b.tick()]);
    a.stop();
    b.stop();
    if (second !== api.db) await second.close();
    expect(ra.sent + rb.sent + rest[0].sent + rest[1].sent).toBe(20);
    for (let i = 0; i < 20; i++) expect(smtp.received.filter((r) => r.to.includes(`both${i}@example.com`))).toHaveLength(1);
    for (const id of ids) expect((await statusOf(id)).current_status).toBe(EMAIL_STATUS.SENT);
  });

  it('keeps the SMTP password out of the answer it records', async () => {
    const guarded = await startLocalSmtp({ onMessage: () => { throw new SmtpRefusal(554, 'Rejected for s3cret-Pass (test)'); } });
    const id = await plain('secret@example.com');
    const m = new Mailer(api.db);
    m.use(`smtp://user:s3cret-Pass@127.0.0.1:${guarded.port}`, { ignoreTLS: true });
    await m.tick();
    m.stop();
    await guarded.close();
    const row = await statusOf(id);
    expect(row.current_status).toBe(EMAIL_STATUS.FAILED);
    expect(row.smtp_response).toContain('Rejected for *** (test)');
    expect(redactSmtpUrl('smtp://user:s3cret-Pass@mail.example.com:587')).toBe('smtp://user:***@mail.example.com:587');
  });

  it('waits as New while the server cannot be reached, then goes when it can', async () => {
    const id = await plain('later@example.com');
    const m = new Mailer(api.db, { retryBaseMs: 0 });
    m.use('smtp://127.0.0.1:1', { ignoreTLS: true });
    // One pass tries a message once, even when its back-off (none here) ends before the pass does.
    expect((await m.tick()).retried).toBe(1);
    expect(await statusOf(id)).toMatchObject({ current_status: EMAIL_STATUS.NEW, attempts: 1 });
    m.use(smtp.url, { ignoreTLS: true });
    await m.tick();
    expect(await statusOf(id)).toMatchObject({ current_status: EMAIL_STATUS.SENT, attempts: 2 });
    expect(smtp.received.filter((r) => r.to.includes('later@example.com'))).toHaveLength(1);
    m.stop();
  });
});
