import { AreaPage, RemoteRoot } from 'shared-ui';
import { transactionScreens } from './routes.js';

export function Root() {
  return (
    <RemoteRoot idPrefix="mf-transactions-">
      <AreaPage groupKey="management" areaPath="/management/transactions" screens={transactionScreens} />
    </RemoteRoot>
  );
}
