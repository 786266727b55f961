import {
  Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, MessageBar, MessageBarBody, Spinner, Text, makeStyles, tokens,
} from '@fluentui/react-components';
import type { PeriodRef } from 'api/contracts/balances';
import { ListTable, formatDate, formatMoney, useLookups, type ListColumn } from 'shared-ui';
import { useBusinessLines, useBusinessPosition } from './queries.js';
import { periodLabel, statementLines, type StatementLine } from './rules.js';

type Row = StatementLine & Record<string, unknown>;

const columns: ListColumn<Row>[] = [
  { header: 'Date', field: 'date', kind: 'date', width: 100 },
  { header: 'Type', field: 'kind', width: 100 },
  { header: 'Ref', field: 'ref', width: 80 },
  { header: 'Account', field: 'account', width: 110 },
  { header: 'Door', field: 'door', width: 70 },
  { header: 'Amount', field: 'amount', kind: 'money' },
  { header: 'Balance', field: 'balance', kind: 'money' },
];

const useStyles = makeStyles({
  figures: { display: 'grid', gridTemplateColumns: 'auto auto', justifyContent: 'start', columnGap: tokens.spacingHorizontalXXL, rowGap: tokens.spacingVerticalXXS },
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

/** The business entity's statement for the period on screen: opening balance, every line with the running balance, closing balance. */
export function StatementDialog({ period, onClose }: { period: PeriodRef; onClose: () => void }) {
  const styles = useStyles();
  const lookups = useLookups();
  const position = useBusinessPosition(period);
  const lines = useBusinessLines(period);
  const error = position.error ?? lines.error;
  const statement = position.data && lines.data ? statementLines(position.data.opening, lines.data) : null;
  const name = String((lookups.data?.business as { name?: string } | undefined)?.name ?? position.data?.name ?? 'Business');
  return (
    <Dialog open modalType="alert" onOpenChange={(_, d) => (d.open ? undefined : onClose())}>
      <DialogSurface style={{ maxWidth: 960, width: '95vw' }}>
        <DialogBody>
          <DialogTitle>Statement: {name}</DialogTitle>
          <DialogContent className={styles.body} data-testid="business-statement">
            <Text>
              BUSINESS ledger, {periodLabel(period)} ({formatDate(period.from)} to {formatDate(period.to)})
            </Text>
            {error ? (
              <MessageBar intent="error">
                <MessageBarBody>{error.message}</MessageBarBody>
              </MessageBar>
            ) : !statement || !position.data ? (
              <Spinner label="Preparing statement" />
            ) : (
              <>
                <div className={styles.figures}>
                  <Text>Opening balance</Text>
                  <Text weight="semibold" data-testid="statement-opening">{formatMoney(position.data.opening)}</Text>
                  <Text>Closing balance</Text>
                  <Text weight="semibold" data-testid="statement-closing">{formatMoney(statement.closing)}</Text>
                  <Text>Pending charges to receive</Text>
                  <Text weight="semibold">{formatMoney(position.data.pending)}</Text>
                </div>
                <ListTable<Row>
                  label="Statement lines"
                  rows={statement.lines.map((l, i) => ({ ...l, key: String(i) })) as Row[]}
                  columns={columns}
                  keyField="key"
                  pageSize={25}
                  totals={['amount']}
                  showTotals
                />
              </>
            )}
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
