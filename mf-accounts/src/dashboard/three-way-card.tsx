import { Text, makeStyles, tokens } from '@fluentui/react-components';
import { threeWayColour } from 'api/contracts/dashboard';
import { useNavigate } from 'shared-ui/router';
import { formatDate, formatMoney } from 'shared-ui/core';
import { DashboardCard } from './dashboard-card.js';
import { useThreeWayBalance } from './queries.js';

const useStyles = makeStyles({
  clickable: { cursor: 'pointer' },
  figures: { display: 'grid', gridTemplateColumns: '1fr auto', columnGap: tokens.spacingHorizontalM, rowGap: tokens.spacingVerticalXXS },
  right: { textAlign: 'right' },
  error: { color: tokens.colorPaletteRedForeground1 },
});

/**
 * Three-way reconciliation (spec 2 §2, §4): bank, cash book and ledgers, coloured by the age of
 * the last reconciliation (orange whenever they disagree); the whole card opens reconciliation.
 */
export function ThreeWayCard() {
  const styles = useStyles();
  const navigate = useNavigate();
  const balance = useThreeWayBalance();
  const b = balance.data;
  const open = () => navigate('/management/daily/reconcile');
  return (
    <div
      className={styles.clickable}
      role="link"
      tabIndex={0}
      aria-label="Open daily reconciliation"
      onClick={open}
      onKeyDown={(e) => {
        if (e.key === 'Enter') open();
      }}
    >
      <DashboardCard title="Three-Way Reconciliation" testId="three-way-card" tone={b ? threeWayColour(b.recAge, b.zeroBalance) : undefined} loading={balance.isPending} error={balance.error}>
        {b ? (
          <div className={styles.figures}>
            <Text>{b.basis === 'RECONCILIATION' ? 'Bank (statement + outstanding)' : 'Bank (cash book, not yet reconciled)'}</Text>
            <Text className={styles.right}>{formatMoney(b.bank)}</Text>
            <Text>Cash book</Text>
            <Text className={styles.right}>{formatMoney(b.cashbook)}</Text>
            <Text>Ledgers</Text>
            <Text className={styles.right}>{formatMoney(b.ledgers)}</Text>
            <Text weight="semibold">Balance</Text>
            {b.zeroBalance ? (
              <Text weight="semibold" className={styles.right} data-testid="three-way-balance">
                {formatMoney(b.balance)}
              </Text>
            ) : (
              <Text weight="semibold" className={`${styles.right} ${styles.error}`} data-testid="three-way-balance">
                Balance Error!
              </Text>
            )}
            <Text size={200}>Last reconciled</Text>
            <Text size={200} className={styles.right}>
              {b.lastReconcile ? `${formatDate(b.lastReconcile)} (${b.recAge === 1 ? '1 day' : `${b.recAge} days`} ago)` : 'Never'}
            </Text>
          </div>
        ) : null}
      </DashboardCard>
    </div>
  );
}
