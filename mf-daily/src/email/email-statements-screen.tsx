import { useState } from 'react';
import { Button, Dropdown, Field, Input, Option, Text } from '@fluentui/react-components';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { EMAIL_SENT_TO_QUEUE, EMAIL_STATEMENT_TYPES, type EmailStatementRow } from 'api/contracts/email';
import { MONTH_NAMES } from 'api/contracts/lookup';
import { api, ListTable, notify, ProgressBar, useCurrentMonth, useProgress, type ListColumn } from 'shared-ui';

type Row = EmailStatementRow & Record<string, unknown>;

const columns: ListColumn<Row>[] = [
  { header: 'Code', field: 'code', width: 110 },
  { header: 'Units', field: 'units', width: 120 },
  { header: 'Letting Pool', field: 'letting_pool', width: 100 },
  { header: 'Type', field: 'type', width: 80 },
  { header: 'Category', field: 'category', width: 100 },
  { header: 'Name', field: 'name' },
  { header: 'Email', field: 'email' },
  { header: 'Funds', field: 'funds', kind: 'money', width: 110 },
  { header: 'Pay', field: 'pay', kind: 'money', width: 110 },
  { header: 'Net', field: 'net', kind: 'money', width: 110 },
];

/**
 * Email Statements (spec 3 §2): the rows for a year, month and type (default the month before the
 * open one, OWNER: spec 3 §9); the ticked owners' statements are queued with their PDFs, with a
 * progress bar while hundreds are queued; the outbox sends them.
 */
export default function EmailStatementsScreen() {
  const current = useCurrentMonth();
  const queryClient = useQueryClient();
  const [period, setPeriod] = useState(current.month === 1 ? { year: current.year - 1, month: 12 } : { year: current.year, month: current.month - 1 });
  const [type, setType] = useState<(typeof EMAIL_STATEMENT_TYPES)[number]>('OWNER');
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [trial, setTrial] = useState('');
  const [job, setJob] = useState<string | null>(null);
  const query = `year=${period.year}&month=${period.month}&type=${type}`;
  const list = useQuery({ queryKey: ['email-statements', query], queryFn: () => api.get<{ data: EmailStatementRow[] }>(`/api/entity/emaillist/${encodeURIComponent(query)}`).then((r) => r.data as Row[]) });
  const progress = useProgress(job, {
    autoClose: true,
    onComplete: (state) => {
      const result = state.result as { queued?: number; skipped?: { code: string; reason: string }[]; message?: string } | undefined;
      if (state.error) notify({ title: state.error.message, intent: 'error' });
      else notify({ title: result?.message ?? EMAIL_SENT_TO_QUEUE, body: result?.skipped?.length ? `Not sent: ${result.skipped.map((s) => `${s.code} (${s.reason})`).join(', ')}` : undefined, intent: result?.queued ? 'success' : 'warning' });
      setJob(null);
      void queryClient.invalidateQueries({ queryKey: ['email-log'] });
    },
  });
  const start = useMutation({
    mutationFn: () => api.post<{ progress: { id: string } }>(`/api/reports/emailstatements/${encodeURIComponent(query)}`, {
      year: period.year, month: period.month, type, entities: [...chosen], _email: trial.trim() || undefined,
    }),
    onSuccess: (res) => setJob(res.progress.id),
  });
  const rows = list.data ?? [];
  const years = [current.year - 1, current.year];
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap', alignItems: 'flex-end' }}>
        <Field label="Year">
          <Dropdown aria-label="Year" value={String(period.year)} selectedOptions={[String(period.year)]} onOptionSelect={(_, d) => setPeriod((p) => ({ ...p, year: Number(d.optionValue) }))} style={{ minWidth: 100 }}>
            {years.map((y) => <Option key={y} value={String(y)}>{String(y)}</Option>)}
          </Dropdown>
        </Field>
        <Field label="Month">
          <Dropdown aria-label="Month" value={MONTH_NAMES[period.month - 1]} selectedOptions={[String(period.month)]} onOptionSelect={(_, d) => setPeriod((p) => ({ ...p, month: Number(d.optionValue) }))} style={{ minWidth: 140 }}>
            {MONTH_NAMES.map((m, i) => <Option key={m} value={String(i + 1)}>{m}</Option>)}
          </Dropdown>
        </Field>
        <Field label="Type">
          <Dropdown aria-label="Type" value={type} selectedOptions={[type]} onOptionSelect={(_, d) => { setType(d.optionValue as typeof type); setChosen(new Set()); }} style={{ minWidth: 120 }}>
            {EMAIL_STATEMENT_TYPES.map((t) => <Option key={t} value={t}>{t}</Option>)}
          </Dropdown>
        </Field>
        <Field label="Send all to (trial)" hint="Leave empty to send each to its owner">
          <Input type="email" value={trial} onChange={(_, d) => setTrial(d.value)} maxLength={254} />
        </Field>
        <Button appearance="primary" disabled={!chosen.size || type !== 'OWNER' || start.isPending || job !== null} onClick={() => start.mutate()}>
          {`Email Statements (${chosen.size})`}
        </Button>
      </div>
      {type !== 'OWNER' ? <Text italic>Statements are e-mailed to owners.</Text> : null}
      {job !== null && progress.visible ? <ProgressBar percent={progress.percent} message={progress.message} label="Queuing statements" /> : null}
      <ListTable<Row>
        label="Email Statements"
        rows={rows}
        columns={columns}
        keyField="code"
        pageSize={50}
        showTotals
        totals={['funds', 'pay', 'net']}
        loading={list.isLoading}
        selection={{
          isSelected: (r) => chosen.has(r.code),
          canSelect: (r) => Boolean(r.email),
          onChange: (changed, selected) => setChosen((s) => {
            const next = new Set(s);
            for (const r of changed) (selected ? next.add(r.code) : next.delete(r.code));
            return next;
          }),
          label: (r) => `Select ${r.code}`,
        }}
      />
    </div>
  );
}
