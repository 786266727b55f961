import type { Kysely } from 'kysely';
import { jsonb } from '../db/open.js';
import type { CompanyTables } from '../db/schema.js';
import { openPeriod } from '../ledger/ledger.js';

/** Runs `check` with the control period moved one month ahead (so today's month is closed), then restores it. */
export async function withPeriodClosed(db: Kysely<CompanyTables>, check: () => Promise<void>): Promise<void> {
  const period = await openPeriod(db);
  const next = period.month === 12 ? { year: period.year + 1, month: 1 } : { year: period.year, month: period.month + 1 };
  const setPeriod = async (p: { year: number; month: number }) => {
    await db.updateTable('control_setting').set({ value: jsonb(p.month) }).where('key', '=', 'current_month').execute();
    await db.updateTable('control_setting').set({ value: jsonb(p.year) }).where('key', '=', 'current_year').execute();
  };
  await setPeriod(next);
  try {
    await check();
  } finally {
    await setPeriod(period);
  }
}
