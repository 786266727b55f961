import { AreaPage, RemoteRoot } from 'shared-ui';
import { setupScreens } from './routes.js';

export function Root() {
  return (
    <RemoteRoot idPrefix="mf-setup-">
      <AreaPage groupKey="management" areaPath="/management/setup" screens={setupScreens} />
    </RemoteRoot>
  );
}
