import { useState } from 'react';
import { Accordion, AccordionHeader, AccordionItem, AccordionPanel, Dropdown, Field, Option, Text } from '@fluentui/react-components';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SNAPSHOT_MONTH_KEYS, SNAPSHOT_YEARS, type SnapshotRow } from 'api/contracts/snapshots';
import { api, formatMoney, ListEditor, notify, useControl, type ListColumn, type ListRecord } from 'shared-ui';
import { csvLines, exampleCsv, yearChoices } from './snapshot-rules.js';

const MONTH_HEADERS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const columns: ListColumn<ListRecord>[] = [
  { header: 'Account', field: 'account_id', sortable: true, width: 100 },
  { header: 'Description', field: 'description', sortable: true },
  // A month without a snapshot is blank, not $0.00: nothing was imported for it.
  ...SNAPSHOT_MONTH_KEYS.map((k, i): ListColumn<ListRecord> => ({ header: MONTH_HEADERS[i]!, field: k, kind: 'money', render: (r) => (r[k] == null ? '' : formatMoney(r[k] as number)) })),
];

/**
 * Snapshots (spec 3 §2 'Snapshots', issue 14): a year's history of the business accounts by
 * month, imported from a CSV for the months before the books began. The revenue chart and
 * Business Accounts read these months where the ledger has none. Importing replaces the months
 * the file names; a file with any error imports nothing and the server's message says why.
 */
export default function SnapshotsScreen() {
  const control = useControl();
  const currentYear = Number(control.data?.current_year ?? new Date().getFullYear());
  const queryClient = useQueryClient();
  const years = useQuery({ queryKey: ['snapshot', 'years'], queryFn: () => api.get<{ data: { year: number }[] }>('/api/snapshot/years').then((r) => r.data.map((y) => y.year)) });
  const choices = yearChoices(years.data ?? [], currentYear);
  const [chosen, setChosen] = useState<number | null>(null);
  const year = chosen ?? years.data?.[0] ?? currentYear - 1;

  const upload = useMutation({
    mutationFn: async (file: File) => api.post<{ data: { year: number }; message: string }>('/api/snapshot', csvLines(await file.text())),
    onSuccess: (res) => {
      notify({ title: 'Snapshot Import', body: res.message, intent: 'success' });
      setChosen(res.data.year);
      void queryClient.invalidateQueries({ queryKey: ['snapshot'] });
      void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] === 'list' && String(q.queryKey[1]).startsWith('snapshot-') });
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    },
    // The API client shows the refusal (the error dialog with the server's message).
  });

  return (
    <ListEditor
      title="Snapshots"
      listKey={`snapshot-${year}`}
      fetchList={() => api.get<{ data: SnapshotRow[] }>(`/api/snapshot/summary/${year}`).then((r) => r.data as unknown as ListRecord[])}
      keyField="account_id"
      columns={columns}
      totals={SNAPSHOT_MONTH_KEYS}
      filters={{ search: false }}
      canAdd={false}
      toolbarExtra={() => (
        <div style={{ display: 'flex', flexDirection: 'column', gap: 8, width: '100%' }}>
          <div style={{ display: 'flex', gap: 12, alignItems: 'end', flexWrap: 'wrap' }}>
            <Field label="Year">
              <Dropdown aria-label="Year" value={String(year)} selectedOptions={[String(year)]} onOptionSelect={(_, d) => setChosen(Number(d.optionValue))} style={{ minWidth: 110 }}>
                {choices.map((y) => <Option key={y} value={String(y)}>{String(y)}</Option>)}
              </Dropdown>
            </Field>
            <Field label="Import a snapshot (CSV)">
              <input type="file" accept=".csv,text/csv" data-testid="snapshot-file" disabled={upload.isPending}
                onChange={(e) => { const f = e.target.files?.[0]; if (f) upload.mutate(f); e.target.value = ''; }} />
            </Field>
          </div>
          <Accordion collapsible>
            <AccordionItem value="help">
              <AccordionHeader size="small">How to prepare the file</AccordionHeader>
              <AccordionPanel>
                <Text as="p" size={200}>
                  The first column is the account code. The first row holds the 4-digit year of each column, the second row the
                  month (1 to 12); each further row is an account with its amount for each month (the business ledger's net, in
                  dollars). Only past months, up to {SNAPSHOT_YEARS} years back, are accepted. Importing replaces what is held for
                  the months the file names; a file with any error imports nothing.
                </Text>
                <pre style={{ fontSize: 12, overflowX: 'auto' }}>{exampleCsv(currentYear - 1)}</pre>
              </AccordionPanel>
            </AccordionItem>
          </Accordion>
        </div>
      )}
    />
  );
}
