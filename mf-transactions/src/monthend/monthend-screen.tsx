import { useState } from 'react';
import {
  Body1, Button, Card, CardHeader, Checkbox, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Link,
  MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle, Subtitle2, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow,
  Text, makeStyles, tokens,
} from '@fluentui/react-components';
import { ArrowDownloadRegular, CheckmarkRegular, DismissRegular, LockClosedRegular, PlayRegular } from '@fluentui/react-icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'shared-ui/router';
import type { ChecklistItemView, ChecklistSummary, ChecklistType, MonthEndPreview, MonthEndResult } from 'api/contracts/monthend';
import { api, formatMoney, notify, ProgressBar, queryClient, useControl, useCurrentUser, useProgress, useSubmissionKey } from 'shared-ui';
import { downloadText } from '../disbursement/download.js';
import { MONTH_END_STEPS_TEXT, approvalText, canApprove, canProceed, canStart, checklistTitle, itemsOf, previewRows, rolloverNotice } from './rules.js';

const CHECKLIST_KEY = ['monthend', 'checklist'];
const PREVIEW_KEY = ['monthend', 'preview'];
const useStyles = makeStyles({
  card: { padding: tokens.spacingHorizontalM, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, maxWidth: '960px' },
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  money: { textAlign: 'right' },
});

const refresh = () => queryClient.invalidateQueries({ queryKey: CHECKLIST_KEY });

