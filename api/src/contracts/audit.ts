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

/** GET /api/control/health (spec 2 §3 'Dashboard data' Health). Ages in whole days; null when never. */
export interface Health {
  criticalTasks: number;
  warningTasks: number;
  importantTasks: number;
  inbalanceTasks: number;
  /** Days since the last booking-system sync; 0 when no sync is set up. */
  syncAge: number | null;
  /** Whether the company names a booking system (Control Settings gp_host). */
  syncSetUp: boolean;
  /** When the last whole sync finished (ISO timestamp); null if never. */
  lastSync: string | null;
  /** Bookings the sync left with an error (the Bookings screen's Issues toggle shows them). */
  syncErrors: number;
  /** Days the oldest unbanked receipt has waited; 0 when everything is banked. */
  bankAge: number;
  /** Days since the last reconciliation; null if never reconciled. */
  recAge: number | null;
  lastBanking: string | null;
  lastReconcile: string | null;
}

/** Thresholds of the audit checks. */
export const UNBANKED_DAYS = 3;
export const UNRECONCILED_DAYS = 7;

/** Spec 2 §4 'Dashboard colours', health card. */
export function healthColour(h: Health): 'red' | 'amber' | 'green' {
  if (h.criticalTasks > 0) return 'red';
  if ((h.syncAge ?? 0) > 0 || h.bankAge > 1 || (h.recAge ?? 0) > 1 || h.importantTasks > 0) return 'amber';
  return 'green';
}

/** Spec 2 §4 'Dashboard colours', three-way card by reconciliation age in days. */
export function threeWayColour(recAge: number | null, zeroBalance: boolean): 'orange' | 'amber' | 'lightblue' | 'green' {
  if (!zeroBalance) return 'orange';
  const age = recAge ?? Number.POSITIVE_INFINITY;
  if (age >= 7) return 'orange';
  if (age > 2) return 'amber';
  if (age > 1) return 'lightblue';
  return 'green';
}
