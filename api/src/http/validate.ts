import { zValidator } from '@hono/zod-validator';
import type { ZodType } from 'zod';
import { validationError } from './errors.js';

/** Validates the JSON body with a contract schema; a failure is a 400 in the error shape. */
export const jsonBody = <T extends ZodType>(schema: T) =>
  zValidator('json', schema, (result) => {
    if (!result.success) throw validationError(result.error as never);
  });

/** Validates the query string with a contract schema. */
export const queryParams = <T extends ZodType>(schema: T) =>
  zValidator('query', schema, (result) => {
    if (!result.success) throw validationError(result.error as never);
  });
