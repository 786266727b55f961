// @vitest-environment happy-dom
import '../../../shared-ui/src/testing/dom.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from 'shared-ui';
import BackupExportScreen from './backup-export-screen.js';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('System Backup and Export (spec 3 §2)', () => {
  it('downloads the JSON export, then warns to check the file arrived', async () => {
    const calls: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      calls.push(url);
      return new Response('{"models":{}}', { status: 200, headers: { 'Content-Type': 'application/json', 'Content-Disposition': 'attachment; filename="export-DEMOTRUST-20261126-110000.json"' } });
    });
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    render(<FluentProvider theme={webLightTheme}><QueryClientProvider client={queryClient}><BackupExportScreen /></QueryClientProvider></FluentProvider>);
    expect(screen.queryByText(/Please ensure/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'GET EXPORT DATA NOW' }));
    expect(await screen.findByText('Please ensure that an export file (export-DEMOTRUST-20261126-110000.json) has been downloaded by your browser.')).toBeTruthy();
    expect(calls).toEqual(['/api/util/export?model=all']);
  });
});
