import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { archiveRoutes } from './archive/routes.js';
import { auditRoutes } from './audit/routes.js';
import { authRoutes } from './auth/routes.js';
import { progressRoutes } from './progress/routes.js';
import { balancesRoutes } from './balances/routes.js';
import { bookingRoutes } from './bookings/routes.js';
import type { AppDeps } from './deps.js';
import { exportRoutes } from './exports/routes.js';
import { errorJson, knownErrorResponse } from './http/errors.js';
import { noStore, securityHeaders } from './http/security-headers.js';
import type { AppEnv } from './http/env.js';
import { safeInput } from './http/safe-input.js';
import { controlRoutes } from './control/routes.js';
import { disbursementRoutes } from './disbursement/routes.js';
import { poolReleaseRoutes, poolRoutes } from './pools/routes.js';
import { snapshotRoutes } from './snapshots/routes.js';
import { logRoutes } from './log/routes.js';
import { ErrorLogLimiter, withLeftOut, writeLog } from './log/system-log.js';
import { lookupRoutes } from './lookup/routes.js';
import { pinnedRoutes } from './pinned/routes.js';
import { accountRoutes } from './reference/accounts.js';
import { bankRoutes } from './reference/banks.js';
import { entityRoutes } from './entities/routes.js';
import { rentalRoutes } from './tenancies/routes.js';
import { unitRoutes } from './units/routes.js';
import { entityBalanceRoutes } from './cashbook/balance-routes.js';
import { cashbookRoutes } from './cashbook/routes.js';
import { bankingRoutes } from './banking/routes.js';
import { bankrecRoutes } from './bankrec/routes.js';
import { bankStatementRoutes } from './bankstatements/routes.js';
import { cardTypeRoutes } from './reference/card-types.js';
import { categoryRoutes } from './reference/category.js';
import { chargeRoutes } from './charges/routes.js';
import { journalRoutes } from './journals/routes.js';
import { checklistRoutes } from './reference/checklist.js';
import { feeRoutes } from './reference/fees.js';
import { gstCodeRoutes } from './reference/gst-codes.js';
import { templateRoutes } from './reference/templates.js';
import { unitClassRoutes } from './reference/unit-classes.js';
import { unitTypeRoutes } from './reference/unit-types.js';
import { userRoutes } from './users/routes.js';
import { monthEndChecklistRoutes, monthEndRoutes } from './monthend/routes.js';
import { statementRoutes } from './statements/routes.js';
import { reportRoutes } from './reports/routes.js';
import { emailListRoutes, emailRoutes, emailStatementRoutes } from './email/routes.js';
import { emailTestRoutes, testApiRoutes } from './testapi/routes.js';
import { utilRoutes } from './backup/routes.js';
import { RESTORE_BODY_LIMIT, supportRoutes } from './support/routes.js';
import { openApiDocument } from './openapi/document.js';
import packageJson from '../package.json' with { type: 'json' };

export const BODY_LIMIT_BYTES = 1024 * 1024;

