import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';
import { StatementView, type StatementViewProps } from 'shared-ui';

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
            <StatementView code={code} {...view} />
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
