import { Suspense, lazy } from 'react';
import { Spinner } from '@fluentui/react-components';
import type { BusinessSummaryRow } from 'api/contracts/balances';
import type { ListColumn } from 'shared-ui';
import { formatDate } from 'shared-ui/core';
import { DashboardCard } from './dashboard-card.js';
import { useCurrentBusinessSummary } from './queries.js';

type Row = BusinessSummaryRow & Record<string, unknown>;

// The table comes with shared-ui's list editor, which the dashboard's first paint does without:
// it loads once the summary has arrived, as the chart cards' charts do (issue 16).
const ListTable = lazy(() => import('shared-ui').then((m) => ({ default: m.ListTable<Row> })));

// The current month's funds are labelled Revenue (spec 2 §9 balance totals labels).
const columns: ListColumn<Row>[] = [
  { header: 'Description', field: 'description' },
  { header: 'Pending', field: 'pending', kind: 'money' },
  { header: 'Revenue', field: 'funds', kind: 'money' },
];

/** The middle column: the business ledger by account for the current month (spec 2 §2). */
export function BusinessSummaryCard() {
  const summary = useCurrentBusinessSummary();
  const period = summary.data?.period;
  return (
    <DashboardCard
      title={period ? `Business Ledger: ${formatDate(period.from)} to ${formatDate(period.to)}` : 'Business Ledger'}
      testId="business-summary-card"
      loading={summary.isPending}
      error={summary.error}
    >
      {summary.data ? (
        <Suspense fallback={<Spinner size="small" label="Loading the table..." />}>
          <ListTable
            label="Business ledger summary"
            rows={summary.data.rows as Row[]}
            columns={columns}
            keyField="account_id"
            pageSize={25}
            totals={['pending', 'funds']}
            showTotals
          />
        </Suspense>
      ) : null}
    </DashboardCard>
  );
}
