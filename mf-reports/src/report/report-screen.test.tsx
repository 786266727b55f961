// @vitest-environment happy-dom
import '../../../shared-ui/src/testing/dom.js';
import { cleanupScreen, renderScreen, stubApi } from '../../../shared-ui/src/testing/screen.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { REPORTS, type ReportKey } from 'api/contracts/reports';
import { ReportScreen } from './report-screen.js';

const DEFAULTS = { year: 2026, month: 11, from: '2026-11-01', to: '2026-11-26', entity_type: 'ALL', type: 'DETAILED' };
const pdf = { filename: 'Balance Summary.pdf', type: 'application/pdf', data: btoa('%PDF-1.7 test'), archive_id: 41 };

type Answer = () => unknown;

/**
 * Serves GET /api/reports with these entries and answers each other 'METHOD /path' (query left off)
 * from `answers` (a Uint8Array as a file, none as 404); returns the calls made.
 */
function serve(keys: ReportKey[], answers: Record<string, Answer | unknown>) {
  return stubApi((call) => {
    const key = call.split('?')[0]!;
    if (key === 'GET /api/reports') return { data: keys.map((k) => ({ key: k, ...REPORTS[k], defaults: DEFAULTS })) };
    const answer = answers[key];
    if (answer instanceof Uint8Array) return new Response(answer.slice(), { status: 200, headers: { 'Content-Type': 'application/zip' } });
    if (answer === undefined) return Response.json({ error: true, message: 'Report not found' }, { status: 404 });
    return typeof answer === 'function' ? (answer as Answer)() : answer;
  });
}

const post = (c: { call: string }) => c.call.startsWith('POST ');

function show(reportKey: ReportKey, permissions: Record<string, boolean> | null = null) {
  renderScreen(<ReportScreen reportKey={reportKey} />, {
    user: permissions ? { code: 'ADMIN', name: 'Admin', permissions, desktopRows: 25, mobileRows: 20 } : undefined,
    control: { current_year: 2026, current_month: 11, ledger_first_date: '2025-07-01', today: '2026-11-26' },
    lookups: {
      category: [{ code: 'VIP', name: 'Premium owners', type: 'OWNER' }],
      entity: [
        { code: 'OWNSMITH', name: 'Jane Smith', type: 'OWNER', inactive: false },
        { code: 'OWNSMALL', name: 'Sam Small', type: 'OWNER', inactive: false },
        { code: 'SUPSMART', name: 'Smart Cleaning', type: 'SUPPLIER', inactive: false },
      ],
    },
  });
}

/**
 * The open viewer, found by its frame: under happy-dom the modal's focus trap soon marks the
 * portalled surface aria-hidden, so role queries inside it (or for it) come and go.
 */
async function viewer(title: string): Promise<HTMLElement> {
  const surface = (await screen.findByTestId('report-pdf')).closest<HTMLElement>('[role="dialog"]')!;
  expect(surface.getAttribute('aria-label')).toBe(`${title} viewer`);
  return surface;
}

afterEach(() => {
  cleanupScreen();
  vi.restoreAllMocks();
});

