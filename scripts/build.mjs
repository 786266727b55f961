/**
 * Builds the API to JavaScript (esbuild, scripts/build-api.mjs: about a second) and the shell and
 * the six remotes with webpack, two at a time (the machines have 2 cores). By default only what is
 * missing or older than its sources is built; --force builds all. Naming folders (`api`, `shell`,
 * `mf-accounts`...) builds only those. Exits non-zero when any build fails.
 */
import { spawn } from 'node:child_process';
import { existsSync, statSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiIsStale, buildApi, newest } from './build-api.mjs';
import { APPS } from './webpack/remotes.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const force = process.argv.includes('--force');
const only = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const PARALLEL = 2;

const sharedInputs = ['shared-ui/src', 'api/src/contracts', 'scripts/webpack', 'package-lock.json'].map((p) => path.join(root, p));

/** The file whose time says when an app was last built: a remote's remoteEntry.js; the shell, a host with no exposes, emits none. */
const builtMarker = (app) => path.join(root, app.folder, 'dist', app.isHost ? 'index.html' : 'remoteEntry.js');

function isStale(app) {
  const built = builtMarker(app);
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  const inputs = [...sharedInputs, path.join(root, app.folder, 'src'), path.join(root, app.folder, 'webpack.config.js'), path.join(root, app.folder, 'public'), path.join(root, app.folder, 'package.json')];
  return inputs.some((input) => newest(input) > builtAt);
}

function build(app) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(root, 'node_modules/webpack-cli/bin/cli.js'), '--mode', 'production'], {
      cwd: path.join(root, app.folder),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      // webpack leaves an output file whose content did not change untouched (compareBeforeEmit):
      // stamped here, or an unchanged remoteEntry.js would keep its app stale and rebuilt on every start.
      const entry = builtMarker(app);
      if (code === 0 && existsSync(entry)) utimesSync(entry, new Date(), new Date());
      if (code === 0) console.log(`built ${app.folder} in ${seconds}s`);
      else console.error(`FAILED ${app.folder} after ${seconds}s (exit ${code})\n${output}`);
      resolve(code === 0);
    });
  });
}

let failed = 0;
if (only.length === 0 || only.includes('api')) {
  if (force || apiIsStale()) {
    try {
      console.log(`built api in ${(await buildApi()).toFixed(1)}s`);
    } catch (e) {
      console.error(`FAILED api\n${e.message}`);
      failed++;
    }
  } else console.log('up to date api');
}

const selected = APPS.filter((a) => only.length === 0 || only.includes(a.folder));
const queue = selected.filter((a) => force || isStale(a));
for (const app of selected) if (!queue.includes(app)) console.log(`up to date ${app.folder}`);

const started = Date.now();
async function worker() {
  for (let app = queue.shift(); app; app = queue.shift()) if (!(await build(app))) failed++;
}
await Promise.all(Array.from({ length: PARALLEL }, worker));
if (selected.length) console.log(`front-end build finished in ${((Date.now() - started) / 1000).toFixed(1)}s${failed ? `, ${failed} failed` : ''}`);
process.exit(failed ? 1 : 0);
