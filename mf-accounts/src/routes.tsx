import { lazy } from 'react';
import type { ScreenMap } from 'shared-ui';

/** The Accounts screens by route, each loaded when first opened. */
export const accountScreens: ScreenMap = {
  '/accounts/business': lazy(() => import('./business/business-screen.js')),
  '/accounts/owners': lazy(() => import('./entities/owners-screen.js')),
  '/accounts/pools': lazy(() => import('./pools/pools-screen.js')),
  '/accounts/suppliers': lazy(() => import('./entities/suppliers-screen.js')),
  '/accounts/tenant': lazy(() => import('./entities/tenants-screen.js')),
  '/accounts/unallocated': lazy(() => import('./entities/unallocated-screen.js')),
  '/accounts/units': lazy(() => import('./units/units-screen.js')),
  '/accounts/ReceiptsAndPayments': lazy(() => import('./receipts-payments/receipts-payments-screen.js')),
  '/accounts/Revenue': lazy(() => import('./revenue/revenue-screen.js')),
};
