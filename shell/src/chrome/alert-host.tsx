import { Fragment, useEffect, useState } from 'react';
import {
  Body1, Button, Caption1, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Text, makeStyles, tokens,
} from '@fluentui/react-components';
import { TRAPPED_ERROR_TEXT, session, setAlertSink, trappedErrorRows, type AlertRequest } from 'shared-ui/core';

const useStyles = makeStyles({
  content: { display: 'grid', rowGap: tokens.spacingVerticalS },
  rows: { display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: tokens.spacingHorizontalM, rowGap: tokens.spacingVerticalXS },
  value: { wordBreak: 'break-word', whiteSpace: 'pre-wrap' },
  footer: { color: tokens.colorNeutralForeground3 },
});

/**
 * The page's one host for showAlert() and showTrappedError() from any app (spec 1 §8):
 * 'Critical Warning' / 'Notice' dialogs and the 'Trapped Database Error' dialog, one at a time.
 */
export function AlertHost() {
  const styles = useStyles();
  const [queue, setQueue] = useState<AlertRequest[]>([]);
  useEffect(() => setAlertSink((request) => setQueue((q) => [...q, request])), []);
  const shown = queue[0];
  if (!shown) return null;
  const dismiss = () => setQueue((q) => q.slice(1));

  if (shown.type === 'alert') {
    return (
      <Dialog open modalType="alert">
        <DialogSurface data-testid={`alert-${shown.kind}`}>
          <DialogBody>
            <DialogTitle>{shown.title}</DialogTitle>
            <DialogContent className={styles.content}>
              <Body1 className={styles.value}>{shown.message}</Body1>
              {shown.detail && <Text className={styles.value} data-testid="alert-detail">{shown.detail}</Text>}
            </DialogContent>
            <DialogActions>
              <Button appearance="primary" onClick={dismiss}>OK</Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    );
  }

  const backToLogin = () => {
    session.end(null);
    window.location.assign('/login');
  };
  return (
    <Dialog open modalType="alert">
      <DialogSurface data-testid="trapped-error-dialog">
        <DialogBody>
          <DialogTitle>Trapped Database Error</DialogTitle>
          <DialogContent className={styles.content}>
            <Body1>{TRAPPED_ERROR_TEXT}</Body1>
            <div className={styles.rows}>
              {trappedErrorRows(shown).map((row) => (
                <Fragment key={row.label}>
                  <Text weight="semibold">{row.label}</Text>
                  <Text className={styles.value}>{row.value}</Text>
                </Fragment>
              ))}
            </div>
            <Caption1 className={styles.footer}>Check system logs for more information</Caption1>
          </DialogContent>
          <DialogActions>
            <Button onClick={backToLogin}>Back To Login</Button>
            <Button appearance="primary" onClick={dismiss}>Close</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
