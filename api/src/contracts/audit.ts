import { z } from 'zod';

/** Tasks and audit (spec 3 §2 'Tasks & Audit', §3 'Task or audit item', §4 'Tasks and audit'). */
export const TASK_SEVERITIES = ['CRITICAL', 'INBALANCE', 'IMPORTANT', 'WARNING', 'INFO'] as const;
export type TaskSeverity = (typeof TASK_SEVERITIES)[number];

/** Spec 3 §4: CRITICAL and INBALANCE show red, IMPORTANT orange, anything else blue. */
export const severityColour = (type: string) => (type === 'CRITICAL' || type === 'INBALANCE' ? 'red' : type === 'IMPORTANT' ? 'orange' : 'blue');

export interface TaskRow {
  id: number;
  date: string;
  /** The severity. */
  type: TaskSeverity;
  description: string;
  /** AUDIT for audit findings; SYNC rows re-sync the booking named by link_key. */
  source: string;
  link_path: string | null;
  link_key: string | null;
  memo: string | null;
}

export const auditQuery = z.object({ full: z.enum(['true', 'false'], { error: 'full is true or false' }).optional() });

/** GET /api/control/audit answers `{ data: TaskRow[], _critical }`. */
export interface AuditResult {
  data: TaskRow[];
  _critical: number;
}

/** Every date a trust ledger closed below zero (permanent; spec: regulators ask for each one). */
export interface DebitOccurrence {
  entity: string;
  /** The owner's door ('' no door); null for the owner's total across doors. */
  door: string | null;
  date: string;
  balance: number;
  txn_id: number;
  first_seen: string;
}

export { UNBANKED_DAYS, UNRECONCILED_DAYS, healthColour, threeWayColour, type Health } from './dashboard.js';
