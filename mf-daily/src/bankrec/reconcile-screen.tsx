import { useEffect, useMemo, useRef, useState } from 'react';
import {
  Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Input, Text, Title3, tokens,
} from '@fluentui/react-components';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adjustmentContract, RECONCILE_MESSAGES, type BankItem, type BankPosition } from 'api/contracts/banking';
import { api, formatCents, formatDate, ListTable, notify, useControl, type ListColumn, toggleKeys } from 'shared-ui';
import { cents, openServerPdf, panel, splitLayout } from '../daily-ui.js';
import { StatementPanel } from './statement-panel.js';

type Row = BankItem & Record<string, unknown>;

// A second, smaller line under a cell's value: the table fits a tablet beside the menu (768 px)
// with the amount in view, instead of scrolling sideways.
const under = (main: unknown, second: unknown) => (
  <span style={{ display: 'block', lineHeight: 1.2 }}>
    {String(main)}
    {second ? <span style={{ display: 'block', fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground3 }}>{String(second)}</span> : null}
  </span>
);

const columns: ListColumn<Row>[] = [
  // A deposit's reference is its ID; a cash line's (a receipt or cheque number) shows under it.
  { header: 'ID / Reference', id: 'banking_ref', render: (r) => under(r.banking_ref, r.ref !== r.banking_ref && r.ref), width: 90 },
  { header: 'Date', field: 'date', kind: 'date', width: 90 },
  { header: 'Type / Method', id: 'type', render: (r) => under(r.type, r.method), width: 90 },
  // Details wrap, so the amount stays in view on a narrow screen.
  { header: 'Details', id: 'details', render: (r) => <span style={{ whiteSpace: 'normal', display: 'block', minWidth: 80 }}>{r.matched ? <span title={`Statement: ${r.matched}`}>{r.details} ✓</span> : r.details}</span> },
  { header: 'Amount', field: 'amount', kind: 'money', width: 100 },
];

/** The COMPLETE rule of spec 3 §4: statement balance = current balance + selected items, to the cent. */
export const balances = (statement: number | null, current: number, selected: number) => statement !== null && statement === current + selected;

/**
 * Bank Reconciliation (spec 3 §2): unreconciled bank items ticked against the statement, the
 * side panel with the balances, COMPLETE RECONCILIATION only when balanced, ADD ADJUSTMENT,
 * Sync Now; statement import and matching below (issue 11).
 */
