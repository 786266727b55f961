import { useMemo, useState } from 'react';
import { Button, Field, Input, MessageBar, MessageBarBody, Radio, RadioGroup, Text, Title3 } from '@fluentui/react-components';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BANKING_MESSAGES, BANKING_PANEL_TITLES, BANKING_TYPES, depositQuery, type BankingType, type UnbankedItem } from 'api/contracts/banking';
import { api, formatCents, ListTable, notify, useControl, type ListColumn, toggleKeys } from 'shared-ui';
import { ConfirmButton, cents, openServerPdf, panel, splitLayout } from '../daily-ui.js';

type Row = UnbankedItem & Record<string, unknown>;

const columns: ListColumn<Row>[] = [
  { header: 'Date', field: 'date', kind: 'date', width: 100 },
  { header: 'Ref', field: 'ref', width: 80 },
  { header: 'Method', field: 'method', width: 80 },
  { header: 'Card', field: 'card_type', width: 80 },
  { header: 'Details', field: 'description' },
  { header: 'Amount', field: 'amount', kind: 'money', width: 120 },
];

/**
 * Daily Banking (spec 3 §2): unbanked receipts of a banking type, ticked into one deposit with
 * its date; after SUBMIT BANKING the slip, DELETE DEPOSIT and 'Back to Daily Banking'.
 */
export default function BankingScreen() {
  const control = useControl().data as { today?: string; monthend_lock_uuid?: string | null } | undefined;
  const queryClient = useQueryClient();
  const [type, setType] = useState<BankingType>('CASH');
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [date, setDate] = useState<string>('');
  const [created, setCreated] = useState<string | null>(null);
  const list = useQuery({ queryKey: ['daily', 'unbanked', type], queryFn: () => api.get<{ data: UnbankedItem[] }>(`/api/cashbook/unbanked/${type}`).then((r) => r.data as Row[]) });
  const rows = list.data ?? [];
  const total = useMemo(() => rows.filter((r) => selected.has(r.id)).reduce((a, r) => a + cents(r.amount), 0), [rows, selected]);
  const depositDate = date || control?.today || '';
  const dateError = depositQuery.safeParse({ date: depositDate || undefined }).success ? null : BANKING_MESSAGES.dateRequired;

  const submit = useMutation({
    mutationFn: () => api.post<{ ref: string; message: string }>('/api/cashbook/deposit/new', rows.filter((r) => selected.has(r.id)).map((r) => ({ id: r.id, amount: r.amount })), { query: { date: depositDate } }),
    onSuccess: (res) => {
      notify({ title: res.message, intent: 'success' });
      setCreated(res.ref);
      setSelected(new Set());
      void queryClient.invalidateQueries({ queryKey: ['daily'] });
    },
  });
  const remove = useMutation({
    mutationFn: (ref: string) => api.delete(`/api/cashbook/deposit/delete/${encodeURIComponent(ref)}`),
    onSuccess: () => {
      notify({ title: `Deposit ${created} deleted`, intent: 'success' });
      setCreated(null);
      void queryClient.invalidateQueries({ queryKey: ['daily'] });
    },
  });

  if (created) {
    return (
      <div style={panel} data-testid="deposit-created">
        <Title3>{BANKING_MESSAGES.created(created)}</Title3>
        <Button appearance="primary" onClick={() => void openServerPdf(`/api/cashbook/deposit/slip/${encodeURIComponent(created)}`)}>View deposit slip</Button>
        <ConfirmButton label="DELETE DEPOSIT" question={BANKING_MESSAGES.deleteConfirm} onConfirm={() => remove.mutate(created)} />
        <Button appearance="subtle" onClick={() => setCreated(null)}>Back to Daily Banking</Button>
      </div>
    );
  }

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      {control?.monthend_lock_uuid ? (
        <MessageBar intent="warning"><MessageBarBody>BANKING: month end is in progress; banking waits until it finishes.</MessageBarBody></MessageBar>
      ) : null}
      <RadioGroup layout="horizontal" value={type} onChange={(_, d) => { setType(d.value as BankingType); setSelected(new Set()); }} aria-label="Banking type">
        {(Object.keys(BANKING_TYPES) as BankingType[]).map((t) => <Radio key={t} value={t} label={BANKING_TYPES[t]} />)}
      </RadioGroup>
      <div style={splitLayout}>
        <div style={{ gridColumn: 'span 2', minWidth: 0 }}>
          <ListTable<Row>
            label="Unbanked items"
            rows={rows}
            columns={columns}
            keyField="id"
            pageSize={50}
            showTotals={false}
            loading={list.isLoading}
            selection={{
              isSelected: (r) => selected.has(r.id),
              onChange: (changed, on) => setSelected((s) => toggleKeys(s, changed.map((r) => r.id), on)),
              label: (r) => `Select ${r.ref}`,
            }}
          />
        </div>
        <div style={panel}>
          <Title3>{BANKING_PANEL_TITLES[type]}</Title3>
          <Field label="Deposit date" required validationMessage={dateError ?? undefined}>
            <Input type="date" value={depositDate} onChange={(_, d) => setDate(d.value)} />
          </Field>
          <Field label="Deposit total">
            <Input readOnly value={formatCents(total)} data-testid="deposit-total" />
          </Field>
          <Text size={200}>{selected.size} item{selected.size === 1 ? '' : 's'} selected</Text>
          <Button appearance="primary" disabled={!selected.size || !!dateError || submit.isPending} onClick={() => submit.mutate()}>SUBMIT BANKING</Button>
        </div>
      </div>
    </div>
  );
}
