import cluster, { type Worker } from 'node:cluster';
import type { Config } from './config.js';

/** Which of the WEB_CONCURRENCY processes this is: 0 runs the demo's extras (its booking system, its e-mails). */
export const WORKER_SLOT = 'OA_WORKER_SLOT';
/** The loopback SMTP server the cluster's primary runs for the demo, handed to its workers. */
export const LOCAL_SMTP_URL = 'OA_LOCAL_SMTP_URL';

/**
 * How many API processes to run here: WEB_CONCURRENCY on PostgreSQL; one on PGlite, whose data
 * folder one process opens (said once, so a setting that does nothing is not silently ignored).
 */
export function processCount(config: Config, log: (line: string) => void = console.log): number {
  if (config.webConcurrency <= 1) return 1;
  if (!config.databaseUrl) {
    log(`WEB_CONCURRENCY=${config.webConcurrency} ignored: the embedded PGlite database (no DATABASE_URL) is served by one process. Set DATABASE_URL to a PostgreSQL server to run several API processes.`);
    return 1;
  }
  return config.webConcurrency;
}

/** This process's slot among the cluster's workers (0 when it runs alone). */
export const workerSlot = (): number => Number(process.env[WORKER_SLOT] ?? 0) || 0;

/**
 * The cluster's primary: forks `count` API processes that share the port (Node's cluster module
 * hands them connections in turn), starts another in the slot of one that dies after it was
 * serving, and stops when a worker fails before it ever served (a bad configuration would only
 * crash again) or on SIGINT/SIGTERM, which it passes on. Every worker is a whole API server on the
 * same PostgreSQL: caches are invalidated across them, throttles and sessions live in the
 * database, periodic jobs take advisory locks.
 */
export function superviseWorkers(count: number, env: Record<string, string> = {}, onStopped: () => Promise<void> = async () => {}): void {
  const slots = new Map<Worker, number>();
  const served = new Set<Worker>();
  let stopping = false;
  const fork = (slot: number) => {
    const worker = cluster.fork({ ...env, [WORKER_SLOT]: String(slot) });
    slots.set(worker, slot);
    worker.on('listening', () => served.add(worker));
  };
  const stop = (signal: NodeJS.Signals, code = 0) => {
    if (stopping) return;
    stopping = true;
    for (const worker of slots.keys()) worker.process.kill(signal);
    // Workers leave within their own 5 s grace; the primary does not wait on one that hangs.
    setTimeout(() => void onStopped().finally(() => process.exit(code)), 10_000).unref();
  };
  cluster.on('exit', (worker, code, signal) => {
    const slot = slots.get(worker) ?? 0;
    slots.delete(worker);
    if (stopping) {
      if (!slots.size) void onStopped().finally(() => process.exit(process.exitCode ?? 0));
      return;
    }
    if (!served.has(worker)) {
      console.error(`API process ${slot + 1} of ${count} stopped before it served (${signal ?? `exit code ${code}`}): stopping all.`);
      process.exitCode = code || 1;
      stop('SIGTERM', code || 1);
      return;
    }
    served.delete(worker);
    console.error(`API process ${slot + 1} of ${count} (pid ${worker.process.pid}) stopped (${signal ?? `exit code ${code}`}): starting another.`);
    setTimeout(() => { if (!stopping) fork(slot); }, 1_000).unref();
  });
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  for (let slot = 0; slot < count; slot++) fork(slot);
}