async function downloadArchived(id: number, filename: string) {
  const res = await api.get<Response>(`/api/monthend/file/${id}`, { raw: true });
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function Checklist({ type, items, disabled }: { type: ChecklistType; items: ChecklistItemView[]; disabled?: boolean }) {
  const styles = useStyles();
  const toggle = async (item: ChecklistItemView, complete: boolean) => {
    await api.put('/api/checklist/toggle', { id: item.id, complete });
    await refresh();
  };
  return (
    <section aria-label={checklistTitle(type)} className={styles.list}>
      <Subtitle2 as="h3">{checklistTitle(type)}</Subtitle2>
      {items.map((item) => (
        <div key={item.id} className={styles.row}>
          <Checkbox checked={item.complete} disabled={disabled} label={item.description} onChange={(_, d) => void toggle(item, d.checked === true)} />
          {item.link ? <Link href={item.link}>Open</Link> : null}
          {item.notes ? <Text size={200}>{item.notes}</Text> : null}
        </div>
      ))}
      <div>
        <Button size="small" disabled={disabled} onClick={() => void api.put('/api/checklist/complete', { type }).then(refresh)}>Tick all</Button>
      </div>
    </section>
  );
}

/** The confirmation's table: Current Funds, Holds, Release and Disbursement for Business, Owners, Suppliers and Totals. */
function PreviewTable({ preview }: { preview: MonthEndPreview }) {
  const styles = useStyles();
  return (
    <Table size="extra-small" aria-label="Month-end preview">
      <TableHeader>
        <TableRow>
          <TableHeaderCell />
          {['Current Funds', 'Holds', 'Release', 'Disbursement'].map((h) => <TableHeaderCell key={h} className={styles.money}>{h}</TableHeaderCell>)}
        </TableRow>
      </TableHeader>
      <TableBody>
        {previewRows(preview).map((r) => (
          <TableRow key={r.label}>
            <TableCell>{r.label}</TableCell>
            {[r.funds, r.hold, r.release, r.disburse].map((v, i) => <TableCell key={i} className={styles.money}>{formatMoney(v)}</TableCell>)}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/**
 * Month End (spec 2 §2, §4): the preliminary checks, Start (exclusive lock), the confirmation with
 * its seven steps, Proceed with progress polled every 500 ms, the downloads of the ABA file and
 * the report pack, 'Month End is Complete!' and the 60-second rollover toast on the way to the
 * dashboard, and the post-rollover checks. Abort resets the checklist and frees the books.
 * With "Disbursements need approval" a second user approves the previewed disbursement here
 * before the lock holder may Proceed.
 */
export default function MonthEndScreen() {
  const styles = useStyles();
  const navigate = useNavigate();
  const control = useControl().data;
  const checklist = useQuery({
    queryKey: CHECKLIST_KEY,
    queryFn: () => api.get<{ data: ChecklistItemView[]; summary: ChecklistSummary }>('/api/checklist', { query: { monthend: 'true' } }),
  });
  const user = useCurrentUser().data;
  const active = checklist.data?.summary.active === true;
  const preview = useQuery({
    queryKey: PREVIEW_KEY,
    queryFn: () => api.get<{ data: MonthEndPreview }>('/api/monthend/preview').then((r) => r.data),
    enabled: active,
  });
  const [confirm, setConfirm] = useState(false);
  const [jobId, setJobId] = useState<string | null>(null);
  const [result, setResult] = useState<MonthEndResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const progress = useProgress(jobId, {
    onComplete: (state) => {
      if (state.error) {
        setFailure(state.error.message);
        setTimeout(() => window.location.reload(), 5000);
        return;
      }
      const outcome = state.result as MonthEndResult;
      setResult(outcome);
      notify(rolloverNotice(outcome));
      if (outcome.aba && outcome.filename) downloadText(outcome.aba, outcome.filename);
      // Spec 2 §4 step 6: control info and lookups reloaded, then the dashboard (on the new month),
      // once the report pack has been fetched, so leaving the screen does not lose its download.
      void queryClient.invalidateQueries();
      void downloadArchived(outcome.reports.archive_id, outcome.reports.filename).finally(() => navigate('/dashboard'));
    },
  });
  const items = checklist.data?.data ?? [];
  const summary = checklist.data?.summary;
  const running = jobId !== null && progress.active;

  // One Idempotency-Key per press of Start and of Proceed: a double click or a retried request runs once.
  const startKey = useSubmissionKey();
  const proceedKey = useSubmissionKey();
  const start = async () => {
    await api.post('/api/monthend/start', undefined, { headers: startKey.headers(null) });
    startKey.done();
    await queryClient.invalidateQueries();
  };
  const approve = async () => {
    await api.post('/api/monthend/approve', {});
    await queryClient.invalidateQueries({ queryKey: ['monthend'] });
  };
  const abort = async () => {
    await api.post('/api/monthend/stop', { _abortCount: 1 });
    await queryClient.invalidateQueries();
  };
  const proceed = async () => {
    setConfirm(false);
    setFailure(null);
    const job = await api.post<{ data: { id: string } }>('/api/monthend', undefined, { headers: proceedKey.headers(null) });
    proceedKey.done();
    setJobId(job.data.id);
  };

  return (
    <Card className={styles.card}>
      <CardHeader header={<Subtitle2 as="h2">Month End</Subtitle2>} description={control ? <Text size={200}>Current month {control.month_year_startcase}</Text> : undefined} />
      {summary?.active ? (
        <MessageBar intent="warning">
          <MessageBarBody>
            <MessageBarTitle>Exclusive Month End Mode is active</MessageBarTitle>
            The books are closed to other users&apos; updates until month end completes or is aborted.
            {summary.resumable ? ` A month end stopped part way (${summary.steps_done.join(', ')} done): Proceed resumes it.` : ''}
          </MessageBarBody>
          <MessageBarActions>
            <Button icon={<DismissRegular />} disabled={running} onClick={() => void abort()}>Abort Month End</Button>
          </MessageBarActions>
        </MessageBar>
      ) : null}
      {result ? (
        <MessageBar intent="success">
          <MessageBarBody>
            <MessageBarTitle>Month End is Complete!</MessageBarTitle>
            {result.message}
          </MessageBarBody>
          <MessageBarActions>
            {result.aba && result.filename ? <Button icon={<ArrowDownloadRegular />} onClick={() => downloadText(result.aba!, result.filename!)}>Bank file</Button> : null}
            <Button icon={<ArrowDownloadRegular />} onClick={() => void downloadArchived(result.reports.archive_id, result.reports.filename)}>Report pack</Button>
          </MessageBarActions>
        </MessageBar>
      ) : null}
      {failure ? (
        <MessageBar intent="error">
          <MessageBarBody><MessageBarTitle>Month end stopped</MessageBarTitle>{failure} The page reloads in 5 seconds.</MessageBarBody>
        </MessageBar>
      ) : null}
      {jobId && progress.visible ? <ProgressBar percent={progress.percent} message={progress.message} label="Month end" /> : null}
      {!summary?.active ? (
        <>
          <Checklist type="MTHEND_PRE" items={itemsOf(items, 'MTHEND_PRE')} />
          <div className={styles.actions}>
            <Button appearance="primary" icon={<LockClosedRegular />} disabled={!canStart(summary)} onClick={() => void start()}>Start</Button>
          </div>
          <Checklist type="MTHEND_POST" items={itemsOf(items, 'MTHEND_POST')} />
        </>
      ) : (
        <section aria-label="End of Month Processing" className={styles.list}>
          <Subtitle2 as="h3">End of Month Processing</Subtitle2>
          <Body1>Review the Pre Disbursement Check (Transactions / Disbursement) and the charge release, then Proceed.</Body1>
          {preview.data ? <PreviewTable preview={preview.data} /> : null}
          {preview.data && approvalText(preview.data.approval) ? (
            <MessageBar intent={preview.data.approval.current ? 'success' : 'warning'}>
              <MessageBarBody>{approvalText(preview.data.approval)}</MessageBarBody>
              {canApprove(summary, preview.data, user) ? (
                <MessageBarActions>
                  <Button icon={<CheckmarkRegular />} onClick={() => void approve()}>Approve Disbursement</Button>
                </MessageBarActions>
              ) : null}
            </MessageBar>
          ) : null}
          <div className={styles.actions}>
            <Button appearance="primary" icon={<PlayRegular />} disabled={running || !canProceed(summary, preview.data, user?.id)} onClick={() => setConfirm(true)}>Proceed</Button>
          </div>
        </section>
      )}
      <Dialog open={confirm} onOpenChange={(_, d) => setConfirm(d.open)}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>Run month end for {control?.month_year_startcase}</DialogTitle>
            <DialogContent>
              <ol>{MONTH_END_STEPS_TEXT.map((s) => <li key={s}>{s}</li>)}</ol>
              {preview.data ? <PreviewTable preview={preview.data} /> : null}
              <Body1>The database stays closed to other users&apos; updates while month end runs. The month-end reports can also be downloaded later through Management / Archive.</Body1>
            </DialogContent>
            <DialogActions>
              <Button onClick={() => setConfirm(false)}>Cancel</Button>
              <Button appearance="primary" onClick={() => void proceed()}>Proceed</Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </Card>
  );
}
