import { lazy } from 'react';
import { Route, Routes } from 'react-router-dom';
import { AreaPage, RemoteRoot, ScreenNotAvailable } from 'shared-ui';
import { accountScreens } from './routes.js';

const Dashboard = lazy(() => import('./dashboard/dashboard.js'));

/** Dashboard, bookings, rentals and accounts (bookings and rentals come with their own issue). */
export function Root() {
  return (
    <RemoteRoot idPrefix="mf-accounts-">
      <Routes>
        <Route path="/dashboard" element={<Dashboard />} />
        <Route path="/bookings" element={<ScreenNotAvailable title="Bookings" />} />
        <Route path="/rentals" element={<ScreenNotAvailable title="Permanent Rentals" />} />
        <Route path="/accounts/*" element={<AreaPage groupKey="accounts" areaPath="/accounts" screens={accountScreens} />} />
        <Route path="*" element={null} />
      </Routes>
    </RemoteRoot>
  );
}
