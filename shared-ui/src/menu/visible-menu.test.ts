import { describe, expect, it } from 'vitest';
import { ROUTE_MAP } from './route-map.js';
import { allowedPaths, canSee, isAllowedPath, visibleMenu } from './visible-menu.js';

const keys = (menu: ReturnType<typeof visibleMenu>) => menu.map((g) => g.key);

describe('visibleMenu', () => {
  it('shows an administrator every group, tab and route', () => {
    const menu = visibleMenu({ p_is_admin: true });
    expect(menu).toEqual(ROUTE_MAP);
  });

  it('lists the owner pool screens only while Control Settings enable_pools is on', () => {
    const pools = (features?: Record<string, unknown>) => {
      const menu = visibleMenu({ p_is_admin: true }, ROUTE_MAP, features);
      const accounts = menu.find((g) => g.key === 'accounts')?.routes ?? [];
      const transactions = menu.find((g) => g.key === 'management')?.tabs?.find((t) => t.key === 'transactions')?.routes ?? [];
      return [...accounts, ...transactions].filter((r) => r.feature === 'enable_pools').map((r) => r.path);
    };
    expect(pools({ enable_pools: true })).toEqual(['/accounts/pools', '/management/transactions/poolrelease']);
    expect(pools({ enable_pools: false })).toEqual([]);
    // Without the control record (not loaded yet) the menu keeps them; the screens say when pools are off.
    expect(pools()).toHaveLength(2);
  });

  it('shows a user with no flags only the items without a permission', () => {
    const menu = visibleMenu({});
    expect(keys(menu)).toEqual(['dashboard']);
  });

  it('needs the group flag before any of its routes', () => {
    const menu = visibleMenu({ p_business: true, p_entities: true });
    expect(keys(menu)).toEqual(['dashboard']);
  });

  it('keeps routes without a permission inside a visible group', () => {
    const accounts = visibleMenu({ p_accounting: true }).find((g) => g.key === 'accounts');
    expect(accounts?.routes?.map((r) => r.path)).toEqual(['/accounts/tenant']);
  });

  it('hides Setup from a user without p_mgt even when p_set_up is held', () => {
    const menu = visibleMenu({ p_dashboard: true, p_accounting: true, p_set_up: true });
    expect(keys(menu)).toEqual(['dashboard', 'accounts']);
    expect(isAllowedPath('/management/setup/banks', { p_set_up: true })).toBe(false);
  });

  it('filters management tabs by the tab flag and each route flag, dropping empty tabs', () => {
    const management = visibleMenu({ p_mgt: true, p_daily: true, p_fn_bank: true, p_transaction: true }).find((g) => g.key === 'management');
    expect(management?.tabs?.map((t) => t.key)).toEqual(['daily']);
    expect(management?.tabs?.[0]?.routes.map((r) => r.path)).toEqual([
      '/management/daily/banking',
      '/management/daily/bankhist',
      '/management/daily/reconcile',
      '/management/daily/rechist',
      '/management/daily/logs',
    ]);
  });

  it('needs p_business_breakdown for the business transactions report', () => {
    const withoutBreakdown = allowedPaths({ p_reports: true, p_report_accounts: true });
    expect(withoutBreakdown.has('/reports/accounts/balances')).toBe(true);
    expect(withoutBreakdown.has('/reports/accounts/businestransactions')).toBe(false);
    expect(allowedPaths({ p_reports: true, p_report_accounts: true, p_business_breakdown: true }).has('/reports/accounts/businestransactions')).toBe(true);
  });

  it('treats only true as granting a flag', () => {
    expect(canSee({ p_bookings: false }, 'p_bookings')).toBe(false);
    expect(canSee({}, undefined)).toBe(true);
    expect(canSee({ p_is_admin: true }, 'p_bookings')).toBe(true);
  });
});

describe('isAllowedPath', () => {
  it('matches exactly, ignoring a trailing slash', () => {
    expect(isAllowedPath('/dashboard', {})).toBe(true);
    expect(isAllowedPath('/dashboard/', {})).toBe(true);
    expect(isAllowedPath('/', { p_is_admin: true })).toBe(false);
    expect(isAllowedPath('/nowhere', { p_is_admin: true })).toBe(false);
    expect(isAllowedPath('/accounts/owners/extra', { p_is_admin: true })).toBe(false);
    expect(isAllowedPath('/management/setup/banks', { p_is_admin: true })).toBe(true);
  });
});
