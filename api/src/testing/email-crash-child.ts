import { openDatabase } from '../db/open.js';
import { Mailer } from '../email/mailer.js';

/**
 * A second process for the outbox crash test: opens the database named by argv[2] and runs the
 * outbox worker against the SMTP server at argv[3] until the test kills it with SIGKILL.
 */
const [target, smtpUrl] = process.argv.slice(2) as [string, string];
const db = await openDatabase(target.startsWith('postgres') ? { databaseUrl: target, poolSize: 4 } : { dataDir: target });
const mailer = new Mailer(db, { intervalMs: 50 });
mailer.use(smtpUrl, { ignoreTLS: true });
mailer.start();
process.stdout.write('SENDING\n');
setInterval(() => {}, 1000);
