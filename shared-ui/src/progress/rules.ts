/** Progress polling (spec 1 §4.5, spec 2 §9): every 500 ms, auto-close 1 s after 100 %. */
export const PROGRESS_POLL_MS = 500;
export const PROGRESS_AUTOCLOSE_MS = 1000;

export interface ProgressState {
  id: string | null;
  percent: number;
  message: string;
  active: boolean;
  /** Once finished, what the operation answered (the server's job result), if it succeeded. */
  result?: unknown;
  /** Once finished, why it failed, in the spec's error shape. */
  error?: { status: number; message: string } | null;
}

/** One answer of GET /api/progress/{id}. */
export interface ProgressAnswer {
  percent?: unknown;
  message?: unknown;
  active?: unknown;
  result?: unknown;
  error?: unknown;
}

/** Percent as a whole number between 0 and 100. */
export function capPercent(percent: unknown): number {
  const n = Number(percent);
  if (!Number.isFinite(n)) return 0;
  return Math.min(100, Math.max(0, n));
}

/** Red to 50 %, orange to 80 %, green above. */
export function progressColour(percent: number): 'red' | 'orange' | 'green' {
  if (percent <= 50) return 'red';
  if (percent <= 80) return 'orange';
  return 'green';
}

/** The state after one poll answer; a finished job stops being active. */
export function nextProgress(previous: ProgressState, answer: ProgressAnswer): ProgressState {
  const percent = capPercent(answer.percent);
  const next: ProgressState = {
    id: previous.id,
    percent,
    message: typeof answer.message === 'string' ? answer.message : previous.message,
    active: percent < 100 && answer.active !== false,
  };
  if (answer.result !== undefined && answer.result !== null) next.result = answer.result;
  if (isProgressError(answer.error)) next.error = answer.error;
  return next;
}

const isProgressError = (e: unknown): e is { status: number; message: string } =>
  !!e && typeof e === 'object' && typeof (e as { status?: unknown }).status === 'number' && typeof (e as { message?: unknown }).message === 'string';

/** A failed poll ends the bar: percent 100 and inactive. */
export function failedProgress(previous: ProgressState): ProgressState {
  return { ...previous, percent: 100, active: false };
}
