import { AreaPage, RemoteRoot } from 'shared-ui';

/** No Daily screen is built yet: every route shows the "not available in this build" card. */
export function Root() {
  return (
    <RemoteRoot idPrefix="mf-daily-">
      <AreaPage groupKey="management" areaPath="/management/daily" screens={{}} />
    </RemoteRoot>
  );
}
