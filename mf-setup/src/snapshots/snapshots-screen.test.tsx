// @vitest-environment happy-dom
import '../../../shared-ui/src/testing/dom.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient, startupKeys } from 'shared-ui';
import SnapshotsScreen from './snapshots-screen.js';
import { csvLines, yearChoices } from './snapshot-rules.js';

const control = { month_year_startcase: 'November 2026', current_year: 2026, current_month: 11 };
const user = { id: 'ADMIN', permissions: { p_mgt: true } };
const months = (v: number | null) => Object.fromEntries(['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'].map((k) => [k, v]));

function stubApi() {
  const calls: { call: string; body?: unknown }[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const call = `${init?.method ?? 'GET'} ${url}`;
    calls.push({ call, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    if (call === 'GET /api/snapshot/years') return json({ data: [{ year: 2025 }] });
    if (call === 'GET /api/snapshot/summary/2025') return json({ data: [{ account_id: 'COMMISS', description: 'Letting Commission', ...months(1000), dec: 1234.5 }] });
    if (call.startsWith('GET /api/snapshot/summary/')) return json({ data: [] });
    if (call === 'POST /api/snapshot') return json({ data: { year: 2024, months: 1, accounts: 1 }, message: 'Snapshot imported: 1 account for 1 month (Mar 2024)', error: false });
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

describe('Snapshots screen (spec 3 §2 Snapshots)', () => {
  it('shows the newest year by month Jan to Dec, offers five past years, explains the file, and uploads its lines', async () => {
    const calls = stubApi();
    queryClient.setQueryData(startupKeys.control, control);
    queryClient.setQueryData(startupKeys.user, user);
    render(
      <FluentProvider theme={webLightTheme}>
        <QueryClientProvider client={queryClient}>
          <SnapshotsScreen />
        </QueryClientProvider>
      </FluentProvider>,
    );
    const table = await screen.findByRole('table', { name: 'Snapshots' });
    expect(await within(table).findByText('Letting Commission')).toBeTruthy();
    for (const m of ['Jan', 'Jun', 'Dec']) expect(within(table).getByRole('columnheader', { name: new RegExp(m) })).toBeTruthy();
    expect(within(table).getAllByText('$1,234.50').length).toBeGreaterThan(0);

    // The help is collapsed until asked for.
    expect(screen.queryByText(/The first column is the account code/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'How to prepare the file' }));
    expect(screen.getByText(/The first column is the account code/)).toBeTruthy();

    const file = new File(['Year,2024\r\nMonth,3\r\nCOMMISS,12.50\r\n\r\n'], 'snap.csv', { type: 'text/csv' });
    fireEvent.change(screen.getByTestId('snapshot-file'), { target: { files: [file] } });
    await waitFor(() => expect(calls.find((c) => c.call === 'POST /api/snapshot')?.body).toEqual(['Year,2024', 'Month,3', 'COMMISS,12.50']));
    // The imported year is shown.
    await waitFor(() => expect(calls.some((c) => c.call === 'GET /api/snapshot/summary/2024')).toBe(true));
  });

  it('offers the stored years and the five before the current one', () => {
    expect(yearChoices([2019], 2026)).toEqual([2025, 2024, 2023, 2022, 2021, 2019]);
    expect(csvLines('\uFEFFa\r\nb\n\n')).toEqual(['a', 'b']);
  });
});
