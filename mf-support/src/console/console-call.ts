import { useQuery } from '@tanstack/react-query';
import { api, ApiFailure, applyServerErrors, notify } from 'shared-ui';

/** Spec 3 §9: the support actions' toasts stay 8 s. */
export const SUPPORT_TOAST_MS = 8000;

/**
 * Runs a console call and shows its toast with the server's message, success or error (spec 3 §4,
 * §8). Field errors the server names go next to their fields when a form is given. Answers null
 * when the call failed (the toast has said why).
 */
export async function consoleCall<T extends { message?: string }>(title: string, run: () => Promise<T>, setError?: Parameters<typeof applyServerErrors>[0]): Promise<T | null> {
  try {
    const answer = await run();
    notify({ title, body: answer.message, intent: 'success', timeout: SUPPORT_TOAST_MS });
    return answer;
  } catch (e) {
    if (setError && e instanceof ApiFailure) applyServerErrors(setError, e.errors);
    notify({ title, body: e instanceof Error ? e.message : String(e), intent: 'error', timeout: SUPPORT_TOAST_MS });
    return null;
  }
}

export interface ConsoleCompany { code: string; name: string }

export const COMPANIES_KEY = ['auth', 'companies'] as const;

/** Every company the console can work on (support users see all). */
export function useCompanies() {
  return useQuery({
    queryKey: COMPANIES_KEY,
    queryFn: () => api.get<{ data: ConsoleCompany[] }>('/api/auth/companies').then((r) => r.data),
  });
}
