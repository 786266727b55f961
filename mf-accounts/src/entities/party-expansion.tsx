import { useState } from 'react';
import { MessageBar, MessageBarBody, Tab, TabList, tokens } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import type { EntityPendingCharge, EntityPendingCharges } from 'api/contracts/entity';
import { api, ListTable, StatementView, type ListColumn } from 'shared-ui';
import { pendingTabLabel } from './rules.js';

type ChargeRow = EntityPendingCharge & Record<string, unknown>;

/** GET /api/entity/pending/{code}: the party's pending charges, outward and inward. */
export function usePendingCharges(code: string) {
  return useQuery({
    queryKey: ['entity-pending', code],
    queryFn: () => api.get<{ data: EntityPendingCharges }>(`/api/entity/pending/${encodeURIComponent(code)}`).then((r) => r.data),
  });
}

const chargeColumns = (partyHeader: string): ListColumn<ChargeRow>[] => [
  { header: 'Date', field: 'date', kind: 'date', width: 90 },
  { header: 'Ref', field: 'ref', width: 80 },
  { header: 'Door', field: 'door', width: 60 },
  { header: partyHeader, id: 'party', render: (r) => `${r.party} ${r.party_name === r.party ? '' : r.party_name}`.trim() },
  { header: 'Details', field: 'memo' },
  { header: 'Amount', field: 'amount', kind: 'money' },
];

/** Pending charges as the party sees them (also a business account's, in business accounts). */
export function PendingCharges({ rows, partyHeader, label }: { rows: readonly EntityPendingCharge[] | undefined; partyHeader: string; label: string }) {
  return (
    <ListTable<ChargeRow>
      label={label}
      rows={(rows ?? []).map((r) => ({ ...r, key: `${r.id}-${r.door ?? ''}` }))}
      columns={chargeColumns(partyHeader)}
      // An inward charge can show once per door it pays the party on.
      keyField="key"
      pageSize={10}
      totals={['amount']}
      showTotals
    />
  );
}

type View = 'ledger' | 'outward' | 'inward';

/**
 * A parties list row expanded (spec 2 §2): the party's ledger for a period (the accounting month
 * first) and its pending charges, outward (it pays) and inward (it receives).
 */
export function PartyExpansion({ code }: { code: string }) {
  const [view, setView] = useState<View>('ledger');
  const pending = usePendingCharges(code);
  return (
    <div style={{ padding: `${tokens.spacingVerticalXS} 0`, whiteSpace: 'normal' }} data-testid="party-expansion">
      <TabList size="small" selectedValue={view} onTabSelect={(_, d) => setView(d.value as View)} style={{ marginBottom: 4 }}>
        <Tab value="ledger">Ledger</Tab>
        <Tab value="outward">{pendingTabLabel('outward', pending.data?.outward.length)}</Tab>
        <Tab value="inward">{pendingTabLabel('inward', pending.data?.inward.length)}</Tab>
      </TabList>
      {pending.error && view !== 'ledger' ? (
        <MessageBar intent="error">
          <MessageBarBody>{pending.error.message}</MessageBarBody>
        </MessageBar>
      ) : null}
      {view === 'ledger' ? <StatementView code={code} /> : null}
      {view === 'outward' ? <PendingCharges rows={pending.data?.outward} partyHeader="Pay To" label={`Pending charges ${code} pays`} /> : null}
      {view === 'inward' ? <PendingCharges rows={pending.data?.inward} partyHeader="Paid By" label={`Pending charges ${code} receives`} /> : null}
    </div>
  );
}
