import type { GroupedVerticalBarChartData } from '@fluentui/react-charts';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';
import type { BusinessSummary } from 'api/contracts/balances';
import { formatMoney } from 'shared-ui';
import { AfterDialogFocus } from '../dashboard/after-dialog-focus.js';
import { GroupedVerticalBarChart } from '../dashboard/lazy-charts.js';
import { periodLabel } from './rules.js';

// Fixed colours: the period on screen, comparison #1, comparison #2.
const COLOURS = ['#0f6cbd', '#e97548', '#8a8886'] as const;

/** The business accounts graph: each account's funds in the period beside both comparison periods. */
export function GraphDialog({ summary, onClose }: { summary: BusinessSummary; onClose: () => void }) {
  const periods = [
    { key: 'funds', ref: summary.period },
    { key: 'funds_compare1', ref: summary.compare1 },
    { key: 'funds_compare2', ref: summary.compare2 },
  ] as const;
  const data: GroupedVerticalBarChartData[] = summary.rows.map((r) => ({
    // Account codes keep the axis readable; the callout names the account.
    name: r.account_id,
    series: periods.map((p, i) => ({
      key: p.key,
      legend: periodLabel(p.ref),
      color: COLOURS[i],
      data: r[p.key],
      xAxisCalloutData: r.description,
      yAxisCalloutData: formatMoney(r[p.key]),
    })),
  }));
  return (
    <Dialog open modalType="alert" onOpenChange={(_, d) => (d.open ? undefined : onClose())}>
      <DialogSurface style={{ maxWidth: 960, width: '95vw' }}>
        <DialogBody>
          <DialogTitle>Business Accounts Graph</DialogTitle>
          <DialogContent data-testid="business-graph">
            <AfterDialogFocus>
              <GroupedVerticalBarChart
                chartTitle="Business accounts by period"
                data={data}
                height={360}
                hideLabels
                enabledLegendsWrapLines
                yAxisTickFormat={(v: number) => `$${v.toLocaleString('en-AU')}`}
                margins={{ left: 80, right: 16, top: 16, bottom: 32 }}
              />
            </AfterDialogFocus>
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onClose}>
              Close
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
