import { AreaPage, RemoteRoot } from 'shared-ui';

/** No Transactions screen is built yet: every route shows the "not available in this build" card. */
export function Root() {
  return (
    <RemoteRoot idPrefix="mf-transactions-">
      <AreaPage groupKey="management" areaPath="/management/transactions" screens={{}} />
    </RemoteRoot>
  );
}
