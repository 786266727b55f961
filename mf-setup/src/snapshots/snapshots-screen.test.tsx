// @vitest-environment happy-dom
import '../../../shared-ui/src/testing/dom.js';
import { cleanupScreen, renderScreen, stubApi as stubScreenApi } from '../../../shared-ui/src/testing/screen.js';
import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import SnapshotsScreen from './snapshots-screen.js';
import { csvLines, yearChoices } from './snapshot-rules.js';

const control = { month_year_startcase: 'November 2026', current_year: 2026, current_month: 11 };
const user = { id: 'ADMIN', permissions: { p_mgt: true } };
const months = (v: number | null) => Object.fromEntries(['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'].map((k) => [k, v]));

const stubApi = () => stubScreenApi((call) => {
  if (call === 'GET /api/snapshot/years') return { data: [{ year: 2025 }] };
  if (call === 'GET /api/snapshot/summary/2025') return { data: [{ account_id: 'COMMISS', description: 'Letting Commission', ...months(1000), dec: 1234.5 }] };
  if (call.startsWith('GET /api/snapshot/summary/')) return { data: [] };
  if (call === 'POST /api/snapshot') return { data: { year: 2024, months: 1, accounts: 1 }, message: 'Snapshot imported: 1 account for 1 month (Mar 2024)', error: false };
  if (call === 'GET /api/auth') return { data: [user] };
  return { data: control };
});

afterEach(cleanupScreen);

describe('Snapshots screen (spec 3 §2 Snapshots)', () => {
  it('shows the newest year by month Jan to Dec, offers five past years, explains the file, and uploads its lines', async () => {
    const calls = stubApi();
    renderScreen(<SnapshotsScreen />, { control, user });
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
