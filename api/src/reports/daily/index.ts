import type { ReportDefinition } from '../definition.js';
import { depositSlips } from './deposit-slips.js';
import { invoices } from './invoices.js';
import { reconciliationReports } from './reconciliations.js';

/** The report definitions of this tab (contracts/reports.ts REPORTS). */
export const definitions: ReportDefinition[] = [depositSlips, invoices, reconciliationReports];
