import { randomBytes } from 'node:crypto';

/** The README's public first passwords: for the demo on this machine only. */
export const DEMO_PASSWORDS = { admin: 'trust-admin-2026', support: 'trust-support-2026' } as const;

/**
 * Production (issue 8 item 9) is NODE_ENV=production or a HOST other than loopback: a server others
 * can reach never gets the public passwords, and its passwords are not printed.
 */
const isLoopback = (host: string) => host === 'localhost' || host === '::1' || host.startsWith('127.');

/** Runtime configuration, read once from the environment. */
export interface Config {
  production: boolean;
  /** First passwords generated because production had none set: printed once, on the first start. */
  generatedPasswords: ('admin' | 'support')[];
  port: number;
  /** The address the server listens on: loopback for the demo; 0.0.0.0 (behind TLS) in production. */
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  adminUser: string;
  adminPassword: string;
  supportUser: string;
  supportPassword: string;
  tokenSecret: string | undefined;
  tokenHours: number;
  staticDir: string | undefined;
  /**
   * How long reference lists and lookups may be served from memory (ms); 0 turns the cache off.
   * Writes through any API process invalidate at once (LISTEN/NOTIFY); this bounds only changes
   * made outside the API.
   */
  readCacheMs: number;
  /**
   * Where the e-mail outbox sends (smtp://user:pass@host:587, STARTTLS where offered; smtps:// for
   * TLS from the start). Unset: the demo runs a loopback SMTP server of its own; production holds
   * messages as New until it is set.
   */
  smtpUrl: string | undefined;
  /**
   * TEST_MODE=1 mounts the test-only calls of spec 3 §7 (POST /api/testapi...). Never in
   * production: there TEST_MODE is ignored, so a stray variable cannot open them.
   */
  testMode: boolean;
  /**
   * WEB_CONCURRENCY: how many API processes `npm start` runs on this machine (Node's cluster
   * module, sharing the port). Only on PostgreSQL; PGlite is opened by one process.
   */
  webConcurrency: number;
}

/** WEB_CONCURRENCY as a count of processes: a whole number from 1 to 64, anything else 1. */
function processCount(value: string | undefined): number {
  const n = Number(value ?? 1);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, 64) : 1;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const host = env.HOST || '127.0.0.1';
  const production = env.NODE_ENV === 'production' || !isLoopback(host);
  const generatedPasswords: Config['generatedPasswords'] = [];
  const firstPassword = (given: string | undefined, who: 'admin' | 'support') => {
    if (given) return given;
    if (!production) return DEMO_PASSWORDS[who];
    generatedPasswords.push(who);
    return randomBytes(12).toString('base64url');
  };
  return {
    production,
    generatedPasswords,
    port: Number(env.PORT ?? 8080),
    host,
    dataDir: env.DATA_DIR ?? './data',
    databaseUrl: env.DATABASE_URL || undefined,
    adminUser: env.ADMIN_USER ?? 'admin',
    adminPassword: firstPassword(env.ADMIN_PASSWORD, 'admin'),
    supportUser: env.SUPPORT_USER ?? 'support',
    supportPassword: firstPassword(env.SUPPORT_PASSWORD, 'support'),
    tokenSecret: env.TOKEN_SECRET || undefined,
    tokenHours: Number(env.TOKEN_HOURS ?? 10),
    staticDir: env.STATIC_DIR,
    readCacheMs: Number(env.READ_CACHE_MS ?? 60_000),
    smtpUrl: env.SMTP_URL || undefined,
    testMode: !production && (env.TEST_MODE === '1' || env.TEST_MODE === 'true'),
    webConcurrency: processCount(env.WEB_CONCURRENCY),
  };
}
