import { describe, expect, it } from 'vitest';
import { isPortalAddress, portalSignInErrors } from './portal-rules.js';

describe('client portal stub (spec 1)', () => {
  it('is shown when the address carries a portal query', () => {
    expect(isPortalAddress('?portal')).toBe(true);
    expect(isPortalAddress('?portal=1&x=2')).toBe(true);
    expect(isPortalAddress('')).toBe(false);
    expect(isPortalAddress('?portals')).toBe(false);
  });

  it('requires the user name and the password with its own messages', () => {
    expect(portalSignInErrors('', '')).toEqual({ code: 'Username is Required', password: 'Password is Required' });
    expect(portalSignInErrors('  ', 'x')).toEqual({ code: 'Username is Required' });
    expect(portalSignInErrors('OWNER1', '')).toEqual({ password: 'Password is Required' });
    expect(portalSignInErrors('OWNER1', 'secret')).toEqual({});
  });
});
