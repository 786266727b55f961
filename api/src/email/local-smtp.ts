import { mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { SMTPServer, type SMTPServerAddress, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';

export interface ReceivedMessage {
  from: string;
  to: string[];
  raw: Buffer;
  at: Date;
}

/** An SMTP refusal: the server answers `code message` (4xx temporary, 5xx permanent). */
export class SmtpRefusal extends Error {
  constructor(readonly responseCode: number, message: string) {
    super(message);
  }
}

export interface LocalSmtpOptions {
  port?: number;
  /** Keeps each message as an .eml file here (the demo's delivered mail). */
  folder?: string;
  /** Refuses a recipient (throw SmtpRefusal) — tests of bounces. */
  onRecipient?: (address: string) => void;
  /** Refuses a message after its data (throw SmtpRefusal) — tests of 4xx and 5xx. */
  onMessage?: (message: ReceivedMessage) => void | Promise<void>;
  /** Stops keeping messages in memory past this many (the demo keeps files instead). */
  keep?: number;
}

export interface LocalSmtp {
  url: string;
  port: number;
  received: ReceivedMessage[];
  close(): Promise<void>;
}

/**
 * A small SMTP server on loopback (smtp-server): what `npm start` sends the demo's e-mail to when
 * SMTP_URL is not set, keeping every message (as .eml files in DATA_DIR/mail), and what the
 * tests send to. No authentication and no STARTTLS: it listens on 127.0.0.1 only.
 */
export async function startLocalSmtp(options: LocalSmtpOptions = {}): Promise<LocalSmtp> {
  const received: ReceivedMessage[] = [];
  if (options.folder) mkdirSync(options.folder, { recursive: true });
  let counter = 0;
  const server = new SMTPServer({
    authOptional: true,
    // Loopback only: no reverse DNS lookup of each client (it costs ~100 ms a connection).
    disableReverseLookup: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    size: 50 * 1024 * 1024,
    onRcptTo(address: SMTPServerAddress, _session: SMTPServerSession, callback: (err?: Error | null) => void) {
      try {
        options.onRecipient?.(address.address);
        callback();
      } catch (e) {
        callback(e as Error);
      }
    },
    onData(stream: SMTPServerDataStream, session: SMTPServerSession, callback: (err?: Error | null) => void) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const message: ReceivedMessage = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks),
          at: new Date(),
        };
        Promise.resolve()
          .then(() => options.onMessage?.(message))
          .then(() => {
            received.push(message);
            if (options.keep !== undefined && received.length > options.keep) received.splice(0, received.length - options.keep);
            if (options.folder) {
              const name = `${message.at.toISOString().replace(/[:.]/g, '-')}-${String(++counter).padStart(5, '0')}.eml`;
              writeFileSync(join(options.folder, name), message.raw);
            }
            callback();
          }, (e: unknown) => callback(e as Error));
      });
    },
  });
  server.on('error', () => {});
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
