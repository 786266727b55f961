import { useEffect, useState } from 'react';
import { Button, MessageBar, MessageBarBody, MessageBarTitle, Text, ToolbarButton } from '@fluentui/react-components';
import { ArrowExportRegular } from '@fluentui/react-icons';
import { useMutation } from '@tanstack/react-query';
import type { ChargeToRelease, ReleaseInput, ReleaseRow } from 'api/contracts/charges';
import { api, formatCents, ListEditor, listQueryKey, ListTable, queryClient, useSubmissionKey, type ListColumn } from 'shared-ui';
import { rowColourStyle } from './row-colours.js';
import {
  balanceCents, chargeSelectable, RELEASE_NOTE_MS, releaseColour, releasePayload, rowSelectable, rowTickState, selectedCents, selectionTotals, tickCharges, tickRows,
  type ReleaseSelection,
} from './rules.js';

type Row = ReleaseRow & Record<string, unknown>;
type Charge = ChargeToRelease & Record<string, unknown>;

const LIST_PATH = '/api/charge/release';

interface ReleaseAnswer {
  data: { released: number; total: number; refs: string[]; note: string };
  message: string;
}

const chargeColumns: ListColumn<Charge>[] = [
  { header: 'Date', field: 'date', kind: 'date' },
  { header: 'Ref', field: 'ref' },
  { header: 'Recipient', field: 'recipient' },
  { header: 'Door', field: 'door' },
  { header: 'Details', field: 'details' },
  { header: 'Amount', field: 'amount', kind: 'money' },
];

/** An expanded row: the payer's pending charges, each ticked within its funds (spec 2 §5). */
function PendingCharges({ row, selection, onChange }: { row: Row; selection: ReleaseSelection; onChange: (next: ReleaseSelection) => void }) {
  return (
    <ListTable<Charge>
      label={`Pending charges of ${row.name}`}
      rows={row.items as Charge[]}
      columns={chargeColumns}
      keyField="id"
      pageSize={Math.max(row.items.length, 1)}
      showTotals={false}
      selection={{
        isSelected: (c) => selection.get(row.entity)?.has(c.id) ?? false,
        canSelect: (c) => chargeSelectable(row, c, selection),
        onChange: (changed, on) => onChange(tickCharges(row, selection, changed, on)),
        label: (c) => `Select charge ${c.ref}`,
      }}
    />
  );
}

/** Release Charges (spec 2 §2): pending charges released against each payer's funds. */
export default function ReleaseScreen() {
  const [selection, setSelection] = useState<ReleaseSelection>(new Map());
  const [result, setResult] = useState<{ intent: 'success' | 'error'; title: string; text?: string } | null>(null);

  // Spec 2 §9: the release result stays 10 seconds.
  useEffect(() => {
    if (!result) return;
    const timer = setTimeout(() => setResult(null), RELEASE_NOTE_MS);
    return () => clearTimeout(timer);
  }, [result]);

  const submission = useSubmissionKey();
  const release = useMutation({
    mutationFn: (body: ReleaseInput) => api.post<ReleaseAnswer>(LIST_PATH, body, { quiet: true, headers: submission.headers(body) }),
    onSuccess: (answer) => {
      submission.done();
      setSelection(new Map());
      setResult({ intent: 'success', title: answer.message, text: answer.data.note });
      void queryClient.invalidateQueries({ queryKey: listQueryKey(LIST_PATH) });
    },
    onError: (failure) => setResult({ intent: 'error', title: failure.message }),
  });

  const columns: ListColumn<Row>[] = [
    { header: 'Entity', field: 'entity', sortable: true },
    { header: 'Name', field: 'name', sortable: true },
    { header: 'Type', field: 'type', sortable: true },
    { header: 'Funds', field: 'funds', kind: 'money', sortable: true },
    { header: 'Charges', field: 'charges', kind: 'money', sortable: true },
    { header: 'Available', field: 'available', kind: 'money', sortable: true },
    { header: 'Selected', id: 'selected', align: 'right', render: (r) => formatCents(selectedCents(r, selection)) },
    { header: 'Balance', id: 'balance', align: 'right', render: (r) => formatCents(balanceCents(r, selection)) },
  ];

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      {result ? (
        <MessageBar intent={result.intent} data-testid="release-result">
          <MessageBarBody>
            <MessageBarTitle>{result.title}</MessageBarTitle>
            {result.text}
          </MessageBarBody>
          <Button size="small" appearance="transparent" onClick={() => setResult(null)}>
            Dismiss
          </Button>
        </MessageBar>
      ) : null}
      <ListEditor<Row>
        title="Release Charges"
        listPath={LIST_PATH}
        keyField="entity"
        columns={columns}
        filters={{ searchMode: 'client' }}
        totals={['funds', 'charges', 'available']}
        rowStyle={(r) => rowColourStyle(releaseColour(r))}
        selection={{
          isSelected: (r) => rowTickState(r, selection),
          canSelect: rowSelectable,
          onChange: (rows, on) => setSelection((s) => tickRows(s, rows, on)),
          label: (r) => `Select ${r.entity}`,
        }}
        renderExpanded={(r) => <PendingCharges row={r} selection={selection} onChange={setSelection} />}
        toolbarExtra={(_, rows) => {
          const ticked = selectionTotals(rows as Row[], selection);
          return (
            <>
              <Text size={200} data-testid="release-selected">
                {ticked.count} charge{ticked.count === 1 ? '' : 's'} selected, {formatCents(ticked.cents)}
              </Text>
              <ToolbarButton
                appearance="primary"
                icon={<ArrowExportRegular />}
                disabled={ticked.count === 0 || release.isPending}
                onClick={() => release.mutate(releasePayload(rows as Row[], selection))}
              >
                Update Now
              </ToolbarButton>
            </>
          );
        }}
      />
    </div>
  );
}
