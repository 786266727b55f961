import type { Selectable } from 'kysely';
import type { Database } from '../db/open.js';
import type { ControlTables } from '../db/schema.js';
import { type Membership, membership } from '../users/membership.js';
import type { InvalidationBus } from './invalidation.js';

type UserRow = Selectable<ControlTables['app_user']>;
type CompanyRow = Selectable<ControlTables['company']>;

/**
 * Users, companies and access, read on every request. Rows are cached for a few seconds so a
 * busy API does not read the same user row per call; the writes that change them (users, support
 * console, sign-out) invalidate them here and, through the bus (PostgreSQL NOTIFY), in every other
 * API process before they answer: a session revoked or a password changed through one process is
 * refused by all. While the bus may be missing messages, nothing but known revocations is cached.
 */
export class Directory {
  private users = new Map<string, { at: number; row: UserRow | undefined }>();
  private companies = new Map<string, { at: number; row: CompanyRow | undefined }>();
  private access = new Map<string, { at: number; row: Membership | undefined }>();
  private revoked = new Set<string>();
  private notRevoked = new Map<string, number>();

  private readonly isLive: () => boolean;
  /** Moves on with every invalidation: a row read across one is not kept (it may predate it). */
  private epoch = 0;

  constructor(
    private readonly db: Database,
    private readonly ttlMs = 5_000,
    private readonly bus?: InvalidationBus,
  ) {
    this.isLive = bus ? () => bus.live : () => true;
    bus?.on((m) => {
      this.epoch++;
      if (m.kind === 'user') this.forgetUser(m.id);
      else if (m.kind === 'companies') this.forgetCompanies();
      else if (m.kind === 'revoked') {
        this.revoked.add(m.tokenId);
        this.notRevoked.delete(m.tokenId);
      } else if (m.kind === 'all') {
        this.users.clear();
        this.forgetCompanies();
        this.notRevoked.clear();
      }
    });
  }

  async user(id: string): Promise<UserRow | undefined> {
    return this.cached(this.users, id, () => this.db.control.selectFrom('app_user').selectAll().where('id', '=', id).executeTakeFirst());
  }

  async company(code: string): Promise<CompanyRow | undefined> {
    return this.cached(this.companies, code, () => this.db.control.selectFrom('company').selectAll().where('code', '=', code).executeTakeFirst());
  }

  /** The user's membership of a company (permissions, inactive), or undefined if they have none. */
  async membership(userId: string, companyCode: string): Promise<Membership | undefined> {
    const key = `${userId}\u0000${companyCode}`;
    return this.cached(this.access, key, () => membership(this.db.control, userId, companyCode));
  }

  /**
   * Revoked sessions (control.revoked_token, shared by every API process): a sign-out through any
   * process is known to all at once (the bus), so a token checked as not revoked is trusted for
   * the cache time only while the bus is live.
   */
  async isRevoked(tokenId: string): Promise<boolean> {
    if (this.revoked.has(tokenId)) return true;
    const checked = this.notRevoked.get(tokenId);
    if (checked && Date.now() - checked < this.ttlMs && this.isLive()) return false;
    const [live, epoch] = [this.isLive(), this.epoch];
    const row = await this.db.control.selectFrom('revoked_token').select('jti').where('jti', '=', tokenId).executeTakeFirst();
    if (row) this.revoked.add(tokenId);
    else if (live && this.isLive() && epoch === this.epoch) this.notRevoked.set(tokenId, Date.now());
    if (this.notRevoked.size > 10_000) this.notRevoked.clear();
    return !!row;
  }

  /** Ends a session everywhere: recorded in PostgreSQL, then told to every other API process. */
  async revoke(tokenId: string, expires: Date): Promise<void> {
    await this.db.control.insertInto('revoked_token').values({ jti: tokenId, expires_at: expires }).onConflict((oc) => oc.column('jti').doNothing()).execute();
    this.revoked.add(tokenId);
    this.notRevoked.delete(tokenId);
    await this.bus?.publish({ kind: 'revoked', tokenId, expires: expires.toISOString() });
  }

  /** The user's row or memberships changed: forgotten here and in every other API process. */
  async invalidateUser(id: string): Promise<void> {
    this.forgetUser(id);
    await this.bus?.publish({ kind: 'user', id });
  }

  /** A company was added, changed or removed: forgotten here and in every other API process. */
  async invalidateCompanies(): Promise<void> {
    this.forgetCompanies();
    await this.bus?.publish({ kind: 'companies' });
  }

  private forgetUser(id: string): void {
    this.epoch++;
    this.users.delete(id);
    for (const key of this.access.keys()) if (key.startsWith(`${id}\u0000`)) this.access.delete(key);
  }

  private forgetCompanies(): void {
    this.epoch++;
    this.companies.clear();
    this.access.clear();
  }

  private async cached<T>(map: Map<string, { at: number; row: T }>, key: string, load: () => Promise<T>): Promise<T> {
    const hit = map.get(key);
    if (hit && Date.now() - hit.at < this.ttlMs && this.isLive()) return hit.row;
    const [live, epoch] = [this.isLive(), this.epoch];
    const row = await load();
    // Kept only when read with the bus live throughout and no invalidation arriving meanwhile.
    if (live && this.isLive() && epoch === this.epoch) map.set(key, { at: Date.now(), row });
    return row;
  }
}
