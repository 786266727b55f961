import { PartiesScreen } from './parties-screen.js';

/** /accounts/owners: the Owners list. */
export default function Screen() {
  return <PartiesScreen type="OWNER" />;
}
