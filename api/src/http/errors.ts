import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ZodError } from 'zod';

/** A field-level problem, in the shape the screens show next to the field. */
export interface FieldError {
  path: string;
  msg: string;
}

/** The one error shape (spec 1 §8): `{ error: true, status, message, ... }`. */
export interface ErrorBody {
  error: true;
  status: number;
  message: string;
  errors?: FieldError[];
  [extra: string]: unknown;
}

/** Thrown by domain code and routes; becomes a 4xx in the error shape. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, extra?: Record<string, unknown>) => new ApiError(400, message, extra);
export const forbidden = (message: string) => new ApiError(403, message);
export const notFound = (message: string) => new ApiError(404, message);
export const conflict = (message: string, extra?: Record<string, unknown>) => new ApiError(409, message, extra);

export function zodFieldErrors(error: ZodError): FieldError[] {
  return error.issues.map((issue) => ({ path: issue.path.map(String).join('.') || '(body)', msg: issue.message }));
}

export function validationError(error: ZodError): ApiError {
  const errors = zodFieldErrors(error);
  const message = errors.map((e) => (e.path === '(body)' ? e.msg : `${e.path}: ${e.msg}`)).join('; ');
  return new ApiError(400, message, { errors });
}

export function errorJson(c: Context, status: ContentfulStatusCode, message: string, extra: Record<string, unknown> = {}) {
  const body: ErrorBody = { error: true, status, message, ...extra };
  return c.json(body, status);
}

/** Maps anything thrown to the error shape; returns null for unexpected errors (the caller logs them as 500s). */
export function knownErrorResponse(c: Context, err: unknown): Response | null {
  if (err instanceof ApiError) return errorJson(c, err.status, err.message, err.extra);
  if (err instanceof ZodError) {
    const e = validationError(err);
    return errorJson(c, e.status, e.message, e.extra);
  }
  if (err instanceof HTTPException) {
    const status = err.status as ContentfulStatusCode;
    const message = status === 413 ? 'Request body is too large (limit 1 MB)' : err.message || 'Bad request';
    return errorJson(c, status, message);
  }
  return null;
}
