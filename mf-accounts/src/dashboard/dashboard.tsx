import { useEffect } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { hasPermission } from 'api/contracts/permissions';
import { preloadSharedUi, useCurrentUser } from 'shared-ui/core';
import { BusinessCard } from './business-card.js';
import { BusinessSummaryCard } from './business-summary-card.js';
import { EqualityCard } from './equality-card.js';
import { HealthCard } from './health-card.js';
import { PinnedCards } from './pinned-cards.js';
import { RevenueCard } from './revenue-card.js';
import { ThreeWayCard } from './three-way-card.js';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  // Three columns from the lg breakpoint (spec 2 §9: 1200 px and wider); stacked below it.
  columns: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr)',
    gap: tokens.spacingHorizontalM,
    alignItems: 'start',
    '@media (min-width: 1200px)': { gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr) minmax(0, 1fr)' },
  },
  column: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
});

/**
 * The dashboard (spec 2 §2): health, business accounts and three-way reconciliation on the
 * left, the business ledger in the middle, revenue and distribution equality on the right;
 * the user's pinned cards below. Cards the user's permissions do not open are left out.
 */
export default function Dashboard() {
  const styles = useStyles();
  const user = useCurrentUser();
  // The dashboard is the first page after sign-in and paints without the rest of shared-ui.
  useEffect(() => preloadSharedUi(), []);
  // The business cards read the business ledger, which the server opens only with p_business.
  const business = user.data ? hasPermission(user.data.permissions, 'p_business') : false;
  return (
    <div className={styles.page}>
      <div className={styles.columns} data-testid="dashboard-columns">
        <div className={styles.column} data-testid="dashboard-left">
          <HealthCard />
          {business ? <BusinessCard /> : null}
          <ThreeWayCard />
        </div>
        <div className={styles.column} data-testid="dashboard-middle">
          {business ? <BusinessSummaryCard /> : null}
        </div>
        <div className={styles.column} data-testid="dashboard-right">
          <RevenueCard />
          <EqualityCard />
        </div>
      </div>
      <div data-testid="dashboard-pinned">
        <PinnedCards />
      </div>
    </div>
  );
}
