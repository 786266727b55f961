import { PartiesScreen } from './parties-screen.js';

/** /accounts/tenant: the Tenants list. */
export default function Screen() {
  return <PartiesScreen type="TENANT" />;
}
