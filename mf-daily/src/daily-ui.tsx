import { useState, type CSSProperties, type ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';
import { api } from 'shared-ui';

/** Opens a PDF the server makes (deposit slip, reconciliation report) in a new tab. */
export async function openServerPdf(path: string): Promise<void> {
  const response = await api.get<Response>(path, { raw: true });
  const url = URL.createObjectURL(await response.blob());
  window.open(url, '_blank');
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** A yes/no question before something is deleted (the spec's confirm texts). */
export function ConfirmButton({ label, question, onConfirm, disabled, appearance = 'secondary' }: {
  label: ReactNode; question: string; onConfirm: () => void; disabled?: boolean; appearance?: 'secondary' | 'primary' | 'subtle';
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" appearance={appearance} disabled={disabled} onClick={() => setOpen(true)}>{label}</Button>
      <Dialog open={open} onOpenChange={(_, d) => setOpen(d.open)}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>Please confirm</DialogTitle>
            <DialogContent>{question}</DialogContent>
            <DialogActions>
              <Button appearance="secondary" onClick={() => setOpen(false)}>No</Button>
              <Button appearance="primary" onClick={() => { setOpen(false); onConfirm(); }}>Yes</Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </>
  );
}

/** The list beside its side panel; the panel drops under the list on narrow screens. */
export const splitLayout: CSSProperties = { display: 'grid', gap: 16, gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 320px), 1fr))', alignItems: 'start' };
export const panel: CSSProperties = { display: 'flex', flexDirection: 'column', gap: 10, padding: 16, border: '1px solid #d1d1d1', borderRadius: 6, maxWidth: 420 };

export const cents = (dollars: number) => Math.round(dollars * 100);
export const dollars = (c: number) => c / 100;
