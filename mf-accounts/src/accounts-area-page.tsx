import { AreaPage } from 'shared-ui';
import { accountScreens } from './routes.js';

/** The accounts area's tabs and screens (spec 2 §3). */
export default function AccountsAreaPage() {
  return <AreaPage groupKey="accounts" areaPath="/accounts" screens={accountScreens} />;
}
