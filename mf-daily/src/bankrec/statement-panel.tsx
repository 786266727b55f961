import { useState } from 'react';
import { Badge, Button, Dropdown, Field, Option, Text, Title3 } from '@fluentui/react-components';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CSV_LAYOUTS, type CsvLayout, type MatchSuggestion, type StatementLineRow } from 'api/contracts/banking';
import { api, ListTable, notify, type ListColumn, saveBlob, toggleKeys } from 'shared-ui';
import { MatchDialog } from './match-dialog.js';

type Row = StatementLineRow & Record<string, unknown>;
const LAYOUT_CHOICES: [CsvLayout | '', string][] = [['', 'Recognise from the file'], ...(Object.entries(CSV_LAYOUTS).filter(([k]) => k !== 'MAPPED') as [CsvLayout, string][])];

/**
 * Statement import and matching (issue 11): upload a CSV (big four layouts), OFX or camt.053;
 * the lines with their matches and ages; accept the matcher's suggestions, one by one or all at
 * once, or match chosen lines to items by hand; unmatch; move an unidentified deposit to suspense. Where the company ships a sample
 * statement (the demo does), it can be downloaded here to try the import.
 */
export function StatementPanel() {
  const queryClient = useQueryClient();
  const [layout, setLayout] = useState<CsvLayout | ''>('');
  const [picked, setPicked] = useState<Set<number>>(new Set());
  const [matching, setMatching] = useState(false);
  const lines = useQuery({ queryKey: ['daily', 'statement-lines'], queryFn: () => api.get<{ data: StatementLineRow[] }>('/api/bankstatements/lines').then((r) => r.data as Row[]) });
  const suggestions = useQuery({ queryKey: ['daily', 'suggestions'], queryFn: () => api.get<{ data: MatchSuggestion[] }>('/api/bankstatements/suggestions').then((r) => r.data) });
  const sample = useQuery({ queryKey: ['daily', 'sample-statement'], queryFn: () => api.get<{ data: { name: string; content: string } | null }>('/api/bankstatements/sample').then((r) => r.data) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['daily'] });
  const done = (res: { message: string }) => { notify({ title: res.message, intent: 'success' }); void refresh(); };

  const upload = useMutation({
    mutationFn: async (file: File) => api.post<{ message: string }>('/api/bankstatements/import', { name: file.name, content: await file.text(), ...(layout ? { layout } : {}) }),
    onSuccess: done,
  });
  const acceptAll = useMutation({ mutationFn: () => api.post<{ message: string }>('/api/bankstatements/match/suggested'), onSuccess: done });
  const unmatch = useMutation({ mutationFn: (id: number) => api.delete<{ message: string }>(`/api/bankstatements/match/${id}`), onSuccess: done });
  const suspense = useMutation({ mutationFn: (id: number) => api.post<{ message: string }>(`/api/bankstatements/line/${id}/suspense`, {}), onSuccess: done });

  const acceptOne = useMutation({ mutationFn: (s: MatchSuggestion) => api.post<{ message: string }>('/api/bankstatements/match', { matches: [{ lines: s.lines, items: s.items }] }), onSuccess: done });
  const suggested = new Map<number, MatchSuggestion>();
  for (const s of suggestions.data ?? []) for (const l of s.lines) suggested.set(l, s);
  const columns: ListColumn<Row>[] = [
    { header: 'Date', field: 'date', kind: 'date', width: 100 },
    { header: 'Description', field: 'description' },
    { header: 'Amount', field: 'amount', kind: 'money', width: 110 },
    {
      header: 'Status', id: 'status', width: 260,
      render: (r) => r.match_id
        ? <Badge color="success" appearance="tint">Matched {r.items.join(', ')}</Badge>
        : suggested.has(r.id)
          ? <Badge color="informative" appearance="tint">Suggested {suggested.get(r.id)!.items.join(', ')} ({suggested.get(r.id)!.reason})</Badge>
          : <Badge color={r.age > 30 ? 'danger' : r.age > 7 ? 'warning' : 'subtle'} appearance="tint">Unmatched, {r.age} day{r.age === 1 ? '' : 's'}</Badge>,
    },
    {
      header: '', id: 'action', width: 120,
      render: (r) => r.match_id
        ? <Button size="small" onClick={() => unmatch.mutate(r.match_id!)}>Unmatch</Button>
        : suggested.has(r.id)
          ? <Button size="small" disabled={acceptOne.isPending} onClick={() => acceptOne.mutate(suggested.get(r.id)!)}>Accept</Button>
          : r.amount > 0 ? <Button size="small" onClick={() => suspense.mutate(r.id)}>To suspense</Button> : null,
    },
  ];
  return (
    <section style={{ display: 'flex', flexDirection: 'column', gap: 10 }} aria-label="Bank statement">
      <Title3>Bank statement</Title3>
      <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap', alignItems: 'end' }}>
        <Field label="CSV layout">
          <Dropdown value={LAYOUT_CHOICES.find(([k]) => k === layout)![1]} onOptionSelect={(_, d) => setLayout((d.optionValue ?? '') as CsvLayout | '')}>
            {LAYOUT_CHOICES.map(([k, label]) => <Option key={k || 'auto'} value={k}>{label}</Option>)}
          </Dropdown>
        </Field>
        <Field label="Statement file (CSV, OFX, camt.053 XML)">
          <input type="file" accept=".csv,.ofx,.qfx,.xml,text/csv" data-testid="statement-file" onChange={(e) => { const f = e.target.files?.[0]; if (f) upload.mutate(f); e.target.value = ''; }} />
        </Field>
        {sample.data && <Button appearance="subtle" onClick={() => saveBlob(new Blob([sample.data!.content], { type: 'text/csv' }), sample.data!.name)}>Download sample statement</Button>}
        <Button disabled={!picked.size} onClick={() => setMatching(true)}>Match selected lines…</Button>
        <Button appearance="primary" disabled={!suggestions.data?.length || acceptAll.isPending} onClick={() => acceptAll.mutate()}>
          Accept {suggestions.data?.length ?? 0} suggestion{suggestions.data?.length === 1 ? '' : 's'}
        </Button>
      </div>
      <Text size={200}>Matched lines tick their items above; an unidentified deposit goes to the SUSPENSE ledger until a journal moves it to its owner or tenant.</Text>
      <ListTable<Row>
        label="Statement lines"
        rows={lines.data ?? []}
        columns={columns}
        keyField="id"
        pageSize={25}
        showTotals={false}
        loading={lines.isLoading}
        selection={{
          isSelected: (r) => picked.has(r.id),
          canSelect: (r) => !r.match_id,
          onChange: (changed, on) => setPicked((s) => toggleKeys(s, changed.map((r) => r.id), on)),
          label: (r) => `Select line ${r.id}`,
        }}
      />
      {matching && <MatchDialog lines={(lines.data ?? []).filter((l) => picked.has(l.id))} onClose={(matched) => {
        setMatching(false);
        if (matched) { setPicked(new Set()); void refresh(); }
      }} />}
    </section>
  );
}
