// @vitest-environment happy-dom
import '../../../shared-ui/src/testing/dom.js';
import { cleanupScreen, renderScreen, stubApi } from '../../../shared-ui/src/testing/screen.js';
import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { USER_CHANGES_BY_SUPPORT } from 'api/contracts/users';
import UsersScreen from './users-screen.js';

const control = { month_year_startcase: 'November 2026', current_year: 2026, current_month: 11 };
const users = [{ id: 'ADMIN', name: 'Trust Administrator', usertype: 'ADMIN', email: null, inactive: false, _pk: 'ADMIN' }];

function renderAs(user: { id: string; is_super: boolean; permissions: Record<string, boolean> }) {
  const calls = stubApi((call) => ({ data: call.includes('/api/user/list') ? users : control }));
  renderScreen(<UsersScreen />, { control, user: { desktopRows: 25, mobileRows: 20, ...user } });
  return calls;
}

afterEach(cleanupScreen);

describe('Users screen (spec 3 §2, §6 User editing)', () => {
  it('shows an administrator without the super flag only the Temporary Notice and their own profile', async () => {
    const calls = renderAs({ id: 'ADMIN', is_super: false, permissions: { p_is_admin: true, p_mgt: true } });
    expect(await screen.findByText('Temporary Notice')).toBeTruthy();
    expect(screen.getByText(USER_CHANGES_BY_SUPPORT)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit my profile' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add Record' })).toBeNull();
    expect(calls.filter((c) => c.call.includes('/api/user/list'))).toEqual([]);
  });

  it('lists and adds users with the super flag', async () => {
    renderAs({ id: 'SUPPORT', is_super: true, permissions: { p_is_admin: true, p_mgt: true } });
    expect(await screen.findByText('Trust Administrator')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add Record' })).toBeTruthy();
    expect(screen.queryByText('Temporary Notice')).toBeNull();
  });
});
