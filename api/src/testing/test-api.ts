import { createApp } from '../app.js';
import type { Config } from '../config.js';
import type { Database } from '../db/open.js';
import { type AppDeps, createDeps } from '../deps.js';
import { openTestDatabase, testConfig } from './prepared-database.js';

export interface CallOptions {
  token?: string | null;
  database?: string | null;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
}

export interface CallResult<T = any> {
  status: number;
  body: T;
}

export interface TestApi {
  app: ReturnType<typeof createApp>;
  db: Database;
  deps: AppDeps;
  config: Config;
  /** Signs in and returns the token. */
  signIn(code?: string, password?: string): Promise<string>;
  /** Calls the API as the admin of the demo company unless told otherwise. */
  call<T = any>(method: string, path: string, options?: CallOptions): Promise<CallResult<T>>;
  close(): Promise<void>;
}

/**
 * A real API over a real database of its own holding the test company's starter books: PGlite in
 * memory by default, or a fresh database on the PostgreSQL server named by DATABASE_URL (CI runs
 * the API suite both ways).
 */
export async function startTestApi(): Promise<TestApi> {
  const config = testConfig();
  const { db, drop: dropDatabase } = await openTestDatabase();
  const deps = await createDeps(config, db);
  const app = createApp(deps);
  let adminToken: string | null = null;

  const api: TestApi = {
    app,
    db,
    deps,
    config,
    async signIn(code = config.adminUser, password = config.adminPassword) {
      const res = await api.call('POST', '/api/auth', { token: null, body: { code, password } });
      if (res.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(res.body)}`);
      return res.body.data.token as string;
    },
    async call(method, path, options = {}) {
      if (options.token === undefined && adminToken === null) adminToken = await api.signIn();
      const token = options.token === undefined ? adminToken : options.token;
      const headers: Record<string, string> = { ...options.headers };
      if (token) headers.Authorization = `Bearer ${token}`;
      const database = options.database === undefined ? 'DEMOTRUST' : options.database;
      if (database) headers['X-Database'] = database;
      let body: string | undefined = options.rawBody;
      if (options.body !== undefined) body = JSON.stringify(options.body);
      if (body !== undefined) headers['Content-Type'] ??= 'application/json';
      const res = await app.request(path, { method, headers, body });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        // Non-JSON answers (files) are returned as text.
      }
      return { status: res.status, body: parsed as never };
    },
    async close() {
      await db.close();
      await dropDatabase();
    },
  };
  return api;
}
