// @vitest-environment happy-dom
import '../testing/dom.js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { setNoticeSink, type Notice } from 'shared-ui/core';
import { TextField } from '../fields/Fields.js';
import { RecordEditor, type RecordEditorProps } from './RecordEditor.js';
import type { ListRecord } from './types.js';

let posted: unknown[];
let notices: Notice[];
let stopNotices: () => void;

beforeEach(() => {
  posted = [];
  notices = [];
  stopNotices = setNoticeSink((n) => notices.push(n));
  vi.stubGlobal('fetch', async (_url: string, init: RequestInit = {}) => {
    const body = JSON.parse(String(init.body ?? '{}'));
    posted.push(body);
    return new Response(JSON.stringify({ data: { ...body, id: 5, ref: 'R5' }, message: 'Record Created' }), { status: 200 });
  });
});
afterEach(() => {
  cleanup();
  stopNotices();
  vi.unstubAllGlobals();
});

function renderEditor(props: Partial<RecordEditorProps<ListRecord>>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <FluentProvider theme={webLightTheme}>
      <QueryClientProvider client={client}>
        <RecordEditor<ListRecord> path="/api/item" recordKey={null} onClose={() => undefined} defaults={{ code: '' }} editor={() => <TextField name="code" label="Code" />} {...props} />
      </QueryClientProvider>
    </FluentProvider>,
  );
}

describe('RecordEditor save options', () => {
  it('asks to confirm a save warning: Cancel goes back, Proceed saves', async () => {
    renderEditor({ saveWarning: (v) => (v.code === 'X' ? 'Are you sure?' : null) });
    await userEvent.type(screen.getByLabelText('Code'), 'X');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByTestId('editor-warning')).toHaveProperty('textContent', 'Are you sure?');
    expect(posted).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByTestId('editor-warning')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Proceed' }));
    await waitFor(() => expect(posted).toEqual([{ code: 'X' }]));
  });

  it('keeps Save disabled while saveDisabled holds', () => {
    renderEditor({ saveDisabled: true });
    expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);
  });

  it('shows the screen\'s saved notice instead of the default toast', async () => {
    const onClick = vi.fn();
    renderEditor({ savedNotice: (saved, mode, message) => ({ title: message, body: `${mode} ${String(saved.ref)}`, intent: 'success', timeout: 8000, action: { label: 'Print', onClick } }) });
    await userEvent.type(screen.getByLabelText('Code'), 'A');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(notices).toHaveLength(1));
    expect(notices[0]).toMatchObject({ title: 'Record Created', body: 'create R5', timeout: 8000, action: { label: 'Print' } });
  });
});
