import { useState } from 'react';
import type { RevenueChart } from 'api/contracts/balances';
import { ListEditor, api, type ListColumn, type ListRecord } from 'shared-ui';
import { revenueMonths, revenueYearFields, type RevenueMonth } from './rules.js';

type Row = RevenueMonth & ListRecord;

/**
 * Revenue (spec 2 route table: revenue accounts) under Accounts: the business's income accounts
 * (commission, advertising, other) by month for up to five years, the figures the dashboard's
 * revenue chart draws, as a table with each year's total (GET /api/control/revenuechart; shown
 * with p_fn_trust).
 */
export default function RevenueScreen() {
  const [chart, setChart] = useState<RevenueChart | null>(null);
  const years = chart ? revenueYearFields(chart) : [];
  const columns: ListColumn<Row>[] = [
    { header: 'Month', field: 'name', width: 80 },
    ...years.map(({ year, field }): ListColumn<Row> => ({ header: String(year), field, kind: 'money' })),
  ];
  return (
    <ListEditor<Row>
      title="Revenue"
      listKey="revenue-months"
      keyField="month"
      columns={columns}
      filters={{ search: false }}
      totals={years.map((y) => y.field)}
      fetchList={async () => {
        const res = await api.get<{ data: RevenueChart }>('/api/control/revenuechart');
        setChart(res.data);
        return revenueMonths(res.data) as Row[];
      }}
      readOnly
    />
  );
}
