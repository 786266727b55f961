/**
 * `npm start`: builds whatever is missing or out of date (the API's JavaScript, the front-end
 * apps), then runs the compiled API (api/dist/server.js), which also serves the shell and the
 * remotes, on one port (PORT, default 8080). The build step compiles the API whenever its sources
 * changed, so the server run is never older than the sources; `npm run dev` runs them through tsx.
 */
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

const build = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

// Source maps: stack traces in the log name the TypeScript files and lines.
const server = spawn(process.execPath, ['--enable-source-maps', 'api/dist/server.js'], { cwd: root, stdio: 'inherit', env: process.env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
