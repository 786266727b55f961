import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { securityHeaders } from '../http/security-headers.js';
import { apiDocsViewer } from '../openapi/viewer.js';
import { REMOTES, deployDir, deploymentSource, isSafeVersion, readDeployments, remoteOrigins, remotesManifest } from './remote-deployments.js';

export { REMOTES };

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
 * build at /remotes/<name>/, its deployed versions at /remotes/<name>/v/<version>/ and the API's
 * description at /api-docs, all from the API's port. /mf-manifest.json is read from the
 * deployment file on every request, so a deploy or a rollback takes effect without a restart.
 */
export function staticSite(rootDir: string, env: NodeJS.ProcessEnv = process.env) {
  const app = new Hono();
  const shellDir = resolve(rootDir, 'shell/dist');
  const folders = new Map<string, string>(REMOTES.map((r) => [r, resolve(rootDir, r, 'dist')]));
  const deployed = deployDir(rootDir, env);
  const source = deploymentSource(rootDir, env);

  app.use('*', securityHeaders(remoteOrigins(env)), compress());

  let lastError = '';
  app.get('/mf-manifest.json', (c) => {
    let deployments;
    try {
      deployments = readDeployments(source);
      lastError = '';
    } catch (e) {
      // A broken deployment file must not take every area down: the built-in builds are served, and the fault logged once.
      const message = `The deployment file ${'file' in source ? source.file : '(REMOTES_MANIFEST)'} is not valid, serving the built-in remotes: ${(e as Error).message}`;
      if (message !== lastError) console.error(message);
      lastError = message;
      deployments = { remotes: {} };
    }
    c.header('Cache-Control', 'no-cache');
    return c.json(remotesManifest(deployments));
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

  // A published version never changes (its name carries its content hash): cached for good, remoteEntry.js included.
  app.get('/remotes/:remote/v/:version/*', async (c) => {
    const { remote, version } = c.req.param();
    if (!folders.has(remote) || !isSafeVersion(version)) return c.text('Not found', 404);
    const base = resolve(deployed, remote, version);
    const file = inside(base, c.req.path.slice(`/remotes/${remote}/v/${version}/`.length));
    const res = file ? await sendFile(file) : null;
    if (res) res.headers.set('Cache-Control', 'public, max-age=31536000, immutable');
    return res ?? c.text('Not found', 404);
  });

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
