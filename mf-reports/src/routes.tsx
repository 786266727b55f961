import { lazy } from 'react';
import { REPORTS, REPORT_KEYS, type ReportKey } from 'api/contracts/reports';
import type { ScreenMap } from 'shared-ui';

/** One screen per catalogue entry, at /reports/<tab>/<key>; the generic screen loads when first opened. */
const reportScreen = (key: ReportKey) =>
  lazy(() => import('./report/report-screen.js').then(({ ReportScreen }) => ({ default: () => <ReportScreen reportKey={key} /> })));

export const reportScreens: ScreenMap = Object.fromEntries(REPORT_KEYS.map((key) => [`/reports/${REPORTS[key].tab}/${key}`, reportScreen(key)]));
