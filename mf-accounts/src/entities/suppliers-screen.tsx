import { PartiesScreen } from './parties-screen.js';

/** /accounts/suppliers: the Suppliers list. */
export default function Screen() {
  return <PartiesScreen type="SUPPLIER" />;
}
