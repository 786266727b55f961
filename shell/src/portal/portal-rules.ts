/**
 * The client portal (spec 1 §1, §2): a stub shown when the address carries a portal query
 * (e.g. /?portal); it signs in and then only states that the client portal is logged in.
 */
export const isPortalAddress = (search: string) => new URLSearchParams(search).has('portal');

export interface PortalFieldErrors {
  code?: string;
  password?: string;
}

/** The client-portal sign-in's own messages (spec 1 §7): 'Username is Required', 'Password is Required'. */
export function portalSignInErrors(code: string, password: string): PortalFieldErrors {
  const errors: PortalFieldErrors = {};
  if (!code.trim()) errors.code = 'Username is Required';
  if (!password) errors.password = 'Password is Required';
  return errors;
}
