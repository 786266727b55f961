import type { Kysely } from 'kysely';
import { CONTROL_SCHEMA, jsonb } from '../db/open.js';
import type { ControlTables } from '../db/schema.js';

export type Severity = 'CHANGE' | 'ERROR' | 'WARN' | 'INFO' | 'SECURITY';

export interface LogEntry {
  database: string | null;
  severity: Severity;
  message: string;
  identity?: string | null;
  routine?: string | null;
  method?: string | null;
  apicall?: string | null;
  recordKey?: string | null;
  body?: string | null;
  stack?: string | null;
  before?: unknown;
  after?: unknown;
}

/** Keys whose values are secrets wherever they appear (passwords, hashes, tokens, keys, SMTP credentials). */
const SECRET_KEY = /pass(word)?|pwd|secret|token|authori[sz]ation|api[-_]?key|credential|smtp_url|private[-_]?key/i;
export const REDACTED = '[redacted]';

/**
 * Takes secrets out of text bound for the log: credentials in URLs (smtp://user:pass@host),
 * bearer tokens, and `password=...` or `"password":"..."` pairs. The log is read by support and
 * by anyone with p_mgt, so nothing in it may open an account or a mail server.
 */
export function redactText(text: string): string {
  return text
    .replace(/\b([a-z][a-z0-9+.-]*:\/\/)([^\s:/@]+):([^\s@/]+)@/gi, `$1$2:${REDACTED}@`)
    .replace(/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/g, `$1 ${REDACTED}`)
    .replace(/("?[\w-]*(?:pass(?:word)?|pwd|secret|token|api[-_]?key)[\w-]*"?\s*[:=]\s*)("(?:[^"\\]|\\.)*"|[^\s,;&}]+)/gi, (_m, key: string) => `${key}${REDACTED}`);
}

/** A before/after value with every secret key's value replaced and every string redacted. */
export function redactValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redactText(value);
  if (value === null || typeof value !== 'object' || depth > 20) return value;
  if (Array.isArray(value)) return value.map((v) => redactValue(v, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([k, v]) =>
    [k, SECRET_KEY.test(k) && v !== null && v !== undefined && v !== '' && typeof v !== 'boolean' ? REDACTED : redactValue(v, depth + 1)]));
}

/**
 * Writes one system-log row, its secrets redacted (issue 13: secrets never reach the log).
 * Given the transaction that made a change, the change and its log
 * row commit or roll back together: a change without its audit trail cannot exist.
 */
export async function writeLog(executor: Kysely<any>, entry: LogEntry): Promise<void> {
  await (executor.withSchema(CONTROL_SCHEMA) as Kysely<ControlTables>)
    .insertInto('system_log')
    .values({
      database: entry.database,
      severity: entry.severity,
      message: redactText(entry.message).slice(0, 2000),
      identity: entry.identity ?? null,
      routine: entry.routine ?? null,
      method: entry.method ?? null,
      apicall: entry.apicall ?? null,
      record_key: entry.recordKey ?? null,
      body: entry.body == null ? null : redactText(entry.body).slice(0, 10_000),
      stack: entry.stack == null ? null : redactText(entry.stack).slice(0, 10_000),
      before: entry.before === undefined ? null : jsonb(redactValue(entry.before)),
      after: entry.after === undefined ? null : jsonb(redactValue(entry.after)),
    })
    .execute();
}

/** Fields regulators require a change history for (spec: owners' names, addresses, bank details, trust account). */
export const REGULATED_ROUTINES = ['entity', 'control'] as const;

/**
 * Aggregates unexpected errors before they reach the system log, so a flood of failing requests
 * (the same bad sign-in a thousand times) cannot fill it (issue 8 item 6). The first error of a
 * kind (company, method, path and message) in a window is written; repeats in that window are
 * only counted, and the next row of that kind after the window says how many were left out. At
 * most `maxRows` error rows of all kinds are written per window; the rest are counted the same way.
 * In memory per process: a restart forgets the counts, which loses figures but never an error kind.
 */
export class ErrorLogLimiter {
  private windowStart = 0;
  private rowsInWindow = 0;
  private readonly seen = new Map<string, { until: number; repeats: number }>();
  private dropped = 0;

  constructor(
    private readonly windowMs = 60_000,
    private readonly maxRows = 30,
  ) {}

  /** Whether to write this error now, and how many left-out errors the row should mention. */
  admit(kind: string, now = Date.now()): { write: false } | { write: true; repeats: number; dropped: number } {
    if (now - this.windowStart >= this.windowMs) {
      this.windowStart = now;
      this.rowsInWindow = 0;
      // Forget finished windows (so the map stays small); their repeats still get counted in the next row.
      for (const [key, entry] of this.seen) {
        if (entry.until > now) continue;
        this.dropped += entry.repeats;
        this.seen.delete(key);
      }
    }
    const entry = this.seen.get(kind);
    if (entry && entry.until > now) {
      entry.repeats++;
      return { write: false };
    }
    if (this.rowsInWindow >= this.maxRows) {
      this.dropped++;
      return { write: false };
    }
    this.rowsInWindow++;
    const repeats = entry?.repeats ?? 0;
    const dropped = this.dropped;
    this.dropped = 0;
    this.seen.set(kind, { until: now + this.windowMs, repeats: 0 });
    return { write: true, repeats, dropped };
  }
}

/** The message of an admitted error row with the counts of the errors left out before it. */
export function withLeftOut(message: string, repeats: number, dropped: number): string {
  const notes = [
    repeats ? `${repeats} identical error${repeats === 1 ? '' : 's'} before this one not logged` : '',
    dropped ? `${dropped} earlier error${dropped === 1 ? '' : 's'} of other kinds or windows not logged` : '',
  ].filter(Boolean);
  return notes.length ? `${message} [${notes.join('; ')}]` : message;
}
