// @vitest-environment happy-dom
import '../../../shared-ui/src/testing/dom.js';
import { cleanupScreen, renderScreen, stubApi as stubScreenApi } from '../../../shared-ui/src/testing/screen.js';
import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LogRecord, LogRow } from 'api/contracts/log';
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

const stubApi = () => stubScreenApi((call) => {
  if (call === 'GET /api/log/2') return { data: record };
  if (call.startsWith('GET /api/log')) return { data: rows, truncated: false };
  if (call === 'GET /api/auth') return { data: [user] };
  return { data: control };
});

afterEach(cleanupScreen);

describe('System Log screen (spec 3 §2 System Log)', () => {
  it('lists the last 7 days, expands only rows with detail, and opens a row read-only with the support note', async () => {
    const calls = stubApi();
    renderScreen(<LogsScreen />, { control, user });
    expect(await screen.findByText('Category LOGCAT created')).toBeTruthy();
    // No range given: the server's default, the last 7 days.
    expect(calls.find((c) => c.call.startsWith('GET /api/log'))?.call).toBe('GET /api/log');
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
