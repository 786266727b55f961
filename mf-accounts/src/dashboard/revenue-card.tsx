import type { LineChartPoints } from '@fluentui/react-charts';
import { Text } from '@fluentui/react-components';
import { MONTH_ABBREVIATIONS, centsToDollars, formatCents, useCurrentMonth } from 'shared-ui/core';
import { DashboardCard } from './dashboard-card.js';
import { LineChart } from './lazy-charts.js';
import { useRevenueChart } from './queries.js';
import { revenueSeries } from './rules.js';

// Every year is drawn over the same twelve months, so the lines lie over each other by month.
const monthDate = (month: number) => new Date(2000, month - 1, 1);
const MONTH_TICKS = MONTH_ABBREVIATIONS.map((_, i) => monthDate(i + 1));

/** Revenue chart (spec 2 §2, §9): the business's income by month, up to five years in fixed colours. */
export function RevenueCard() {
  const chart = useRevenueChart();
  const open = useCurrentMonth();
  const series = chart.data ? revenueSeries(chart.data, open) : [];
  const lines: LineChartPoints[] = series.map((s) => ({
    legend: String(s.year),
    color: s.colour,
    data: s.points.map((p) => ({
      x: monthDate(p.month),
      y: centsToDollars(p.cents),
      xAxisCalloutData: `${MONTH_ABBREVIATIONS[p.month - 1]} ${s.year}`,
      yAxisCalloutData: formatCents(p.cents),
    })),
  }));
  return (
    <DashboardCard title="Revenue" testId="revenue-card" loading={chart.isPending} error={chart.error}>
      {series.length === 0 ? (
        <Text italic>No revenue posted yet.</Text>
      ) : (
        <div data-testid="revenue-chart" data-years={series.map((s) => s.year).join(',')}>
          <LineChart
            data={{ chartTitle: 'Business revenue by month', lineChartData: lines }}
            height={260}
            tickValues={MONTH_TICKS}
            customDateTimeFormatter={(d) => MONTH_ABBREVIATIONS[d.getMonth()]!}
            yAxisTickFormat={(v: number) => `$${Math.round(v / 1000)}k`}
            margins={{ left: 48, right: 16, top: 16, bottom: 32 }}
          />
        </div>
      )}
    </DashboardCard>
  );
}
