import { MessageBar, MessageBarBody, Spinner, Subtitle2, makeStyles, tokens } from '@fluentui/react-components';
import type { PeriodRef } from 'api/contracts/balances';
import type { EntityStatementRow } from 'api/contracts/entity';
import { ListTable, kindLabel, statementDetails, type ListColumn } from 'shared-ui';
import { PendingCharges } from '../entities/party-expansion.js';
import { useAccountPendingCharges, useBusinessStatement } from './queries.js';
import { accountLines } from './rules.js';

type LineRow = EntityStatementRow & Record<string, unknown>;

const lineColumns: ListColumn<LineRow>[] = [
  { header: 'Date', field: 'date', kind: 'date', width: 100 },
  { header: 'Ref', field: 'ref', width: 80 },
  { header: 'Type', id: 'kind', render: (r) => kindLabel(r.kind), width: 100 },
  { header: 'Door', field: 'door', width: 70 },
  // Details wrap, so the amount stays in view on a narrow screen.
  { header: 'Details', id: 'details', render: (r) => <span style={{ whiteSpace: 'normal', display: 'block', minWidth: 200 }}>{statementDetails(r)}</span> },
  { header: 'Amount', field: 'amount', kind: 'money', width: 100 },
];

const useStyles = makeStyles({
  detail: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, padding: `${tokens.spacingVerticalS} 0`, whiteSpace: 'normal' },
});

function Failure({ error }: { error: Error }) {
  return (
    <MessageBar intent="error">
      <MessageBarBody>{error.message}</MessageBarBody>
    </MessageBar>
  );
}

/**
 * An expanded business account: its lines of the business statement for the period, and the
 * charges the business receives on it that were pending at the period's end.
 */
export function AccountDetail({ account, period }: { account: string; period: PeriodRef }) {
  const styles = useStyles();
  const statement = useBusinessStatement(period);
  const pending = useAccountPendingCharges(account, period);
  return (
    <div className={styles.detail} data-testid={`business-detail-${account}`}>
      <Subtitle2 as="h3">Transactions</Subtitle2>
      {statement.error ? <Failure error={statement.error} /> : statement.isPending ? <Spinner size="tiny" label="Loading transactions" /> : (
        <ListTable<LineRow>
          label={`${account} transactions`}
          rows={accountLines(statement.data.rows, account) as LineRow[]}
          columns={lineColumns}
          keyField="id"
          pageSize={10}
          totals={['amount']}
          showTotals
        />
      )}
      <Subtitle2 as="h3">Pending Charges</Subtitle2>
      {pending.error ? <Failure error={pending.error} /> : pending.isPending ? <Spinner size="tiny" label="Loading pending charges" /> : (
        <PendingCharges rows={pending.data} partyHeader="Paid By" label={`${account} pending charges`} />
      )}
    </div>
  );
}
