import type { BusinessSummaryRow } from 'api/contracts/balances';
import { ListTable, formatDate, type ListColumn } from 'shared-ui';
import { DashboardCard } from './dashboard-card.js';
import { useCurrentBusinessSummary } from './queries.js';

type Row = BusinessSummaryRow & Record<string, unknown>;

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
        <ListTable<Row>
          label="Business ledger summary"
          rows={summary.data.rows as Row[]}
          columns={columns}
          keyField="account_id"
          pageSize={25}
          totals={['pending', 'funds']}
          showTotals
        />
      ) : null}
    </DashboardCard>
  );
}
