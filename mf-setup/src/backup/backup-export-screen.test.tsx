// @vitest-environment happy-dom
import '../../../shared-ui/src/testing/dom.js';
import { cleanupScreen, renderScreen, stubApi } from '../../../shared-ui/src/testing/screen.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import BackupExportScreen from './backup-export-screen.js';

afterEach(cleanupScreen);

describe('System Backup and Export (spec 3 §2)', () => {
  it('downloads the JSON export, then warns to check the file arrived', async () => {
    const calls = stubApi(() => new Response('{"models":{}}', { status: 200, headers: { 'Content-Type': 'application/json', 'Content-Disposition': 'attachment; filename="export-DEMOTRUST-20261126-110000.json"' } }));
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    renderScreen(<BackupExportScreen />);
    expect(screen.queryByText(/Please ensure/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'GET EXPORT DATA NOW' }));
    expect(await screen.findByText('Please ensure that an export file (export-DEMOTRUST-20261126-110000.json) has been downloaded by your browser.')).toBeTruthy();
    expect(calls.map((c) => c.call)).toEqual(['GET /api/util/export?model=all']);
  });
});
