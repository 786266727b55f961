// @vitest-environment happy-dom
import '../../../shared-ui/src/testing/dom.js';
import { cleanupScreen, renderScreen, stubApi as stubScreenApi } from '../../../shared-ui/src/testing/screen.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { MonthEndResult } from 'api/contracts/monthend';
import { type Notice, setNoticeSink } from 'shared-ui';
import MonthEndScreen from './monthend-screen.js';

const control = { month_year_startcase: 'November 2026', current_year: 2026, current_month: 11 };
const user = { id: 'ADMIN', permissions: { p_month_end: true } };
const row = { funds: 100, hold: 0, release: 25, disburse: 75 };
const result: MonthEndResult = {
  message: 'Rollover for November 2026 is Complete! Released 1 charge; disbursed $75.00 (bank file ABA-SEA-20261130-170000-1.aba); 2 owner statements in MonthEnd-SEA-2026-11.zip. The system is open again.',
  year: 2026, month: 11, aba: '0 header\r\n', filename: 'ABA-SEA-20261130-170000-1.aba', aba_archive_id: 6,
  reports: { filename: 'MonthEnd-SEA-2026-11.zip', archive_id: 7, statements: 2 }, released: 1, disbursed: 75,
};

/** The API as the screen meets it with month end started by this user; the report pack answers when `packSent` resolves. */
function stubApi(packSent: Promise<void>) {
  return stubScreenApi(async (call) => {
    if (call.startsWith('GET /api/checklist')) {
      return { data: [], summary: { MTHEND_PRE: { total: 1, complete: 1 }, MTHEND_POST: { total: 0, complete: 0 }, active: true, lock_user: 'ADMIN', year: 2026, month: 11, resumable: false, steps_done: [] } };
    }
    if (call === 'GET /api/monthend/preview') {
      return { data: { BUSINESS: row, OWNER: row, SUPPLIER: row, totals: { ...row, pending: 0 }, approval: { required: false, approved_by: null, approved_at: null, current: false } } };
    }
    if (call === 'POST /api/monthend') return { data: { id: 'job1' }, message: 'Month end is running' };
    if (call === 'GET /api/progress/job1') return { data: { id: 'job1', percent: 100, message: 'Done', active: false, result } };
    if (call === 'GET /api/monthend/file/7') {
      await packSent;
      return new Response(new Blob(['PK']), { status: 200 });
    }
    if (call === 'GET /api/auth') return { data: [user] };
    return { data: control };
  });
}

afterEach(cleanupScreen);

describe('Month End screen, the end of a run (spec 2 §4 step 6, §8)', () => {
  it("shows 'Month End is Complete!', downloads both files, raises the 60-second rollover toast and goes to the dashboard", async () => {
    let sendPack = () => {};
    const calls = stubApi(new Promise((resolve) => (sendPack = resolve)));
    const notices: Notice[] = [];
    const stopNotices = setNoticeSink((n) => notices.push(n));
    const saved: string[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => `blob:${saved.length}`, revokeObjectURL: () => {} }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    renderScreen(
      <MemoryRouter initialEntries={['/management/transactions/monthend']}>
        <Routes>
          <Route path="/management/transactions/monthend" element={<MonthEndScreen />} />
          <Route path="/dashboard" element={<p>Dashboard page</p>} />
        </Routes>
      </MemoryRouter>,
      { control, user },
    );
    try {
      const proceed = await screen.findByRole('button', { name: 'Proceed' });
      await waitFor(() => expect((proceed as HTMLButtonElement).disabled).toBe(false));
      await userEvent.click(proceed);
      // The confirmation's own Proceed (found by its text: a role query computes every name in the dialog).
      await screen.findByText('Run month end for November 2026');
      await userEvent.click(screen.getAllByText('Proceed').at(-1)!);

      expect(await screen.findByText('Month End is Complete!')).toBeTruthy();
      expect(notices).toEqual([{
        title: 'Rollover for November 2026 is Complete!',
        body: 'Released 1 charge; disbursed $75.00 (bank file ABA-SEA-20261130-170000-1.aba); 2 owner statements in MonthEnd-SEA-2026-11.zip. The system is open again.',
        intent: 'success', timeout: 60_000,
      }]);
      // The screen waits for the report pack before it leaves.
      expect(screen.queryByText('Dashboard page')).toBeNull();
      sendPack();
      expect(await screen.findByText('Dashboard page')).toBeTruthy();
      expect(saved).toEqual(['ABA-SEA-20261130-170000-1.aba', 'MonthEnd-SEA-2026-11.zip']);
      expect(calls.map((c) => c.call)).toContain('GET /api/monthend/file/7');
    } finally {
      stopNotices();
      click.mockRestore();
    }
  });
});
