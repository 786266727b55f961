import { lazy } from 'react';
import type { ScreenMap } from 'shared-ui';

/** The Transactions screens by route, each loaded when first opened. */
export const transactionScreens: ScreenMap = {
  '/management/transactions/charges': lazy(() => import('./charges/charges-screen.js')),
  '/management/transactions/journals': lazy(() => import('./journals/journals-screen.js')),
  '/management/transactions/receipts': lazy(() => import('./receipts/receipts-screen.js')),
  '/management/transactions/payments': lazy(() => import('./payments/payments-screen.js')),
  '/management/transactions/chargerelease': lazy(() => import('./release/release-screen.js')),
  '/management/transactions/chargeupdate': lazy(() => import('./chargeupdate/chargeupdate-screen.js')),
  '/management/transactions/poolrelease': lazy(() => import('./poolrelease/poolrelease-screen.js')),
  '/management/transactions/disbursement': lazy(() => import('./disbursement/disbursement-screen.js')),
  '/management/transactions/monthend': lazy(() => import('./monthend/monthend-screen.js')),
};
