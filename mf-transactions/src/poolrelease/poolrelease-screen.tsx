import { useEffect, useRef, useState } from 'react';
import { Button, MessageBar, MessageBarBody, MessageBarTitle, Text, ToolbarButton, tokens } from '@fluentui/react-components';
import { ArrowExportRegular } from '@fluentui/react-icons';
import { useMutation } from '@tanstack/react-query';
import type { PoolMember, PoolReleaseRow } from 'api/contracts/pools';
import { api, formatMoney, ListEditor, listQueryKey, ListTable, queryClient, toggleKeys, useControl, useSubmissionKey, type ListColumn } from 'shared-ui';
import { blockedPools, holdShown, poolBlocked, poolReleasable, releaseBody, totalToDisburse, UNRELEASED_WARNING_MS } from './rules.js';

type Row = PoolReleaseRow & Record<string, unknown>;
type Member = PoolMember & Record<string, unknown>;

const LIST_PATH = '/api/control/poolrelease';
const POOLS_OFF = 'Owner pools are not enabled. Turn on Enable owner pools in Control Settings to use them.';

// Spec 3 §2: pools with charges above 0 are red (and not released); the others green.
const rowStyle = (r: Row) => ({ background: poolBlocked(r) ? tokens.colorPaletteRedBackground2 : tokens.colorPaletteGreenBackground2 });
const hold = (field: 'hold_always' | 'hold_this_month') => (r: Row) => (holdShown(r[field]) ? formatMoney(r[field]) : '');

const columns: ListColumn<Row>[] = [
  { header: 'Code', field: 'code', sortable: true, width: 110 },
  { header: 'Name', field: 'name', sortable: true },
  { header: 'Funds', field: 'funds', kind: 'money', sortable: true },
  { header: 'Hold Always', id: 'hold_always', align: 'right', render: hold('hold_always') },
  { header: 'Hold This Month', id: 'hold_this_month', align: 'right', render: hold('hold_this_month') },
  { header: 'Charges', field: 'charges', kind: 'money', sortable: true },
  { header: 'Balance', field: 'balance', kind: 'money', sortable: true },
  { header: 'Disburse', field: 'disburse', kind: 'money', sortable: true },
];

const memberColumns: ListColumn<Member>[] = [
  { header: 'Member', field: 'entity', width: 110 },
  { header: 'Name', field: 'name' },
  { header: 'Units', field: 'units', align: 'right', width: 70, render: (m) => String(m.units) },
  { header: 'Nights', field: 'nights', align: 'right', width: 80, render: (m) => String(m.nights) },
  { header: 'Percent', field: 'percent', kind: 'number', width: 80 },
  { header: 'Share', field: 'share', kind: 'money', width: 110 },
];

/** Raises the unreleased-charges warning 500 ms after rows with charges are first seen, and only once. */
function UnreleasedWatcher({ rows, onWarn }: { rows: readonly Row[]; onWarn: (codes: string[]) => void }) {
  const warned = useRef(false);
  // The latest callback without restarting the timer on every render of the toolbar.
  const warn = useRef(onWarn);
  warn.current = onWarn;
  const blocked = blockedPools([...rows]).join(',');
  useEffect(() => {
    if (warned.current || !blocked) return;
    const timer = setTimeout(() => {
      warned.current = true;
      warn.current(blocked.split(','));
    }, UNRELEASED_WARNING_MS);
    return () => clearTimeout(timer);
  }, [blocked]);
  return null;
}

/**
 * Release Pool Funds (spec 3 §2 'Pools and pool release', §4 'Pool release'): each pool's funds,
 * less its holds, released to its members pro rata by the pool's basis. Pools with charges above
 * 0 are red and cannot be ticked; Release Funds needs a total to disburse above 0; the server
 * recomputes every amount and posts one journal per pool.
 */
export default function PoolReleaseScreen() {
  const control = useControl().data;
  const [ticked, setTicked] = useState<Set<string>>(new Set());
  // null: not raised yet; [] once dismissed (it is shown once per visit).
  const [warning, setWarning] = useState<string[] | null>(null);
  const [result, setResult] = useState<{ intent: 'success' | 'error'; title: string } | null>(null);
  const submission = useSubmissionKey();
  const release = useMutation({
    mutationFn: (body: ReturnType<typeof releaseBody>) => api.post<{ message: string }>(LIST_PATH, body, { quiet: true, headers: submission.headers(body) }),
    onSuccess: (answer) => {
      submission.done();
      setTicked(new Set());
      setResult({ intent: 'success', title: answer.message });
      void queryClient.invalidateQueries({ queryKey: listQueryKey(LIST_PATH) });
    },
    onError: (failure) => setResult({ intent: 'error', title: failure.message }),
  });

  if (control && control.enable_pools !== true) return <MessageBar intent="warning"><MessageBarBody>{POOLS_OFF}</MessageBarBody></MessageBar>;
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      {warning?.length ? (
        <MessageBar intent="warning" data-testid="unreleased-warning">
          <MessageBarBody>
            <MessageBarTitle>Unreleased charges</MessageBarTitle>
            {warning.join(', ')} {warning.length === 1 ? 'has' : 'have'} charges not yet released and will not be released until they are (Charge Release).
          </MessageBarBody>
          <Button size="small" appearance="transparent" onClick={() => setWarning([])}>Dismiss</Button>
        </MessageBar>
      ) : null}
      {result ? (
        <MessageBar intent={result.intent} data-testid="pool-release-result">
          <MessageBarBody>{result.title}</MessageBarBody>
          <Button size="small" appearance="transparent" onClick={() => setResult(null)}>Dismiss</Button>
        </MessageBar>
      ) : null}
      <ListEditor<Row>
        title="Release Pool Funds"
        listPath={LIST_PATH}
        keyField="code"
        columns={columns}
        filters={{ searchMode: 'client' }}
        totals={['funds', 'charges', 'balance', 'disburse']}
        canAdd={false}
        rowStyle={rowStyle}
        selection={{
          isSelected: (r) => ticked.has(r.code),
          canSelect: poolReleasable,
          onChange: (rows, on) => setTicked((s) => toggleKeys(s, rows.map((r) => r.code), on)),
          label: (r) => `Select ${r.code}`,
        }}
        renderExpanded={(r) => (
          <ListTable<Member> label={`Members of ${r.name}`} rows={r.members as Member[]} columns={memberColumns} keyField="entity" pageSize={Math.max(r.members.length, 1)} showTotals={false} />
        )}
        toolbarExtra={(_, rows) => {
          const total = totalToDisburse(rows as Row[], ticked);
          return (
            <>
              <UnreleasedWatcher rows={rows as Row[]} onWarn={(codes) => setWarning((w) => w ?? codes)} />
              <Text size={200} data-testid="pool-release-total">Total to disburse {formatMoney(total)}</Text>
              <ToolbarButton appearance="primary" icon={<ArrowExportRegular />} disabled={total <= 0 || release.isPending}
                onClick={() => release.mutate(releaseBody(rows as Row[], ticked))}>
                Release Funds
              </ToolbarButton>
            </>
          );
        }}
      />
    </div>
  );
}
