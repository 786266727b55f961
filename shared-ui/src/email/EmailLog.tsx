import { useState, type ReactElement } from 'react';
import {
  Badge, Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, MessageBar, MessageBarBody, Spinner, Tab, TabList, Text, tokens,
} from '@fluentui/react-components';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type EmailDetail, type EmailListAnswer, type EmailLogRow, emailStatusTone } from 'api/contracts/email';
import { saveBlob } from '../files/files.js';
import { api, formatArchiveStamp, notify } from 'shared-ui/core';
import { ListTable } from '../list-editor/ListTable.js';
import { usePageSize } from '../list-editor/settings.js';
import type { ListColumn } from '../list-editor/types.js';

type Row = EmailLogRow & Record<string, unknown>;

export const emailLogKey = (entity?: string | null) => ['email-log', entity ?? ''] as const;

/** GET /api/email (?entity=): the newest messages and how many wait. */
export function useEmailLog(entity?: string | null) {
  return useQuery({
    queryKey: emailLogKey(entity),
    queryFn: () => api.get<{ data: EmailListAnswer }>('/api/email', { query: { entity: entity ?? undefined } }).then((r) => r.data),
  });
}

const STATUS_COLOUR = { pending: 'warning', failed: 'danger', sent: 'success' } as const;

/** Spec 3 §4 'Email status': New orange, Failed/Dropped/Bounced red, anything else green. */
export function EmailStatusBadge({ status }: { status: string }) {
  const colour = STATUS_COLOUR[emailStatusTone(status)];
  return <Badge appearance="filled" color={colour} data-testid="email-status" data-colour={colour}>{status}</Badge>;
}

/** The attachment count; purple above 2 (spec 3 §4). */
export function AttachmentBadge({ count }: { count: number }) {
  if (!count) return null;
  return (
    <Badge appearance="filled" color="informative" data-testid="email-attachments"
      style={count > 2 ? { backgroundColor: tokens.colorPalettePurpleBackground2, color: tokens.colorNeutralForegroundInverted } : undefined}>
      {count}
    </Badge>
  );
}

const party = (name: string, address: string) => (name ? `${name} <${address}>` : address);

export const emailColumns: ListColumn<Row>[] = [
  { header: 'Time Sent', id: 'time', width: 160, render: (r) => formatArchiveStamp(r.sent_time ?? r.creation_time) },
  { header: 'Recipient', id: 'recipient', render: (r) => party(r.to_name, r.to_address) },
  // The sender's name is enough here (the view dialog shows its address): it keeps Status in view.
  { header: 'Sender', id: 'sender', render: (r) => <span title={r.from_address}>{r.from_name || r.from_address}</span> },
  { header: 'Subject', field: 'subject' },
  { header: 'Status', id: 'status', width: 100, render: (r) => <EmailStatusBadge status={r.current_status} /> },
  { header: 'Attach', id: 'attach', width: 70, align: 'center', render: (r) => <AttachmentBadge count={r.attachments} /> },
];

/** POST /api/email/download: an attachment's file, saved under its name. */
export async function downloadEmailAttachment(emailId: number, file: { archive_id: number; filename: string }): Promise<void> {
  const response = await api.post<Response>('/api/email/download', { email_id: emailId, archive_id: file.archive_id }, { raw: true });
  saveBlob(await response.blob(), file.filename);
}

