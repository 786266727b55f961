/**
 * Failed sign-ins back off (issue 8 item 14): after `free` failures for a key, each further
 * failure doubles the wait before the next attempt, up to `maxMs`; a success, or `forgetMs`
 * without failures, clears the key. No hard lock: the real owner is never shut out for longer
 * than the cap. Kept in memory: one API process serves a deployment, and a restart forgetting
 * failures is acceptable.
 */
export class LoginThrottle {
  private failures = new Map<string, { count: number; last: number }>();
  constructor(
    private readonly free = 5,
    private readonly baseMs = 1_000,
    private readonly maxMs = 5 * 60_000,
    private readonly forgetMs = 15 * 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Milliseconds until the keys may try again, or 0. */
  retryAfter(keys: string[]): number {
    const now = this.now();
    let wait = 0;
    for (const key of keys) {
      const f = this.current(key, now);
      if (!f || f.count < this.free) continue;
      const backOff = Math.min(this.maxMs, this.baseMs * 2 ** (f.count - this.free));
      wait = Math.max(wait, f.last + backOff - now);
    }
    return wait;
  }

  fail(keys: string[]): void {
    const now = this.now();
    for (const key of keys) {
      const count = (this.current(key, now)?.count ?? 0) + 1;
      this.failures.set(key, { count, last: now });
    }
    if (this.failures.size > 100_000) this.failures.clear();
  }

  succeed(keys: string[]): void {
    for (const key of keys) this.failures.delete(key);
  }

  private current(key: string, now: number) {
    const f = this.failures.get(key);
    return f && now - f.last < this.forgetMs ? f : undefined;
  }
}