export default function ReconcileScreen() {
  const today = (useControl().data as { today?: string } | undefined)?.today ?? '';
  const queryClient = useQueryClient();
  const items = useQuery({ queryKey: ['daily', 'banked'], queryFn: () => api.get<{ data: BankItem[] }>('/api/bankrec/banked').then((r) => r.data as Row[]) });
  const position = useQuery({ queryKey: ['daily', 'position'], queryFn: () => api.get<{ data: BankPosition }>('/api/bankrec/position').then((r) => r.data) });
  const rows = items.data ?? [];
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [date, setDate] = useState('');
  const [statement, setStatement] = useState('');
  const [done, setDone] = useState<{ id: number; ref: string } | null>(null);
  const [adjusting, setAdjusting] = useState(false);

  // An adjustment's ticked half, to tick once the reloaded items hold it: ticking it after the
  // reload's promise raced the reset below, which could run later and drop it.
  const toTick = useRef<string[]>([]);
  // Confirmed statement matches come ticked; the imported statement's closing balance fills the statement balance.
  useEffect(() => {
    setSelected(new Set([...rows.filter((r) => r.matched).map((r) => r.banking_ref), ...toTick.current.filter((k) => rows.some((r) => r.banking_ref === k))]));
    toTick.current = toTick.current.filter((k) => !rows.some((r) => r.banking_ref === k));
  }, [items.data]);
  useEffect(() => {
    if (position.data?.statement_balance != null) setStatement(position.data.statement_balance.toFixed(2));
  }, [position.data?.statement_balance]);

  const selectedCents = useMemo(() => rows.filter((r) => selected.has(r.banking_ref)).reduce((a, r) => a + cents(r.amount), 0), [rows, selected]);
  const currentCents = cents(position.data?.bank_balance ?? 0);
  const statementCents = statement.trim() && Number.isFinite(Number(statement)) ? cents(Number(statement)) : null;
  const balanced = balances(statementCents, currentCents, selectedCents);
  const recDate = date || today;
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['daily'] });

  const complete = useMutation({
    mutationFn: () => api.post<{ data: { id: number; ref: string }; message: string }>('/api/bankrec', {
      data: rows.filter((r) => selected.has(r.banking_ref)).map((r) => ({ banking_ref: r.banking_ref, description: r.details, amount: r.amount })),
      starting: currentCents / 100, balance: statementCents! / 100, control: selectedCents / 100, date: recDate,
    }),
    onSuccess: (res) => { notify({ title: res.message, intent: 'success' }); setDone(res.data); void refresh(); },
  });
  const sync = useMutation({
    mutationFn: () => api.post<{ message?: string }>('/api/sync', {}, { quiet: true }),
    onSuccess: (res) => notify({ title: 'Sync Complete!', body: res.message, intent: 'success' }),
    onError: () => notify({ title: 'Sync Complete!', body: 'No booking system is connected to this company', intent: 'error' }),
  });

  if (done) {
    return (
      <div style={panel} data-testid="reconciliation-done">
        <Title3>Reconciliation {done.ref} completed</Title3>
        <Button appearance="primary" onClick={() => void openServerPdf(`/api/bankrec/report/${done.id}`)}>View report</Button>
        <Button appearance="subtle" onClick={() => setDone(null)}>Back to Daily Reconciliation</Button>
      </div>
    );
  }

  const line = (label: string, value: React.ReactNode, testId?: string) => (
    <div style={{ display: 'flex', justifyContent: 'space-between', gap: 12 }}><Text>{label}</Text><Text data-testid={testId}>{value}</Text></div>
  );
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      <div style={splitLayout}>
        <div style={{ gridColumn: 'span 2', minWidth: 0 }}>
          <ListTable<Row>
            label="Unreconciled bank items"
            rows={rows}
            columns={columns}
            keyField="banking_ref"
            pageSize={50}
            showTotals={false}
            loading={items.isLoading}
            selection={{
              isSelected: (r) => selected.has(r.banking_ref),
              onChange: (changed, on) => setSelected((s) => toggleKeys(s, changed.map((r) => r.banking_ref), on)),
              label: (r) => `Select ${r.banking_ref}`,
            }}
          />
        </div>
        <div style={panel}>
          <Field label="Reconcile date"><Input type="date" value={recDate} max={today} onChange={(_, d) => setDate(d.value)} /></Field>
          <Field label="New statement balance"><Input value={statement} onChange={(_, d) => setStatement(d.value)} inputMode="decimal" data-testid="statement-balance-input" /></Field>
          {line('Current balance', formatCents(currentCents))}
          {line('Selected items total', formatCents(selectedCents), 'selected-total')}
          {line('Statement balance', <span style={{ color: balanced ? tokens.colorPaletteGreenForeground1 : tokens.colorPaletteRedForeground1, fontWeight: balanced ? 700 : 400 }}>{formatCents(currentCents + selectedCents)}</span>, 'computed-balance')}
          {line('Last reconciliation', position.data?.last_reconcile_date ? formatDate(position.data.last_reconcile_date) : 'never')}
          <Button appearance="primary" disabled={!balanced || complete.isPending} onClick={() => complete.mutate()}>COMPLETE RECONCILIATION</Button>
          <Button onClick={() => setAdjusting(true)}>ADD ADJUSTMENT</Button>
          <Button appearance="subtle" disabled={sync.isPending} onClick={() => sync.mutate()}>Sync Now</Button>
        </div>
      </div>
      <StatementPanel />
      <AdjustmentDialog open={adjusting} min={position.data?.last_reconcile_date ?? undefined} max={today} onClose={(tick) => {
        setAdjusting(false);
        if (tick) {
          toTick.current.push(tick);
          void refresh();
        }
      }} />
    </div>
  );
}

/** ADD ADJUSTMENT (spec 3 §2, §5): date, amount and details, validated by the route's own contract. */
function AdjustmentDialog({ open, min, max, onClose }: { open: boolean; min?: string; max: string; onClose: (tick: string | null) => void }) {
  const [values, setValues] = useState({ date: max, amount: '', detail: '' });
  const parsed = adjustmentContract.safeParse({ date: values.date || undefined, amount: values.amount.trim() ? Number(values.amount) : null, detail: values.detail });
  const errors = parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message]));
  const [touched, setTouched] = useState(false);
  const save = useMutation({
    mutationFn: () => api.post<{ in: string; message: string }>('/api/bankrec/adjustment', parsed.data),
    onSuccess: (res) => { notify({ title: res.message, intent: 'success' }); onClose(res.in); },
  });
  return (
    <Dialog open={open} onOpenChange={(_, d) => { if (!d.open) onClose(null); }}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>Add Adjustment</DialogTitle>
          <DialogContent style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
            {RECONCILE_MESSAGES.adjustmentText.map((t) => <Text key={t}>{t}</Text>)}
            <Field label="Date" required validationMessage={touched ? errors.date : undefined}><Input type="date" min={min} max={max} value={values.date} onChange={(_, d) => setValues((v) => ({ ...v, date: d.value }))} /></Field>
            <Field label="Amount" required validationMessage={touched ? errors.amount : undefined}><Input inputMode="decimal" value={values.amount} onChange={(_, d) => setValues((v) => ({ ...v, amount: d.value }))} /></Field>
            <Field label="Details" required validationMessage={touched ? errors.detail : undefined}><Input value={values.detail} onChange={(_, d) => setValues((v) => ({ ...v, detail: d.value }))} /></Field>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => onClose(null)}>Cancel</Button>
            <Button appearance="primary" disabled={save.isPending} onClick={() => { setTouched(true); if (parsed.success) save.mutate(); }}>Save</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
