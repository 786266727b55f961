import type { ReportDefinition } from '../definition.js';
import { auditorPack } from './auditor-pack.js';
import { endOfMonthReports } from './month-end-reports.js';
import { endOfMonthStatements } from './month-end-statements.js';

/** The report definitions of this tab (contracts/reports.ts REPORTS). */
export const definitions: ReportDefinition[] = [endOfMonthReports, endOfMonthStatements, auditorPack];
