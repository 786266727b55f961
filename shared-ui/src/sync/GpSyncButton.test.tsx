// @vitest-environment happy-dom
import '../testing/dom.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { startupKeys } from 'shared-ui/core';
import { GpSyncButton } from './GpSyncButton.js';

function renderButton(control: Record<string, unknown>, onSynced = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(startupKeys.control, control);
  render(
    <FluentProvider theme={webLightTheme}>
      <QueryClientProvider client={client}>
        <GpSyncButton path="/api/unit/sync_unittype" onSynced={onSynced} />
      </QueryClientProvider>
    </FluentProvider>,
  );
  return onSynced;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('GpSyncButton (spec 3 §2 GP Sync)', () => {
  it('is not offered while no booking system is named', () => {
    renderButton({ gp_host: null });
    expect(screen.queryByRole('button', { name: 'GP Sync' })).toBeNull();
  });

  it('posts the sync and reports back once it answers', async () => {
    const calls: string[] = [];
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      calls.push(`${init?.method ?? 'GET'} ${url}`);
      return new Response(JSON.stringify({ message: '3 units and 3 unit types synced from the booking system', error: false }), { status: 200, headers: { 'Content-Type': 'application/json' } });
    });
    const onSynced = renderButton({ gp_host: 'http://127.0.0.1:7411' });
    await userEvent.click(screen.getByRole('button', { name: 'GP Sync' }));
    await waitFor(() => expect(onSynced).toHaveBeenCalled());
    expect(calls.some((c) => c.startsWith('POST') && c.includes('/api/unit/sync_unittype'))).toBe(true);
  });
});
