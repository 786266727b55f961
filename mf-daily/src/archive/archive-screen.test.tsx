// @vitest-environment happy-dom
import '../../../shared-ui/src/testing/dom.js';
import { cleanupScreen, renderScreen, stubApi as stubScreenApi } from '../../../shared-ui/src/testing/screen.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ARCHIVE_MESSAGES, type ArchiveListRow } from 'api/contracts/archive';
import ArchiveScreen, { fetchArchive } from './archive-screen.js';

const control = { month_year_startcase: 'November 2026', current_year: 2026, current_month: 11 };
const user = { id: 'ADMIN', permissions: { p_blob: true } };
const rows: ArchiveListRow[] = [
  { id: 3, date: '2026-11-26T07:42:00.000Z', user_code: 'ADMIN', path: 'Reports', blob_id: 'Balance-Summary.pdf', mime: 'application/pdf', size: 10, refusal: null },
  { id: 2, date: '2026-11-25T07:42:00.000Z', user_code: 'ADMIN', path: 'Backups', blob_id: 'DEMOTRUST-20261125-074200.pgb', mime: 'application/gzip', size: 10, refusal: ARCHIVE_MESSAGES.backup },
  { id: 1, date: '2026-11-24T07:42:00.000Z', user_code: 'SYSTEM', path: 'Reports', blob_id: 'System.csv', mime: 'text/csv', size: 10, refusal: ARCHIVE_MESSAGES.system },
];

const stubApi = () => stubScreenApi((call) => {
  if (call.startsWith('GET /api/blob')) return { data: rows, truncated: false };
  if (call === 'POST /api/blob/download') return new Response(new Blob(['%PDF']), { status: 200, headers: { 'Content-Type': 'application/pdf' } });
  if (call === 'GET /api/auth') return { data: [user] };
  return { data: control };
});

afterEach(() => {
  cleanupScreen();
  vi.restoreAllMocks();
});

describe('Archive screen (spec 3 §2, §4 Archive)', () => {
  it('lists the documents with their stamps, disables the ones the server refuses, downloads the others and filters by type', async () => {
    const calls = stubApi();
    const saved: string[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:1', revokeObjectURL: () => {} }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    renderScreen(<ArchiveScreen />, { control, user });
    const report = await screen.findByRole('button', { name: 'Download Balance-Summary.pdf' });
    expect((report as HTMLButtonElement).disabled).toBe(false);
    expect((screen.getByRole('button', { name: 'Download DEMOTRUST-20261125-074200.pgb' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Download System.csv' }) as HTMLButtonElement).disabled).toBe(true);
    const table = screen.getByRole('table', { name: 'Archive' });
    expect(within(table).getAllByText(/^\d{2}\/\d{2}\/2026 @\d{2}:\d{2}(am|pm)$/)).toHaveLength(3);
    expect(calls[0]?.call).toMatch(/^GET \/api\/blob/);
    expect(calls.find((c) => c.call.startsWith('GET /api/blob'))!.call).not.toContain('type=');

    await userEvent.click(report);
    await waitFor(() => expect(saved).toEqual(['Balance-Summary.pdf']));
    expect(calls.find((c) => c.call === 'POST /api/blob/download')?.body).toMatchObject({ id: 3 });

    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    const type = screen.getByRole('combobox', { name: 'Type' }) as HTMLSelectElement;
    expect([...type.options].map((o) => o.text)).toEqual(['All', 'Reports', 'Email Attachments', 'Month End', 'Backups']);
    await userEvent.selectOptions(type, 'Month End');
    await userEvent.click(screen.getByRole('button', { name: 'Apply Filter' }));
    await waitFor(() => expect(calls.some((c) => c.call === 'GET /api/blob?type=MONTH_END')).toBe(true));
  });

  it('sends a date range as spec 3 §7 says: the start day with :00:00, the end day with :24:00', async () => {
    const calls = stubApi();
    await fetchArchive({ from: '2026-11-01', to: '2026-11-07', type: 'REPORTS' });
    expect(decodeURIComponent(calls[0]!.call)).toBe('GET /api/blob?type=REPORTS&from=2026-11-01:00:00&to=2026-11-07:24:00');
  });
});