describe('report screen (spec 3 §2 Reports, §3 Report selection)', () => {
  it('opens with the catalogue defaults, sends only its fields and shows the PDF in the viewer at scale 1', async () => {
    const calls = serve(['balances'], { 'POST /api/reports/balances': { view: pdf } });
    show('balances');
    const header = await screen.findByRole('region', { name: 'Balance Summary selection' });
    expect(within(header).getByLabelText('As at')).toHaveProperty('value', '26/11/2026');
    expect(within(header).getByLabelText('Entity type')).toHaveProperty('value', 'ALL');
    expect(within(header).queryByLabelText('From')).toBeNull();
    expect(within(header).getByRole('button', { name: 'XLSX Export' })).toBeTruthy();

    await userEvent.click(within(header).getByRole('button', { name: 'View' }));
    const open = await viewer('Balance Summary');
    expect(calls.find(post)?.body).toEqual({ to: '2026-11-26', entity_type: 'ALL', mode: 'VIEW' });
    const frame = within(open).getByTestId('report-pdf');
    expect(frame.getAttribute('src')).toMatch(/^blob:.*#zoom=100$/);
    expect(within(open).getByText('CSV Export')).toBeTruthy();
    // Send Email needs p_email (this user's permissions are not loaded).
    expect(within(open).queryByText(/email/i)).toBeNull();
  });

  it('e-mails the viewed report with its archived PDF attached (a user with p_email)', async () => {
    const calls = serve(['balances'], {
      'POST /api/reports/balances': { view: pdf },
      'GET /api/email/templates': { data: [{ name: 'REPORTS', description: 'RPT_NAME for RPT_PERIOD', memo: '<p>RPT_NAME is attached.</p>' }] },
      'POST /api/email': { data: { id: 7, message: 'Email(s) Sent to queue!' } },
    });
    show('balances', { p_reports: true, p_email: true });
    const header = await screen.findByRole('region', { name: 'Balance Summary selection' });
    await userEvent.click(within(header).getByRole('button', { name: 'View' }));
    const open = await viewer('Balance Summary');
    fireEvent.click(within(open).getByText('Send Email'));
    expect((await screen.findByTestId('email-attached')).textContent).toBe('Attached: Balance Summary.pdf');
    await waitFor(() => expect((screen.getByDisplayValue('RPT_NAME for RPT_PERIOD') as HTMLInputElement).value).toBe('RPT_NAME for RPT_PERIOD'));
    fireEvent.click(screen.getByText('Send'));
    await waitFor(() => expect(calls.find((c) => c.call.split('?')[0] === 'POST /api/email')?.body).toMatchObject({
      from: { type: 'BUSINESS' }, subject: 'RPT_NAME for RPT_PERIOD', body: '<p>RPT_NAME is attached.</p>', template: 'REPORTS', archive_ids: [41], report_name: 'Balance Summary',
    }));
  });

  it('closes the viewer and says why when the report answers an error', async () => {
    let made = 0;
    serve(['balances'], { 'POST /api/reports/balances': () => (made++ === 0 ? { view: pdf } : { error: { message: 'The books are being rebuilt' } }) });
    show('balances');
    await userEvent.click(await screen.findByRole('button', { name: 'View' }));
    await userEvent.click(within(await viewer('Balance Summary')).getByText('View'));
    await waitFor(() => expect(screen.queryByTestId('report-pdf')).toBeNull());
    expect(screen.getByText('The books are being rebuilt')).toBeTruthy();
  });

  it('offers the codes of the chosen entity type to pick for the range, searched by code or name', async () => {
    const calls = serve(['summary'], { 'POST /api/reports/summary': { view: new Uint8Array([37, 80, 68, 70]) } });
    show('summary');
    const header = await screen.findByRole('region', { name: 'Account Summary selection' });
    await userEvent.selectOptions(within(header).getByLabelText('Entity type'), 'OWNER');
    const from = within(header).getByLabelText('From code');
    await userEvent.type(from, 'sm');
    const list = await screen.findByRole('listbox');
    expect(within(list).getAllByRole('option').map((o) => o.textContent)).toEqual(['OWNSMITH - Jane Smith', 'OWNSMALL - Sam Small']);
    await userEvent.click(within(list).getByRole('option', { name: 'OWNSMALL - Sam Small' }));
    expect(from).toHaveProperty('value', 'OWNSMALL');
    await userEvent.click(within(header).getByRole('button', { name: 'View' }));
    await waitFor(() => expect(calls.find(post)?.body).toMatchObject({ entity_type: 'OWNER', entity_from: 'OWNSMALL' }));
  });

  it('checks the selection with the contract before it asks the server', async () => {
    const calls = serve(['summary'], {});
    show('summary');
    const header = await screen.findByRole('region', { name: 'Account Summary selection' });
    await userEvent.type(within(header).getByLabelText('From code'), 'x'.repeat(21));
    expect(within(header).getByLabelText('From code')).toHaveProperty('value', 'X'.repeat(20));
    const from = within(header).getByLabelText('From');
    fireEvent.change(from, { target: { value: '30/11/2026' } });
    fireEvent.blur(from);
    await waitFor(() => expect(from).toHaveProperty('value', '30/11/2026'));
    await userEvent.click(within(header).getByRole('button', { name: 'View' }));
    expect(await screen.findByText('To must not be before From')).toBeTruthy();
    expect(calls.filter(post)).toEqual([]);
  });

  it('keeps the header of a report the server does not offer yet, with its buttons off', async () => {
    serve(['balances'], {});
    show('statement');
    const header = await screen.findByRole('region', { name: 'Statements selection' });
    expect(within(header).getByText('Statements is not available in this build.')).toBeTruthy();
    expect(within(header).getByLabelText('Type')).toHaveProperty('value', '');
    expect(within(header).getByRole('button', { name: 'View' })).toHaveProperty('disabled', true);
    expect(within(header).getByRole('button', { name: 'ZIP Download' })).toBeTruthy();
  });

  it('follows an End of Month job to 100 % and saves its archived file', async () => {
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function click(this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const calls = serve(['download'], {
      'POST /api/reports/download': { progress: { id: 'job-7' } },
      'GET /api/progress/job-7': { data: { percent: 100, active: false, message: 'End of Month Reports ready', result: { download: { filename: 'End of Month 2026-10.zip', type: 'application/zip', archive_id: 9 }, message: 'ready' } } },
      'GET /api/reports/file/9': new Uint8Array([0x50, 0x4b, 3, 4]),
    });
    show('download');
    await userEvent.click(await screen.findByRole('button', { name: 'Download' }));
    await waitFor(() => expect(saved).toEqual(['End of Month 2026-10.zip']));
    // The file is fetched and saved as the last poll lands; the bar's render of it may follow.
    await waitFor(() => expect(screen.getByRole('progressbar').getAttribute('data-colour')).toBe('green'));
    expect(calls.find(post)?.body).toEqual({ year: 2026, month: 11, mode: 'DOWNLOAD' });
  });
});
