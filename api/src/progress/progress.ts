import { randomUUID } from 'node:crypto';

/**
 * Progress of long operations (month end, report packs, seeding), polled by the screens every
 * 500 ms (spec 1 §4.5). Kept in memory for the process: an operation's progress is only of
 * interest while it runs, and only to the company that started it.
 */
export interface Progress {
  id: string;
  company: string;
  percent: number;
  message: string;
  active: boolean;
  updatedAt: number;
}

const KEEP_FINISHED_MS = 10 * 60_000;
const registry = new Map<string, Progress>();

export function startProgress(company: string, message: string): Progress {
  sweep();
  const progress: Progress = { id: randomUUID(), company, percent: 0, message, active: true, updatedAt: Date.now() };
  registry.set(progress.id, progress);
  return progress;
}

/** Percent is capped to 0–100; reaching 100 ends the operation. */
export function reportProgress(id: string, percent: number, message?: string): void {
  const p = registry.get(id);
  if (!p) return;
  p.percent = Math.max(0, Math.min(100, Math.round(percent)));
  if (message !== undefined) p.message = message;
  p.active = p.percent < 100;
  p.updatedAt = Date.now();
}

export function finishProgress(id: string, message?: string): void {
  reportProgress(id, 100, message);
}

/** The progress of an operation of this company, or undefined (another company's is never shown). */
export function readProgress(company: string, id: string): Progress | undefined {
  const p = registry.get(id);
  return p && p.company === company ? p : undefined;
}

function sweep() {
  const now = Date.now();
  for (const [id, p] of registry) if (!p.active && now - p.updatedAt > KEEP_FINISHED_MS) registry.delete(id);
}
