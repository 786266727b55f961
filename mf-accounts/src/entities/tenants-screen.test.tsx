// @vitest-environment happy-dom
import '../../../shared-ui/src/testing/dom.js';
import { cleanupScreen, renderScreen, stubApi } from '../../../shared-ui/src/testing/screen.js';
import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import TenantsScreen from './tenants-screen.js';

const control = { month_year_startcase: 'November 2026', current_year: 2026, current_month: 11 };
const lookups = { account: [], business: {}, category: [{ id: 'TENANTS', description: 'Tenants' }], unitType: [], unitClass: [], gstCode: [], entity: [], unit: [] };
const tenant = {
  code: 'TENBROWN', _pk: 'TENBROWN', type: 'TENANT', category: 'TENANTS', name: 'Alex Brown', funds: 0, pending: 0, balance: 0, hold_always: 0, hold_this_month: 0,
  disburse_method: 'EFT', inactive: false,
};

const stub = () => stubApi((call) => {
  if (call.startsWith('GET /api/entity/list/TENANT')) return { data: [tenant] };
  if (call === 'GET /api/entity/TENBROWN') return { data: tenant };
  if (call.startsWith('GET /api/entity/pending/TENBROWN')) return { data: { outward: [], inward: [] } };
  if (call.startsWith('GET /api/entity/balance/TENBROWN')) return { data: { ledger: 0, balance: 0, charge: 0 } };
  if (call === 'POST /api/lookup') return { data: lookups };
  return { data: control };
});

afterEach(cleanupScreen);

describe('Tenants (issue 17: usable with the screen\'s own flags)', () => {
  it('shows a user with p_accounting but not p_entities the tenants read only: no Add Record, the editor with Close and no Save', async () => {
    stub();
    renderScreen(<TenantsScreen />, { control, lookups, user: { id: 'CLERK', permissions: { p_accounting: true } } });
    await userEvent.click(await screen.findByText('Alex Brown'));
    const dialog = await screen.findByRole('alertdialog');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Close' })).toBeTruthy());
    expect(within(dialog).queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add Record' })).toBeNull();
  });

  it('offers Add Record and Save to a user with p_entities', async () => {
    stub();
    renderScreen(<TenantsScreen />, { control, lookups, user: { id: 'ADMIN', permissions: { p_accounting: true, p_entities: true } } });
    expect(await screen.findByRole('button', { name: 'Add Record' })).toBeTruthy();
    await userEvent.click(await screen.findByText('Alex Brown'));
    const dialog = await screen.findByRole('alertdialog');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Save' })).toBeTruthy());
  });
});
