import { useEffect, useRef, useState } from 'react';
import { ApiFailure, NetworkFailure, api, fetchControl, fetchCurrentUser, fetchLookups, parseTrappedError, queryClient, session, startupKeys, trappedErrorFrom, type TrappedError } from 'shared-ui/core';
import { handleSessionFailure } from './session-rules.js';

export type StartupState = { phase: 'loading' } | { phase: 'ready' } | { phase: 'trapped'; failure: TrappedError };

/** Today in the browser's time zone as YYYY-MM-DD, to compare with the server's control date. */
export function localDate(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Whether the server has not yet started today (spec 1 §4.1 step 2). */
export const needsStartOfDay = (controlToday: string, today: string) => controlToday < today;

/** Periodic refresh only for sync_frequency of at least 60 seconds (spec 1 §4.1 step 4). */
export const refreshInterval = (syncFrequency: number | null | undefined) => (syncFrequency && syncFrequency >= 60 ? syncFrequency * 1000 : null);

const quiet = { quiet: true } as const;

/**
 * The load sequence of spec 1 §4.1: control, then lookups, then the user, each put in the
 * shared QueryClient for the remotes. Failures are trapped: 401/403 end the session, anything
 * else is stored as the trapped error and shows the access-denied page.
 */
async function runStartup(): Promise<void> {
  let control = await fetchControl(quiet);
  if (needsStartOfDay(control.today, localDate())) {
    await api.get('/api/control/start', { ...quiet, query: { force: true } });
    control = await fetchControl(quiet);
  }
  queryClient.setQueryData(startupKeys.control, control);
  const lookups = await fetchLookups(quiet);
  queryClient.setQueryData(startupKeys.lookups, lookups);
  const user = await fetchCurrentUser(quiet);
  queryClient.setQueryData(startupKeys.user, user);
  if (lookups.sync) void syncOnce();
}

/** The background sync the lookup answer asks for; its failure must not stop the application. */
async function syncOnce(): Promise<void> {
  try {
    await api.post('/api/sync', { auto_sync: true }, quiet);
    await queryClient.invalidateQueries({ queryKey: startupKeys.lookups });
  } catch (error) {
    if (error instanceof ApiFailure) handleSessionFailure(error);
  }
}

/** Start-up requests that got no answer at all are tried again this many times, a second apart, before the access-denied page. */
export const NETWORK_RETRIES = 3;

/**
 * Whether the browser has begun to leave this page. Its requests are then cut off, and a slow
 * server can keep the old page alive past every retry: no answer while leaving is never trapped.
 * A navigation that never happens (a download, say) clears it again.
 */
let leavingPage = false;
/**
 * This page's mark on a no-answer failure it stores as the trapped error. Such a failure belongs
 * to the page that saw it: however the browser orders a navigation's events (a browser-initiated
 * one is heard by no beforeunload, and an aborted request may settle after pagehide), the next
 * page must not open on Access Denied for it, and tries the server afresh (trappedErrorForThisPage).
 * A refusal the server answered stays trapped for every page (spec 1 §8).
 */
const THIS_PAGE = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

/** The stored trapped error this page shows: null for a no-answer failure another page stored. */
export function trappedErrorForThisPage(stored: string | null): string | null {
  const page = (parseTrappedError(stored) as { noAnswerOnPage?: unknown } | null)?.noAnswerOnPage;
  return page === undefined || page === THIS_PAGE ? stored : null;
}

if (typeof window !== 'undefined') {
  window.addEventListener('beforeunload', () => {
    leavingPage = true;
    setTimeout(() => (leavingPage = false), 15_000);
  });
}

export function useStartup(enabled: boolean): { state: StartupState; retry: () => void } {
  const [state, setState] = useState<StartupState>({ phase: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const networkRetries = useRef(0);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    setState({ phase: 'loading' });
    runStartup().then(
      () => {
        networkRetries.current = 0;
        // Started, so anything still stored is an earlier page's no-answer failure: gone with it.
        session.set('trappedError', null);
        if (live) setState({ phase: 'ready' });
      },
      (error: unknown) => {
        if (!live) return;
        // No answer is not a refusal: leaving the page mid start-up cuts its requests off, and
        // trapping that would greet the next page with Access Denied. Try again shortly, and
        // without counting while the page is being left (leavingPage), however long it lingers.
        if (error instanceof NetworkFailure && (leavingPage || networkRetries.current < NETWORK_RETRIES)) {
          if (!leavingPage) networkRetries.current += 1;
          setTimeout(() => live && setAttempt((a) => a + 1), 1000);
          return;
        }
        networkRetries.current = 0;
        const failure = error instanceof ApiFailure ? error : new ApiFailure(418, error instanceof Error ? error.message : 'Unknown Error');
        if (handleSessionFailure(failure)) return;
        const trapped = trappedErrorFrom(failure.status, failure.message, failure.data);
        session.set('trappedError', JSON.stringify(error instanceof NetworkFailure ? { ...trapped, noAnswerOnPage: THIS_PAGE } : trapped));
        setState({ phase: 'trapped', failure: trapped });
      },
    );
    return () => {
      live = false;
    };
  }, [enabled, attempt]);

  const control = queryClient.getQueryData<{ sync_frequency?: number }>(startupKeys.control);
  const interval = state.phase === 'ready' ? refreshInterval(control?.sync_frequency) : null;
  useEffect(() => {
    if (!interval) return;
    const timer = setInterval(() => {
      void syncOnce().then(() => queryClient.invalidateQueries({ queryKey: startupKeys.control }));
    }, interval);
    return () => clearInterval(timer);
  }, [interval]);

  return { state, retry: () => setAttempt((n) => n + 1) };
}
