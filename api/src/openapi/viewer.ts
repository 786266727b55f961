import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Hono } from 'hono';

/**
 * The API described for people at /api-docs/ (issue 16): Swagger UI from the swagger-ui-dist
 * package, served from this origin (no CDN, so the Content-Security-Policy's "this origin's
 * scripts only" holds), reading GET /api/openapi.json. The page and its start script are written
 * here rather than taken from the package, whose start script points at a demo API.
 */
const PAGE = `<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="UTF-8">
    <title>Owner Accounting API</title>
    <link rel="stylesheet" href="/api-docs/swagger-ui.css">
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="/api-docs/swagger-ui-bundle.js"></script>
    <script src="/api-docs/start.js"></script>
  </body>
</html>
`;

// Try it out sends what the page is given: the shell keeps the session in this tab's
// sessionStorage, so a tab that signed in may call the API from here with its own token.
const START = `window.ui = SwaggerUIBundle({
  url: '/api/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  presets: [SwaggerUIBundle.presets.apis],
  requestInterceptor: (request) => {
    const token = sessionStorage.getItem('oa.token');
    const database = sessionStorage.getItem('oa.database');
    if (token && !request.headers.Authorization) request.headers.Authorization = 'Bearer ' + token;
    if (database && !request.headers['X-Database']) request.headers['X-Database'] = database;
    return request;
  },
});
`;

/** The package's files this page uses, and their types. */
const PACKAGE_FILES: Record<string, string> = {
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui.css': 'text/css; charset=utf-8',
};

export function apiDocsViewer() {
  const app = new Hono();
  // Resolved from this module, so the compiled server (api/dist) finds the package as the sources do.
  const folder = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  app.get('/', (c) => c.html(PAGE, 200, { 'Cache-Control': 'no-cache' }));
  app.get('/start.js', (c) => c.body(START, 200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' }));
  app.get('/:file', async (c) => {
    const type = PACKAGE_FILES[c.req.param('file')];
    if (!type) return c.text('Not found', 404);
    // The package's version is in the lock file; a day's caching is safe across an upgrade.
    return c.body(await readFile(join(folder, c.req.param('file'))), 200, { 'Content-Type': type, 'Cache-Control': 'public, max-age=86400' });
  });
  return app;
}
