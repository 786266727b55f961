/** Runtime configuration, read once from the environment. */
export interface Config {
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  adminUser: string;
  adminPassword: string;
  supportUser: string;
  supportPassword: string;
  tokenSecret: string | undefined;
  tokenHours: number;
  staticDir: string | undefined;
  /** How long reference lists and lookups may be served from memory (ms); 0 turns the cache off. */
  readCacheMs: number;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: Number(env.PORT ?? 8080),
    dataDir: env.DATA_DIR ?? './data',
    databaseUrl: env.DATABASE_URL || undefined,
    adminUser: env.ADMIN_USER ?? 'admin',
    adminPassword: env.ADMIN_PASSWORD ?? 'trust-admin-2026',
    supportUser: env.SUPPORT_USER ?? 'support',
    supportPassword: env.SUPPORT_PASSWORD ?? 'trust-support-2026',
    tokenSecret: env.TOKEN_SECRET || undefined,
    tokenHours: Number(env.TOKEN_HOURS ?? 10),
    staticDir: env.STATIC_DIR,
    readCacheMs: Number(env.READ_CACHE_MS ?? 5_000),
  };
}
