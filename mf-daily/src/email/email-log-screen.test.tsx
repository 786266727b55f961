// @vitest-environment happy-dom
import '../../../shared-ui/src/testing/dom.js';
import { cleanupScreen, renderScreen, stubApi } from '../../../shared-ui/src/testing/screen.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { EmailLogRow } from 'api/contracts/email';
import EmailLogScreen from './email-log-screen.js';

const row = (id: number, status: string, attachments: number): EmailLogRow => ({
  id, creation_time: '2026-11-20T01:00:00.000Z', sent_time: status === 'Sent' ? '2026-11-20T01:00:05.000Z' : null, sender_entity_code: 'BUSINESS',
  from_name: 'Seaside', from_address: 'office@seaside.example.com', to_entity_code: `OWN${id}`, to_name: `Owner ${id}`, to_address: `owner${id}@example.com`,
  subject: `Statement ${id}`, message_type: 'STATEMENT', current_status: status, attempts: 1, smtp_response: status === 'Failed' ? '554 rejected' : '250 OK',
  attachments, _attachments: Array.from({ length: attachments }, (_, i) => `f${i}.pdf`),
});

/** Answers the log and Send Now (by path), anything else 404; returns the calls made, 'METHOD /path?query'. */
function serve(list: EmailLogRow[], unsent: number) {
  return stubApi((call) => {
    const path = call.split(' ')[1]!.split('?')[0];
    if (path === '/api/email') return { data: { list, unsent } };
    if (path === '/api/email/send') return { data: { message: 'Sending the queued e-mails now', pending: unsent, configured: true } };
    return Response.json({ error: true, message: 'not here' }, { status: 404 });
  });
}

function show() {
  renderScreen(<EmailLogScreen />, {
    control: { current_year: 2026, current_month: 11, today: '2026-11-26' },
    lookups: { entity: [], templates: [] },
  });
}

afterEach(() => {
  cleanupScreen();
  vi.useRealTimers();
});

describe('Email Log screen', () => {
  it('shows statuses in their colours, the attachment badge purple above 2 and the queued banner', async () => {
    serve([row(1, 'Sent', 1), row(2, 'New', 3), row(3, 'Failed', 0)], 1);
    show();
    const rows = await screen.findAllByTestId('list-row');
    expect(rows).toHaveLength(3);
    const status = (i: number) => within(rows[i]!).getByTestId('email-status');
    expect(status(0).textContent).toBe('Sent');
    expect(status(0).dataset.colour).toBe('success');
    expect(status(1).dataset.colour).toBe('warning');
    expect(status(2).dataset.colour).toBe('danger');
    expect(within(rows[1]!).getByTestId('email-attachments').getAttribute('style')).toMatch(/background-color/);
    expect(within(rows[0]!).getByTestId('email-attachments').getAttribute('style') ?? '').not.toMatch(/background-color/);
    expect(within(rows[2]!).queryByTestId('email-attachments')).toBeNull();
    expect((await screen.findByTestId('email-queue-banner')).textContent).toBe(
      'There are 1 emails in the queue that are still waiting for scheduled delivery. You may send these now by using the Send Now Button.',
    );
  });

  it('Send Now shows Update is pending, then refreshes after 5 seconds', async () => {
    const made = serve([row(2, 'New', 1)], 1);
    const calls = () => made.map((c) => c.call);
    show();
    await screen.findAllByTestId('list-row');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(screen.getByRole('button', { name: 'Send Now' }));
    expect((await screen.findByTestId('email-update-pending')).textContent).toBe('Update is pending. If This message remains try pressing refresh');
    expect(calls()).toContain('POST /api/email/send');
    const before = calls().filter((c) => c === 'GET /api/email').length;
    await act(async () => { await vi.advanceTimersByTimeAsync(5_100); });
    expect(screen.queryByTestId('email-update-pending')).toBeNull();
    expect(calls().filter((c) => c === 'GET /api/email').length).toBeGreaterThan(before);
  });
});
