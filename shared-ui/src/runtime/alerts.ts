/**
 * Page-wide alert dialogs of spec 1 §8, raised by any app and rendered once by the shell (like
 * notify()): a response with the error flag is a 'Critical Warning' dialog, one with the warn
 * flag a 'Notice'; a request failure the startup trapped is the 'Trapped Database Error' dialog.
 * Alerts raised before the shell's dialog host exists wait for it.
 */
export type AlertKind = 'error' | 'warn';

export interface Alert {
  kind: AlertKind;
  /** Defaults to 'Critical Warning' (error) or 'Notice' (warn). */
  title?: string;
  message: string;
  detail?: string;
}

/** A request failure the startup could not recover from, as stored in the session. */
export interface TrappedError {
  status?: number;
  message: string;
  sql?: string;
  detail?: string;
  parameters?: unknown;
}

export type AlertRequest = ({ type: 'alert' } & Alert & { title: string }) | ({ type: 'trapped' } & TrappedError);

export const TRAPPED_ERROR_TEXT = 'A database error has been trapped. Please check your system log for more information!';

export const alertTitle = (alert: Alert): string => alert.title || (alert.kind === 'error' ? 'Critical Warning' : 'Notice');

type Sink = (request: AlertRequest) => void;
let sink: Sink | null = null;
const waiting: AlertRequest[] = [];

function deliver(request: AlertRequest): void {
  if (sink) sink(request);
  else waiting.push(request);
}

/** Shows a 'Critical Warning' (kind error) or 'Notice' (kind warn) dialog. */
export function showAlert(alert: Alert): void {
  deliver({ type: 'alert', ...alert, title: alertTitle(alert) });
}

/** Shows the 'Trapped Database Error' dialog for a trapped request failure. */
export function showTrappedError(trapped: TrappedError): void {
  deliver({ type: 'trapped', ...trapped });
}

/** The shell's dialog host registers here; returns the unregister function. */
export function setAlertSink(next: Sink): () => void {
  sink = next;
  for (const request of waiting.splice(0)) deliver(request);
  return () => {
    if (sink === next) sink = null;
  };
}

const text = (value: unknown): string | undefined => {
  if (value === undefined || value === null || value === '') return undefined;
  return typeof value === 'string' ? value : JSON.stringify(value);
};

/** The detail of a flagged response: its detail field, else its errors listed one per line. */
export function responseDetail(payload: Record<string, unknown>): string | undefined {
  const detail = text(payload.detail);
  if (detail) return detail;
  if (Array.isArray(payload.errors) && payload.errors.length > 0)
    return (payload.errors as { path?: unknown; msg?: unknown }[]).map((e) => (e.path ? `${String(e.path)}: ${String(e.msg)}` : String(e.msg))).join('\n');
  return undefined;
}

/** The Notice a successful response asks for with its warn flag, or null. */
export function warnAlertFrom(payload: Record<string, unknown>): Alert | null {
  if (payload.warn !== true || payload.error === true) return null;
  const message = text(payload.msg) ?? text(payload.message) ?? 'Warning';
  return { kind: 'warn', message, detail: responseDetail(payload) };
}

/** What the startup stores: status, message and, when the server gave them, sql, detail and parameters. */
export function trappedErrorFrom(status: number, message: string, data: Record<string, unknown> = {}): TrappedError {
  const trapped: TrappedError = { status, message };
  const sql = text(data.sql);
  const detail = text(data.detail);
  if (sql) trapped.sql = sql;
  if (detail) trapped.detail = detail;
  if (data.parameters !== undefined && data.parameters !== null) trapped.parameters = data.parameters;
  return trapped;
}

/** Reads the stored trapped error back; anything unreadable still gives a message. */
export function parseTrappedError(stored: string | null): TrappedError | null {
  if (stored === null) return null;
  try {
    const value = JSON.parse(stored) as Partial<TrappedError> | null;
    if (value && typeof value === 'object') return { ...value, message: typeof value.message === 'string' ? value.message : '' };
  } catch {
    /* fall through */
  }
  return { message: stored };
}

/** The rows the trapped dialog shows, in order; missing ones are left out. */
export function trappedErrorRows(trapped: TrappedError): { label: string; value: string }[] {
  const rows: { label: string; value: string }[] = [];
  rows.push({ label: 'Message', value: trapped.status ? `[${trapped.status}] ${trapped.message}` : trapped.message });
  const sql = text(trapped.sql);
  const detail = text(trapped.detail);
  const parameters = text(trapped.parameters);
  if (sql) rows.push({ label: 'SQL', value: sql });
  if (detail) rows.push({ label: 'Detail', value: detail });
  if (parameters) rows.push({ label: 'Parameters', value: parameters });
  return rows;
}
