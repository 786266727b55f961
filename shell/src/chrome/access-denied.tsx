import { Body1, Button, Card, CardHeader, Title3, makeStyles, tokens } from '@fluentui/react-components';
import { ShieldError24Regular } from '@fluentui/react-icons';
import { session, showTrappedError, type TrappedError } from 'shared-ui/core';

const useStyles = makeStyles({
  page: { position: 'fixed', inset: 0, zIndex: 900, display: 'flex', alignItems: 'center', justifyContent: 'center', backgroundColor: tokens.colorNeutralBackground2, padding: '16px' },
  card: { maxWidth: '520px', width: '100%' },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, marginTop: tokens.spacingVerticalM },
});

/**
 * Shown for a trapped startup error until the bypass flag is set (spec 1 §2.2, §4.2). Proceeding
 * keeps the trapped error's details: they open in the Trapped Database Error dialog.
 */
export function AccessDenied({ trapped, onProceed }: { trapped: TrappedError; onProceed: () => void }) {
  const styles = useStyles();
  const proceed = () => {
    session.set('bypass', 'true');
    session.set('trappedError', null);
    showTrappedError(trapped);
    onProceed();
  };
  const reset = () => {
    sessionStorage.clear();
    localStorage.clear();
    window.location.assign('/login');
  };
  return (
    <div className={styles.page}>
      <Card className={styles.card}>
        <CardHeader image={<ShieldError24Regular />} header={<Title3 as="h1">Access Denied</Title3>} />
        <Body1>Access to Owner Accounting was denied. Your login token may have expired, or there is a problem with your browser storage.</Body1>
        <Body1 data-testid="trapped-message">{trapped.message}</Body1>
        <div className={styles.actions}>
          <Button appearance="primary" onClick={proceed}>Proceed to Owner Accounting</Button>
          <Button onClick={reset}>Reset Browser Storage and Log in again</Button>
        </div>
      </Card>
    </div>
  );
}
