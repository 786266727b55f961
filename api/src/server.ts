import { Server as HttpServer } from 'node:http';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { createApp } from './app.js';
import { readConfig } from './config.js';
import { exitIfFolderInUse } from './db/data-folder-lock.js';
import { openDatabase, schemaNameFor } from './db/open.js';
import { createDeps } from './deps.js';
import { scheduleSyncs, startDemoBookingSystem } from './bookings/schedule.js';
import { postStartBooks } from './demo/books.js';
import { DEMO_COMPANY, finishDemoBooks, prepareDatabase } from './demo/first-start.js';
import { staticSite } from './web/static-site.js';
import { queueDemoEmails } from './email/demo.js';
import { type LocalSmtp, startLocalSmtp } from './email/local-smtp.js';
import { redactSmtpUrl } from './email/mailer.js';

const config = readConfig();
const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');

const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: resolve(config.dataDir) }).catch(exitIfFolderInUse);
const first = await prepareDatabase(db, config);
// Only the demo company gets its year of books, resumed if a first start died posting them
// (API tests use prepareDatabase alone).
await finishDemoBooks(db, first, () => postStartBooks(db, config.adminUser.toUpperCase()));
const deps = await createDeps(config, db);
// Runs left 'running' by a process that died are marked interrupted (features resume their own).
await deps.jobs.sweepInterrupted();
const api = createApp(deps);
// The e-mail outbox: SMTP_URL in production; the demo runs a loopback SMTP server that keeps what it receives.
let localSmtp: LocalSmtp | null = null;
if (config.smtpUrl) deps.mailer.use(config.smtpUrl);
else if (!config.production) {
  localSmtp = await startLocalSmtp({ folder: resolve(config.dataDir, 'mail'), keep: 0 }).catch((e) => { console.error('Local SMTP server not started:', e); return null; });
  if (localSmtp) deps.mailer.use(localSmtp.url, { ignoreTLS: true });
}
deps.mailer.start();
// In the background, so the server answers at once; the worker sends them when they are queued.
if (!config.production) {
  void queueDemoEmails(db, DEMO_COMPANY, config.adminUser.toUpperCase())
    .then((n) => (n ? deps.mailer.tick() : undefined))
    .catch((e) => console.error('Demo e-mails not queued:', e));
}
// The demo company's booking system runs beside the API (not in production; BOOKING_SIM=off leaves it out).
const demoBookings = config.production || process.env.BOOKING_SIM === 'off' ? null
  : await startDemoBookingSystem(deps, { code: DEMO_COMPANY.code, schema: schemaNameFor(DEMO_COMPANY.code) }, config.adminUser.toUpperCase()).catch((e) => { console.error('Demo booking system not started:', e); return null; });
const stopSyncs = scheduleSyncs(deps, config.adminUser.toUpperCase());
const site = staticSite(config.staticDir ? resolve(config.staticDir) : repoRoot);

const server = serve({
  port: config.port,
  hostname: config.host,
  fetch: (req) => (new URL(req.url).pathname.startsWith('/api/') ? api.fetch(req) : site.fetch(req)),
});
// Idle kept-alive connections outlive a load balancer's usual 60 s, so the balancer (or a screen
// polling progress) closes them first: a connection Node closes as a request arrives on it is
// reset, which a long document drawing (month end's report pack) made likely at the 5 s default.
if (server instanceof HttpServer) {
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
}

console.log(`Owner Accounting on http://${config.host === '127.0.0.1' ? 'localhost' : config.host}:${config.port} (database: ${db.kind}${db.kind === 'pglite' ? ` in ${resolve(config.dataDir)}` : ''})`);
if (first.createdDemo) console.log('Created the demo company DEMOTRUST (Seaside Holiday Lettings Pty Ltd).');
if (config.smtpUrl) console.log(`E-mail goes out through ${redactSmtpUrl(config.smtpUrl)}`);
else if (localSmtp) console.log(`E-mail goes to the local SMTP server ${localSmtp.url} (no SMTP_URL); received messages are kept in ${resolve(config.dataDir, 'mail')}`);
else console.log('No SMTP_URL: e-mails stay queued (New) until it is set');
if (config.testMode) console.log('Test mode: the test-only calls (POST /api/testapi...) are mounted');
if (demoBookings) console.log(`Demo booking system (simulator) on ${demoBookings.url}, synced into DEMOTRUST`);
// Production prints only a generated first password, once; the demo prints its public ones.
for (const u of first.createdUsers) {
  if (!config.production) console.log(`Created ${u.usertype} user ${u.id} with password ${u.password}`);
  else if (u.generated) console.log(`Created ${u.usertype} user ${u.id} with the generated password ${u.password} (shown only now: sign in and change it)`);
  else console.log(`Created ${u.usertype} user ${u.id} with the password you set`);
}

const stop = async () => {
  // A job holding a transaction (month end, a sync) keeps the database from closing; jobs resume
  // after a restart, so the process leaves after a grace period rather than hang.
  setTimeout(() => process.exit(0), 5_000).unref();
  stopSyncs();
  deps.mailer.stop();
  await localSmtp?.close();
  await demoBookings?.close();
  server.close();
  await db.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
