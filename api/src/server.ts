import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { createApp } from './app.js';
import { readConfig } from './config.js';
import { openDatabase } from './db/open.js';
import { createDeps } from './deps.js';
import { postStartBooks } from './demo/books.js';
import { prepareDatabase } from './demo/first-start.js';
import { staticSite } from './web/static-site.js';

const config = readConfig();
const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');

const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: resolve(config.dataDir) });
const first = await prepareDatabase(db, config);
// Only a demo company created just now gets its year of books (API tests use prepareDatabase alone).
if (first.createdDemo) await postStartBooks(db, config.adminUser.toUpperCase());
const deps = await createDeps(config, db);
// Runs left 'running' by a process that died are marked interrupted (features resume their own).
await deps.jobs.sweepInterrupted();
const api = createApp(deps);
const site = staticSite(config.staticDir ? resolve(config.staticDir) : repoRoot);

const server = serve({
  port: config.port,
  fetch: (req) => (new URL(req.url).pathname.startsWith('/api/') ? api.fetch(req) : site.fetch(req)),
});

console.log(`Owner Accounting on http://localhost:${config.port} (database: ${db.kind}${db.kind === 'pglite' ? ` in ${resolve(config.dataDir)}` : ''})`);
if (first.createdDemo) console.log('Created the demo company DEMOTRUST (Seaside Holiday Lettings Pty Ltd).');
for (const u of first.createdUsers) console.log(`Created ${u.usertype} user ${u.id} with password ${u.password}`);

const stop = async () => {
  server.close();
  await db.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
