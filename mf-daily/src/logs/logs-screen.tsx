import { Badge, Text } from '@fluentui/react-components';
import { LOG_DEFAULT_DAYS, type LogRecord, type LogRow } from 'api/contracts/log';
import { ListEditor, api, formatLogStamp, type ListColumn } from 'shared-ui';
import { LogRecordView, LogRowDetail } from './log-detail.js';

type Row = LogRow & Record<string, unknown>;

const SEVERITIES = ['ALL', 'CHANGE', 'ERROR', 'WARN', 'INFO', 'SECURITY'] as const;
const SEVERITY_COLOURS: Record<string, 'danger' | 'warning' | 'informative' | 'important' | 'subtle'> = {
  ERROR: 'danger', SECURITY: 'important', WARN: 'warning', CHANGE: 'informative', INFO: 'subtle',
};

/** The list's filters as GET /api/log takes them: the range (to inclusive) and the severity. */
async function fetchLog(query: Record<string, string | number | boolean | undefined>): Promise<Row[]> {
  const { from, to, type } = query;
  const answer = await api.get<{ data: Row[] }>('/api/log', { query: { from, to, severity: type } });
  return answer.data;
}

const columns: ListColumn<Row>[] = [
  { header: 'ID', field: 'id', width: 80, sortable: true },
  { header: 'Date', field: 'date', width: 120, sortable: true, render: (r) => formatLogStamp(r.date) },
  { header: 'Identity', field: 'identity', width: 110, sortable: true },
  { header: 'Severity', field: 'severity', width: 110, sortable: true, render: (r) => <Badge appearance="tint" color={SEVERITY_COLOURS[r.severity] ?? 'subtle'}>{r.severity}</Badge> },
  { header: 'Message', field: 'message' },
];

/**
 * System Log (spec 3 §2 'System Log'): the company's log, the last 7 days unless a range is
 * applied, newest first. Rows with technical detail expand to it; a row opens the read-only
 * editor with the note that support may ask for this information.
 */
export default function LogsScreen() {
  return (
    <ListEditor<Row>
      title="System Log"
      listKey="/api/log"
      fetchList={fetchLog}
      path="/api/log"
      keyField="id"
      columns={columns}
      filters={{ type: SEVERITIES, dateRange: true, searchMode: 'client' }}
      readOnly
      canAdd={false}
      editorSize="large"
      editorTitle={(record) => `Log entry ${String(record?.id ?? '')}`}
      editor={({ record }) => (record ? <LogRecordView record={record as unknown as LogRecord} /> : null)}
      renderExpanded={(r) => <LogRowDetail id={r.id} />}
      canExpand={(r) => r.has_detail}
      toolbarExtra={(f) => (f.from || f.to ? null : <Text size={200} italic>Last {LOG_DEFAULT_DAYS} days</Text>)}
    />
  );
}
