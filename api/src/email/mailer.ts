import nodemailer from 'nodemailer';
import type { Database } from '../db/open.js';
import { withSingleRunner } from '../jobs/single-runner.js';
import { writeLog } from '../log/system-log.js';
import { type OutgoingMessage, type SendDueOptions, type SendDueResult, type SendMessage, sendDue } from './outbox.js';

/** The outbox lock: one sender across every API process on the database. */
export const OUTBOX_LOCK = 'email-outbox';

/** An SMTP URL without its password, for logs and messages (credentials never reach the log). */
export function redactSmtpUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'an SMTP URL that does not parse';
  }
}

/**
 * nodemailer over SMTP_URL (smtp://user:pass@host:587 upgrades with STARTTLS where the server
 * offers it; smtps:// is TLS from the start), pooled so a batch reuses its connection.
 */
export function smtpSender(url: string, options: { ignoreTLS?: boolean } = {}): { send: SendMessage; close(): void } {
  // The options object with the URL in it (a URL string alone would take the second argument as message defaults, not transport options).
  const transport = nodemailer.createTransport({ url, pool: true, maxConnections: 1, maxMessages: Number.POSITIVE_INFINITY, ...(options.ignoreTLS ? { ignoreTLS: true } : {}) } as never);
  // The SMTP password never reaches the log or the Email Log's answer, whatever an error quotes.
  const secrets = (() => {
    try {
      const u = new URL(url);
      return [u.password, decodeURIComponent(u.password)].filter((p) => p.length >= 3);
    } catch {
      return [];
    }
  })();
  const scrub = (text: unknown) => (typeof text === 'string' ? secrets.reduce((t, p) => t.split(p).join('***'), text) : text);
  return {
    async send(m: OutgoingMessage) {
      const info = await transport.sendMail({
        messageId: m.messageId,
        from: { name: m.from.name, address: m.from.address },
        to: { name: m.to.name, address: m.to.address },
        subject: m.subject,
        html: `<!doctype html><html><body>${m.html}</body></html>`,
        text: m.text,
        attachments: m.attachments,
        // Each address is one mailbox already (address.ts); nothing is read from files or URLs.
        disableFileAccess: true,
        disableUrlAccess: true,
      }).catch((e: unknown) => {
        if (e && typeof e === 'object') {
          const err = e as { message?: string; response?: string };
          err.message = scrub(err.message) as string;
          err.response = scrub(err.response) as string;
        }
        throw e;
      });
      return { response: scrub(String(info.response ?? '')) as string };
    },
    close: () => transport.close(),
  };
}

export interface MailerOptions extends Pick<SendDueOptions, 'retryBaseMs'> {
  /** How often the worker looks for due messages (ms). */
  intervalMs?: number;
}

/**
 * The outbox worker of this process: every interval (and on Send Now) it takes the outbox lock
 * and, if it got it, sends each active company's due messages. Without a sender (no SMTP_URL in
 * production) messages wait as New.
 */
export class Mailer {
  private sender: { send: SendMessage; close(): void } | null = null;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<SendDueResult> | null = null;
  private again = false;

  constructor(private readonly db: Database, private readonly options: MailerOptions = {}) {}

  /** Where messages go (an smtp:// URL), or null to hold them. */
  use(url: string | null, transportOptions?: { ignoreTLS?: boolean }): void {
    this.sender?.close();
    this.sender = url ? smtpSender(url, transportOptions) : null;
  }

  /** Sends through a function instead of SMTP (tests of the outbox's decisions). */
  useSender(send: SendMessage | null): void {
    this.sender?.close();
    this.sender = send ? { send, close() {} } : null;
  }

  get configured(): boolean {
    return this.sender !== null;
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick().catch(() => {}), this.options.intervalMs ?? 10_000);
    this.timer.unref();
    void this.tick().catch(() => {});
  }

  /**
   * One pass over the companies; a pass asked for while one runs in this process runs once more
   * after it (Send Now is never lost). Answers the totals of the pass (zero when another process
   * holds the lock).
   */
  tick(): Promise<SendDueResult> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    const run = async (): Promise<SendDueResult> => {
      const total: SendDueResult = { sent: 0, failed: 0, retried: 0, dropped: 0 };
      do {
        this.again = false;
        const sender = this.sender;
        if (!sender) break;
        await withSingleRunner(this.db, OUTBOX_LOCK, async () => {
          const companies = await this.db.control.selectFrom('company').select(['code', 'schema_name']).where('inactive', '=', false).orderBy('code').execute();
          for (const company of companies) {
            try {
              const r = await sendDue(this.db.company(company.schema_name), sender.send, { retryBaseMs: this.options.retryBaseMs });
              total.sent += r.sent; total.failed += r.failed; total.retried += r.retried; total.dropped += r.dropped;
              if (r.dropped) await writeLog(this.db.root, { database: company.code, severity: 'WARN', message: `E-mail outbox: ${r.dropped} message(s) interrupted while being sent were marked Dropped, not resent (check with the recipients)` }).catch(() => {});
            } catch (e) {
              await writeLog(this.db.root, { database: company.code, severity: 'ERROR', message: `E-mail outbox: ${e instanceof Error ? e.message : String(e)}`.slice(0, 2000) }).catch(() => {});
            }
          }
        });
      } while (this.again);
      return total;
    };
    this.running = run().finally(() => { this.running = null; });
    return this.running;
  }

  /** Waits for the pass in flight (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running) await this.running.catch(() => {});
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.sender?.close();
    this.sender = null;
  }
}
