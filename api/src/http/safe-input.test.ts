import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requiredText, code, multilineText } from '../contracts/common.js';
import { chargeLinkContract } from '../contracts/charges.js';
import { controlSettingsContract } from '../contracts/control.js';
import { ErrorLogLimiter, withLeftOut } from '../log/system-log.js';
import { type TestApi, startTestApi } from '../testing/test-api.js';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const errorRows = async () =>
  Number((await api.db.control.selectFrom('system_log').select((eb) => eb.fn.countAll<string>().as('n')).where('severity', '=', 'ERROR').executeTakeFirstOrThrow()).n);
const categoryCodes = async () =>
  (await api.db.company('co_demotrust').selectFrom('category').select('code').orderBy('code').execute()).map((r) => r.code);

describe('control characters are refused with 400 (issue 8 item 6)', () => {
  it('sign-in with U+0000 in the user id or password is a 400 that writes no error row', async () => {
    const before = await errorRows();
    for (const body of [{ code: 'ad\u0000min', password: 'x' }, { code: 'admin', password: 'trust\u0000' }, { code: '\u0000', password: '\u0000' }]) {
      const res = await api.call('POST', '/api/auth', { token: null, database: null, body });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: true, status: 400 });
    }
    expect(await errorRows()).toBe(before);
  });

  it('a NUL or bell in a name, code or memo is refused naming the field, and nothing is written', async () => {
    const before = await categoryCodes();
    const nul = await api.call('POST', '/api/category', { body: { code: 'NULCAT', name: 'Bad\u0000 name', type: 'OWNER' } });
    expect(nul.status).toBe(400);
    expect(nul.body.errors[0].path).toBe('name');
    const bell = await api.call('POST', '/api/category', { body: { code: 'BEL\u0007L', name: 'Bell category', type: 'OWNER' } });
    expect(bell.status).toBe(400);
    const key = await api.call('POST', '/api/category', { body: { code: 'KEYCAT', name: 'Key category', type: 'OWNER', 'x\u0000': 1 } });
    expect(key.status).toBe(400);
    expect(await categoryCodes()).toEqual(before);
  });

  it('codes keep to letters, digits, space and _ . - / &', async () => {
    const bad = await api.call('POST', '/api/category', { body: { code: 'X%41', name: 'Percent category', type: 'OWNER' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toEqual({ path: 'code', msg: 'May contain only letters, digits, spaces and _ . - / &' });
    const good = await api.call('POST', '/api/category', { body: { code: 'A&B-1/2', name: 'Safe characters', type: 'OWNER' } });
    expect(good.status).toBe(200);
  });

  it('control characters in a path or a query string are a 400 before the route runs', async () => {
    for (const path of ['/api/category/%00', '/api/entity/AB%01CD', '/api/unit/%7F', '/api/user/%00', '/api/entity/balance/%00',
      '/api/cashbook/receipt/list?search=ab%00c', '/api/journal/list?search=%1B%5B31m', '/api/log?key=%00', '/api/cashbook/receipt/list?x%00=1']) {
      const res = await api.call('GET', path);
      expect(res.status, path).toBe(400);
      expect(res.body).toMatchObject({ error: true, status: 400, message: expect.stringContaining('control characters') });
    }
    expect((await api.call('DELETE', '/api/category/AB%00')).status).toBe(400);
  });

  it('free text keeps its line breaks and tabs; single-line text does not', () => {
    expect(multilineText('Details are required', 100).parse('line one\n\tline two\r\n')).toBe('line one\n\tline two');
    expect(multilineText('Details are required', 100).safeParse('bell\u0007').success).toBe(false);
    expect(requiredText('Name is required').safeParse('two\nlines').success).toBe(false);
    expect(requiredText('Name is required', 5).safeParse('too long').success).toBe(false);
    expect(code(2, 10).safeParse('AB<script>').success).toBe(false);
    expect(code(2, 10).parse(' a&b ')).toBe('A&B');
  });
});

describe('path parameters are decoded once (issue 8 item 7)', () => {
  it('% in an id never answers 500 (it used to throw URIError on the second decode)', async () => {
    const paths = ['/api/category/%', '/api/category/%25', '/api/category/%E0%A4%A', '/api/entity/%', '/api/entity/%25zz', '/api/unit/%',
      '/api/user/%', '/api/pinned/%', '/api/entity/balance/%', '/api/entity/statement/%', '/api/cashbook/read/%', '/api/journal/%', '/api/charge/full/%',
      '/api/account/%25', '/api/banks/%', '/api/cardtype/%', '/api/gstcodes/%', '/api/unittype/%', '/api/unitclass/%', '/api/disburse/file/%'];
    for (const path of paths) {
      for (const method of ['GET', 'DELETE', 'PUT']) {
        const res = await api.call(method, path, method === 'PUT' ? { body: {} } : {});
        expect(res.status, `${method} ${path}`).toBeLessThan(500);
      }
    }
  });

  it('deleting category X%41 does not delete XA', async () => {
    expect((await api.call('POST', '/api/category', { body: { code: 'XA', name: 'Category XA', type: 'OWNER' } })).status).toBe(200);
    const res = await api.call('DELETE', `/api/category/${encodeURIComponent('X%41')}`);
    expect(res.status).toBe(404);
    expect(await categoryCodes()).toContain('XA');
    expect((await api.call('GET', '/api/category/XA')).status).toBe(200);
  });
});

describe('links and free-text limits (issue 8 item 19)', () => {
  it('a charge link is an http or https address only', () => {
    const ok = (link: string) => chargeLinkContract.safeParse({ name: 'Invoice', link }).success;
    expect(ok('https://example.com/invoice.pdf')).toBe(true);
    expect(ok('http://10.0.0.5:8080/a')).toBe(true);
    for (const bad of ['javascript:alert(1)', 'JavaScript:alert(1)', 'data:text/html,<b>x</b>', 'vbscript:msgbox', 'file:///etc/passwd', 'ftp://example.com/x'])
      expect(ok(bad), bad).toBe(false);
  });

  it('free-text settings have length limits', () => {
    const shape = controlSettingsContract.shape;
    expect(shape.receipt_text.safeParse('x'.repeat(2001)).success).toBe(false);
    expect(shape.receipt_text.safeParse('Thank you\nfor your payment').success).toBe(true);
    expect(shape.licencee_name.safeParse('x'.repeat(101)).success).toBe(false);
    expect(shape.licencee_name.safeParse('Name\u0000').success).toBe(false);
    expect(shape.statement_message_owners.safeParse('x'.repeat(2001)).success).toBe(false);
  });

  it('a charge with a javascript: link or a 2001-character memo is refused over the API', async () => {
    const charge = (extra: object) => ({ date: '2026-11-02', entity: 'NOSUCH', name: 'Some charge', memo: 'Details', items: [{ account_id: 'CLEAN', amount: 10 }], ...extra });
    const link = await api.call('POST', '/api/charge', { body: charge({ links: [{ name: 'Evil', link: 'javascript:alert(document.cookie)' }] }) });
    expect(link.status).toBe(400);
    expect(link.body.errors.map((e: { path: string }) => e.path)).toContain('links.0.link');
    const memo = await api.call('POST', '/api/charge', { body: charge({ memo: 'x'.repeat(2001) }) });
    expect(memo.status).toBe(400);
  });
});

describe('error rows are aggregated so a flood cannot fill the system log (issue 8 item 6)', () => {
  it('writes the first error of a kind per minute and counts the repeats into the next row', () => {
    const limiter = new ErrorLogLimiter(60_000, 3);
    const t0 = 1_000_000;
    expect(limiter.admit('A', t0)).toEqual({ write: true, repeats: 0, dropped: 0 });
    for (let i = 1; i <= 500; i++) expect(limiter.admit('A', t0 + i)).toEqual({ write: false });
    expect(limiter.admit('B', t0 + 600)).toMatchObject({ write: true });
    expect(limiter.admit('C', t0 + 700)).toMatchObject({ write: true });
    expect(limiter.admit('D', t0 + 800)).toEqual({ write: false });
    const next = limiter.admit('A', t0 + 60_001);
    expect(next).toEqual({ write: true, repeats: 0, dropped: 501 });
    expect(withLeftOut('boom', 2, 0)).toBe('boom [2 identical errors before this one not logged]');
  });
});
