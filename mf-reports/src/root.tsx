import { AreaPage, RemoteRoot } from 'shared-ui';
import { Route, Routes, useParams } from 'react-router-dom';

/** One area per reports tab (/reports/<tab>/<report>); no report screen is built yet. */
function ReportTab() {
  const { tab } = useParams();
  return <AreaPage groupKey="reports" areaPath={`/reports/${tab}`} screens={{}} />;
}

export function Root() {
  return (
    <RemoteRoot idPrefix="mf-reports-">
      <Routes>
        <Route path="/reports/:tab/*" element={<ReportTab />} />
        <Route path="*" element={null} />
      </Routes>
    </RemoteRoot>
  );
}
