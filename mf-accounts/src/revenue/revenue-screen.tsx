import type { RevenueChart } from 'api/contracts/balances';
import { ListEditor, MONTH_ABBREVIATIONS, api, type ListColumn, type ListRecord } from 'shared-ui';
import { revenueYears, type RevenueYear } from './rules.js';

type Row = RevenueYear & ListRecord;

const columns: ListColumn<Row>[] = [
  { header: 'Year', field: 'year', width: 70 },
  ...MONTH_ABBREVIATIONS.map((month, i): ListColumn<Row> => ({ header: month, field: `m${i + 1}`, kind: 'money' })),
  { header: 'Total', field: 'total', kind: 'money' },
];

/**
 * Revenue (spec 2 route table: revenue accounts) under Accounts: the business's income accounts
 * (commission, advertising, other) by month for up to five years, the figures the dashboard's
 * revenue chart draws, as a table (GET /api/control/revenuechart; shown with p_fn_trust).
 */
export default function RevenueScreen() {
  return (
    <ListEditor<Row>
      title="Revenue"
      listKey="revenue-years"
      keyField="year"
      columns={columns}
      filters={{ search: false }}
      fetchList={() => api.get<{ data: RevenueChart }>('/api/control/revenuechart').then((r) => revenueYears(r.data) as Row[])}
      readOnly
    />
  );
}
