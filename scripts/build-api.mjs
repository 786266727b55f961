/**
 * The API compiled to JavaScript (issue 16): api/src/server.ts and everything it imports from the
 * repository (routes, migrations, contracts) bundled by esbuild into api/dist/server.js (and the
 * statement-drawing worker into api/dist/statement-pdf-worker.js), so
 * `npm start` runs plain Node instead of compiling TypeScript through tsx on every start.
 * Dependencies stay in node_modules (`packages: 'external'`): PGlite loads its WebAssembly and
 * sharp and argon2 their native binaries from their own package folders, which a bundle would break.
 * The bundle sits two folders below the repository root, as server.ts does, so the paths it
 * resolves from import.meta.url (the front-end apps' dist folders) are the same.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
export const API_ENTRY = path.join(root, 'api/src/server.ts');
export const API_BUILT = path.join(root, 'api/dist/server.js');

/** Newest modification time under a path (file or folder), ignoring dependencies and builds. */
export function newest(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(target, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    latest = Math.max(latest, newest(path.join(target, entry.name)));
  }
  return latest;
}

/** True when api/dist/server.js is missing or older than the API's sources, migrations or lock file. */
export function apiIsStale() {
  if (!existsSync(API_BUILT)) return true;
  const builtAt = statSync(API_BUILT).mtimeMs;
  return ['api/src', 'api/migrations', 'api/package.json', 'package-lock.json', 'scripts/build-api.mjs']
    .some((p) => newest(path.join(root, p)) > builtAt);
}

/** Bundles the API; resolves to the seconds it took. Throws with esbuild's messages on an error. */
export async function buildApi() {
  const started = Date.now();
  await build({
    // The owner statements' worker thread is loaded by file name beside the bundle (statements/statement-pdfs.ts).
    entryPoints: { server: API_ENTRY, 'statement-pdf-worker': path.join(root, 'api/src/statements/statement-pdf-worker.ts') },
    outdir: path.dirname(API_BUILT),
    bundle: true,
    platform: 'node',
    format: 'esm',
    // Node 20.19 is the oldest supported line (package.json engines); 22 and 24 run the same output.
    target: 'node20.19',
    packages: 'external',
    sourcemap: 'linked',
    // Stack traces in the system log point at the TypeScript sources.
    sourcesContent: false,
    legalComments: 'none',
    logLevel: 'warning',
  });
  return (Date.now() - started) / 1000;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const seconds = await buildApi();
  console.log(`built api in ${seconds.toFixed(1)}s`);
}
