/**
 * Toasts for every app on the page. Only the shell renders a Fluent Toaster; remotes call
 * notify(), which reaches that Toaster through this module-level bridge whatever React root
 * the caller lives in. Notices raised before the Toaster exists wait for it.
 */
export type NoticeIntent = 'success' | 'info' | 'warning' | 'error';

export interface Notice {
  title: string;
  body?: string;
  intent: NoticeIntent;
  /** Milliseconds; spec 1 §9 default 4000. */
  timeout?: number;
  /** A button in the toast, e.g. 'Print Invoice' after a charge is saved. */
  action?: { label: string; onClick: () => void };
}

export const DEFAULT_TOAST_TIMEOUT = 4000;

type Sink = (notice: Required<Pick<Notice, 'title' | 'intent' | 'timeout'>> & Pick<Notice, 'body' | 'action'>) => void;

let sink: Sink | null = null;
const waiting: Notice[] = [];

export function notify(notice: Notice): void {
  const full = { ...notice, timeout: notice.timeout ?? DEFAULT_TOAST_TIMEOUT };
  if (sink) sink(full);
  else waiting.push(full);
}

/** The shell's Toaster registers here; returns the unregister function. */
export function setNoticeSink(next: Sink): () => void {
  sink = next;
  for (const notice of waiting.splice(0)) notify(notice);
  return () => {
    if (sink === next) sink = null;
  };
}
