import { z } from 'zod';
import { CONTROL_CHARACTER_MESSAGE, isSingleLine } from './common.js';

/**
 * POST /api/snapshot (spec 3 §7): the CSV file as an array of its lines. The shape of the file
 * (spec 3 §5 'Snapshot import'): the first column is the account code; the first row holds the
 * 4-digit year of each month column, the second row the month (1 to 12); every further row is
 * an account with its amounts (dollars, the BUSINESS ledger's net for that account and month).
 */
export const snapshotImportContract = z.array(
  z.string().max(4000, 'A line is at most 4000 characters').refine(isSingleLine, CONTROL_CHARACTER_MESSAGE),
  { error: 'The body is the CSV file as an array of lines' },
).min(1, 'The file is empty').max(5000, 'At most 5000 lines');

/** POST /api/snapshot/rebuild (spec 3 §5: both year and month must be chosen). */
export const snapshotRebuildContract = z.object({
  year: z.number({ error: 'Year must be chosen' }).int('Year must be chosen').min(1900, 'Year must be chosen').max(9999, 'Year must be chosen'),
  month: z.number({ error: 'Month must be chosen' }).int('Month must be chosen').min(1, 'Month must be chosen').max(12, 'Month must be chosen'),
}).strict();

/** Spec 3 §3 'Snapshot row': an account with its amount per month (null: no snapshot for that month). */
export interface SnapshotRow {
  account_id: string;
  description: string;
  jan: number | null; feb: number | null; mar: number | null; apr: number | null; may: number | null; jun: number | null;
  jul: number | null; aug: number | null; sep: number | null; oct: number | null; nov: number | null; dec: number | null;
}
export const SNAPSHOT_MONTH_KEYS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'] as const;

/** Spec 3 §9: up to 5 years of history. */
export const SNAPSHOT_YEARS = 5;
