import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';

/**
 * The headers every answer carries (issue 8 item 18): a Content-Security-Policy that admits only
 * this origin's scripts (Fluent UI writes its styles inline; signatures and logos are data: URLs;
 * printed PDFs open as blob: URLs) and lets only this origin frame the product, nosniff, no referrer,
 * and the rest of hono's secure defaults.
 */
export const securityHeaders = (remoteOrigins: string[] = []): MiddlewareHandler =>
  secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      // Remotes deployed to another origin (REMOTE_ORIGINS, docs/deploy.md) are scripts too.
      scriptSrc: ["'self'", ...remoteOrigins],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      // Screens read the PDFs they made back from blob: URLs (print and download).
      connectSrc: ["'self'", 'blob:', ...remoteOrigins],
      frameSrc: ["'self'", 'blob:'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'self'"],
    },
    referrerPolicy: 'no-referrer',
  });

/**
 * API answers are per user and per company: no browser or proxy may keep them. Set on the
 * answer's headers directly: c.header() after the answer is made rebuilds it as a full Fetch
 * Response, a cost on every call.
 */
export const noStore = (): MiddlewareHandler => async (c, next) => {
  await next();
  c.res.headers.set('Cache-Control', 'no-store');
};
