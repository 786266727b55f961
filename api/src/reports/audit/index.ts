import type { ReportDefinition } from '../definition.js';
import { bookingRevenue } from './booking-revenue.js';
import { threeWayDetail } from './three-way-detail.js';

/** The report definitions of this tab (contracts/reports.ts REPORTS). */
export const definitions: ReportDefinition[] = [threeWayDetail, bookingRevenue];
