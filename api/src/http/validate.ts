import { zValidator } from '@hono/zod-validator';
import type { ZodType } from 'zod';
import { badRequest, validationError } from './errors.js';

/**
 * What a validator checks, kept on its middleware so the OpenAPI document (api/src/openapi) reads
 * each route's request body and query from the very schema that validates them.
 */
export interface RouteContract {
  target: 'json' | 'query';
  schema: ZodType;
}

/** Validates the JSON body with a contract schema; a failure is a 400 in the error shape. */
export const jsonBody = <T extends ZodType>(schema: T) =>
  Object.assign(
    zValidator('json', schema, (result) => {
      if (!result.success) throw validationError(result.error as never);
    }),
    { contract: { target: 'json', schema } satisfies RouteContract },
  );

/** Validates the query string with a contract schema. */
export const queryParams = <T extends ZodType>(schema: T) =>
  Object.assign(
    zValidator('query', schema, (result) => {
      if (!result.success) throw validationError(result.error as never);
    }),
    { contract: { target: 'query', schema } satisfies RouteContract },
  );

/**
 * The search text of a list path's last segment (spec 2: GET /api/entity/list/{type}/{query},
 * /api/charge/list/{query}): trimmed, undefined when empty; longer than a search may be, or on
 * more than one line, it is refused as the ?search= parameter would be.
 */
export function listSegment(segment: string | undefined): string | undefined {
  const text = (segment ?? '').trim();
  if (!text) return undefined;
  if (text.length > 100 || /[\u0000-\u001f\u007f]/.test(text)) throw badRequest('The list path\'s search segment is at most 100 characters on one line');
  return text;
}
