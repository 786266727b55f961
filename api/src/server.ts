import cluster from 'node:cluster';
import { Server as HttpServer } from 'node:http';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { createApp } from './app.js';
import { LOCAL_SMTP_URL, processCount, superviseWorkers, workerSlot } from './cluster.js';
import { withExclusiveLock } from './jobs/single-runner.js';
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
const processes = processCount(config);

// WEB_CONCURRENCY=N on PostgreSQL: this process supervises N API processes sharing the port.
if (processes > 1 && cluster.isPrimary) {
  // The demo's loopback SMTP server runs once, here, and every worker sends through it.
  const smtp = !config.smtpUrl && !config.production
    ? await startLocalSmtp({ folder: resolve(config.dataDir, 'mail'), keep: 0 }).catch((e) => { console.error('Local SMTP server not started:', e); return null; })
    : null;
  console.log(`Owner Accounting: ${processes} API processes (WEB_CONCURRENCY) on port ${config.port}, database PostgreSQL`);
  if (smtp) console.log(`E-mail goes to the local SMTP server ${smtp.url} (no SMTP_URL); received messages are kept in ${resolve(config.dataDir, 'mail')}`);
  superviseWorkers(processes, smtp ? { [LOCAL_SMTP_URL]: smtp.url } : {}, async () => { await smtp?.close(); });
} else {
  await serveApi();
}

async function serveApi() {
  const slot = workerSlot();
  const worker = cluster.isWorker ? ` (process ${slot + 1} of ${processes}, pid ${process.pid})` : '';
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: resolve(config.dataDir) }).catch(exitIfFolderInUse);
  // Processes starting together on one PostgreSQL take turns: one migrates and makes the demo
  // company, the others then find it made.
  const first = await withExclusiveLock(db, 'first-start', async () => {
    const report = await prepareDatabase(db, config);
    // Only the demo company gets its year of books, resumed if a first start died posting them
    // (API tests use prepareDatabase alone).
    await finishDemoBooks(db, report, () => postStartBooks(db, config.adminUser.toUpperCase()));
    return report;
  });
  const deps = await createDeps(config, db);
  // Runs left 'running' by a process that died are marked interrupted (features resume their own).
  await deps.jobs.sweepInterrupted();
  const api = createApp(deps);
  // The e-mail outbox: SMTP_URL in production; the demo runs a loopback SMTP server that keeps what
  // it receives (the cluster's primary runs it for all its workers).
  let localSmtp: LocalSmtp | null = null;
  const sharedSmtp = process.env[LOCAL_SMTP_URL];
  if (config.smtpUrl) deps.mailer.use(config.smtpUrl);
  else if (sharedSmtp && cluster.isWorker) deps.mailer.use(sharedSmtp, { ignoreTLS: true });
  else if (!config.production) {
    localSmtp = await startLocalSmtp({ folder: resolve(config.dataDir, 'mail'), keep: 0 }).catch((e) => { console.error('Local SMTP server not started:', e); return null; });
    if (localSmtp) deps.mailer.use(localSmtp.url, { ignoreTLS: true });
  }
  deps.mailer.start();
  // In the background, so the server answers at once; the worker sends them when they are queued.
  // With several processes, the first runs the demo's extras.
  if (!config.production && slot === 0) {
    void queueDemoEmails(db, DEMO_COMPANY, config.adminUser.toUpperCase())
      .then((n) => (n ? deps.mailer.tick() : undefined))
      .catch((e) => console.error('Demo e-mails not queued:', e));
  }
  // The demo company's booking system runs beside the API (not in production; BOOKING_SIM=off leaves it out).
  const demoBookings = config.production || process.env.BOOKING_SIM === 'off' || slot !== 0 ? null
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

  console.log(`Owner Accounting on http://${config.host === '127.0.0.1' ? 'localhost' : config.host}:${config.port}${worker} (database: ${db.kind}${db.kind === 'pglite' ? ` in ${resolve(config.dataDir)}` : ''})`);
  if (first.createdDemo) console.log('Created the demo company DEMOTRUST (Seaside Holiday Lettings Pty Ltd).');
  if (config.smtpUrl) console.log(`E-mail goes out through ${redactSmtpUrl(config.smtpUrl)}`);
  else if (sharedSmtp && cluster.isWorker) console.log(`E-mail goes to the cluster's local SMTP server ${sharedSmtp} (no SMTP_URL)`);
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

  let stopping = false;
  const stop = async () => {
    // A cluster's worker hears Ctrl+C twice (the terminal, then its primary passing it on).
    if (stopping) return;
    stopping = true;
    // A job holding a transaction (month end, a sync) keeps the database from closing; jobs resume
    // after a restart, so the process leaves after a grace period rather than hang.
    setTimeout(() => process.exit(0), 5_000).unref();
    stopSyncs();
    deps.mailer.stop();
    await localSmtp?.close();
    await demoBookings?.close();
    // Requests in flight and this process's jobs (the demo's first sync, a month end) finish before
    // the database closes: a write still publishing its cache invalidation would otherwise find the
    // driver destroyed. The 5 s grace above still bounds the wait; a cut job resumes after a restart.
    await new Promise<void>((done) => {
      server.close(() => done());
      if (server instanceof HttpServer) server.closeIdleConnections();
    });
    await deps.jobs.idle();
    await db.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
