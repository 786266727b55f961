import { sql, type Kysely } from 'kysely';
import type { ControlTables } from '../db/schema.js';

/** Where failures are counted: one API process's memory (unit tests) or the control schema (every process). */
export interface FailureStore {
  read(keys: string[], since: Date): Promise<{ key: string; count: number; last: number }[]>;
  /** Counts one more failure for each key at `now`; a key quiet since `forgetBefore` starts again at 1. */
  fail(keys: string[], now: Date, forgetBefore: Date): Promise<void>;
  clear(keys: string[]): Promise<void>;
}

export function memoryFailureStore(): FailureStore {
  const failures = new Map<string, { count: number; last: number }>();
  return {
    async read(keys, since) {
      return keys.flatMap((key) => {
        const f = failures.get(key);
        return f && f.last > since.getTime() ? [{ key, ...f }] : [];
      });
    },
    async fail(keys, now, forgetBefore) {
      for (const key of keys) {
        const f = failures.get(key);
        const count = f && f.last > forgetBefore.getTime() ? f.count + 1 : 1;
        failures.set(key, { count, last: now.getTime() });
      }
      if (failures.size > 100_000) failures.clear();
    },
    async clear(keys) {
      for (const key of keys) failures.delete(key);
    },
  };
}

/**
 * control.login_failure: every API process on the database counts the same failures. A failure
 * is one upsert per key (atomic, so two processes failing at once both count); rows quiet longer
 * than the forget time are purged as failures arrive.
 */
export function databaseFailureStore(control: Kysely<ControlTables>): FailureStore {
  return {
    async read(keys, since) {
      if (!keys.length) return [];
      const rows = await control.selectFrom('login_failure').select(['key', 'count', 'last_at']).where('key', 'in', keys).where('last_at', '>', since).execute();
      return rows.map((r) => ({ key: r.key, count: r.count, last: new Date(r.last_at).getTime() }));
    },
    async fail(keys, now, forgetBefore) {
      for (const key of [...new Set(keys)].sort()) {
        await control.insertInto('login_failure').values({ key, count: 1, last_at: now })
          .onConflict((oc) => oc.column('key').doUpdateSet({
            count: sql<number>`case when login_failure.last_at > ${forgetBefore} then login_failure.count + 1 else 1 end`,
            last_at: now,
          })).execute();
      }
      await control.deleteFrom('login_failure').where('last_at', '<=', forgetBefore).execute();
    },
    async clear(keys) {
      if (keys.length) await control.deleteFrom('login_failure').where('key', 'in', keys).execute();
    },
  };
}

/**
 * Failed sign-ins back off (issue 8 item 14): after `free` failures for a key, each further
 * failure doubles the wait before the next attempt, up to `maxMs`; a success, or `forgetMs`
 * without failures, clears the key. No hard lock: the real owner is never shut out for longer
 * than the cap. The API counts in the control schema (issue 16), so the failures made through
 * every process behind a load balancer add up; `name` keeps two throttles' keys apart there.
 */
export class LoginThrottle {
  constructor(
    private readonly store: FailureStore,
    private readonly name: string,
    private readonly free = 5,
    private readonly baseMs = 1_000,
    private readonly maxMs = 5 * 60_000,
    private readonly forgetMs = 15 * 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Milliseconds until the keys may try again, or 0. */
  async retryAfter(keys: string[]): Promise<number> {
    const now = this.now();
    let wait = 0;
    for (const f of await this.store.read(keys.map(this.key), new Date(now - this.forgetMs))) {
      if (f.count < this.free) continue;
      const backOff = Math.min(this.maxMs, this.baseMs * 2 ** (f.count - this.free));
      wait = Math.max(wait, f.last + backOff - now);
    }
    return wait;
  }

  async fail(keys: string[]): Promise<void> {
    const now = this.now();
    await this.store.fail(keys.map(this.key), new Date(now), new Date(now - this.forgetMs));
  }

  async succeed(keys: string[]): Promise<void> {
    await this.store.clear(keys.map(this.key));
  }

  private readonly key = (key: string) => `${this.name}:${key}`.slice(0, 400);
}
