import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ZodError } from 'zod';
import { UnsafeHeader } from '../email/address.js';
import { MoneyLimitError } from '../money/cents.js';

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
  if (err instanceof MoneyLimitError) return errorJson(c, 409, err.message);
  // An e-mail header that could carry another header (a newline) or is no address: refused, nothing queued.
  if (err instanceof UnsafeHeader) return errorJson(c, 400, err.message);
  const refused = foreignKeyRefusal(err) ?? concurrencyRefusal(err);
  if (refused) return errorJson(c, refused.status, refused.message, refused.extra);
  if (err instanceof HTTPException) {
    const status = err.status as ContentfulStatusCode;
    const message = status === 413 ? 'Request body is too large (limit 1 MB)' : err.message || 'Bad request';
    return errorJson(c, status, message);
  }
  return null;
}

/** The SQLSTATE of a database error (postgres.js and PGlite both carry `code`). */
export const sqlState = (err: unknown): string | undefined =>
  err && typeof err === 'object' && typeof (err as { code?: unknown }).code === 'string' ? (err as { code: string }).code : undefined;

/**
 * A foreign-key violation (23503) as the refusal it is: deleting a row still in use (an account
 * with postings, a card type on past receipts) is a 409 naming what uses it; a reference to a row
 * that does not exist is a 400. Never a 500, and the statement changed nothing.
 */
export function foreignKeyRefusal(err: unknown): ApiError | null {
  if (sqlState(err) !== '23503') return null;
  const detail = String((err as { detail?: unknown }).detail ?? '');
  const inUse = /Key \((.+?)\)=\((.*)\) is still referenced from table "(.+?)"/.exec(detail);
  if (inUse) {
    const [, column, value, table] = inUse;
    return conflict(`${value} is in use (${table!.replace(/_/g, ' ')} records refer to it) and cannot be deleted or renamed`, { errors: [{ path: column!, msg: `${value} is in use` }] });
  }
  const missing = /Key \((.+?)\)=\((.*)\) is not present in table "(.+?)"/.exec(detail);
  if (missing) return badRequest(`Unknown ${missing[3]!.replace(/_/g, ' ')} ${missing[2]}`, { errors: [{ path: missing[1]!, msg: `Unknown ${missing[2]}` }] });
  return conflict('The record is in use by other records and cannot be deleted or changed');
}

/** A deadlock (40P01) or serialization failure (40001) that retries did not resolve: a 409 to try again. */
export function concurrencyRefusal(err: unknown): ApiError | null {
  const state = sqlState(err);
  if (state !== '40P01' && state !== '40001') return null;
  return conflict('The books were being changed by another user at the same moment; nothing was saved, please try again');
}
