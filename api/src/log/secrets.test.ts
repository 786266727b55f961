import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApi, startTestApi } from '../testing/test-api.js';
import { supportToken } from '../users/test-support.js';
import { REDACTED, redactText, redactValue, writeLog } from './system-log.js';

/**
 * Issue 13: secrets (passwords, tokens, SMTP credentials) never reach the system log. The user
 * and sign-in calls run for real, then every log row is searched for what was typed or issued.
 */
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const allLog = async () => JSON.stringify(await api.db.control.selectFrom('system_log').selectAll().execute());

describe('the system log keeps no secrets', () => {
  it('of users created, their passwords changed, sign-ins good and bad, and sign-outs', async () => {
    const secrets: string[] = [];
    const support = await supportToken(api);
    const created = await api.call('POST', '/api/user', {
      token: support,
      body: { id: 'LOGSAFE', name: 'Log Safe', password: 'first-Secret-991', usertype: 'USER', desktopRows: 25, mobileRows: 20, permissions: { p_mgt: true } },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    secrets.push('first-Secret-991');
    const changed = await api.call('PUT', '/api/user/LOGSAFE', { token: support, body: { name: 'Log Safe', desktopRows: 25, mobileRows: 20, password: 'second-Secret-992' } });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    secrets.push('second-Secret-992');
    const token = await api.signIn('LOGSAFE', 'second-Secret-992');
    secrets.push(token, ...token.split('.').filter((part) => part.length > 12));
    // The user changes their own password too.
    const own = await api.call('PUT', '/api/user/LOGSAFE', { token, body: { name: 'Log Safe', desktopRows: 25, mobileRows: 20, password: 'third-Secret-993', currentPassword: 'second-Secret-992' } });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    secrets.push('third-Secret-993');
    for (const password of ['wrong-Secret-994', 'third-Secret-993x']) {
      expect((await api.call('POST', '/api/auth', { token: null, body: { code: 'LOGSAFE', password } })).status).toBe(401);
      secrets.push(password);
    }
    const again = await api.signIn('LOGSAFE', 'third-Secret-993');
    secrets.push(again);
    await api.call('POST', '/api/auth/logout', { token: again, body: {} });
    const hash = await api.db.control.selectFrom('app_user').select('password_hash').where('id', '=', 'LOGSAFE').executeTakeFirstOrThrow();
    secrets.push(hash.password_hash);

    const log = await allLog();
    expect(log).toContain('LOGSAFE');
    for (const secret of secrets) expect(log, 'a secret reached the log').not.toContain(secret);
    expect(log).not.toMatch(/password_hash/);
  });

  it('of the booking-system password in Control Settings', async () => {
    await api.call('PUT', '/api/control/gp_pwd', { body: { value: 'gp-Secret-995' } });
    expect(await allLog()).not.toContain('gp-Secret-995');
  });

  it('even when a caller hands one to writeLog: URL credentials, bearer tokens, secret keys', async () => {
    await writeLog(api.db.root, {
      database: 'DEMOTRUST', severity: 'ERROR', routine: 'email',
      message: 'connect failed smtp://mailer:smtp-Secret-996@mail.example:587 with Bearer eyJhbGciOi.secretpart.sig',
      body: '{"to":"a@b.example","password":"body-Secret-997","SMTP_URL":"smtps://u:url-Secret-998@host"}',
      stack: 'Error: token=stack-Secret-999\n    at send (mailer.ts:1)',
      before: { smtp: { user: 'mailer', pass: 'before-Secret-990' }, gp_pwd_set: true },
      after: { apiKey: 'after-Secret-989', note: 'password: inline-Secret-988' },
    });
    const row = await api.db.control.selectFrom('system_log').selectAll().where('routine', '=', 'email').executeTakeFirstOrThrow();
    const text = JSON.stringify(row);
    for (const s of ['smtp-Secret-996', 'secretpart', 'body-Secret-997', 'url-Secret-998', 'stack-Secret-999', 'before-Secret-990', 'after-Secret-989', 'inline-Secret-988']) {
      expect(text, s).not.toContain(s);
    }
    expect(row.message).toBe(`connect failed smtp://mailer:${REDACTED}@mail.example:587 with Bearer ${REDACTED}`);
    expect(row.before).toEqual({ smtp: { user: 'mailer', pass: REDACTED }, gp_pwd_set: true });
    expect(row.body).toContain('"to":"a@b.example"');
  });
});

describe('redaction leaves ordinary text alone', () => {
  it('keeps messages, names and numbers', () => {
    expect(redactText('User JSMITH updated (password changed)')).toBe('User JSMITH updated (password changed)');
    expect(redactText('Failed sign-in for admin')).toBe('Failed sign-in for admin');
    expect(redactText('see https://example.com/path?x=1')).toBe('see https://example.com/path?x=1');
    expect(redactValue({ name: 'Jane', amount: 1250, password: null, items: [{ token: 'abc' }] })).toEqual({ name: 'Jane', amount: 1250, password: null, items: [{ token: REDACTED }] });
  });
});
