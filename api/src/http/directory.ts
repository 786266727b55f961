import type { Selectable } from 'kysely';
import type { Database } from '../db/open.js';
import type { ControlTables } from '../db/schema.js';

type UserRow = Selectable<ControlTables['app_user']>;
type CompanyRow = Selectable<ControlTables['company']>;

/**
 * Users, companies and access, read on every request. Rows are cached for a few seconds so a
 * busy API does not read the same user row per call; every write through the API invalidates.
 */
export class Directory {
  private users = new Map<string, { at: number; row: UserRow | undefined }>();
  private companies = new Map<string, { at: number; row: CompanyRow | undefined }>();
  private access = new Map<string, { at: number; ok: boolean }>();

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

  async hasAccess(userId: string, companyCode: string): Promise<boolean> {
    const key = `${userId}\u0000${companyCode}`;
    const hit = this.access.get(key);
    if (hit && Date.now() - hit.at < this.ttlMs) return hit.ok;
    const row = await this.db.control
      .selectFrom('user_company')
      .select('user_id')
      .where('user_id', '=', userId)
      .where('company_code', '=', companyCode)
      .executeTakeFirst();
    this.access.set(key, { at: Date.now(), ok: !!row });
    return !!row;
  }

  async isRevoked(tokenId: string): Promise<boolean> {
    const row = await this.db.control.selectFrom('revoked_token').select('jti').where('jti', '=', tokenId).executeTakeFirst();
    return !!row;
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
