import { ApiFailure, api, session } from '../session-light.js';

interface AuthResponse {
  data?: { token: string; user: { database: string; usertype: string } };
}

/** SUPER and GOD get the support console. Not imported from api/contracts: that pulls zod into the sign-in page. */
const isSupportUserType = (usertype: string) => usertype === 'SUPER' || usertype === 'GOD';

/**
 * Signs in (spec 1 §4.2, §8) and stores the session. Returns the message to show on failure:
 * the first server error, else 'Invalid Login'; no answer at all, 'Could Not Connect to Server'.
 */
export async function signIn(code: string, password: string): Promise<string | null> {
  if (!code.trim()) return 'Valid User ID or Email is required';
  let response: AuthResponse;
  try {
    response = await api.post<AuthResponse>('/api/auth', { code: code.trim(), password }, { quiet: true });
  } catch (error) {
    if (!(error instanceof ApiFailure)) throw error;
    // api.ts turns a fetch that never got an answer into a 502 without a response body.
    if (error.status === 502 && Object.keys(error.data).length === 0) return `Could Not Connect to Server ${window.location.host}`;
    return error.errors[0]?.msg || 'Invalid Login';
  }
  const result = response.data;
  if (!result?.token || !result.user) return 'Error with Login';
  session.set('logoutReason', null);
  session.set('bypass', null);
  session.set('trappedError', null);
  session.set('consoleActive', null);
  session.set('super', isSupportUserType(result.user.usertype) ? 'true' : null);
  session.set('database', result.user.database);
  // Last: storing the token is what switches the page from sign-in to the application.
  session.set('token', result.token);
  return null;
}
