import { MessageBar, MessageBarBody, Spinner, Subtitle2, makeStyles, tokens } from '@fluentui/react-components';
import type { PeriodRef } from 'api/contracts/balances';
import { ListTable, type ListColumn } from 'shared-ui';
import { useBusinessLines, usePendingCharges } from './queries.js';
import { pendingForAccount, type ChargeListRow, type LedgerLine } from './rules.js';

type LineRow = LedgerLine & Record<string, unknown>;
type ChargeRow = ChargeListRow & Record<string, unknown>;

const lineColumns: ListColumn<LineRow>[] = [
  { header: 'Date', field: 'date', kind: 'date', width: 100 },
  { header: 'Type', field: 'kind', width: 110 },
  { header: 'Ref', field: 'ref', width: 90 },
  { header: 'Door', field: 'door', width: 80 },
  { header: 'Amount', field: 'amount', kind: 'money' },
];

const chargeColumns: ListColumn<ChargeRow>[] = [
  { header: 'Date', field: 'date', kind: 'date', width: 100 },
  { header: 'Charge', field: 'ref', width: 90 },
  { header: 'Payer', field: 'entity', width: 120 },
  { header: 'Door', field: 'door', width: 80 },
  { header: 'Memo', field: 'memo' },
  { header: 'Amount', field: 'amount', kind: 'money' },
];

const useStyles = makeStyles({
  detail: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, padding: `${tokens.spacingVerticalS} 0` },
});

function Failure({ error }: { error: Error }) {
  return (
    <MessageBar intent="error">
      <MessageBarBody>{error.message}</MessageBarBody>
    </MessageBar>
  );
}

/** An expanded business account: its transactions in the period and the charges still pending to it. */
export function AccountDetail({ account, period }: { account: string; period: PeriodRef }) {
  const styles = useStyles();
  const lines = useBusinessLines(period);
  const charges = usePendingCharges(period);
  const rows = (lines.data ?? []).filter((l) => l.account === account).map((l, i) => ({ ...l, key: `${i}` })) as LineRow[];
  return (
    <div className={styles.detail} data-testid={`business-detail-${account}`}>
      <Subtitle2 as="h3">Transactions</Subtitle2>
      {lines.error ? <Failure error={lines.error} /> : lines.isPending ? <Spinner size="tiny" label="Loading transactions" /> : (
        <ListTable<LineRow> label={`${account} transactions`} rows={rows} columns={lineColumns} keyField="key" pageSize={10} totals={['amount']} showTotals />
      )}
      <Subtitle2 as="h3">Pending Charges</Subtitle2>
      {charges.error ? <Failure error={charges.error} /> : charges.isPending ? <Spinner size="tiny" label="Loading pending charges" /> : (
        <ListTable<ChargeRow>
          label={`${account} pending charges`}
          rows={pendingForAccount(charges.data ?? [], account) as ChargeRow[]}
          columns={chargeColumns}
          keyField="id"
          pageSize={10}
          totals={['amount']}
          showTotals
        />
      )}
    </div>
  );
}
