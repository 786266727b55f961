import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApi, startTestApi } from '../testing/test-api.js';
import { staticSite } from '../web/static-site.js';
import { routeTable } from './document.js';
import { ROUTE_DOCS } from './route-docs.js';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const toOpenApiPath = (path: string) => path.replace(/:([A-Za-z_][A-Za-z0-9_]*)(\{[^}]+\})?/g, '{$1}');

describe('GET /api/openapi.json (issue 16)', () => {
  it('every route of the app has a description in route-docs.ts, and the registry names no route the app lacks', () => {
    const keys = routeTable(api.app).map((r) => r.key);
    const missing = keys.filter((k) => !ROUTE_DOCS[k]);
    expect(missing, `Routes without a description in api/src/openapi/route-docs.ts:\n${missing.join('\n')}`).toEqual([]);
    const stale = Object.keys(ROUTE_DOCS).filter((k) => !keys.includes(k));
    expect(stale, `route-docs.ts describes routes the app does not have:\n${stale.join('\n')}`).toEqual([]);
  });

  it('is a valid OpenAPI 3.1 document listing every route of the route table with its permission flag', async () => {
    const res = await api.call('GET', '/api/openapi.json', { token: null, database: null });
    expect(res.status).toBe(200);
    const doc = res.body;
    const validator = new Validator();
    const result = await validator.validate(doc);
    expect(result.errors, JSON.stringify(result.errors, null, 1)?.slice(0, 3000)).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    for (const route of routeTable(api.app)) {
      const op = doc.paths[toOpenApiPath(route.path)]?.[route.method.toLowerCase()];
      expect(op, route.key).toBeDefined();
      expect(op['x-permission'], route.key).toBe(route.access);
    }
  });

  it('takes bodies and queries from the routes\' own validators and answers errors in the spec 1 §8 shape', async () => {
    const doc = (await api.call('GET', '/api/openapi.json', { token: null, database: null })).body;
    const addCategory = doc.paths['/api/category'].post;
    expect(addCategory['x-permission']).toBe('p_mgt');
    expect(Object.keys(addCategory.requestBody.content['application/json'].schema.properties)).toEqual(expect.arrayContaining(['code', 'name', 'type']));
    expect(addCategory.responses['403'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Error' });
    expect(doc.components.schemas.Error.required).toEqual(['error', 'status', 'message']);
    // The answer the schema describes is the one the API gives.
    const refused = await api.call('POST', '/api/category', { body: { code: 12 } });
    expect(Object.keys(refused.body)).toEqual(expect.arrayContaining(doc.components.schemas.Error.required));
    expect(doc.paths['/api/health'].get.security).toEqual([]);
  });
});

describe('the page for people at /api-docs', () => {
  it('serves Swagger UI from this origin (no CDN) pointed at /api/openapi.json', async () => {
    const site = staticSite('/nonexistent');
    const page = await site.request('/api-docs');
    expect(page.status).toBe(200);
    const html = await page.text();
    const sources = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(sources.every((s) => s.startsWith('/api-docs/')), sources.join(' ')).toBe(true);
    for (const source of sources) expect((await site.request(source)).status, source).toBe(200);
    expect(await (await site.request('/api-docs/start.js')).text()).toContain("url: '/api/openapi.json'");
    expect(page.headers.get('Content-Security-Policy')).toContain("script-src 'self'");
    expect((await site.request('/api-docs/package.json')).status).toBe(404);
  });
});
