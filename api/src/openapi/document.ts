import type { Hono } from 'hono';
import { type ZodType, z } from 'zod';
import type { RouteAccess } from '../http/guard.js';
import type { RouteContract } from '../http/validate.js';
import { ROUTE_DOCS, type RouteDoc } from './route-docs.js';

/**
 * The OpenAPI 3.1 description of the API (issue 16), made from the app's own route table: each
 * route's permission flag from its guard (http/guard.ts), its body and query from the zod schemas
 * its validators check (http/validate.ts) or, for the few routes that parse by hand, the schema
 * route-docs.ts names, and its words from route-docs.ts. Nothing here repeats a schema.
 */

interface Tagged {
  access?: RouteAccess;
  readOnly?: boolean;
  contract?: RouteContract;
}

export interface RouteInfo {
  key: string;
  method: string;
  path: string;
  access: RouteAccess | undefined;
  readOnly: boolean;
  body: ZodType | undefined;
  query: ZodType | undefined;
}

/** The app's routes, one per method and path, with what their middlewares say about them. */
export function routeTable(app: Hono<any>): RouteInfo[] {
  const routes = new Map<string, RouteInfo>();
  for (const r of app.routes) {
    // 'ALL' entries are app-wide middleware (headers, body limit, input checks), not routes.
    if (r.method === 'ALL') continue;
    const key = `${r.method} ${r.path}`;
    const route = routes.get(key) ?? { key, method: r.method, path: r.path, access: undefined, readOnly: false, body: undefined, query: undefined };
    const handler = r.handler as Tagged;
    if (handler.access) {
      route.access = handler.access;
      route.readOnly = handler.readOnly ?? false;
    }
    if (handler.contract?.target === 'json') route.body = handler.contract.schema;
    if (handler.contract?.target === 'query') route.query = handler.contract.schema;
    routes.set(key, route);
  }
  return [...routes.values()];
}

/** Hono's `/email/:id{[0-9]+}` as OpenAPI's `/email/{id}`, with the parameters' names and patterns. */
function openApiPath(path: string): { path: string; params: { name: string; pattern?: string }[] } {
  const params: { name: string; pattern?: string }[] = [];
  const converted = path.replace(/:([A-Za-z_][A-Za-z0-9_]*)(\{([^}]+)\})?/g, (_, name: string, _p, pattern: string | undefined) => {
    params.push(pattern ? { name, pattern: `^${pattern}$` } : { name });
    return `{${name}}`;
  });
  return { path: converted, params };
}

/** A zod schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect), as a caller must send it. */
function jsonSchema(schema: ZodType): Record<string, unknown> {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  return rest;
}

/** Query parameters from an object schema's properties. */
function queryParameters(schema: ZodType): Record<string, unknown>[] {
  const json = jsonSchema(schema);
  const properties = (json.properties ?? {}) as Record<string, Record<string, unknown>>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({ name, in: 'query', required: required.has(name), schema: property }));
}

const ACCESS_TEXT: Record<string, string> = {
  public: 'Public: no token.',
  'signed-in': 'Any signed-in user (Bearer token), no company.',
  support: 'Support users (SUPER) only.',
  company: 'Any user of the company named in X-Database; the route checks finer flags itself where the spec says so.',
};

const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } });

function operation(route: RouteInfo, doc: RouteDoc | undefined, pathParams: { name: string; pattern?: string }[]) {
  const access = route.access ?? 'public';
  const isFlag = !(access in ACCESS_TEXT);
  const needsCompany = access !== 'public' && access !== 'signed-in' && access !== 'support';
  const writes = !route.readOnly && !['GET', 'HEAD', 'OPTIONS'].includes(route.method);
  const accessText = isFlag ? `Permission flag \`${access}\` in the company named in X-Database.` : ACCESS_TEXT[access]!;
  const notes = [doc?.description, accessText, writes && needsCompany ? 'Refused with a 409 while another user holds the month-end lock.' : undefined].filter(Boolean);
  const body = route.body ?? doc?.body;
  const query = route.query ?? doc?.query;
  const parameters: Record<string, unknown>[] = [
    ...pathParams.map((p) => ({ name: p.name, in: 'path', required: true, schema: { type: 'string', ...(p.pattern ? { pattern: p.pattern } : {}) } })),
    ...(query ? queryParameters(query) : []),
    ...(needsCompany ? [{ $ref: '#/components/parameters/Company' }] : []),
  ];
  const responses: Record<string, unknown> = {
    200: {
      description: doc?.answers ?? 'Done: `{ data }`, with what the summary says.',
      content: doc?.file
        ? { [doc.file]: { schema: { type: 'string', contentMediaType: doc.file } } }
        : { 'application/json': { schema: doc?.response ? jsonSchema(doc.response) : { $ref: '#/components/schemas/Answer' } } },
    },
    400: errorResponse('The request is malformed or a value is refused (the fields in `errors`)'),
    ...(access === 'public' ? {} : { 401: errorResponse('No token, or the session ended or expired') }),
    ...(access === 'public' || access === 'signed-in' ? {} : { 403: errorResponse(isFlag ? `The user lacks ${access} in this company` : 'The user may not open this company') }),
    404: errorResponse('Nothing with this key'),
    409: errorResponse('Refused by a rule of the books (closed period, month-end lock, a record in use, money limits)'),
    default: errorResponse('Any other refusal, in the same shape'),
  };
  return {
    operationId: `${route.method.toLowerCase()}${route.path.replace(/\{[^}]*\}/g, '').replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
    summary: doc?.summary ?? `${route.method} ${route.path}`,
    description: notes.join('\n\n'),
    tags: [route.path.split('/')[2] ?? 'api'],
    'x-permission': access,
    ...(access === 'public' ? { security: [] } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(body ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(body) } } } } : {}),
    responses,
  };
}

/** The whole document for the app's routes (including this one). */
export function openApiDocument(app: Hono<any>, version: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routeTable(app)) {
    const { path, params } = openApiPath(route.path);
    const op = operation(route, ROUTE_DOCS[route.key], params);
    // Two Hono paths (`/a/:id` and `/a/:id{[0-9]+}`) can meet in one OpenAPI path: operationIds stay unique by key.
    (paths[path] ??= {})[route.method.toLowerCase()] = op;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Owner Accounting API',
      version,
      description: 'Trust accounting for holiday-letting and rental property managers. Money crosses the wire as dollars with at most two decimals. Every error has one shape (spec 1 §8): `{ error: true, status, message }`, with `errors` naming the fields of a refused body. Sign in with POST /api/auth, then send `Authorization: Bearer <token>` and the company code in `X-Database`.',
    },
    servers: [{ url: '/' }],
    security: [{ bearer: [] }],
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'The token POST /api/auth answers' } },
      parameters: {
        Company: { name: 'X-Database', in: 'header', required: true, description: 'The company code (spec 1 §6)', schema: { type: 'string', pattern: '^[A-Za-z0-9_]{1,20}$' } },
      },
      schemas: {
        Answer: { type: 'object', properties: { data: {} }, description: 'Successful answers carry their result in `data`.' },
        Error: {
          type: 'object',
          required: ['error', 'status', 'message'],
          properties: {
            error: { const: true },
            status: { type: 'integer' },
            message: { type: 'string' },
            errors: { type: 'array', items: { type: 'object', required: ['path', 'msg'], properties: { path: { type: 'string' }, msg: { type: 'string' } } } },
          },
          additionalProperties: true,
        },
      },
    },
  };
}
