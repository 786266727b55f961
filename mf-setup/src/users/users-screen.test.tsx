// @vitest-environment happy-dom
import '../../../shared-ui/src/testing/dom.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { QueryClientProvider } from '@tanstack/react-query';
import { USER_CHANGES_BY_SUPPORT } from 'api/contracts/users';
import { queryClient, startupKeys } from 'shared-ui';
import UsersScreen from './users-screen.js';

const control = { month_year_startcase: 'November 2026', current_year: 2026, current_month: 11 };
const users = [{ id: 'ADMIN', name: 'Trust Administrator', usertype: 'ADMIN', email: null, inactive: false, _pk: 'ADMIN' }];

function renderAs(user: { id: string; is_super: boolean; permissions: Record<string, boolean> }) {
  const calls: string[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    calls.push(`${init?.method ?? 'GET'} ${url}`);
    return new Response(JSON.stringify({ data: String(url).includes('/api/user/list') ? users : control }), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
  queryClient.setQueryData(startupKeys.control, control);
  queryClient.setQueryData(startupKeys.user, { desktopRows: 25, mobileRows: 20, ...user });
  render(
    <FluentProvider theme={webLightTheme}>
      <QueryClientProvider client={queryClient}>
        <UsersScreen />
      </QueryClientProvider>
    </FluentProvider>,
  );
  return calls;
}

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

describe('Users screen (spec 3 §2, §6 User editing)', () => {
  it('shows an administrator without the super flag only the Temporary Notice and their own profile', async () => {
    const calls = renderAs({ id: 'ADMIN', is_super: false, permissions: { p_is_admin: true, p_mgt: true } });
    expect(await screen.findByText('Temporary Notice')).toBeTruthy();
    expect(screen.getByText(USER_CHANGES_BY_SUPPORT)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit my profile' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add Record' })).toBeNull();
    expect(calls.filter((c) => c.includes('/api/user/list'))).toEqual([]);
  });

  it('lists and adds users with the super flag', async () => {
    renderAs({ id: 'SUPPORT', is_super: true, permissions: { p_is_admin: true, p_mgt: true } });
    expect(await screen.findByText('Trust Administrator')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add Record' })).toBeTruthy();
    expect(screen.queryByText('Temporary Notice')).toBeNull();
  });
});
