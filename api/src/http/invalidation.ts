import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import postgres from 'postgres';
import type { Database } from '../db/open.js';

/** What another process must forget: what a write made stale there too. */
export type Invalidation =
  | { kind: 'reads'; company: string }
  | { kind: 'user'; id: string }
  | { kind: 'companies' }
  | { kind: 'revoked'; tokenId: string; expires: string }
  /** Sent to this process's own handlers only, when messages may have been missed (the listening session was down). */
  | { kind: 'all' };

/** The PostgreSQL channel every API process listens on. */
export const INVALIDATION_CHANNEL = 'oa_invalidate';

/** How long a request waits to hear what was published before it; longer, and it is answered from the database. */
const CATCH_UP_MS = 1_000;

/**
 * Cache invalidation across API processes (issue 16): every process keeps its read cache and
 * directory in memory, and every change that makes them stale is published here. On PostgreSQL it
 * is a NOTIFY on one channel, which every process LISTENs to on a session of its own; a process
 * applies its own changes at once, before the NOTIFY, and the others as the notification arrives.
 * A notification reaches the other processes a moment after the writer's NOTIFY commits, and the
 * writer's client may ask another process sooner than that: so before a request is answered from
 * memory, `catchUp` makes a round trip on the listening session, which PostgreSQL answers only
 * after handing over every notification committed before it. While the listening session is down
 * a process cannot know what it missed: `live` is false, caches answer from the database, and
 * once it listens again everything cached is forgotten. On PGlite (one process per data folder)
 * the bus is this process alone.
 */
export class InvalidationBus {
  readonly processId = randomUUID();
  private readonly handlers: ((m: Invalidation) => void)[] = [];
  private listener: postgres.Sql | null = null;
  private stopped = false;
  private retry: NodeJS.Timeout | null = null;
  private listening: Promise<void> | null = null;
  /** The catch-up round trip on the wire, and the next one, shared by every request arriving meanwhile. */
  private asked: Promise<void> | null = null;
  private queued: Promise<void> | null = null;
  /** Whether this process hears every other process's invalidations (always on PGlite). */
  live: boolean;

  constructor(private readonly db: Database) {
    this.live = db.kind === 'pglite';
  }

  /** Called for every invalidation, this process's own and every other's. */
  on(handler: (m: Invalidation) => void): void {
    this.handlers.push(handler);
  }

  /** Starts listening (PostgreSQL); resolves once the LISTEN is in place. */
  async start(): Promise<void> {
    if (this.db.kind === 'pglite' || this.listener) return;
    this.stopped = false;
    this.listener = postgres(this.db.url!, {
      max: 1,
      max_lifetime: null,
      fetch_types: false,
      onnotice: () => {},
      // The connection's own notification hook (postgres.js calls it; not in its typings).
      onnotify: (channel: string, payload: string) => {
        if (channel === INVALIDATION_CHANNEL) this.receive(payload);
      },
      // Whatever was published while the session was down is lost.
      onclose: () => this.relisten(),
    } as postgres.Options<{}>);
    await this.listen();
  }

  /**
   * Applies an invalidation here and tells every other process; resolves once it is committed. It
   * never throws: the change it announces is already committed, and a 500 would invite a retry.
   */
  async publish(m: Exclude<Invalidation, { kind: 'all' }>): Promise<void> {
    this.apply(m);
    if (this.db.kind === 'pglite') return;
    try {
      await sql`select pg_notify(${INVALIDATION_CHANNEL}, ${JSON.stringify({ from: this.processId, ...m })})`.execute(this.db.root);
    } catch (e) {
      console.error(`Cache invalidation not sent to the other API processes (${m.kind}): ${e instanceof Error ? e.message : String(e)}`);
    }
  }

  /**
   * Resolves once every invalidation committed before the call has been applied here. A round trip
   * already on the wire may have been asked before the caller's news was committed, so the caller
   * waits for the next one, which everyone arriving meanwhile shares. Should the listening session
   * not answer in time, `live` turns false and the caches answer from the database.
   */
  catchUp(): Promise<void> {
    if (!this.listener || !this.live) return Promise.resolve();
    if (!this.asked) return this.ask();
    this.queued ??= this.asked.then(() => {
      this.queued = null;
      return this.catchUp();
    });
    return this.queued;
  }

  private ask(): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const answered = this.listener!`select 1`.then(() => 'answered' as const, () => 'failed' as const);
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), CATCH_UP_MS);
      timer.unref();
    });
    const trip: Promise<void> = Promise.race([answered, late]).then((outcome) => {
      clearTimeout(timer);
      if (this.asked === trip) this.asked = null;
      // Not answered (or failed): memory is not trusted until this process listens again and
      // has forgotten everything cached.
      if (outcome !== 'answered') this.relisten();
    });
    this.asked = trip;
    return trip;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    const listener = this.listener;
    this.listener = null;
    this.live = this.db.kind === 'pglite';
    await listener?.end({ timeout: 1 }).catch(() => {});
  }

  private listen(): Promise<void> {
    this.listening ??= (async () => {
      try {
        await this.listener!.unsafe(`listen ${INVALIDATION_CHANNEL}`);
        // Listening from now on; anything cached before may have missed a message.
        this.apply({ kind: 'all' });
        this.live = true;
      } catch (e) {
        this.relisten(1_000);
        throw e;
      } finally {
        this.listening = null;
      }
    })();
    return this.listening;
  }

  /** Answers from the database until this process is listening again (tried after `ms`). */
  private relisten(ms = 250): void {
    if (this.stopped) return;
    this.live = false;
    this.scheduleListen(ms);
  }

  private scheduleListen(ms: number): void {
    if (this.retry || this.stopped || !this.listener) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      this.listen().catch(() => {});
    }, ms);
    this.retry.unref();
  }

  private receive(payload: string): void {
    let m: (Invalidation & { from?: string }) | null = null;
    try {
      m = JSON.parse(payload);
    } catch {
      return;
    }
    if (!m || m.from === this.processId) return;
    this.apply(m);
  }

  private apply(m: Invalidation): void {
    for (const handler of this.handlers) handler(m);
  }
}
