/** The e2e server signs tokens with this key, so a spec can make a genuinely expired token. */
export const E2E_TOKEN_SECRET = 'e2e-only-token-secret-never-used-in-production';
