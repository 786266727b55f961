import { useState } from 'react';
import { Button, Text, Tooltip } from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons';
import { ARCHIVE_DEFAULT_DAYS, ARCHIVE_TYPES, type ArchiveListRow } from 'api/contracts/archive';
import { ListEditor, api, formatArchiveStamp, notify, saveBlob, type ListColumn } from 'shared-ui';

type Row = ArchiveListRow & Record<string, unknown>;

/** The type filter of spec 3 §9: All, Reports, Email Attachments, Month End, Backups. */
const TYPE_OPTIONS = ARCHIVE_TYPES.map((t) => ({ value: t.value, label: t.label }));

/**
 * GET /api/blob with the range as spec 3 §7 sends it: the start day with ':00:00' and the end
 * day with ':24:00' (no range: the server's last 7 days).
 */
export async function fetchArchive(query: Record<string, string | number | boolean | undefined>): Promise<Row[]> {
  const { from, to, type } = query;
  const answer = await api.get<{ data: Row[] }>('/api/blob', {
    query: { type, from: from ? `${String(from)}:00:00` : undefined, to: to ? `${String(to)}:24:00` : undefined },
  });
  return answer.data;
}

function DownloadButton({ row }: { row: Row }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const response = await api.post<Response>('/api/blob/download', row, { raw: true });
      saveBlob(await response.blob(), row.blob_id);
    } catch (e) {
      notify({ title: e instanceof Error ? e.message : 'Download failed', intent: 'error' });
    } finally {
      setBusy(false);
    }
  };
  // Icon-only, so the column fits beside the names on a tablet; the tooltip says what it does
  // or why it may not (spec 3 §4: SYSTEM documents, backups for super users only; the server's reason).
  const button = (
    <Button size="small" appearance="subtle" icon={<ArrowDownloadRegular />} disabled={busy || row.refusal !== null} aria-label={`Download ${row.blob_id}`} onClick={() => void download()} />
  );
  return (
    <Tooltip content={row.refusal ?? `Download ${row.blob_id}`} relationship="description">
      {row.refusal ? <span>{button}</span> : button}
    </Tooltip>
  );
}

const wrap = { whiteSpace: 'normal', overflowWrap: 'break-word' } as const;

const columns: ListColumn<Row>[] = [
  { header: 'Date', field: 'date', width: 150, sortable: true, render: (r) => formatArchiveStamp(r.date) },
  { header: 'User', field: 'user_code', sortable: true },
  { header: 'Path', field: 'path', sortable: true, render: (r) => <span style={wrap}>{r.path}</span> },
  // Long names and paths wrap (the list's cells do not), so Download stays in view on a tablet.
  { header: 'Document Name', field: 'blob_id', sortable: true, render: (r) => <span style={wrap}>{r.blob_id}</span> },
  { header: 'Download', id: 'download', width: 64, align: 'center', render: (r) => <DownloadButton row={r} /> },
];

/**
 * Archive (spec 3 §2 'Archive'): every document the product made for this company (reports,
 * e-mail attachments, month-end packs, backups), newest first, with the type filter and a date
 * range (default the last 7 days); p_blob is checked on the server too.
 */
export default function ArchiveScreen() {
  return (
    <ListEditor<Row>
      title="Archive"
      listKey="/api/blob"
      fetchList={fetchArchive}
      keyField="id"
      columns={columns}
      filters={{ type: TYPE_OPTIONS, dateRange: true, searchMode: 'client' }}
      canAdd={false}
      toolbarExtra={(f) => (f.from || f.to ? null : <Text size={200} italic>Last {ARCHIVE_DEFAULT_DAYS} days</Text>)}
    />
  );
}
