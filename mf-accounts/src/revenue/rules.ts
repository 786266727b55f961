import type { RevenueChart } from 'api/contracts/balances';

/** One month of the business's revenue: a column per year (y2026…, dollars), newest year first. */
export type RevenueMonth = { month: number; name: string } & Record<`y${number}`, number>;

/** The year columns of the table, newest first (the year an accountant looks at first). */
export const revenueYearFields = (chart: RevenueChart) => [...chart.years].reverse().map((year) => ({ year, field: `y${year}` as const }));

/**
 * The revenue chart's figures as a table a tablet can show whole: a row per month, a column per
 * year (at most five), the years' totals summed exactly by the list's totals row.
 */
export function revenueMonths(chart: RevenueChart): RevenueMonth[] {
  return chart.months.map((name, m) => {
    const row = { month: m + 1, name } as RevenueMonth;
    chart.years.forEach((year, y) => {
      row[`y${year}`] = chart.totals[y]?.[m] ?? 0;
    });
    return row;
  });
}
