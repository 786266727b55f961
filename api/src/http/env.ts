import type { Kysely } from 'kysely';
import type { CompanyTables, PermissionFlags } from '../db/schema.js';

/** Who is calling, established by the auth middleware from the bearer token. */
export interface SessionUser {
  id: string;
  name: string;
  usertype: string;
  isSuper: boolean;
  godLevel: boolean;
  permissions: PermissionFlags;
  tokenId: string;
  tokenExpires: Date;
}

/** The company chosen by the X-Database header, after the server checked the user may open it. */
export interface CompanyContext {
  code: string;
  name: string;
  schema: string;
  db: Kysely<CompanyTables>;
}

export interface AppEnv {
  Variables: {
    user: SessionUser;
    company: CompanyContext;
  };
}
