import { AreaPage, RemoteRoot } from 'shared-ui';
import { useLocation } from 'shared-ui/router';
import { reportScreens } from './routes.js';

/**
 * One area per reports tab (/reports/<tab>/<report>). The tab is read from the path rather than
 * from a parent route: AreaPage's routes are the route map's full paths, which a parent
 * /reports/:tab/* route would never match (the tabs stayed empty that way).
 */
function ReportTab() {
  const tab = useLocation().pathname.split('/')[2];
  return tab ? <AreaPage groupKey="reports" areaPath={`/reports/${tab}`} screens={reportScreens} /> : null;
}

export function Root() {
  return (
    <RemoteRoot idPrefix="mf-reports-">
      <ReportTab />
    </RemoteRoot>
  );
}
