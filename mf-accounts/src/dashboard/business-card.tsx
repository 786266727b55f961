import { Field, ProgressBar, Text, makeStyles, tokens } from '@fluentui/react-components';
import { formatMoney, useControl } from 'shared-ui/core';
import { DashboardCard } from './dashboard-card.js';
import { useCurrentBusinessSummary } from './queries.js';
import { monthProgress } from './rules.js';

const useStyles = makeStyles({
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  figures: { display: 'grid', gridTemplateColumns: '1fr auto', columnGap: tokens.spacingHorizontalM, rowGap: tokens.spacingVerticalXXS },
  right: { textAlign: 'right' },
});

/** Business accounts (spec 2 §2, §4): the month's progress and the business ledger so far. */
export function BusinessCard() {
  const styles = useStyles();
  const control = useControl();
  const summary = useCurrentBusinessSummary();
  const today = control.data?.today;
  const progress = today ? monthProgress(today) : null;
  return (
    <DashboardCard title="Business Accounts" to="/accounts/business" testId="business-card" loading={summary.isPending || !progress} error={summary.error}>
      {summary.data && progress ? (
        <div className={styles.body}>
          <Field
            label={`${control.data?.month_year_startcase ?? ''}: day ${progress.day} of ${progress.days}`}
            hint={<span data-testid="days-remaining">{progress.remaining === 1 ? '1 day remaining' : `${progress.remaining} days remaining`}</span>}
          >
            <ProgressBar value={progress.value} thickness="large" aria-label="Month progress" />
          </Field>
          <div className={styles.figures}>
            <Text>Revenue this month</Text>
            <Text weight="semibold" className={styles.right} data-testid="business-revenue">
              {formatMoney(summary.data.totals.funds)}
            </Text>
            <Text>Pending charges</Text>
            <Text weight="semibold" className={styles.right}>
              {formatMoney(summary.data.totals.pending)}
            </Text>
          </div>
        </div>
      ) : null}
    </DashboardCard>
  );
}
