import { useState } from 'react';
import {
  Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, MessageBar, MessageBarBody, Text, Textarea,
} from '@fluentui/react-components';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, listQueryKey, notify, TOAST_TIMEOUT } from 'shared-ui';
import { reasonAccepted, reasonMessage, REVERSAL_REASON_MESSAGE, reversePath, type CashbookKind } from './rules.js';

export interface ReversalTarget {
  id: number;
  ref: string;
}

/**
 * The reversal reason dialog (spec 2 §2 'Other dialogs', §5 'Reversal reason') for a receipt or
 * a payment: Proceed stays disabled until the reason has 10 characters; a refusal from the
 * server stays in the dialog as a danger alert with its message (spec 2 §8).
 */
export function ReversalDialog({ kind, target, listKey, onClose }: { kind: CashbookKind; target: ReversalTarget; listKey: string; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const reverse = useMutation({
    mutationFn: () => api.post<{ message?: string }>(reversePath(target.id), { reason: reason.trim() }, { quiet: true }),
    onSuccess: async (result) => {
      notify({ title: result.message ?? `${kind} ${target.ref} reversed`, intent: 'success', timeout: TOAST_TIMEOUT });
      await queryClient.invalidateQueries({ queryKey: listQueryKey(listKey) });
      onClose();
    },
  });
  const hint = reasonMessage(reason);

  return (
    <Dialog open modalType="alert" onOpenChange={(_, d) => !d.open && !reverse.isPending && onClose()}>
      <DialogSurface style={{ maxWidth: 520 }} aria-label={`Reverse ${kind} ${target.ref}`}>
        <DialogBody>
          <DialogTitle>
            Reverse {kind} {target.ref}
          </DialogTitle>
          <DialogContent style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
            {reverse.error ? (
              <MessageBar intent="error" data-testid="reversal-alert">
                <MessageBarBody>{reverse.error.message}</MessageBarBody>
              </MessageBar>
            ) : null}
            <Text>The ledger entries are reversed{kind === 'Receipt' ? ' and the charges it paid become pending again' : ''}.</Text>
            <Field label="Reason" required validationState={hint ? 'error' : 'none'} validationMessage={hint}>
              <Textarea rows={3} value={reason} placeholder={REVERSAL_REASON_MESSAGE} onChange={(_, d) => setReason(d.value)} maxLength={500} />
            </Field>
          </DialogContent>
          <DialogActions>
            <Button disabled={reverse.isPending} onClick={onClose}>
              Cancel
            </Button>
            <Button appearance="primary" disabled={!reasonAccepted(reason) || reverse.isPending} onClick={() => reverse.mutate()}>
              Proceed
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