/** The view dialog (spec 3 §2): Details (who, when, status and the server's answer, the message) and Attachments. */
export function EmailViewDialog({ id, onClose }: { id: number | null; onClose: () => void }): ReactElement {
  const [tab, setTab] = useState<'details' | 'attachments'>('details');
  const detail = useQuery({
    queryKey: ['email', id],
    enabled: id !== null,
    queryFn: () => api.get<{ data: EmailDetail }>(`/api/email/${id}`).then((r) => r.data),
  });
  const e = detail.data;
  const queryClient = useQueryClient();
  // A Failed, Bounced or Dropped message may be sent again (a new message; this one stays as the record).
  const resend = useMutation({
    mutationFn: (emailId: number) => api.post<{ data: { message: string } }>(`/api/email/${emailId}/resend`),
    onSuccess: (res) => {
      notify({ title: res.data.message, intent: 'success' });
      void queryClient.invalidateQueries({ queryKey: ['email-log'] });
      onClose();
    },
  });
  const line = (label: string, value: React.ReactNode) => (
    <div style={{ display: 'grid', gridTemplateColumns: '120px 1fr', gap: 8 }}><Text weight="semibold">{label}</Text><Text style={{ wordBreak: 'break-word' }}>{value}</Text></div>
  );
  return (
    <Dialog open={id !== null} onOpenChange={(_, d) => { if (!d.open) onClose(); }}>
      <DialogSurface style={{ maxWidth: 'min(900px, 96vw)' }}>
        <DialogBody>
          <DialogTitle>{e ? e.subject : 'Email'}</DialogTitle>
          <DialogContent>
            <TabList selectedValue={tab} onTabSelect={(_, d) => setTab(d.value as 'details' | 'attachments')}>
              <Tab value="details">Details</Tab>
              <Tab value="attachments">Attachments{e ? ` (${e.attachments})` : ''}</Tab>
            </TabList>
            {!e ? <Spinner /> : tab === 'details' ? (
              <div style={{ display: 'flex', flexDirection: 'column', gap: 6, paddingTop: 12 }} data-testid="email-details">
                {line('From', party(e.from_name, e.from_address))}
                {line('To', party(e.to_name, e.to_address))}
                {line('Subject', e.subject)}
                {line('Created', formatArchiveStamp(e.creation_time))}
                {line('Sent', e.sent_time ? formatArchiveStamp(e.sent_time) : '')}
                {line('Status', <EmailStatusBadge status={e.current_status} />)}
                {line('Attempts', String(e.attempts))}
                {e.smtp_response ? line('Server answer', e.smtp_response) : null}
                {/* The message as sent; an empty sandbox runs no script and loads nothing. */}
                <iframe title="Message" sandbox="" srcDoc={e.content} style={{ width: '100%', height: 280, border: `1px solid ${tokens.colorNeutralStroke2}`, background: 'white' }} />
              </div>
            ) : (
              <div style={{ display: 'flex', flexDirection: 'column', gap: 6, paddingTop: 12 }} data-testid="email-attachment-list">
                {e.attachment_files.length === 0 ? <Text italic>No attachments.</Text> : e.attachment_files.map((f) => (
                  <div key={f.archive_id} style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
                    <Text style={{ flex: 1 }}>{f.filename}</Text>
                    <Text size={200}>{Math.max(1, Math.round(f.size / 1024))} KB</Text>
                    <Button size="small" onClick={() => void downloadEmailAttachment(e.id, f)}>Download</Button>
                  </div>
                ))}
              </div>
            )}
          </DialogContent>
          <DialogActions>
            {e && emailStatusTone(e.current_status) === 'failed' ? (
              <Button appearance="primary" disabled={resend.isPending} onClick={() => resend.mutate(e.id)}>Send again</Button>
            ) : null}
            <Button appearance="secondary" onClick={onClose}>Close</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

export const queuedBanner = (n: number) =>
  `There are ${n} emails in the queue that are still waiting for scheduled delivery. You may send these now by using the Send Now Button.`;
export const UPDATE_PENDING = 'Update is pending. If This message remains try pressing refresh';

/** The log's table with its view dialog: the Email Log screen and the entity editor's Email Logs tab. */
export function EmailLogTable({ entity, rows, loading, compact = false }: { entity?: string | null; rows?: readonly EmailLogRow[]; loading?: boolean; compact?: boolean }): ReactElement {
  const own = useEmailLog(entity);
  const pageSize = usePageSize();
  const [viewing, setViewing] = useState<number | null>(null);
  const list = (rows ?? own.data?.list ?? []) as Row[];
  return (
    <>
      <ListTable<Row>
        label="Email Log"
        rows={list}
        columns={compact ? emailColumns.filter((c) => c.id !== 'sender') : emailColumns}
        keyField="id"
        pageSize={pageSize}
        showTotals={false}
        loading={loading ?? own.isLoading}
        onOpen={(r) => setViewing(r.id)}
        rowActions={(r) => <Button size="small" onClick={() => setViewing(r.id)}>View</Button>}
      />
      <EmailViewDialog id={viewing} onClose={() => setViewing(null)} />
    </>
  );
}

/** The entity editor's Email Logs tab: messages sent to or from the party. */
export function EntityEmailLogs({ code }: { code: string }): ReactElement {
  const log = useEmailLog(code);
  if (log.isError) return <MessageBar intent="warning"><MessageBarBody>The e-mail log is not available to you.</MessageBarBody></MessageBar>;
  // The party is the recipient (or the sender): the narrower table leaves the Sender out.
  return <EmailLogTable entity={code} rows={log.data?.list} loading={log.isLoading} compact />;
}
