// @vitest-environment happy-dom
import '../../../shared-ui/src/testing/dom.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { QueryClientProvider } from '@tanstack/react-query';
import type { LogRecord, LogRow } from 'api/contracts/log';
import { queryClient, startupKeys } from 'shared-ui';
import LogsScreen from './logs-screen.js';
import { SUPPORT_NOTE } from './log-detail.js';

const control = { month_year_startcase: 'November 2026', current_year: 2026, current_month: 11 };
const user = { id: 'ADMIN', permissions: { p_mgt: true } };
const base = { database: 'DEMOTRUST', routine: 'category', method: 'POST', identity: 'ADMIN', apicall: '/category/LOGCAT', record_key: 'LOGCAT' };
const rows: LogRow[] = [
  { ...base, id: 2, date: '2026-11-26T07:39:00.000Z', severity: 'CHANGE', message: 'Category LOGCAT created', has_detail: true },
  { ...base, id: 1, date: '2026-11-25T07:39:00.000Z', severity: 'INFO', message: 'Demo books posted', has_detail: false },
];
const record: LogRecord = { ...base, id: 2, date: rows[0]!.date, severity: 'CHANGE', message: 'Category LOGCAT created', body: null, stack: null, before: null, after: { code: 'LOGCAT', name: 'Logged category' } };

function stubApi() {
  const calls: string[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const call = `${init?.method ?? 'GET'} ${url}`;
    calls.push(call);
    const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    if (call === 'GET /api/log/2') return json({ data: record });
    if (call.startsWith('GET /api/log')) return json({ data: rows, truncated: false });
    if (call === 'GET /api/auth') return json({ data: [user] });
    return json({ data: control });
  });
  return calls;
}

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

describe('System Log screen (spec 3 §2 System Log)', () => {
  it('lists the last 7 days, expands only rows with detail, and opens a row read-only with the support note', async () => {
    const calls = stubApi();
    queryClient.setQueryData(startupKeys.control, control);
    queryClient.setQueryData(startupKeys.user, user);
    render(
      <FluentProvider theme={webLightTheme}>
        <QueryClientProvider client={queryClient}>
          <LogsScreen />
        </QueryClientProvider>
      </FluentProvider>,
    );
    expect(await screen.findByText('Category LOGCAT created')).toBeTruthy();
    // No range given: the server's default, the last 7 days.
    expect(calls.find((c) => c.startsWith('GET /api/log'))).toBe('GET /api/log');
    expect(screen.getByText('Last 7 days')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'System Log' });
    expect(within(table).getAllByText(/^\d{2} [A-Z][a-z]{2}:\d{2}:\d{2}$/)).toHaveLength(2);
    // Only the row with detail has the expand button.
    expect(within(table).getAllByRole('button', { name: 'Expand row' })).toHaveLength(1);
    await userEvent.click(within(table).getByRole('button', { name: 'Expand row' }));
    expect(await within(table).findByText(/"name": "Logged category"/)).toBeTruthy();

    await userEvent.click(screen.getByText('Category LOGCAT created'));
    const editor = await screen.findByRole('alertdialog', { name: 'Log entry 2' });
    expect(within(editor).getByText(SUPPORT_NOTE)).toBeTruthy();
    expect(within(editor).getByText('/category/LOGCAT')).toBeTruthy();
    expect(within(editor).queryByRole('button', { name: /Save/ })).toBeNull();
    await userEvent.click(within(editor).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });
});
