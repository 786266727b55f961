import { useState } from 'react';
import { MessageBar, MessageBarBody, Tab, TabList, makeStyles, tokens } from '@fluentui/react-components';
import type { CashbookRow } from 'api/contracts/cashbook';
import { ListEditor, type ListColumn, type ListRecord } from 'shared-ui';
import { counterparty, ledgerListPath, ledgerRowTone, type LedgerKind } from './rules.js';

type Row = CashbookRow & ListRecord;

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
});

/** Long text cut to a width with an ellipsis (the whole on hover), so Amount stays in view on a tablet. */
const clipped = (text: string | null | undefined, width: number) => (
  <span title={text ?? undefined} style={{ display: 'inline-block', maxWidth: width, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', verticalAlign: 'bottom' }}>
    {text ?? ''}
  </span>
);

const columns = (kind: LedgerKind): ListColumn<Row>[] => [
  { header: 'Date', field: 'date', kind: 'date', width: 90 },
  { header: `${kind} Ref`, field: 'ref', width: 80 },
  { header: 'Method', field: 'method', width: 70 },
  { header: kind === 'Receipt' ? 'Payer' : 'Payee', id: 'counterparty', render: (r) => clipped(counterparty(kind, r), 130) },
  { header: 'Details', id: 'details', render: (r) => clipped(r.kind === 'VOID' ? `CANCELLED: ${r.cancelled_reason ?? ''}` : r.memo.split(/\r?\n/)[0], 180) },
  { header: 'Properties', id: 'properties', render: (r) => clipped(r.properties, 80) },
  { header: 'Amount', field: 'amount', kind: 'money' },
];

const rowStyle = (row: Row) => {
  const tone = ledgerRowTone(row);
  if (tone === 'reversal') return { color: tokens.colorPaletteRedForeground1 };
  if (tone === 'cancelled') return { color: tokens.colorNeutralForeground3, fontStyle: 'italic' as const };
  return undefined;
};

/**
 * Receipts and Payments (spec 2 route table: the receipts and payments ledger) under Accounts:
 * the trust account's cash book by period, read only, for users with p_fn_ReceiptsAndPayments.
 * It reads the same server-paged lists as the Receipts and Payments screens; posted records are
 * never edited or deleted here or there, only reversed with a reason from Transactions.
 */
export default function ReceiptsAndPaymentsScreen() {
  const styles = useStyles();
  const [kind, setKind] = useState<LedgerKind>('Receipt');
  return (
    <div className={styles.page}>
      <TabList selectedValue={kind} onTabSelect={(_, d) => setKind(d.value as LedgerKind)} aria-label="Receipts and Payments">
        <Tab value="Receipt">Receipts</Tab>
        <Tab value="Payment">Payments</Tab>
      </TabList>
      <MessageBar intent="info">
        <MessageBarBody>Posted receipts and payments are never edited or deleted; an amendment is a reversal with a reason, made from Transactions.</MessageBarBody>
      </MessageBar>
      <ListEditor<Row>
        key={kind}
        title={kind === 'Receipt' ? 'Receipts Ledger' : 'Payments Ledger'}
        listKey={`ledger-${kind.toLowerCase()}s`}
        listPath={ledgerListPath(kind)}
        keyField="_pk"
        columns={columns(kind)}
        serverPaging={{ totals: { amount: 'totalAmount' } }}
        totals={['amount']}
        filters={{ period: true }}
        rowStyle={rowStyle}
        readOnly
      />
    </div>
  );
}
