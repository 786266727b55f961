import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
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

const gzipAsync = promisify(gzip);
const COMPRESSIBLE = /^(text\/|application\/json|image\/svg)/;

type FileBody = { path: string; type: string; mtimeMs: number; size: number; body: Buffer; gzipped?: Buffer };

/**
 * Built files with their gzip made once, not on every request: every new browser fetches the
 * shell and its remotes (megabytes of JavaScript), and compressing them per request had made the
 * sign-in form take seconds on a busy machine. Keyed by path and checked against the file's size
 * and time, so a rebuild or a new deployment is served at once.
 */
class BuiltFiles {
  private readonly files = new Map<string, FileBody>();

  /** The file with its gzip, or null when there is no such file (a folder is none either). */
  async read(path: string): Promise<FileBody | null> {
    const info = await stat(path).catch(() => null);
    if (!info?.isFile()) return null;
    const { mtimeMs, size } = info;
    const known = this.files.get(path);
    if (known && known.mtimeMs === mtimeMs && known.size === size) return known;
    const type = TYPES[extname(path)] ?? 'application/octet-stream';
    const body = await readFile(path);
    const gzipped = COMPRESSIBLE.test(type) && body.length >= 1024 ? await gzipAsync(body) : undefined;
    const entry = { path, type, mtimeMs, size, body, gzipped };
    this.files.set(path, entry);
    return entry;
  }
}

/** Whether Accept-Encoding allows gzip: named or by `*`, with a q above zero. */
function acceptsGzip(header: string | undefined): boolean {
  for (const part of (header ?? '').split(',')) {
    const [coding = '', ...params] = part.trim().toLowerCase().split(';');
    if (coding.trim() !== 'gzip' && coding.trim() !== '*') continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
  }
  return false;
}

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

  const built = new BuiltFiles();
  async function sendFile(file: string, acceptEncoding: string | undefined, fallback?: string) {
    const found = (await built.read(file)) ?? (fallback ? await built.read(fallback) : null);
    if (!found) return null;
    const { path, type, body, gzipped } = found;
    const headers: Record<string, string> = { 'Content-Type': type, 'Cache-Control': isHashed(path) ? 'public, max-age=31536000, immutable' : 'no-cache' };
    if (gzipped) headers.Vary = 'Accept-Encoding';
    if (gzipped && acceptsGzip(acceptEncoding)) headers['Content-Encoding'] = 'gzip';
    const sent = headers['Content-Encoding'] ? gzipped! : body;
    // With its length the compress middleware leaves it be: it is either gzipped already or too small to gain.
    headers['Content-Length'] = String(sent.length);
    return new Response(new Uint8Array(sent.buffer as ArrayBuffer, sent.byteOffset, sent.length), { headers });
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
    const res = file ? await sendFile(file, c.req.header('Accept-Encoding')) : null;
    if (res) res.headers.set('Cache-Control', 'public, max-age=31536000, immutable');
    return res ?? c.text('Not found', 404);
  });

  app.get('/remotes/:remote/*', async (c) => {
    const base = folders.get(c.req.param('remote'));
    const rest = c.req.path.slice(`/remotes/${c.req.param('remote')}/`.length);
    const file = base && inside(base, rest);
    const res = file ? await sendFile(file, c.req.header('Accept-Encoding')) : null;
    return res ?? c.text('Not found', 404);
  });

  // The API described for people (issue 16); /api-docs/ too, where a browser adds the slash.
  app.route('/api-docs', apiDocsViewer());
  app.get('/api-docs/', (c) => c.redirect('/api-docs'));

  app.get('*', async (c) => {
    const file = inside(shellDir, c.req.path === '/' ? 'index.html' : c.req.path);
    // Paths without an extension are routes of the single-page app.
    const fallback = extname(c.req.path) ? undefined : join(shellDir, 'index.html');
    const res = file ? await sendFile(file, c.req.header('Accept-Encoding'), fallback) : null;
    return res ?? c.text(existsSync(shellDir) ? 'Not found' : 'The front end is not built: run npm start or npm run build', 404);
  });

  return app;
}
