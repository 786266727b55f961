import { useState, type ReactElement } from 'react';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Text } from '@fluentui/react-components';
import { useMutation } from '@tanstack/react-query';
import { DateInput } from '../pickers/DateInput.js';
import { apiRequest, notify } from 'shared-ui/core';
import { CHARGES_UPDATE_TITLES, chargesDateLimits, chargesUpdateNotice, chargesUpdateRequest, type ChargesUpdateMode } from './rules.js';

/** What the server answers: the message, and what was raised or cancelled. */
export interface ChargesUpdateResult {
  message?: string;
  error?: boolean;
  data?: { raised?: number; cancelled?: number; refs?: string[]; skipped?: string[] };
}

export interface ChargesUpdateDialogProps {
  mode: ChargesUpdateMode;
  /** One unit's fees; every active unit when absent. */
  door?: string | null;
  onClose: () => void;
  /** After the server answered (success or flagged), e.g. to refresh lists or show the result. */
  onDone?: (result: ChargesUpdateResult) => void;
}

/**
 * The Update Charges and Undo Charges dialogs (spec 2 §2 'Other dialogs'): an optional date
 * within the limits of spec 2 §5, then the monthly unit fees are raised as pending charges, or
 * the month's unpaid ones cancelled, with the server's message as a toast (spec 2 §8).
 */
export function ChargesUpdateDialog({ mode, door, onClose, onDone }: ChargesUpdateDialogProps): ReactElement {
  const [date, setDate] = useState<Date | null>(null);
  const [limits] = useState(() => chargesDateLimits(new Date()));
  const title = CHARGES_UPDATE_TITLES[mode];
  const scope = door ? `unit ${door}` : 'every active unit';
  const run = useMutation({
    mutationFn: () => {
      const request = chargesUpdateRequest(mode, door, date);
      return apiRequest<ChargesUpdateResult>(request.method, request.path, request.body, { quiet: true });
    },
    onSuccess: (result) => {
      notify(chargesUpdateNotice(mode, result));
      onDone?.(result);
      onClose();
    },
    onError: (failure) => {
      notify(chargesUpdateNotice(mode, { message: failure.message, error: true }));
      onDone?.({ message: failure.message, error: true });
    },
  });
  return (
    <Dialog open modalType="alert" onOpenChange={(_, d) => !d.open && !run.isPending && onClose()}>
      <DialogSurface style={{ width: 520, maxWidth: '96vw' }} aria-label={title}>
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
            <Text>
              {mode === 'update'
                ? `Raise the month's unit fees as pending charges for ${scope}. Units already charged for that month are skipped.`
                : `Cancel the month's unit-fee charges for ${scope} that are still pending and unpaid.`}
            </Text>
            <Field label="Date (optional)" hint="Blank means today. The charges belong to this date's month.">
              <DateInput value={date} onChange={setDate} min={limits.min} max={limits.max} />
            </Field>
          </DialogContent>
          <DialogActions>
            <Button disabled={run.isPending} onClick={onClose}>
              Cancel
            </Button>
            <Button appearance="primary" disabled={run.isPending} onClick={() => run.mutate()} style={{ whiteSpace: 'nowrap' }}>
              {title}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
