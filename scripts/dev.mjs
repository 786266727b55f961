/**
 * `npm run dev`: the API under tsx watch on :8080 and a webpack dev server per front-end app
 * (shell :3000, remotes :3001-3006). Open http://localhost:3000: the shell proxies /api to the
 * API and serves a /mf-manifest.json pointing at the remotes' dev servers.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { APPS } from './webpack/remotes.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const children = [];

function run(label, command, args, options) {
  const child = spawn(command, args, { cwd: root, env: process.env, ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = (stream, out) => stream.on('data', (d) => out.write(d.toString().replace(/^(?=.)/gm, `[${label}] `)));
  prefix(child.stdout, process.stdout);
  prefix(child.stderr, process.stderr);
  child.on('exit', (code) => {
    console.log(`[${label}] exited with ${code}`);
    shutdown(code ?? 1);
  });
  children.push(child);
}

let stopping = false;
function shutdown(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  process.exit(code);
}
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));

run('api', 'npx', ['tsx', 'watch', 'api/src/server.ts'], { env: { ...process.env, PORT: '8080' } });
const webpackCli = path.join(root, 'node_modules/webpack-cli/bin/cli.js');
for (const app of APPS) run(app.folder, process.execPath, [webpackCli, 'serve', '--mode', 'development'], { cwd: path.join(root, app.folder) });
