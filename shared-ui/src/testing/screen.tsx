import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient, startupKeys } from '../index.js';

/** A call the screen made: 'METHOD /path?query' and its JSON body. */
export interface ApiCall {
  call: string;
  body?: unknown;
}

/**
 * A screen's component test answers its API calls: each fetch is recorded and answered with the
 * JSON `answer` gives for 'METHOD /path?query' (status 200). An answer that is a Response is sent
 * as it is: a file, a status other than 200, other headers. The answer may be a promise (of either):
 * the call then waits for it, as a slow server would.
 */
export function stubApi(answer: (call: string) => unknown): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const call = `${init?.method ?? 'GET'} ${url}`;
    calls.push({ call, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const answered = await answer(call);
    if (answered instanceof Response) return answered;
    return new Response(JSON.stringify(answered), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
  return calls;
}

/** Renders a screen as the shell holds it: the startup data given (control, user, lookups) and the providers. */
export function renderScreen(ui: ReactElement, startup: { control?: unknown; user?: unknown; lookups?: unknown } = {}) {
  if (startup.control !== undefined) queryClient.setQueryData(startupKeys.control, startup.control);
  if (startup.user !== undefined) queryClient.setQueryData(startupKeys.user, startup.user);
  if (startup.lookups !== undefined) queryClient.setQueryData(startupKeys.lookups, startup.lookups);
  return render(
    <FluentProvider theme={webLightTheme}>
      <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>
    </FluentProvider>,
  );
}

/** After each test: the screen unmounted, the shared query cache emptied, fetch and the other stubs restored. */
export function cleanupScreen(): void {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
}
