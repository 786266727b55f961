// @vitest-environment happy-dom
import '../../../shared-ui/src/testing/dom.js';
import { cleanupScreen, renderScreen, stubApi as stubScreenApi } from '../../../shared-ui/src/testing/screen.js';
import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import PoolsScreen from './pools-screen.js';
import { percentTotal } from './rules.js';

const control = { month_year_startcase: 'November 2026', current_year: 2026, current_month: 11, enable_pools: true };
const user = { id: 'ADMIN', permissions: { p_is_admin: true } };
const pool = { code: 'POOLRES', type: 'POOL', category: 'POOLS', name: 'Resort Pool', phone1: '07 5555 0000', email: 'pool@example.com', state: 'QLD', postcode: '4567', funds: 100, pending: 0, balance: 100, disburse_method: 'EFT', _pk: 'POOLRES' };
const lookups = {
  entity: [{ code: 'OWNA', name: 'Owner A', type: 'OWNER' }, { code: 'OWNB', name: 'Owner B', type: 'OWNER' }, { code: 'POOLRES', name: 'Resort Pool', type: 'POOL' }],
  category: [{ code: 'POOLS', name: 'Letting Pools', type: 'POOL' }], bank: [], account: [], unit: [], business: {}, unitType: [], unitClass: [], gstCode: [], accountType: [], cardType: [], templates: [], years: [], months: [], entityTypes: [], statementFormats: [], userKey: 'x', sync: false,
};

const stubApi = () => stubScreenApi((call) => {
  if (call.startsWith('GET /api/entity/list/POOL')) return { data: [pool] };
  if (call === 'GET /api/entity/POOLRES') return { data: pool };
  if (call === 'GET /api/pool/POOLRES') return { data: { code: 'POOLRES', basis: 'UNITS', members: [{ entity: 'OWNA', name: 'Owner A', units: 2, nights: 300, percent: 0, share: 0 }] } };
  if (call === 'PUT /api/pool/POOLRES') return { data: {}, message: 'Pool POOLRES members saved' };
  if (call === 'GET /api/auth') return { data: [user] };
  if (call === 'POST /api/lookup') return { data: lookups };
  return { data: control };
});

afterEach(cleanupScreen);

describe('Owner Pools (spec 3 §2)', () => {
  it('lists pools with their columns and edits the members and their basis', async () => {
    const calls = stubApi();
    renderScreen(<PoolsScreen />, { control, user, lookups });
    const table = await screen.findByRole('table', { name: 'Owner Pools' });
    expect(await within(table).findByText('Resort Pool')).toBeTruthy();
    for (const h of ['Category', 'Phone', 'Email', 'State', 'Postcode', 'Funds', 'Pending', 'Balance']) expect(within(table).getByRole('columnheader', { name: new RegExp(h) })).toBeTruthy();

    await userEvent.click(within(table).getByText('Resort Pool'));
    const editor = await screen.findByRole('alertdialog');
    await userEvent.click(within(editor).getByRole('tab', { name: 'Members' }));
    expect(await within(editor).findByText('Owner A')).toBeTruthy();

    await userEvent.click(within(editor).getByRole('combobox', { name: 'Share of each member by' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Set percent' }));
    const percent = await within(editor).findByRole('spinbutton', { name: 'Percent OWNA' });
    await userEvent.clear(percent);
    await userEvent.type(percent, '60');
    expect(within(editor).getByText(/total 60.00; they must total 100.00/)).toBeTruthy();
    expect((within(editor).getByRole('button', { name: 'Save Members' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.clear(percent);
    await userEvent.type(percent, '100');
    await userEvent.click(within(editor).getByRole('button', { name: 'Save Members' }));
    await waitFor(() => expect(calls.find((c) => c.call === 'PUT /api/pool/POOLRES')?.body).toEqual({ basis: 'PERCENT', members: [{ entity: 'OWNA', percent: 100 }] }));
  });

  it('says so when pools are off', async () => {
    stubApi();
    renderScreen(<PoolsScreen />, { control: { ...control, enable_pools: false }, user });
    expect(await screen.findByText(/Owner pools are not enabled/)).toBeTruthy();
  });

  it('totals set percentages to the cent', () => {
    expect(percentTotal([{ percent: 33.33 }, { percent: 33.33 }, { percent: 33.34 }])).toBe(100);
  });
});
