/**
 * Reads that change only when someone writes (reference lists, lookups) are kept per company
 * for a few seconds. Every successful write through the API moves the company's version on (the
 * guard does it), so this process never answers a list older than its own last write; a write
 * made by another process sharing the database is seen within the TTL.
 */
export class ReadCache {
  private versions = new Map<string, number>();
  private entries = new Map<string, { version: number; at: number; value: unknown }>();

  constructor(private readonly ttlMs = 5_000, private readonly maxEntries = 2_000) {}

  written(company: string): void {
    this.versions.set(company, (this.versions.get(company) ?? 0) + 1);
  }

  async get<T>(company: string, key: string, load: () => Promise<T>): Promise<T> {
    const version = this.versions.get(company) ?? 0;
    const id = `${company}\u0000${key}`;
    const hit = this.entries.get(id);
    if (hit && hit.version === version && Date.now() - hit.at < this.ttlMs) return hit.value as T;
    const value = await load();
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(id, { version, at: Date.now(), value });
    return value;
  }
}
