import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schemaNameFor } from '../db/open.js';
import { addTestParties } from '../testing/parties.js';
import { type TestApi, startTestApi } from '../testing/test-api.js';
import { insertUser } from '../testing/users.js';
import { type LocalSmtp, startLocalSmtp } from './local-smtp.js';

let api: TestApi;
let smtp: LocalSmtp;
const books = () => api.db.company(schemaNameFor('DEMOTRUST'));

beforeAll(async () => {
  api = await startTestApi();
  await addTestParties(books());
  await books().updateTable('entity').set({ email: 'office@seaside.example.com' }).where('code', '=', 'BUSINESS').execute();
  smtp = await startLocalSmtp();
  api.deps.mailer.use(smtp.url, { ignoreTLS: true });
});
afterAll(async () => {
  api.deps.mailer.stop();
  await smtp.close();
  await api.close();
});

describe('e-mail routes', () => {
  it('refuses a user without p_email (the log, Send Email, Send Now, download)', async () => {
    await insertUser(api.db, { id: 'NOMAIL1', password: 'password-nomail', companies: { DEMOTRUST: { p_reports: true, p_entities: true } } });
    const token = await api.signIn('NOMAIL1', 'password-nomail');
    expect((await api.call('GET', '/api/email', { token })).status).toBe(403);
    expect((await api.call('POST', '/api/email/send', { token })).status).toBe(403);
    expect((await api.call('POST', '/api/email/download', { token, body: { email_id: 1, archive_id: 1 } })).status).toBe(403);
    expect((await api.call('POST', '/api/email', { token, body: { from: { type: 'BUSINESS' }, to: { type: 'OWNER', code: 'OWNSMITH' }, subject: 'x', body: '' } })).status).toBe(403);
    expect((await api.call('GET', '/api/entity/emaillist/year=2026&month=10&type=OWNER', { token })).status).toBe(403);
  });

  it('refuses a line break in the subject or a list of addresses (header injection)', async () => {
    const base = { from: { type: 'BUSINESS' }, to: { type: 'MANUAL', address: 'someone@example.com' }, subject: 'Hello', body: '<p>Hi</p>' };
    const newline = await api.call('POST', '/api/email', { body: { ...base, subject: 'Hello\r\nBcc: victim@example.com' } });
    expect(newline.status).toBe(400);
    const list = await api.call('POST', '/api/email', { body: { ...base, to: { type: 'MANUAL', address: 'a@example.com, victim@example.com' } } });
    expect(list.status).toBe(400);
    const crlf = await api.call('POST', '/api/email', { body: { ...base, to: { type: 'MANUAL', address: 'a@example.com\nBcc: victim@example.com' } } });
    expect(crlf.status).toBe(400);
    expect(await books().selectFrom('email_log').select('id').execute()).toHaveLength(0);
  });

  it('sends to users of this company only', async () => {
    await insertUser(api.db, { id: 'OUTSIDER1', password: 'password-outsider', email: 'outsider@example.com', companies: {} });
    const res = await api.call('POST', '/api/email', { body: { from: { type: 'BUSINESS' }, to: { type: 'USER', code: 'OUTSIDER1' }, subject: 'Hi', body: '<p>Hi</p>' } });
    expect(res.status).toBe(404);
  });

  it('sends an owner statement from Send Email, shows it Sent in the log and the entity tab, downloads the PDF', async () => {
    await books().updateTable('entity').set({ name: 'Jane <b>Smith</b>\nBcc: x@example.com' }).where('code', '=', 'OWNSMITH').execute();
    const queued = await api.call('POST', '/api/email', {
      body: { from: { type: 'BUSINESS' }, to: { type: 'OWNER', code: 'OWNSMITH' }, subject: 'Statement RPT_PERIOD for TO_NAME', body: '<p>Dear TO_NAME,</p><p>Attached.</p>', statement: { code: 'OWNSMITH', year: 2026, month: 10 } },
    });
    expect(queued.status).toBe(200);
    expect(queued.body.data.message).toBe('Email(s) Sent to queue!');
    await api.deps.mailer.idle();
    await api.deps.mailer.tick();

    const log = await api.call('GET', '/api/email?entity=OWNSMITH');
    expect(log.status).toBe(200);
    expect(log.body.data.unsent).toBe(0);
    const [row] = log.body.data.list;
    expect(row).toMatchObject({ to_entity_code: 'OWNSMITH', to_address: 'jane.smith@example.com', current_status: 'Sent', attachments: 1, _attachments: ['Statement-OWNSMITH-2026-10.pdf'], subject: 'Statement October 2026 for Jane <b>Smith</b> Bcc: x@example.com' });
    expect((await api.call('GET', '/api/email?entity=OWNJONES')).body.data.list).toHaveLength(0);

    const mail = await simpleParser(smtp.received.at(-1)!.raw);
    expect(mail.headers.get('bcc')).toBeUndefined();
    expect(mail.html).toContain('Dear Jane &lt;b&gt;Smith&lt;/b&gt;');

    const detail = await api.call('GET', `/api/email/${row.id}`);
    expect(detail.body.data.content).toContain('&lt;b&gt;');
    const file = detail.body.data.attachment_files[0];
    const res = await api.app.request('/api/email/download', {
      method: 'POST', headers: { Authorization: `Bearer ${await api.signIn()}`, 'X-Database': 'DEMOTRUST', 'Content-Type': 'application/json' },
      body: JSON.stringify({ email_id: row.id, archive_id: file.archive_id }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.equals(mail.attachments[0]!.content)).toBe(true);
    // An archive file that is not this message's attachment is not served here.
    expect((await api.call('POST', '/api/email/download', { body: { email_id: row.id, archive_id: file.archive_id + 1000 } })).status).toBe(404);
  });

  it('e-mails a report from the archive (the viewer\'s Send Email) with RPT_NAME filled in; a backup is refused', async () => {
    const report = await api.call('POST', '/api/reports/balances', { body: { mode: 'VIEW' } });
    const archiveId = report.body.view.archive_id as number;
    const queued = await api.call('POST', '/api/email', {
      body: { from: { type: 'BUSINESS' }, to: { type: 'MANUAL', address: 'accountant@example.com' }, subject: 'RPT_NAME', body: '<p>RPT_NAME attached</p>', archive_ids: [archiveId], report_name: 'Balance Summary' },
    });
    expect(queued.status).toBe(200);
    await api.deps.mailer.idle();
    await api.deps.mailer.tick();
    const mail = await simpleParser(smtp.received.at(-1)!.raw);
    expect(mail.subject).toBe('Balance Summary');
    expect(mail.text).toBe('Balance Summary attached');
    expect(mail.attachments.map((a) => a.filename)).toEqual([report.body.view.filename]);
    const backup = await books().insertInto('archive').values({ date: new Date(), user_code: 'ADMIN', path: 'Backups', blob_id: 'x.pgb', mime: 'application/gzip', content: new Uint8Array([1]), size: 1 }).returning('id').executeTakeFirstOrThrow();
    const refused = await api.call('POST', '/api/email', { body: { from: { type: 'BUSINESS' }, to: { type: 'MANUAL', address: 'a@example.com' }, subject: 'x', body: '', archive_ids: [Number(backup.id)] } });
    expect(refused.status).toBe(404);
  });

  it('lists the Email Statements rows and queues a month of statements with progress', async () => {
    const list = await api.call('GET', '/api/entity/emaillist/year=2026&month=10&type=OWNER');
    expect(list.status).toBe(200);
    expect(list.body.data.map((r: { code: string }) => r.code)).toEqual(['OWNJONES', 'OWNSMITH']);
    expect(list.body.data[1]).toMatchObject({ units: '101, 102', type: 'OWNER', email: 'jane.smith@example.com', funds: 0, pay: 0, net: 0 });
    const before = smtp.received.length;
    const started = await api.call('POST', '/api/reports/emailstatements/year=2026&month=10', { body: { year: 2026, month: 10, type: 'OWNER', entities: ['OWNSMITH', 'OWNJONES', 'NOSUCH'] } });
    expect(started.status).toBe(200);
    const job = await api.deps.jobs.settled('DEMOTRUST', started.body.progress.id);
    expect(job?.status).toBe('done');
    expect(job?.result).toMatchObject({ queued: 2, skipped: [{ code: 'NOSUCH', reason: 'Owner not found' }], message: 'Email(s) Sent to queue!' });
    const progress = await api.call('GET', `/api/progress/${started.body.progress.id}`);
    expect(progress.body.data?.percent ?? progress.body.percent).toBe(100);
    await api.deps.mailer.idle();
    await api.deps.mailer.tick();
    expect(smtp.received.length - before).toBe(2);

    const sendNow = await api.call('POST', '/api/email/send');
    expect(sendNow.status).toBe(200);
    expect(sendNow.body.data).toMatchObject({ pending: 0, configured: true });
  });
});
