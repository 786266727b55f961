import type { InvalidationBus } from './invalidation.js';

/**
 * Reads that change only when someone writes (reference lists, lookups) are kept per company.
 * Every successful write through the API moves the company's version on (the guard does it) and
 * is published to every other API process (http/invalidation.ts, PostgreSQL LISTEN/NOTIFY), so no
 * process answers a list older than the last write made through any of them. `maxAgeMs` bounds
 * only changes made outside the API (psql, a restore by hand); while this process may be missing
 * invalidations (`isLive` false: its listening session is down) nothing is served from memory.
 */
export class ReadCache {
  private versions = new Map<string, number>();
  private entries = new Map<string, { version: number; at: number; value: unknown }>();
  private generation = 0;
  private readonly isLive: () => boolean;

  constructor(
    private readonly maxAgeMs = 60_000,
    private readonly bus?: InvalidationBus,
    private readonly maxEntries = 2_000,
  ) {
    this.isLive = bus ? () => bus.live : () => true;
    bus?.on((m) => {
      if (m.kind === 'reads') this.versions.set(m.company, (this.versions.get(m.company) ?? 0) + 1);
      else if (m.kind === 'all') this.clear();
    });
  }

  /** The company's cached reads are stale, here and (once this resolves) in every other API process. */
  async written(company: string): Promise<void> {
    if (this.bus) await this.bus.publish({ kind: 'reads', company });
    else this.versions.set(company, (this.versions.get(company) ?? 0) + 1);
  }

  /** Forgets everything (this process may have missed invalidations). */
  clear(): void {
    this.generation++;
    this.entries.clear();
  }

  /**
   * The cached value as its JSON text, serialised once per load rather than once per request (the
   * lookup answer runs to hundreds of kilobytes on a big company: issue 16's p95 aim).
   */
  json(company: string, key: string, load: () => Promise<unknown>): Promise<string> {
    return this.get(company, `${key}\u0000json`, async () => JSON.stringify(await load()));
  }

  async get<T>(company: string, key: string, load: () => Promise<T>): Promise<T> {
    if (this.maxAgeMs <= 0 || !this.isLive()) return load();
    const version = this.versions.get(company) ?? 0;
    const generation = this.generation;
    const id = `${company}\u0000${key}`;
    const hit = this.entries.get(id);
    if (hit && hit.version === version && Date.now() - hit.at < this.maxAgeMs) return hit.value as T;
    const value = await load();
    // A write (or a lost listening session) while it loaded: the value may be older than it; not kept.
    if ((this.versions.get(company) ?? 0) !== version || this.generation !== generation || !this.isLive()) return value;
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(id, { version, at: Date.now(), value });
    return value;
  }
}
