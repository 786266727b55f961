import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';
import { StatementView, type StatementViewProps } from 'shared-ui';
import { AfterDialogFocus } from '../dashboard/after-dialog-focus.js';

/**
 * A row's statement action (spec 2 §2): the party's statement for a chosen period, on screen;
 * `view` gives a screen's own period (business accounts).
 */
export function StatementDialog({ code, name, view, onClose }: { code: string; name: string; view?: Omit<StatementViewProps, 'code'>; onClose: () => void }) {
  return (
    <Dialog open modalType="alert" onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface style={{ width: 1000, maxWidth: '96vw' }} aria-label={`Statement ${code}`}>
        <DialogBody>
          <DialogTitle>
            Statement: {code} {name}
          </DialogTitle>
          <DialogContent>
            {view?.pickPeriod === false ? (
              // Nothing to choose: Close takes the focus, not the lines (focusing them scrolls the figures away).
              <AfterDialogFocus>
                <StatementView code={code} {...view} />
              </AfterDialogFocus>
            ) : (
              <StatementView code={code} {...view} />
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
