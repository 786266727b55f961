import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { securityHeaders } from '../http/security-headers.js';
import { apiDocsViewer } from '../openapi/viewer.js';

/** The remotes and their build folders; the manifest tells the shell where each one lives. */
export const REMOTES = ['mf-accounts', 'mf-transactions', 'mf-daily', 'mf-setup', 'mf-reports', 'mf-support'] as const;

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

/** Content-hashed files never change; entry files (index.html, remoteEntry.js, manifests) must be revalidated. */
const isHashed = (file: string) => /\.[0-9a-f]{8,}\.(js|css|woff2|png|svg)$/.test(file);

/**
 * Serves the built shell at / (with the single-page fallback to index.html), each remote's
 * build at /remotes/<name>/ and the API's description at /api-docs, all from the API's port.
 */
export function staticSite(rootDir: string) {
  const app = new Hono();
  const shellDir = resolve(rootDir, 'shell/dist');
  const folders = new Map<string, string>(REMOTES.map((r) => [r, resolve(rootDir, r, 'dist')]));

  app.use('*', securityHeaders(), compress());

  app.get('/mf-manifest.json', (c) => {
    const remotes = Object.fromEntries(REMOTES.map((r) => [r.replace('-', '_'), `/remotes/${r}/remoteEntry.js`]));
    c.header('Cache-Control', 'no-cache');
    return c.json({ remotes });
  });

  async function sendFile(file: string, fallback?: string) {
    const target = existsSync(file) ? file : fallback;
    if (!target || !existsSync(target)) return null;
    const body = await readFile(target);
    return new Response(body, {
      headers: {
        'Content-Type': TYPES[extname(target)] ?? 'application/octet-stream',
        'Cache-Control': isHashed(target) ? 'public, max-age=31536000, immutable' : 'no-cache',
      },
    });
  }

  function inside(base: string, path: string): string | null {
    const full = normalize(join(base, decodeURIComponent(path)));
    // With the separator: a sibling such as dist.env or dist.bak merely begins with the folder's name.
    return full === base || full.startsWith(base + sep) ? full : null;
  }

  app.get('/remotes/:remote/*', async (c) => {
    const base = folders.get(c.req.param('remote'));
    const rest = c.req.path.slice(`/remotes/${c.req.param('remote')}/`.length);
    const file = base && inside(base, rest);
    const res = file ? await sendFile(file) : null;
    return res ?? c.text('Not found', 404);
  });

  // The API described for people (issue 16); /api-docs/ too, where a browser adds the slash.
  app.route('/api-docs', apiDocsViewer());
  app.get('/api-docs/', (c) => c.redirect('/api-docs'));

  app.get('*', async (c) => {
    const file = inside(shellDir, c.req.path === '/' ? 'index.html' : c.req.path);
    // Paths without an extension are routes of the single-page app.
    const fallback = extname(c.req.path) ? undefined : join(shellDir, 'index.html');
    const res = file ? await sendFile(file, fallback) : null;
    return res ?? c.text(existsSync(shellDir) ? 'Not found' : 'The front end is not built: run npm start or npm run build', 404);
  });

  return app;
}
