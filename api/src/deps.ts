import { LoginThrottle, databaseFailureStore } from './auth/login-throttle.js';
import { type TokenService, createTokenService } from './auth/tokens.js';
import type { Config } from './config.js';
import type { Database } from './db/open.js';
import { Directory } from './http/directory.js';
import { type Requires, createGuard } from './http/guard.js';
import { ReadCache } from './http/read-cache.js';
import { JobRunner } from './jobs/jobs.js';
import { Mailer } from './email/mailer.js';

/** Everything a feature router needs, built once per process (or per test). */
export interface AppDeps {
  config: Config;
  db: Database;
  tokens: TokenService;
  directory: Directory;
  requires: Requires;
  /** Reference lists and lookups per company, invalidated by every write in every process (see http/read-cache.ts). */
  reads: ReadCache;
  /** Long operations with progress polled through GET /api/progress/{id} (see jobs/jobs.ts). */
  jobs: JobRunner;
  /** The e-mail outbox worker (api/src/email): started by server.ts, told to send now by POST /api/email/send. */
  mailer: Mailer;
  /**
   * Failed sign-ins back off after 5 per user id (and user at an address) and 30 per address (an
   * office shares one), counted in the control schema across every API process.
   */
  throttle: { user: LoginThrottle; address: LoginThrottle };
}

export async function createDeps(config: Config, db: Database): Promise<AppDeps> {
  const tokens = await createTokenService(db.control, config.tokenSecret, config.tokenHours);
  // Caches of this process, kept true across processes by PostgreSQL LISTEN/NOTIFY (http/invalidation.ts).
  const bus = db.invalidation();
  await bus.start();
  const directory = new Directory(db, 5_000, bus);
  const reads = new ReadCache(config.readCacheMs, bus);
  const failures = databaseFailureStore(db.control);
  return {
    config, db, tokens, directory, reads,
    // A finished job (a sync, month end) wrote behind the guard's back: its company's cached reads go.
    jobs: new JobRunner(db, (company) => reads.written(company)),
    mailer: new Mailer(db),
    requires: createGuard({ db, tokens, directory, reads, bus }),
    throttle: { user: new LoginThrottle(failures, 'user', 5), address: new LoginThrottle(failures, 'address', 30) },
  };
}
