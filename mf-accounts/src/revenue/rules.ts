import type { RevenueChart } from 'api/contracts/balances';

/** One year of the business's revenue: a column per month (m1…m12, dollars) and the year's total. */
export type RevenueYear = { year: number; total: number } & Record<`m${number}`, number>;

/** Cents of a dollar amount, so the year's total adds up exactly. */
const cents = (dollars: number) => Math.round(dollars * 100);

/** The revenue chart's figures as rows, newest year first (the year an accountant looks at first). */
export function revenueYears(chart: RevenueChart): RevenueYear[] {
  return chart.years
    .map((year, y) => {
      const months = chart.totals[y] ?? [];
      const row = { year, total: months.reduce((sum, m) => sum + cents(m), 0) / 100 } as RevenueYear;
      chart.months.forEach((_, m) => {
        row[`m${m + 1}`] = months[m] ?? 0;
      });
      return row;
    })
    .reverse();
}
