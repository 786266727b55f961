import { useState } from 'react';
import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle, makeStyles, tokens } from '@fluentui/react-components';
import { Dismiss20Regular } from '@fluentui/react-icons';

/** Path and Message as the panel shows them: '?' for whatever is missing (spec 1 §8). */
export function databaseErrorFields(path?: string | null, message?: string | null): { path: string; message: string } {
  return { path: path?.trim() || '?', message: message?.trim() || '?' };
}

const useStyles = makeStyles({
  body: { display: 'grid', rowGap: tokens.spacingVerticalXXS },
  value: { wordBreak: 'break-word' },
});

export interface DatabaseErrorPanelProps {
  path?: string | null;
  message?: string | null;
  /** Called when the user dismisses the panel; without it the panel hides itself. */
  onDismiss?: () => void;
}

/** The dismissible 'Database Error!' panel of spec 1 §8, for a screen to show inline. */
export function DatabaseErrorPanel({ path, message, onDismiss }: DatabaseErrorPanelProps) {
  const styles = useStyles();
  const [dismissed, setDismissed] = useState(false);
  if (dismissed) return null;
  const fields = databaseErrorFields(path, message);
  const dismiss = () => {
    setDismissed(!onDismiss);
    onDismiss?.();
  };
  return (
    <MessageBar intent="error" layout="multiline" data-testid="database-error-panel">
      <MessageBarBody className={styles.body}>
        <MessageBarTitle>Database Error!</MessageBarTitle>
        <span>Please check details below and contact support if necessary</span>
        <span className={styles.value}>
          <strong>Path:</strong> {fields.path}
        </span>
        <span className={styles.value}>
          <strong>Message:</strong> {fields.message}
        </span>
        <span>Refer to System Log for more information</span>
      </MessageBarBody>
      <MessageBarActions containerAction={<Button aria-label="Dismiss" appearance="transparent" icon={<Dismiss20Regular />} onClick={dismiss} />} />
    </MessageBar>
  );
}
