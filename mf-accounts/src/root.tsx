import { lazy } from 'react';
import { Route, Routes, useLocation } from 'shared-ui/router';
import { RemoteRoot } from 'shared-ui/core';

const Dashboard = lazy(() => import('./dashboard/dashboard.js'));
const Bookings = lazy(() => import('./bookings/bookings-screen.js'));
const Rentals = lazy(() => import('./rentals/rentals-screen.js'));
// The area page comes with the whole of shared-ui, which the dashboard's first paint does without (issue 16).
const AccountsAreaPage = lazy(() => import('./accounts-area-page.js'));

/**
 * The accounts area on its own paths. Not a Route path="/accounts/*": the area page's own routes
 * are absolute (/accounts/units), which a descendant Routes under /accounts/* matches against the
 * rest of the path (/units) and so never renders.
 */
function AccountsArea() {
  const { pathname } = useLocation();
  if (pathname !== '/accounts' && !pathname.startsWith('/accounts/')) return null;
  return <AccountsAreaPage />;
}

/** Dashboard, bookings, permanent rentals and accounts. */
export function Root() {
  return (
    <RemoteRoot idPrefix="mf-accounts-">
      <Routes>
        <Route path="/dashboard" element={<Dashboard />} />
        <Route path="/bookings" element={<Bookings />} />
        <Route path="/rentals" element={<Rentals />} />
        <Route path="*" element={<AccountsArea />} />
      </Routes>
    </RemoteRoot>
  );
}
