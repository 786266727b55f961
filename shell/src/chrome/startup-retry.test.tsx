// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { session } from 'shared-ui';
import { NETWORK_RETRIES, localDate, trappedErrorForThisPage, useStartup } from './startup.js';

const answers: Record<string, unknown> = {
  '/api/control': { data: { today: localDate(), sync_frequency: 0 } },
  '/api/lookup': { data: {}, sync: false },
  '/api/auth': { data: { code: 'ADMIN' } },
};

function serveAfter(failures: number) {
  let calls = 0;
  vi.stubGlobal('fetch', vi.fn(async (url: string) => {
    calls += 1;
    if (calls <= failures) throw new TypeError('Failed to fetch');
    const path = new URL(url, 'http://localhost').pathname;
    return new Response(JSON.stringify(answers[path] ?? {}), { status: 200 });
  }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  session.set('trappedError', null);
});

describe('start-up when a request gets no answer', () => {
  it('tries again instead of trapping the error, so leaving the page mid start-up leaves no Access Denied behind', async () => {
    serveAfter(2);
    const { result } = renderHook(() => useStartup(true));
    await waitFor(() => expect(result.current.state.phase).toBe('ready'), { timeout: 5000 });
    expect(session.get('trappedError')).toBeNull();
  });

  it('shows the access-denied page once the retries are spent', async () => {
    serveAfter(Number.POSITIVE_INFINITY);
    const { result } = renderHook(() => useStartup(true));
    await waitFor(() => expect(result.current.state.phase).toBe('trapped'), { timeout: (NETWORK_RETRIES + 2) * 1000 });
    const stored = session.get('trappedError');
    expect(stored).toContain('Failed to fetch');
    expect(trappedErrorForThisPage(stored)).toBe(stored);
    // The next page does not open on it, whenever the old page stored it, and starts afresh.
    const storedByAnotherPage = JSON.stringify({ ...JSON.parse(stored!), noAnswerOnPage: 'an-earlier-page' });
    expect(trappedErrorForThisPage(storedByAnotherPage)).toBeNull();
    session.set('trappedError', storedByAnotherPage);
    serveAfter(0);
    const next = renderHook(() => useStartup(true));
    await waitFor(() => expect(next.result.current.state.phase).toBe('ready'), { timeout: 5000 });
    expect(session.get('trappedError')).toBeNull();
  });

  it('keeps a failure the server answered trapped for the next page', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ error: true, status: 500, message: 'Database unavailable' }), { status: 500 })));
    const { result } = renderHook(() => useStartup(true));
    await waitFor(() => expect(result.current.state.phase).toBe('trapped'), { timeout: 5000 });
    const stored = session.get('trappedError');
    expect(stored).toContain('Database unavailable');
    expect(trappedErrorForThisPage(stored)).toBe(stored);
  });

  it('never traps while the page is being left, however long the old page lives on', async () => {
    serveAfter(NETWORK_RETRIES + 2);
    const { result } = renderHook(() => useStartup(true));
    window.dispatchEvent(new Event('beforeunload'));
    await waitFor(() => expect(result.current.state.phase).toBe('ready'), { timeout: (NETWORK_RETRIES + 4) * 1000 });
    expect(session.get('trappedError')).toBeNull();
  });
});
