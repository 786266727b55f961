import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApi, startTestApi } from '../testing/test-api.js';
import { staticSite } from '../web/static-site.js';

/** Issue 8 items 8 and 18: what every answer tells the browser, and what the static server serves. */
let api: TestApi;
const root = mkdtempSync(join(tmpdir(), 'oa-site-'));
beforeAll(async () => {
  api = await startTestApi();
  mkdirSync(join(root, 'shell/dist'), { recursive: true });
  writeFileSync(join(root, 'shell/dist/index.html'), '<!doctype html><title>shell</title>');
  mkdirSync(join(root, 'shell/dist.bak'), { recursive: true });
  writeFileSync(join(root, 'shell/dist.bak/secret.txt'), 'old build secret');
  writeFileSync(join(root, 'shell/dist.env'), 'TOKEN_SECRET=leaked');
  mkdirSync(join(root, 'mf-setup/dist.bak'), { recursive: true });
  writeFileSync(join(root, 'mf-setup/dist.bak/secret.txt'), 'old remote secret');
});
afterAll(async () => {
  await api.close();
  rmSync(root, { recursive: true, force: true });
});

const expectSecure = (headers: Headers) => {
  expect(headers.get('Content-Security-Policy')).toMatch(/frame-ancestors 'self'/);
  expect(headers.get('Content-Security-Policy')).toMatch(/script-src 'self'(;|$)/);
  expect(headers.get('X-Content-Type-Options')).toBe('nosniff');
  expect(headers.get('Referrer-Policy')).toBe('no-referrer');
};

describe('API answers', () => {
  it('carry the security headers and Cache-Control: no-store, refusals too', async () => {
    const token = await api.signIn();
    for (const [path, status, withToken] of [['/api/category', 200, true], ['/api/category', 401, false], ['/api/nowhere', 404, true]] as const) {
      const res = await api.app.request(path, { headers: { 'X-Database': 'DEMOTRUST', ...(withToken && { Authorization: `Bearer ${token}` }) } });
      expect(res.status).toBe(status);
      expectSecure(res.headers);
      expect(res.headers.get('Cache-Control')).toBe('no-store');
    }
  });

  it('/api/health says ok and the engine kind, not the build', async () => {
    const res = await api.call('GET', '/api/health', { token: null });
    expect(res.body).toEqual({ data: { status: 'ok', database: api.db.kind } });
  });
});

describe('static files', () => {
  const site = staticSite(root);
  it('serve the shell with the security headers', async () => {
    const res = await site.request('/');
    expect(res.status).toBe(200);
    expectSecure(res.headers);
  });

  it('never serve a sibling folder whose name begins with dist', async () => {
    for (const path of ['/..%2Fdist.env', '/..%2Fdist.bak%2Fsecret.txt', '/remotes/mf-setup/..%2Fdist.bak%2Fsecret.txt', '/%2e%2e/dist.env']) {
      const res = await site.request(path);
      expect(await res.text(), path).not.toMatch(/secret|leaked/);
    }
  });
});
