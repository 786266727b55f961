import { lazy } from 'react';
import { Route, Routes } from 'react-router-dom';
import { AreaPage, RemoteRoot, ScreenNotAvailable } from 'shared-ui';

const Dashboard = lazy(() => import('./dashboard/dashboard.js'));

/** Dashboard, bookings, rentals and accounts. Only the dashboard's pinned cards are built yet. */
export function Root() {
  return (
    <RemoteRoot idPrefix="mf-accounts-">
      <Routes>
        <Route path="/dashboard" element={<Dashboard />} />
        <Route path="/bookings" element={<ScreenNotAvailable title="Bookings" />} />
        <Route path="/rentals" element={<ScreenNotAvailable title="Permanent Rentals" />} />
        <Route path="/accounts/*" element={<AreaPage groupKey="accounts" areaPath="/accounts" screens={{}} />} />
        <Route path="*" element={null} />
      </Routes>
    </RemoteRoot>
  );
}
