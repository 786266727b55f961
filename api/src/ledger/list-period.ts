import type { Kysely } from 'kysely';
import type { CompanyTables } from '../db/schema.js';
import { openPeriod } from './ledger.js';
import { addDays } from './business-date.js';

/** The period part of a list query: the list filter's choice plus explicit month, year or dates. */
export interface ListPeriodQuery {
  period?: 'current' | 'future' | 'period';
  year?: number;
  month?: number;
  from?: string;
  to?: string;
}


/**
 * Turns the list filter's choice (spec 1 §2.3) into dates the queries use: Current is the open
 * accounting month, Future everything after it, Period the month and year given. Explicit dates
 * win over the choice.
 */
export function listPeriodFilter<Q extends ListPeriodQuery>(q: Q, open: { year: number; month: number; last: string }): Omit<Q, 'period'> {
  const { period, ...rest } = q;
  if (rest.from || rest.to) return rest;
  if (period === 'current') return { ...rest, year: open.year, month: open.month };
  if (period === 'future') return { ...rest, year: undefined, month: undefined, from: addDays(open.last, 1) };
  return rest;
}

/** listPeriodFilter against the company's open period. */
export async function resolveListPeriod<Q extends ListPeriodQuery>(db: Kysely<CompanyTables>, q: Q): Promise<Omit<Q, 'period'>> {
  return listPeriodFilter(q, await openPeriod(db));
}
