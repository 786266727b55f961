import type { Selectable } from 'kysely';
import type { Database } from '../db/open.js';
import type { ControlTables } from '../db/schema.js';
import { type Membership, membership } from '../users/membership.js';

type UserRow = Selectable<ControlTables['app_user']>;
type CompanyRow = Selectable<ControlTables['company']>;

/**
 * Users, companies and access, read on every request. Rows are cached for a few seconds so a
 * busy API does not read the same user row per call; every write through the API invalidates.
 */
export class Directory {
  private users = new Map<string, { at: number; row: UserRow | undefined }>();
  private companies = new Map<string, { at: number; row: CompanyRow | undefined }>();
  private access = new Map<string, { at: number; row: Membership | undefined }>();
  private revoked = new Set<string>();
  private notRevoked = new Map<string, number>();

  constructor(
    private readonly db: Database,
    private readonly ttlMs = 5_000,
  ) {}

  async user(id: string): Promise<UserRow | undefined> {
    return this.cached(this.users, id, () => this.db.control.selectFrom('app_user').selectAll().where('id', '=', id).executeTakeFirst());
  }

  async company(code: string): Promise<CompanyRow | undefined> {
    return this.cached(this.companies, code, () => this.db.control.selectFrom('company').selectAll().where('code', '=', code).executeTakeFirst());
  }

  /** The user's membership of a company (permissions, inactive), or undefined if they have none. */
  async membership(userId: string, companyCode: string): Promise<Membership | undefined> {
    const key = `${userId}\u0000${companyCode}`;
    const hit = this.access.get(key);
    if (hit && Date.now() - hit.at < this.ttlMs) return hit.row;
    const row = await membership(this.db.control, userId, companyCode);
    this.access.set(key, { at: Date.now(), row });
    return row;
  }

  /**
   * Sign-outs through this process are known at once; a sign-out through another process sharing
   * the database is seen within the cache time.
   */
  async isRevoked(tokenId: string): Promise<boolean> {
    if (this.revoked.has(tokenId)) return true;
    const checked = this.notRevoked.get(tokenId);
    if (checked && Date.now() - checked < this.ttlMs) return false;
    const row = await this.db.control.selectFrom('revoked_token').select('jti').where('jti', '=', tokenId).executeTakeFirst();
    if (row) this.revoked.add(tokenId);
    else this.notRevoked.set(tokenId, Date.now());
    if (this.notRevoked.size > 10_000) this.notRevoked.clear();
    return !!row;
  }

  async revoke(tokenId: string, expires: Date): Promise<void> {
    await this.db.control.insertInto('revoked_token').values({ jti: tokenId, expires_at: expires }).onConflict((oc) => oc.column('jti').doNothing()).execute();
    this.revoked.add(tokenId);
    this.notRevoked.delete(tokenId);
  }

  invalidateUser(id: string): void {
    this.users.delete(id);
    for (const key of this.access.keys()) if (key.startsWith(`${id}\u0000`)) this.access.delete(key);
  }

  invalidateCompanies(): void {
    this.companies.clear();
    this.access.clear();
  }

  private async cached<T>(map: Map<string, { at: number; row: T }>, key: string, load: () => Promise<T>): Promise<T> {
    const hit = map.get(key);
    if (hit && Date.now() - hit.at < this.ttlMs) return hit.row;
    const row = await load();
    map.set(key, { at: Date.now(), row });
    return row;
  }
}
