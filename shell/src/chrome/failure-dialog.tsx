import { useEffect, useState } from 'react';
import {
  Body1, Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Text, makeStyles, tokens,
} from '@fluentui/react-components';
import { onApiFailure, queryClient, responseDetail, showAlert, startupKeys, type ApiFailure } from 'shared-ui/core';
import { forceLogoutForbidden, handleSessionFailure } from './session-rules.js';

interface ShownFailure {
  failure: ApiFailure;
  request: { method: string; path: string };
}

const useStyles = makeStyles({
  rows: { display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: tokens.spacingHorizontalM, rowGap: tokens.spacingVerticalXS, marginTop: tokens.spacingVerticalM },
  value: { wordBreak: 'break-word' },
});

/**
 * The global error dialog of spec 1 §8 for every failed call nobody handled itself (calls made
 * with quiet are the caller's). A 200 answer with the error flag is a Critical Warning instead;
 * 401 and 403 end the session; a 423 month-end lock also refreshes the control record so the
 * lock banner appears.
 */
export function FailureDialog() {
  const styles = useStyles();
  const [queue, setQueue] = useState<ShownFailure[]>([]);
  useEffect(
    () =>
      onApiFailure((failure, request) => {
        if (handleSessionFailure(failure)) return;
        // A 200 answer carrying the error flag is the server's own warning, not a failed request.
        if (failure.flagged) return showAlert({ kind: 'error', message: failure.message, detail: responseDetail(failure.data) });
        if (failure.status === 423) void queryClient.invalidateQueries({ queryKey: startupKeys.control });
        setQueue((q) => [...q, { failure, request }]);
      }),
    [],
  );
  const shown = queue[0];
  if (!shown) return null;
  const { failure, request } = shown;
  const title = typeof failure.data.title === 'string' ? failure.data.title : `${request.method} ${request.path}`;
  const identity = typeof failure.data.identity === 'string' ? failure.data.identity : null;
  const dismiss = () => setQueue((q) => q.slice(1));
  const copy = () =>
    void navigator.clipboard?.writeText(JSON.stringify({ status: failure.status, message: failure.message, request, response: failure.data }, null, 2));
  return (
    <Dialog open modalType="alert">
      <DialogSurface>
        <DialogBody>
          <DialogTitle>
            Database Error: [{failure.status}] {title}
          </DialogTitle>
          <DialogContent>
            <Body1>An Error was encountered. Please review error log for more details</Body1>
            <div className={styles.rows}>
              {identity && (
                <>
                  <Text weight="semibold">Identity</Text>
                  <Text className={styles.value}>{identity}</Text>
                </>
              )}
              <Text weight="semibold">Message</Text>
              <Text className={styles.value} data-testid="failure-message">{failure.message}</Text>
            </div>
          </DialogContent>
          <DialogActions>
            <Button onClick={copy}>COPY ERROR DETAILS</Button>
            {failure.status === 403 ? (
              <Button appearance="primary" onClick={forceLogoutForbidden}>Logout</Button>
            ) : (
              <Button appearance="primary" onClick={dismiss}>OK</Button>
            )}
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
