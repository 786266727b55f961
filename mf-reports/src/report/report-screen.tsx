import { useState } from 'react';
import { Button, MessageBar, MessageBarBody, MessageBarTitle, Spinner, Subtitle2, makeStyles, tokens } from '@fluentui/react-components';
import { useMutation, useQuery } from '@tanstack/react-query';
import { REPORTS, type ReportCatalogueEntry, type ReportFile, type ReportKey, type ReportMode, type ReportSelection } from 'api/contracts/reports';
import { hasPermission } from 'api/contracts/permissions';
import { ApiFailure, FormProvider, ProgressBar, SendEmailDialog, api, base64Blob, notify, saveBlob, useCurrentUser, useProgress, useZodForm } from 'shared-ui';
import { SelectionHeader } from '../selection/selection-header.js';
import { selectionForm, selectionSchema } from '../selection/rules.js';
import { ReportViewer, type ViewedReport } from '../viewer/report-viewer.js';
import { answerStep, reportButtons } from './answer.js';

export const CATALOGUE_KEY = ['reports', 'catalogue'] as const;

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, maxWidth: '960px' },
  actions: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
});

/** The file of an answer: its base64 data, or (a job's result) the archived file by its number. */
async function fileBlob(file: ReportFile): Promise<Blob> {
  if (file.data !== undefined) return base64Blob(file.data, file.type);
  const response = await api.get<Response>(`/api/reports/file/${file.archive_id}`, { raw: true, quiet: true });
  return response.blob();
}

/**
 * One report screen (spec 3 §2 'Reports'), drawn from its catalogue entry: the selection header
 * with the entry's fields and defaults (GET /api/reports), checked by the route's own contract;
 * View opens the modal viewer, the other buttons save the file. An error answer closes the viewer
 * and says why (spec 3 §8). A job report (End of Month Reports) shows its progress in the spec's
 * colours and delivers the file once done. A report the server does not offer in this build
 * keeps its header with its buttons off.
 */
export function ReportScreen({ reportKey }: { reportKey: ReportKey }) {
  const catalogue = useQuery({
    queryKey: CATALOGUE_KEY,
    queryFn: () => api.get<{ data: ReportCatalogueEntry[] }>('/api/reports').then((r) => r.data),
  });
  if (catalogue.isPending) return <Spinner label={`Loading ${REPORTS[reportKey].title}`} />;
  return <ReportForm reportKey={reportKey} entry={catalogue.data?.find((e) => e.key === reportKey)} />;
}

function ReportForm({ reportKey, entry }: { reportKey: ReportKey; entry: ReportCatalogueEntry | undefined }) {
  const styles = useStyles();
  const info = REPORTS[reportKey];
  const form = useZodForm(selectionSchema(info.fields), selectionForm(entry?.defaults));
  const [viewed, setViewed] = useState<ViewedReport | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const [emailing, setEmailing] = useState(false);
  const permissions = useCurrentUser().data?.permissions;
  const mayEmail = Boolean(permissions && hasPermission(permissions, 'p_email'));

  const fail = (message: string) => {
    setViewed(null);
    setFailure(message);
    notify({ title: `${info.title} was not made`, body: message, intent: 'error' });
  };
  const deliver = async (answer: unknown) => {
    const step = answerStep(answer);
    if (step.kind === 'error') return fail(step.message);
    if (step.kind === 'progress') return setJobId(step.id);
    const blob = await fileBlob(step.file);
    if (step.kind === 'view') setViewed({ blob, filename: step.file.filename, archiveId: step.file.archive_id });
    else saveBlob(blob, step.file.filename);
  };
  const progress = useProgress(jobId, {
    onComplete: (state) => {
      if (state.error) fail(state.error.message);
      else void deliver(state.result).catch((e: unknown) => fail(e instanceof Error ? e.message : String(e)));
    },
  });
  const run = useMutation({
    mutationFn: async ({ mode, selection }: { mode: ReportMode; selection: ReportSelection }) => {
      setFailure(null);
      setJobId(null);
      // Quiet: a refusal is this screen's to show, beside the selection that caused it.
      await deliver(await api.post(`/api/reports/${reportKey}`, { ...selection, mode }, { quiet: true }));
    },
    onError: (e) => fail(e instanceof ApiFailure || e instanceof Error ? e.message : String(e)),
  });
  const start = (mode: ReportMode) => void form.handleSubmit((selection) => run.mutate({ mode, selection }))();
  const busy = run.isPending || (jobId !== null && progress.active);
  const csv = (info.formats as readonly string[]).includes('csv');

  return (
    <FormProvider {...form}>
      <section className={styles.page} aria-label={`${info.title} selection`}>
        <Subtitle2 as="h2">{info.title}</Subtitle2>
        {!entry ? (
          <MessageBar intent="info">
            <MessageBarBody>{info.title} is not available in this build.</MessageBarBody>
          </MessageBar>
        ) : null}
        <form onSubmit={(e) => { e.preventDefault(); start('VIEW'); }}>
          <SelectionHeader fields={info.fields} />
        </form>
        <div className={styles.actions}>
          {reportButtons(info.formats).map((b) => (
            <Button key={b.mode} appearance={b.mode === 'VIEW' ? 'primary' : 'secondary'} disabled={!entry || busy} onClick={() => start(b.mode)}>
              {b.label}
            </Button>
          ))}
          {run.isPending ? <Spinner size="tiny" label="Generating" /> : null}
        </div>
        {jobId && progress.visible ? <ProgressBar percent={progress.percent} message={progress.message} label={info.title} /> : null}
        {failure ? (
          <MessageBar intent="error">
            <MessageBarBody>
              <MessageBarTitle>{info.title} was not made</MessageBarTitle>
              {failure}
            </MessageBarBody>
          </MessageBar>
        ) : null}
      </section>
      {viewed ? (
        <ReportViewer
          title={info.title}
          report={viewed}
          busy={run.isPending}
          onView={() => start('VIEW')}
          onCsv={csv ? () => start('CSV') : undefined}
          onEmail={mayEmail && viewed.archiveId ? () => setEmailing(true) : undefined}
          onClose={() => setViewed(null)}
        />
      ) : null}
      {viewed?.archiveId ? (
        <SendEmailDialog open={emailing} onClose={() => setEmailing(false)}
          defaults={{ toType: 'OWNER', template: 'REPORTS', reportName: info.title, attachments: [{ archiveId: viewed.archiveId, filename: viewed.filename }] }} />
      ) : null}
    </FormProvider>
  );
}
