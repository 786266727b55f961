// @vitest-environment happy-dom
import '../../../shared-ui/src/testing/dom.js';
import { cleanupScreen, renderScreen, stubApi as stubScreenApi } from '../../../shared-ui/src/testing/screen.js';
import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PoolReleaseRow } from 'api/contracts/pools';
import PoolReleaseScreen from './poolrelease-screen.js';
import { releaseBody, totalToDisburse } from './rules.js';

const control = { month_year_startcase: 'November 2026', current_year: 2026, current_month: 11, enable_pools: true };
const user = { id: 'ADMIN', permissions: { p_is_admin: true } };
const member = (entity: string, share: number) => ({ entity, name: `Owner ${entity}`, units: 1, nights: 100, percent: 0, share });
const pools: PoolReleaseRow[] = [
  { id: 'POOLRES', code: 'POOLRES', type: 'POOL', name: 'Resort Pool', basis: 'UNITS', funds: 100, hold_always: 0, hold_this_month: 0, charges: 0, balance: 100, disburse: 100, members: [member('OWNA', 33.33), member('OWNB', 66.67)] },
  { id: 'POOLBAY', code: 'POOLBAY', type: 'POOL', name: 'Bay Pool', basis: 'UNITS', funds: 50, hold_always: 10, hold_this_month: 0, charges: 5, balance: 35, disburse: 0, members: [member('OWNA', 0)] },
];

const stubApi = () => stubScreenApi((call) => {
  if (call === 'GET /api/control/poolrelease') return { data: pools };
  if (call === 'POST /api/control/poolrelease') return { data: { pools: 1, total: 10000, refs: ['9'] }, message: '1 pool released: $100.00 to members', error: false };
  if (call === 'GET /api/auth') return { data: [user] };
  return { data: control };
});

afterEach(cleanupScreen);

describe('Release Pool Funds (spec 3 §2, §4)', () => {
  it('disables pools with charges, warns once after 500 ms, shows holds only above 0, and releases the ticked pools', async () => {
    const calls = stubApi();
    renderScreen(<PoolReleaseScreen />, { control, user });
    const table = await screen.findByRole('table', { name: 'Release Pool Funds' });
    expect(await within(table).findByText('Resort Pool')).toBeTruthy();
    // The warning waits 500 ms.
    expect(screen.queryByTestId('unreleased-warning')).toBeNull();
    expect(await screen.findByTestId('unreleased-warning', {}, { timeout: 2000 })).toBeTruthy();
    expect(screen.getByTestId('unreleased-warning').textContent).toContain('POOLBAY');

    expect((within(table).getByRole('checkbox', { name: 'Select POOLBAY' }) as HTMLInputElement).disabled).toBe(true);
    // Bay Pool's hold always (10) shows; Resort Pool's zero holds are blank.
    expect(within(table).getAllByText('$10.00').length).toBeGreaterThan(0);

    const releaseButton = screen.getByRole('button', { name: 'Release Funds' }) as HTMLButtonElement;
    expect(releaseButton.disabled).toBe(true);
    await userEvent.click(within(table).getByRole('checkbox', { name: 'Select POOLRES' }));
    expect(screen.getByTestId('pool-release-total').textContent).toContain('$100.00');
    await waitFor(() => expect(releaseButton.disabled).toBe(false));

    // Dismissed, the warning does not come back when the list reloads.
    await userEvent.click(within(screen.getByTestId('unreleased-warning')).getByRole('button', { name: 'Dismiss' }));
    await userEvent.click(releaseButton);
    expect(await screen.findByText('1 pool released: $100.00 to members')).toBeTruthy();
    expect(calls.find((c) => c.call === 'POST /api/control/poolrelease')?.body).toEqual([{ pool: { entity: 'POOLRES', amount: 100 }, members: pools[0]!.members }]);
    await new Promise((r) => setTimeout(r, 700));
    expect(screen.queryByTestId('unreleased-warning')).toBeNull();
  });

  it('counts only ticked pools that may be released', () => {
    expect(totalToDisburse(pools, new Set(['POOLRES', 'POOLBAY']))).toBe(100);
    expect(totalToDisburse(pools, new Set(['POOLBAY']))).toBe(0);
    expect(releaseBody(pools, new Set(['POOLBAY']))).toEqual([]);
  });
});
