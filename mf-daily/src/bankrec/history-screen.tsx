import { useState } from 'react';
import { Button, Field, Input, tokens } from '@fluentui/react-components';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { RECONCILE_MESSAGES, type ReconciliationRow } from 'api/contracts/banking';
import { api, formatMoney, ListTable, notify, type ListColumn } from 'shared-ui';
import { ConfirmButton, openServerPdf } from '../daily-ui.js';

type Row = ReconciliationRow & Record<string, unknown>;

/**
 * Reconciliation History (spec 3 §2): the period's reconciliations, the movement red when
 * negative; Delete only on the latest (allow_delete), which restores the state before it.
 */
export default function ReconciliationHistoryScreen() {
  const queryClient = useQueryClient();
  const [range, setRange] = useState<{ from?: string; to?: string }>({});
  const list = useQuery({ queryKey: ['daily', 'reconciliations', range], queryFn: () => api.get<{ data: ReconciliationRow[]; from: string; to: string }>('/api/bankrec/list', { query: range }) });
  const remove = useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>(`/api/bankrec/${id}`),
    onSuccess: (res) => { notify({ title: res.message, intent: 'success' }); void queryClient.invalidateQueries({ queryKey: ['daily'] }); void queryClient.invalidateQueries({ queryKey: ['control'] }); },
  });
  const columns: ListColumn<Row>[] = [
    { header: 'Reconcile No', field: 'ref', width: 120 },
    { header: 'Date', field: 'date', kind: 'date', width: 100 },
    { header: 'Starting Bal', field: 'starting_balance', kind: 'money', width: 130 },
    { header: 'Movement', id: 'movement', align: 'right', width: 120, render: (r) => <span style={{ color: r.amount < 0 ? tokens.colorPaletteRedForeground1 : tokens.colorPaletteGreenForeground1 }}>{formatMoney(r.amount)}</span> },
    { header: 'Ending Bal', field: 'ending_balance', kind: 'money', width: 130 },
    { header: 'View', id: 'view', width: 80, render: (r) => <Button size="small" onClick={() => void openServerPdf(`/api/bankrec/report/${r.id}`)}>Report</Button> },
    { header: 'Delete', id: 'delete', width: 80, render: (r) => (r.allow_delete ? <ConfirmButton label="Delete" question={RECONCILE_MESSAGES.deleteConfirm} onConfirm={() => remove.mutate(r.id)} /> : null) },
  ];
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
        <Field label="From"><Input type="date" value={range.from ?? list.data?.from ?? ''} onChange={(_, d) => setRange((r) => ({ ...r, from: d.value || undefined }))} /></Field>
        <Field label="To"><Input type="date" value={range.to ?? list.data?.to ?? ''} onChange={(_, d) => setRange((r) => ({ ...r, to: d.value || undefined }))} /></Field>
      </div>
      <ListTable<Row> label="Reconciliations" rows={(list.data?.data ?? []) as Row[]} columns={columns} keyField="id" pageSize={25} showTotals={false} loading={list.isLoading} />
    </div>
  );
}
