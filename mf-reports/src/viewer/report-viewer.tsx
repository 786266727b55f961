import { useEffect, useState } from 'react';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Spinner, makeStyles } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { saveBlob } from 'shared-ui';

/** A report's PDF as the viewer holds it: the bytes and the name a download keeps. */
export interface ViewedReport {
  blob: Blob;
  filename: string;
  /** The report's archive number (Send Email attaches that file). */
  archiveId?: number;
}

/** Spec 3 §9: the report viewer's default scale is 1 (Chromium's and Firefox's viewers read #zoom). */
export const VIEWER_SCALE = 1;
export const viewerUrl = (objectUrl: string) => `${objectUrl}#zoom=${VIEWER_SCALE * 100}`;

const useStyles = makeStyles({
  surface: { width: 'min(1100px, 96vw)', maxWidth: 'min(1100px, 96vw)', height: '90vh', display: 'flex', flexDirection: 'column' },
  // Fluent's grid stays (the close button beside the title); the frame's row takes the height.
  body: { flex: 1, minHeight: 0, maxHeight: '100%', gridTemplateRows: 'auto 1fr auto' },
  content: { flex: 1, display: 'flex', minHeight: 0 },
  frame: { flex: 1, width: '100%', minHeight: '60vh', border: 'none' },
  actions: { flexWrap: 'wrap' },
});

/**
 * The modal PDF viewer (spec 3 §2 'Reports'): the report in the browser's own PDF viewer at scale
 * 1, with View (run again), Download (this PDF, the same archive number) and CSV Export where the
 * report has one, and Send Email (this PDF attached) for a user with p_email.
 */
export function ReportViewer({ title, report, busy, onView, onCsv, onEmail, onClose }: {
  title: string;
  report: ViewedReport;
  busy: boolean;
  onView: () => void;
  onCsv?: () => void;
  onEmail?: () => void;
  onClose: () => void;
}) {
  const styles = useStyles();
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const objectUrl = URL.createObjectURL(report.blob);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [report.blob]);
  return (
    <Dialog open modalType="modal" onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface className={styles.surface} aria-label={`${title} viewer`}>
        <DialogBody className={styles.body}>
          <DialogTitle action={<Button appearance="subtle" aria-label="Close" icon={<DismissRegular />} onClick={onClose} />}>{title}</DialogTitle>
          <DialogContent className={styles.content}>
            {url ? <iframe className={styles.frame} title={`${title} PDF`} src={viewerUrl(url)} data-testid="report-pdf" /> : <Spinner />}
          </DialogContent>
          <DialogActions className={styles.actions}>
            {busy ? <Spinner size="tiny" label="Generating" /> : null}
            <Button onClick={onView} disabled={busy}>View</Button>
            <Button onClick={() => saveBlob(report.blob, report.filename)} disabled={busy}>Download</Button>
            {onCsv ? <Button onClick={onCsv} disabled={busy}>CSV Export</Button> : null}
            {onEmail ? <Button onClick={onEmail} disabled={busy}>Send Email</Button> : null}
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
