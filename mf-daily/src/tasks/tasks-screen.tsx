import { Button, Text } from '@fluentui/react-components';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { severityColour, type TaskRow } from 'api/contracts/audit';
import { api, ListTable, navigateTo, notify, type ListColumn } from 'shared-ui';

type Row = TaskRow & Record<string, unknown>;

const COLOURS: Record<string, string> = { red: '#c50f1f', orange: '#da3b01', blue: '#0f6cbd' };

/** What a row's button does (spec 3 §4 'Tasks and audit'): SYNC re-syncs the booking, a link jumps to the fix page, else the reference is copied. */
export const rowAction = (row: Pick<TaskRow, 'source' | 'link_path' | 'link_key'>): 'sync' | 'open' | 'copy' =>
  row.source === 'SYNC' ? 'sync' : row.link_path ? 'open' : 'copy';

/** Tasks & Audit (spec 3 §2): the audit's tasks by severity, Run Audit, rows expanding to their memo. */
export default function TasksScreen() {
  const queryClient = useQueryClient();
  const tasks = useQuery({ queryKey: ['daily', 'tasks'], queryFn: () => api.get<{ data: TaskRow[] }>('/api/task').then((r) => r.data as Row[]) });
  const audit = useMutation({
    mutationFn: () => api.get('/api/control/audit', { query: { full: true } }),
    onSuccess: () => { notify({ title: 'Audit complete!', intent: 'success', timeout: 5000 }); void queryClient.invalidateQueries({ queryKey: ['daily', 'tasks'] }); },
  });
  const resync = useMutation({
    mutationFn: (key: string) => api.post<{ error?: boolean; warn?: boolean; message?: string }>(`/api/booking/sync/${encodeURIComponent(key)}`, {}, { quiet: true }),
    onSuccess: (res) => notify(res.error || res.warn
      ? { title: res.error && res.warn ? 'Booking has been re-synced with warnings' : 'There was an error re-Syncing Booking - Please check log', intent: res.error && res.warn ? 'warning' : 'error', timeout: 4000 }
      : { title: res.message || 'Booking has been re-Synced with the booking system', intent: 'success', timeout: 2000 }),
    onError: () => notify({ title: 'There was an error re-Syncing Booking - Please check log', intent: 'error', timeout: 4000 }),
  });
  const act = (r: Row) => {
    const action = rowAction(r);
    if (action === 'sync') resync.mutate(r.link_key ?? '');
    else if (action === 'open') navigateTo(r.link_path!);
    else void navigator.clipboard?.writeText(r.link_key ?? r.description).then(() => notify({ title: 'Reference copied', intent: 'info' }));
  };
  const columns: ListColumn<Row>[] = [
    { header: 'Date', field: 'date', kind: 'date', width: 100 },
    { header: 'Severity', id: 'type', width: 110, render: (r) => <Text weight="semibold" style={{ color: COLOURS[severityColour(r.type)] }}>{r.type}</Text> },
    { header: 'Description', field: 'description' },
    { header: '', id: 'action', width: 100, render: (r) => <Button size="small" onClick={() => act(r)}>{({ sync: 'Re-sync', open: 'Fix', copy: 'Copy ref' } as const)[rowAction(r)]}</Button> },
  ];
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <div><Button appearance="primary" disabled={audit.isPending} onClick={() => audit.mutate()}>Run Audit</Button></div>
      <ListTable<Row>
        label="Tasks"
        rows={tasks.data ?? []}
        columns={columns}
        keyField="id"
        pageSize={50}
        showTotals={false}
        loading={tasks.isLoading}
        canExpand={(r) => !!r.memo}
        renderExpanded={(r) => <Text>{r.memo}</Text>}
      />
    </div>
  );
}
