import { AreaPage, RemoteRoot } from 'shared-ui';
import { dailyScreens } from './routes.js';

export function Root() {
  return (
    <RemoteRoot idPrefix="mf-daily-">
      <AreaPage groupKey="management" areaPath="/management/daily" screens={dailyScreens} />
    </RemoteRoot>
  );
}
