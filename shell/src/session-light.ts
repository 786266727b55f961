/**
 * The session and API client imported by file rather than through the 'shared-ui' package:
 * the root config and the sign-in page must not pull the shared-ui singleton, which brings the
 * whole of Fluent with it. Inside the shell's build these are the same module instances the
 * shared-ui singleton uses, so session listeners still see every change.
 */
export { session } from '../../shared-ui/src/runtime/session.js';
export { api, ApiFailure } from '../../shared-ui/src/runtime/api.js';
