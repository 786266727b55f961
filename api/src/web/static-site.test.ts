import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { staticSite } from './static-site.js';

const root = mkdtempSync(join(tmpdir(), 'oa-static-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const dist = join(root, 'shell/dist');
mkdirSync(dist, { recursive: true });
const chunk = join(dist, 'main.0123456789abcdef.js');
const script = (n: number) => `console.log(${JSON.stringify('x'.repeat(4000))}, ${n});`;
writeFileSync(chunk, script(1));
writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Owner Accounting</title>');

const get = (site: ReturnType<typeof staticSite>, path: string, acceptEncoding?: string) =>
  site.request(path, { headers: acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {} });

describe('built files', () => {
  it('are sent gzipped to a browser that accepts gzip, and plain to one that does not', async () => {
    const site = staticSite(root, {});
    const zipped = await get(site, '/main.0123456789abcdef.js', 'gzip, deflate, br');
    expect(zipped.headers.get('Content-Encoding')).toBe('gzip');
    expect(zipped.headers.get('Vary')).toBe('Accept-Encoding');
    expect(zipped.headers.get('Cache-Control')).toContain('immutable');
    const bytes = Buffer.from(await zipped.arrayBuffer());
    expect(bytes.length).toBeLessThan(1000);
    expect(gunzipSync(bytes).toString()).toBe(script(1));

    for (const refused of [undefined, 'identity', 'gzip;q=0', 'br']) {
      const plain = await get(site, '/main.0123456789abcdef.js', refused);
      expect(plain.headers.get('Content-Encoding')).toBeNull();
      expect(await plain.text()).toBe(script(1));
    }
    expect((await get(site, '/main.0123456789abcdef.js', '*')).headers.get('Content-Encoding')).toBe('gzip');
  });

  it('a file rebuilt while the server runs is served new, not from the cache', async () => {
    const site = staticSite(root, {});
    expect(gunzipSync(Buffer.from(await (await get(site, '/main.0123456789abcdef.js', 'gzip')).arrayBuffer())).toString()).toBe(script(1));
    writeFileSync(chunk, script(22));
    utimesSync(chunk, new Date(), new Date(Date.now() + 5000));
    expect(gunzipSync(Buffer.from(await (await get(site, '/main.0123456789abcdef.js', 'gzip')).arrayBuffer())).toString()).toBe(script(22));
  });

  it('small files and the single-page fallback are sent as they are', async () => {
    const site = staticSite(root, {});
    const page = await get(site, '/accounts/owners', 'gzip');
    expect(page.headers.get('Content-Encoding')).toBeNull();
    expect(page.headers.get('Cache-Control')).toBe('no-cache');
    expect(await page.text()).toContain('Owner Accounting');
  });

  it('a folder is no file: a remote\'s own folder answers 404', async () => {
    mkdirSync(join(root, 'mf-reports/dist'), { recursive: true });
    expect((await get(staticSite(root, {}), '/remotes/mf-reports/', 'gzip')).status).toBe(404);
  });
});