/** Composes the feature routers under /api. Every route carries a guard (see http/guard.ts). */
export function createApp(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.use('/api/*', securityHeaders(), noStore());
  // A restore's body is a whole company's backup; every other call is held to 1 MB. A declared
  // length is checked from the header, as bodyLimit would, without asking for the body as a
  // stream: that builds a whole Fetch Request per call, a cost on every read and write. GET and
  // HEAD carry no body; a chunked body is counted by bodyLimit as it arrives.
  const tooLarge = (c: Context<AppEnv>, restore: boolean) =>
    errorJson(c, 413, restore ? 'The backup file is too large (limit 512 MB)' : 'Request body is too large (limit 1 MB)');
  const limit = bodyLimit({ maxSize: BODY_LIMIT_BYTES, onError: (c) => tooLarge(c, false) });
  const restoreLimit = bodyLimit({ maxSize: RESTORE_BODY_LIMIT, onError: (c) => tooLarge(c, true) });
  app.use('/api/*', async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const restore = c.req.path === '/api/support/restore';
    const declared = c.req.header('content-length');
    if (declared === undefined || c.req.header('transfer-encoding') !== undefined) return (restore ? restoreLimit : limit)(c, next);
    if (Number(declared) > (restore ? RESTORE_BODY_LIMIT : BODY_LIMIT_BYTES)) return tooLarge(c, restore);
    return next();
  });
  app.use('/api/*', safeInput());

  // The engine kind only: the exact build would tell an attacker which advisories apply.
  app.get('/api/health', deps.requires('public'), (c) => c.json({ data: { status: 'ok', database: deps.db.kind } }));
  app.route('/api/auth', authRoutes(deps));
  // Before /api/unit and /api/account: it answers their sync calls (/api/unit/sync, /api/account/sync).
  app.route('/api', bookingRoutes(deps));
  app.route('/api/category', categoryRoutes(deps));
  app.route('/api/banks', bankRoutes(deps));
  app.route('/api/account', accountRoutes(deps));
  app.route('/api/cardtype', cardTypeRoutes(deps));
  app.route('/api/gstcodes', gstCodeRoutes(deps));
  app.route('/api/unittype', unitTypeRoutes(deps));
  app.route('/api/unitclass', unitClassRoutes(deps));
  app.route('/api/fees', feeRoutes(deps));
  app.route('/api/checklist', monthEndChecklistRoutes(deps));
  app.route('/api/checklist', checklistRoutes(deps));
  app.route('/api/monthend', monthEndRoutes(deps));
  app.route('/api/statement', statementRoutes(deps));
  app.route('/api/reports/emailstatements', emailStatementRoutes(deps));
  app.route('/api/reports', reportRoutes(deps));
  app.route('/api/email', emailRoutes(deps));
  app.route('/api/templates', templateRoutes(deps));
  app.route('/api/entity/balance', entityBalanceRoutes(deps));
  app.route('/api/entity/emaillist', emailListRoutes(deps));
  app.route('/api/entity', entityRoutes(deps));
  app.route('/api/unit', unitRoutes(deps));
  app.route('/api/rental', rentalRoutes(deps));
  app.route('/api/cashbook', cashbookRoutes(deps));
  app.route('/api/cashbook', bankingRoutes(deps));
  app.route('/api/bankrec', bankrecRoutes(deps));
  app.route('/api/bankstatements', bankStatementRoutes(deps));
  app.route('/api/control/info', lookupRoutes(deps));
  app.route('/api/control/poolrelease', poolReleaseRoutes(deps));
  app.route('/api/pool', poolRoutes(deps));
  app.route('/api/snapshot', snapshotRoutes(deps));
  app.route('/api/control', controlRoutes(deps));
  app.route('/api/lookup', lookupRoutes(deps));
  app.route('/api/user', userRoutes(deps));
  app.route('/api/log', logRoutes(deps));
  app.route('/api/blob', archiveRoutes(deps));
  app.route('/api/pinned', pinnedRoutes(deps));
  app.route('/api', balancesRoutes(deps));
  app.route('/api', auditRoutes(deps));
  app.route('/api', exportRoutes(deps));
  app.route('/api/disburse', disbursementRoutes(deps));
  app.route('/api/progress', progressRoutes(deps));
  app.route('/api/support', supportRoutes(deps));
  app.route('/api/util', utilRoutes(deps));

  app.route('/api/charge', chargeRoutes(deps));
  app.route('/api/journal', journalRoutes(deps));
  // The test-only calls of spec 3 §7: never mounted in production (see config.testMode).
  if (deps.config.testMode) {
    app.route('/api/testapi', testApiRoutes(deps));
    app.route('/api/email', emailTestRoutes(deps));
  }

  // Made from the route table once all routes are mounted, on the first call (issue 16). Public: it
  // says what the repository's sources say, and nothing of this server's build or data.
  let openApi: Record<string, unknown> | null = null;
  app.get('/api/openapi.json', deps.requires('public'), (c) => c.json((openApi ??= openApiDocument(app, packageJson.version))));

  app.notFound((c) => errorJson(c, 404, `Invalid API Route ${c.req.method}:${c.req.path}`));
  const errorLog = new ErrorLogLimiter();
  app.onError(async (err, c) => {
    const known = knownErrorResponse(c, err);
    if (known) return known;
    const company = c.get('company');
    const message = err instanceof Error ? err.message : String(err);
    const admitted = errorLog.admit(`${company?.code ?? ''} ${c.req.method} ${c.req.path} ${message.slice(0, 500)}`);
    if (admitted.write) await writeLog(deps.db.root, {
      database: company?.code ?? null,
      severity: 'ERROR',
      message: withLeftOut(message, admitted.repeats, admitted.dropped),
      identity: c.get('user')?.id ?? null,
      method: c.req.method,
      apicall: c.req.path,
      stack: err instanceof Error ? (err.stack ?? null) : null,
    }).catch(() => {});
    return errorJson(c, 500, 'The server could not complete this request; it has been recorded in the system log');
  });
  return app;
}
