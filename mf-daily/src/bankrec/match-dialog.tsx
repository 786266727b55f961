import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Text } from '@fluentui/react-components';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { BankItem, StatementLineRow } from 'api/contracts/banking';
import { api, formatCents, ListTable, notify, type ListColumn, toggleKeys } from 'shared-ui';
import { cents } from '../daily-ui.js';

type Item = BankItem & Record<string, unknown>;

const columns: ListColumn<Item>[] = [
  { header: 'ID', field: 'banking_ref', width: 100 },
  { header: 'Date', field: 'date', kind: 'date', width: 100 },
  { header: 'Type', field: 'type', width: 90 },
  { header: 'Details', field: 'details' },
  { header: 'Amount', field: 'amount', kind: 'money', width: 110 },
];

/**
 * A match the matcher did not suggest (issue 11): the chosen statement lines to bank items the
 * user picks, one to one, one to many, many to one or many to many. The items nearest the lines'
 * total come first; the server refuses totals that differ, except a card settlement or an OTA
 * payout net of fees.
 */
export function MatchDialog({ lines, onClose }: { lines: StatementLineRow[]; onClose: (matched: boolean) => void }) {
  const open = useQuery({
    queryKey: ['daily', 'banked-unmatched'],
    queryFn: () => api.get<{ data: BankItem[] }>('/api/bankrec/banked').then((r) => r.data.filter((i) => !i.matched) as Item[]),
  });
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const linesTotal = lines.reduce((a, l) => a + cents(l.amount), 0);
  const rows = [...(open.data ?? [])].sort((a, b) => Math.abs(cents(a.amount) - linesTotal) - Math.abs(cents(b.amount) - linesTotal) || a.date.localeCompare(b.date));
  const itemsTotal = rows.filter((r) => picked.has(r.banking_ref)).reduce((a, r) => a + cents(r.amount), 0);
  const save = useMutation({
    mutationFn: () => api.post<{ message: string }>('/api/bankstatements/match', { matches: [{ lines: lines.map((l) => l.id), items: [...picked] }] }),
    onSuccess: (res) => { notify({ title: res.message, intent: 'success' }); onClose(true); },
  });
  return (
    <Dialog open onOpenChange={(_, d) => { if (!d.open) onClose(false); }}>
      <DialogSurface style={{ maxWidth: 860 }}>
        <DialogBody>
          <DialogTitle>Match {lines.length} statement line{lines.length === 1 ? '' : 's'}</DialogTitle>
          <DialogContent style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
            <Text>Lines: {lines.map((l) => l.description).join('; ')}</Text>
            <Text data-testid="match-totals">Lines total {formatCents(linesTotal)} · items total {formatCents(itemsTotal)} · difference {formatCents(itemsTotal - linesTotal)}</Text>
            <ListTable<Item>
              label="Bank items not yet matched"
              rows={rows}
              columns={columns}
              keyField="banking_ref"
              pageSize={10}
              showTotals={false}
              loading={open.isLoading}
              selection={{
                isSelected: (r) => picked.has(r.banking_ref),
                onChange: (changed, on) => setPicked((s) => toggleKeys(s, changed.map((r) => r.banking_ref), on)),
                label: (r) => `Match ${r.banking_ref}`,
              }}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => onClose(false)}>Cancel</Button>
            <Button appearance="primary" disabled={!picked.size || save.isPending} onClick={() => save.mutate()}>Match</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
