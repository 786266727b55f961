import { useState } from 'react';
import { Button, Field, Input } from '@fluentui/react-components';
import { CheckmarkCircleRegular, DismissCircleRegular } from '@fluentui/react-icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BANKING_MESSAGES, type DepositRow } from 'api/contracts/banking';
import { api, ListTable, notify, type ListColumn } from 'shared-ui';
import { ConfirmButton, openServerPdf } from '../daily-ui.js';

type Row = DepositRow & Record<string, unknown>;

/** Banking Review (spec 3 §2): the period's deposits, reconciled or not, with their slips; only unreconciled ones may be deleted. */
export default function BankingReviewScreen() {
  const queryClient = useQueryClient();
  const [range, setRange] = useState<{ from?: string; to?: string }>({});
  const list = useQuery({ queryKey: ['daily', 'deposits', range], queryFn: () => api.get<{ data: DepositRow[]; from: string; to: string }>('/api/cashbook/banking', { query: range }) });
  const remove = useMutation({
    mutationFn: (ref: string) => api.delete<{ message: string }>(`/api/cashbook/deposit/delete/${encodeURIComponent(ref)}`),
    onSuccess: (res) => { notify({ title: res.message, intent: 'success' }); void queryClient.invalidateQueries({ queryKey: ['daily'] }); },
  });
  const columns: ListColumn<Row>[] = [
    { header: 'Deposit No', field: 'banking_ref', width: 110 },
    { header: 'Date', field: 'deposit_date', kind: 'date', width: 100 },
    { header: 'Method', field: 'method', width: 90 },
    { header: 'Rec', id: 'rec', width: 50, align: 'center', render: (r) => (r.reconciled ? <CheckmarkCircleRegular aria-label="Reconciled" color="green" /> : <DismissCircleRegular aria-label="Not reconciled" color="red" />) },
    { header: 'Rec No', field: 'reconcile_ref', width: 100 },
    { header: 'View', id: 'view', width: 70, render: (r) => <Button size="small" onClick={() => void openServerPdf(`/api/cashbook/deposit/slip/${encodeURIComponent(r.banking_ref)}`)}>Slip</Button> },
    { header: 'Delete', id: 'delete', width: 80, render: (r) => (r.reconciled ? null : <ConfirmButton label="Delete" question={BANKING_MESSAGES.deleteConfirm} onConfirm={() => remove.mutate(r.banking_ref)} />) },
    { header: 'Amount', field: 'amount', kind: 'money', width: 120 },
  ];
  const from = range.from ?? list.data?.from ?? '';
  const to = range.to ?? list.data?.to ?? '';
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
        <Field label="From"><Input type="date" value={from} onChange={(_, d) => setRange((r) => ({ ...r, from: d.value || undefined }))} /></Field>
        <Field label="To"><Input type="date" value={to} onChange={(_, d) => setRange((r) => ({ ...r, to: d.value || undefined }))} /></Field>
      </div>
      <ListTable<Row> label="Deposits" rows={(list.data?.data ?? []) as Row[]} columns={columns} keyField="banking_ref" pageSize={25} showTotals={false} loading={list.isLoading} />
    </div>
  );
}
