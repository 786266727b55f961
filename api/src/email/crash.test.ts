import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { type Config, readConfig } from '../config.js';
import { type Database, openDatabase, schemaNameFor } from '../db/open.js';
import { prepareDatabase } from '../demo/first-start.js';
import { type ReceivedMessage, startLocalSmtp } from './local-smtp.js';
import { Mailer } from './mailer.js';
import { EMAIL_STATUS, INTERRUPTED_ANSWER, queueEmail } from './outbox.js';

/**
 * Issue 13 'Proof', crash safety: the outbox worker runs in a child process that is killed with
 * SIGKILL while the SMTP server holds a message it has accepted but not yet answered (the worst
 * moment: delivered, and the sender never heard). The books are opened again and the worker runs
 * again: no message arrives twice, none is lost (every row is Sent, or the one in doubt is
 * Dropped with the reason and was delivered once), and the rest go out.
 */
const config: Config = { ...readConfig({}), tokenSecret: 'test-secret-for-api-tests', dataDir: '', readCacheMs: 0 };
const onPostgres = Boolean(process.env.DATABASE_URL);
const cleanup: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanup.reverse()) await c().catch(() => {});
});

async function freshTarget(): Promise<string> {
  if (onPostgres) {
    const admin = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
    const name = `oa_test_${randomBytes(6).toString('hex')}`;
    await admin.unsafe(`create database ${name}`);
    cleanup.push(async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    });
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${name}`;
    return url.toString();
  }
  const dir = mkdtempSync(join(tmpdir(), 'oa-email-crash-'));
  cleanup.push(async () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

const open = (target: string): Promise<Database> =>
  target.startsWith('postgres') ? openDatabase({ databaseUrl: target, poolSize: 4 }) : openDatabase({ dataDir: target });
const messageIdOf = (m: ReceivedMessage) => /^Message-ID:\s*(<[^>]+>)/im.exec(m.raw.toString('latin1'))?.[1];

describe('e-mail outbox crash safety', () => {
  it('kill -9 while the server holds a message: after the restart none is sent twice and none is lost', async () => {
    const target = await freshTarget();
    let db = await open(target);
    await prepareDatabase(db, config);
    const books = () => db.company(schemaNameFor('DEMOTRUST'));
    const N = 12;
    for (let i = 1; i <= N; i++) {
      await books().transaction().execute((trx) => queueEmail(trx, {
        userCode: 'ADMIN', messageType: 'EMAIL', sender: { name: 'Office', address: 'office@seaside.example.com' },
        to: { name: `Owner ${i}`, address: `owner${i}@example.com` }, subject: `Message ${i}`, html: `<p>${i}</p>`, text: String(i),
        attachments: [{ filename: `doc-${i}.pdf`, mime: 'application/pdf', content: new TextEncoder().encode(`%PDF-1.3 ${i}\n%%EOF\n`) }],
      }));
    }
    await db.close();

    let kill: (() => Promise<void>) | null = null;
    const smtp = await startLocalSmtp({
      onMessage: async (m) => {
        // The fifth message: accepted here (kept as delivered), but the sender dies before the 250 reaches it.
        if (kill && m.to[0] === 'owner5@example.com') {
          smtp.received.push(m);
          const k = kill;
          kill = null;
          await k();
          throw new Error('sender gone');
        }
      },
    });
    cleanup.push(() => smtp.close());

    await new Promise<void>((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'api/src/testing/email-crash-child.ts', target, smtp.url], { stdio: ['ignore', 'pipe', 'pipe'] });
      let err = '';
      child.stderr.on('data', (d) => (err += String(d)));
      const exited = new Promise<void>((r) => child.on('exit', () => r()));
      kill = async () => {
        child.kill('SIGKILL');
        await exited;
      };
      child.on('exit', (code, signal) => (signal === 'SIGKILL' ? resolve() : reject(new Error(`child ended ${code} ${signal}: ${err}`))));
    });
    expect(smtp.received.map((m) => m.to[0])).toEqual([1, 2, 3, 4, 5].map((i) => `owner${i}@example.com`));

    // The restart: the API opens the books again and its worker takes the outbox lock.
    db = await open(target);
    cleanup.push(() => db.close());
    const mailer = new Mailer(db);
    mailer.use(smtp.url, { ignoreTLS: true });
    const pass = await mailer.tick();
    mailer.stop();
    expect(pass).toMatchObject({ dropped: 1, sent: N - 5 });

    const rows = await books().selectFrom('email_log').select(['to_address', 'current_status', 'smtp_response', 'message_id', 'sending_started_at']).orderBy('id').execute();
    expect(rows).toHaveLength(N);
    const received = smtp.received.map(messageIdOf);
    // Nothing twice.
    expect(new Set(received).size).toBe(received.length);
    expect(received).toHaveLength(N);
    for (const row of rows) {
      expect(row.sending_started_at).toBeNull();
      expect(received.filter((id) => id === row.message_id)).toHaveLength(1);
      if (row.to_address === 'owner5@example.com') {
        expect(row.current_status).toBe(EMAIL_STATUS.DROPPED);
        expect(row.smtp_response).toBe(INTERRUPTED_ANSWER);
      } else {
        expect(row.current_status).toBe(EMAIL_STATUS.SENT);
      }
    }
  }, 120_000);
});
