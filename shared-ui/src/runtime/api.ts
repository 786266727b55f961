import { showAlert, warnAlertFrom } from './alerts.js';
import { session } from './session.js';

/**
 * The normalised failure of spec 1 §8: error true, a status (default 418; 0 becomes 502), a
 * message (response msg, then message, then the exception's, then 'Unknown Error'; 404 reads
 * 'Invalid API Route {method}:{url}'), and the response data.
 */
export class ApiFailure extends Error {
  readonly error = true;
  constructor(
    readonly status: number,
    message: string,
    readonly data: Record<string, unknown> = {},
    /** The server answered 200 but set the error flag: shown as a 'Critical Warning' (spec 1 §8). */
    readonly flagged = false,
  ) {
    super(message);
  }
  /** Field errors as the server lists them: [{ path, msg }]. */
  get errors(): { path: string; msg: string }[] {
    return Array.isArray(this.data.errors) ? (this.data.errors as { path: string; msg: string }[]) : [];
  }
}

/** No answer at all (fetch itself failed: the network, or the request cut off by leaving the page), shown as a 502. */
export class NetworkFailure extends ApiFailure {}

export type FailureListener = (failure: ApiFailure, request: { method: string; path: string }) => void;
const failureListeners = new Set<FailureListener>();

/** The shell subscribes to route 401/403 to sign-out and other failures to the error dialog. */
export function onApiFailure(listener: FailureListener): () => void {
  failureListeners.add(listener);
  return () => failureListeners.delete(listener);
}

export interface RequestOptions {
  /** Query string values; empty values are left out (spec 1 §7). */
  query?: Record<string, string | number | boolean | null | undefined>;
  /** Do not notify failure listeners (the caller shows the error itself). */
  quiet?: boolean;
  signal?: AbortSignal;
  /** Return the raw Response (file downloads). */
  raw?: boolean;
  /** Extra request headers (the Idempotency-Key of a posting, see useSubmissionKey). */
  headers?: Record<string, string>;
}

let apiBase = '';
/** Tests and the dev servers may point the client elsewhere; the product uses same-origin /api. */
export function setApiBase(base: string): void {
  apiBase = base.replace(/\/$/, '');
}

export function buildQuery(query: RequestOptions['query']): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === null || v === undefined || v === '') continue;
    params.set(k, String(v));
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}

export async function apiRequest<T = unknown>(method: string, path: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const token = session.get('token');
  const database = session.get('database');
  if (token) headers.Authorization = `Bearer ${token}`;
  if (database) headers['X-Database'] = database;
  // A Blob (a backup file to restore) goes as it is; everything else as JSON.
  const file = body instanceof Blob;
  if (body !== undefined) headers['Content-Type'] = file ? 'application/octet-stream' : 'application/json';
  const url = `${apiBase}${path}${buildQuery(options.query)}`;
  let response: Response;
  try {
    response = await fetch(url, { method, headers, body: body === undefined ? undefined : file ? body : JSON.stringify(body), signal: options.signal });
  } catch (e) {
    throw notify(new NetworkFailure(502, e instanceof Error ? e.message : 'Unknown Error'), method, path, options);
  }
  if (options.raw && response.status === 200) return response as T;
  let payload: Record<string, unknown> = {};
  const text = await response.text();
  if (text) {
    try {
      payload = JSON.parse(text) as Record<string, unknown>;
    } catch {
      payload = { message: text.slice(0, 500) };
    }
  }
  if (response.status !== 200 || payload.error === true) {
    const status = response.status === 200 ? Number(payload.status ?? 418) : response.status || 502;
    const message =
      (typeof payload.msg === 'string' && payload.msg) ||
      (typeof payload.message === 'string' && payload.message) ||
      (status === 404 ? `Invalid API Route ${method}:${path}` : 'Unknown Error');
    throw notify(new ApiFailure(status, message, payload, response.status === 200), method, path, options);
  }
  const warning = options.quiet ? null : warnAlertFrom(payload);
  if (warning) showAlert(warning);
  return payload as T;
}

function notify(failure: ApiFailure, method: string, path: string, options: RequestOptions): ApiFailure {
  if (!options.quiet) failureListeners.forEach((l) => l(failure, { method, path }));
  return failure;
}

export const api = {
  get: <T = unknown>(path: string, options?: RequestOptions) => apiRequest<T>('GET', path, undefined, options),
  post: <T = unknown>(path: string, body?: unknown, options?: RequestOptions) => apiRequest<T>('POST', path, body ?? {}, options),
  put: <T = unknown>(path: string, body?: unknown, options?: RequestOptions) => apiRequest<T>('PUT', path, body ?? {}, options),
  delete: <T = unknown>(path: string, options?: RequestOptions) => apiRequest<T>('DELETE', path, undefined, options),
};
