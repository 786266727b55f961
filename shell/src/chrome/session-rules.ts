import { notify, session, type ApiFailure } from 'shared-ui/core';

/**
 * The forced-logout rules of spec 1 §8. Several calls fail together when a token dies, so only
 * the first one acts; the page then reloads onto the sign-in page, which shows the reason.
 */
let ending = false;

function endAndReload(reason: string, delayMs: number): void {
  if (ending) return;
  ending = true;
  setTimeout(() => {
    session.end(reason);
    window.location.assign('/login');
  }, delayMs);
}

/** 403: the token lost its authority or the company was refused. */
export function forceLogoutForbidden(): void {
  if (ending) return;
  notify({ title: 'Token Security', body: 'User Login token has expired - please login again', intent: 'error' });
  endAndReload('User session Expired - Status 403', 1000);
}

/** 401: missing, invalid or expired token; the server's message says which. */
export function forceLogoutUnauthorised(failure: ApiFailure): void {
  if (ending) return;
  notify({ title: 'User Login Authority Token is expired or invalid', intent: 'warning' });
  endAndReload(failure.message || 'User Login Authority Token is expired or invalid', 3000);
}

/** Routes a failure: true when it was a session failure handled here. */
export function handleSessionFailure(failure: ApiFailure): boolean {
  if (failure.status === 403) forceLogoutForbidden();
  else if (failure.status === 401) forceLogoutUnauthorised(failure);
  else return false;
  return true;
}
