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

/**
 * Writes one system-log row. Given the transaction that made a change, the change and its log
 * row commit or roll back together: a change without its audit trail cannot exist.
 */
export async function writeLog(executor: Kysely<any>, entry: LogEntry): Promise<void> {
  await (executor.withSchema(CONTROL_SCHEMA) as Kysely<ControlTables>)
    .insertInto('system_log')
    .values({
      database: entry.database,
      severity: entry.severity,
      message: entry.message.slice(0, 2000),
      identity: entry.identity ?? null,
      routine: entry.routine ?? null,
      method: entry.method ?? null,
      apicall: entry.apicall ?? null,
      record_key: entry.recordKey ?? null,
      body: entry.body?.slice(0, 10_000) ?? null,
      stack: entry.stack?.slice(0, 10_000) ?? null,
      before: entry.before === undefined ? null : jsonb(entry.before),
      after: entry.after === undefined ? null : jsonb(entry.after),
    })
    .execute();
}

/** Fields regulators require a change history for (spec: owners' names, addresses, bank details, trust account). */
export const REGULATED_ROUTINES = ['entity', 'control'] as const;
