import { PartiesScreen } from './parties-screen.js';

/** /accounts/unallocated: the Unallocated Funds list. */
export default function Screen() {
  return <PartiesScreen type="UNALLOC" />;
}
