import postgres from 'postgres';
import type { Database } from '../db/open.js';

/** Gives the lock back; resolves once it is released. */
export type ReleaseRunner = () => Promise<void>;

const heldInProcess = new WeakMap<Database, Set<string>>();

/**
 * Takes the single-runner lock `key` for the whole database, or answers null when someone holds
 * it: at most one holder across every API process (booking sync, month end, the e-mail outbox).
 *
 * On PostgreSQL it is a session advisory lock held by a session opened for it: it ends with its
 * session, so a process killed with -9 cannot leave it stuck. PGlite admits one
 * process per data folder, so a lock in this process's memory is the whole truth there.
 */
export async function acquireSingleRunner(db: Database, key: string): Promise<ReleaseRunner | null> {
  if (db.kind === 'pglite') {
    let held = heldInProcess.get(db);
    if (!held) heldInProcess.set(db, (held = new Set()));
    if (held.has(key)) return null;
    held.add(key);
    return async () => {
      held.delete(key);
    };
  }
  // A session of its own, not a pooled connection: ending it is the release (no unlock query to
  // hang on a connection that died), and a dead process's session ends with it.
  const session = postgres(db.url!, { max: 1, onnotice: () => {} });
  try {
    const [row] = await session<{ ok: boolean }[]>`select pg_try_advisory_lock(hashtextextended(${key}, 0)) as ok`;
    if (row?.ok) return () => session.end({ timeout: 5 });
  } catch (e) {
    await session.end({ timeout: 0 });
    throw e;
  }
  await session.end({ timeout: 5 });
  return null;
}

/** Runs work under the lock `key`; answers null without running it when the lock is held elsewhere. */
export async function withSingleRunner<T>(db: Database, key: string, work: () => Promise<T>): Promise<{ value: T } | null> {
  const release = await acquireSingleRunner(db, key);
  if (!release) return null;
  try {
    return { value: await work() };
  } finally {
    await release();
  }
}

/**
 * Runs work holding the lock `key`, waiting for it while another process holds it (start-up: the
 * first start's migrations and demo company are made by one process while the others wait). On
 * PGlite, one process per data folder, it simply runs.
 */
export async function withExclusiveLock<T>(db: Database, key: string, work: () => Promise<T>): Promise<T> {
  if (db.kind === 'pglite') return work();
  const session = postgres(db.url!, { max: 1, onnotice: () => {} });
  try {
    await session`select pg_advisory_lock(hashtextextended(${key}, 0))`;
    return await work();
  } finally {
    await session.end({ timeout: 5 });
  }
}

export interface Periodic {
  stop(): void;
}

/**
 * Runs work every intervalMs in this process, but only where the lock `key` is free: with several
 * API processes each schedules it and one runs it per tick. A tick that is still running when the
 * next is due is not overlapped.
 */
export function runPeriodically(db: Database, key: string, intervalMs: number, work: () => Promise<void>, onError: (e: unknown) => void): Periodic {
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    withSingleRunner(db, key, work)
      .catch(onError)
      .finally(() => {
        busy = false;
      });
  }, intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
