import type { ReportDefinition } from '../definition.js';
import { accountSummary } from './account-summary.js';
import { accountTransactions } from './account-transactions.js';
import { balanceSummary } from './balance-summary.js';
import { businessTransactions } from './business-transactions.js';
import { endOfYear } from './end-of-year.js';
import { entityMonthly } from './entity-monthly.js';
import { statementsReport } from './statements.js';

/** The report definitions of this tab (contracts/reports.ts REPORTS). */
export const definitions: ReportDefinition[] = [balanceSummary, accountSummary, accountTransactions, businessTransactions, entityMonthly, statementsReport, endOfYear];
