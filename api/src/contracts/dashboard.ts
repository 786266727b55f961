/**
 * The dashboard's rules that both the server and the screen use. No zod here: the dashboard
 * imports these at its first paint, and a contract module would bring zod with it (issue 16).
 */

/** GET /api/control/equality/{period}: these or YYYY-MM. */
export const EQUALITY_PERIODS = ['current', '3month', '6month', '12month', 'currentyear', 'prevyear'] as const;

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
