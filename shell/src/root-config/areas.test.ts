import { describe, expect, it } from 'vitest';
import { areaForPath, pageMode } from './areas.js';

describe('areaForPath', () => {
  it('mounts the area owning the route prefix', () => {
    expect(areaForPath('/dashboard')?.name).toBe('mf_accounts');
    expect(areaForPath('/accounts/owners')?.name).toBe('mf_accounts');
    expect(areaForPath('/management/setup/banks')?.name).toBe('mf_setup');
    expect(areaForPath('/management/daily')?.name).toBe('mf_daily');
    expect(areaForPath('/reports/accounts/balances')?.name).toBe('mf_reports');
  });

  it('leaves the menu landing pages and look-alike paths to the chrome', () => {
    expect(areaForPath('/management')).toBeUndefined();
    expect(areaForPath('/reports')).toBeUndefined();
    expect(areaForPath('/accountsx')).toBeUndefined();
    expect(areaForPath('/')).toBeUndefined();
  });
});

describe('pageMode', () => {
  it('shows sign-in without a token, the console to support users until client view, else the app', () => {
    expect(pageMode({ token: null, super: 'true', consoleActive: null })).toBe('signed-out');
    expect(pageMode({ token: 't', super: 'true', consoleActive: null })).toBe('console');
    expect(pageMode({ token: 't', super: 'true', consoleActive: 'true' })).toBe('app');
    expect(pageMode({ token: 't', super: null, consoleActive: null })).toBe('app');
  });
});
