import { useEffect, useState } from 'react';
import { Button, Combobox, Dropdown, Field, Input, MessageBar, MessageBarBody, Option, Text } from '@fluentui/react-components';
import { DeleteRegular } from '@fluentui/react-icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { POOL_BASES, POOL_BASIS_LABELS, type PoolMember } from 'api/contracts/pools';
import { api, ListTable, notify, useControl, useLookups, type EditorContext, type ListColumn, type ListRecord } from 'shared-ui';
import { percentTotal } from './rules.js';

type Basis = (typeof POOL_BASES)[number];
type MemberRow = Pick<PoolMember, 'entity' | 'name' | 'units' | 'nights' | 'percent'> & ListRecord;

/** The message shown where pools are used while Control Settings' switch is off. */
export const POOLS_OFF = 'Owner pools are not enabled. Turn on Enable owner pools in Control Settings to use them.';

/**
 * The Owner Pools editor's Members tab (issue 14): the owners the pool's funds are released to
 * and what their share is measured in: units in the pool (default), nights in the pool, or a set
 * percent. Saved on its own (PUT /api/pool/{code}), beside the pool's entity record.
 */
export function MembersTab({ ctx }: { ctx: EditorContext<ListRecord> }) {
  const code = String(ctx.record?.code ?? '');
  const control = useControl().data;
  const owners = (useLookups().data?.entity ?? []).filter((e) => e.type === 'OWNER');
  const queryClient = useQueryClient();
  const enabled = control?.enable_pools === true;
  const pool = useQuery({
    queryKey: ['pool', code],
    enabled: enabled && !ctx.isNew && code !== '',
    queryFn: () => api.get<{ data: { basis: Basis; members: PoolMember[] } }>(`/api/pool/${encodeURIComponent(code)}`).then((r) => r.data),
  });
  const [basis, setBasis] = useState<Basis>('UNITS');
  const [members, setMembers] = useState<MemberRow[]>([]);
  useEffect(() => {
    if (!pool.data) return;
    setBasis(pool.data.basis);
    setMembers(pool.data.members as unknown as MemberRow[]);
  }, [pool.data]);
  const save = useMutation({
    mutationFn: () => api.put<{ message: string }>(`/api/pool/${encodeURIComponent(code)}`, { basis, members: members.map((m) => ({ entity: m.entity, percent: m.percent })) }),
    onSuccess: (res) => {
      notify({ title: res.message, intent: 'success' });
      void queryClient.invalidateQueries({ queryKey: ['pool', code] });
    },
  });

  if (!enabled) return <MessageBar intent="warning"><MessageBarBody>{POOLS_OFF}</MessageBarBody></MessageBar>;
  if (ctx.isNew) return <Text>Save the pool first, then add its members here.</Text>;
  const total = percentTotal(members);
  const columns: ListColumn<MemberRow>[] = [
    { header: 'Owner', field: 'entity', width: 110 },
    { header: 'Name', field: 'name' },
    { header: 'Units', field: 'units', align: 'right', width: 70, render: (m) => String(m.units) },
    { header: 'Nights', field: 'nights', align: 'right', width: 80, render: (m) => String(m.nights) },
    ...(basis === 'PERCENT' ? [{
      header: 'Percent', id: 'percent', width: 110,
      render: (m: MemberRow) => (
        <Input size="small" type="number" aria-label={`Percent ${m.entity}`} value={String(m.percent)} style={{ width: 90 }}
          onChange={(_, d) => setMembers((list) => list.map((x) => (x.entity === m.entity ? { ...x, percent: Number(d.value) || 0 } : x)))} />
      ),
    }] : []),
  ];
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 10 }}>
      <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap', alignItems: 'end' }}>
        <Field label="Share of each member by">
          <Dropdown aria-label="Share of each member by" value={POOL_BASIS_LABELS[basis]} selectedOptions={[basis]} onOptionSelect={(_, d) => setBasis(d.optionValue as Basis)}>
            {POOL_BASES.map((b) => <Option key={b} value={b}>{POOL_BASIS_LABELS[b]}</Option>)}
          </Dropdown>
        </Field>
        <Field label="Add member">
          <Combobox aria-label="Add member" placeholder="Owner code or name" value=""
            onOptionSelect={(_, d) => {
              const owner = owners.find((o) => o.code === d.optionValue);
              if (owner && !members.some((m) => m.entity === owner.code)) setMembers((list) => [...list, { entity: String(owner.code), name: String(owner.name ?? ''), units: 0, nights: 0, percent: 0 }]);
            }}>
            {owners.filter((o) => !members.some((m) => m.entity === o.code)).map((o) => <Option key={String(o.code)} value={String(o.code)} text={`${String(o.code)} ${String(o.name ?? '')}`}>{`${String(o.code)} ${String(o.name ?? '')}`}</Option>)}
          </Combobox>
        </Field>
        <Button appearance="primary" disabled={save.isPending || (basis === 'PERCENT' && members.length > 0 && total !== 100)} onClick={() => save.mutate()}>Save Members</Button>
      </div>
      {basis === 'PERCENT' && members.length > 0 && total !== 100 && (
        <MessageBar intent="warning"><MessageBarBody>Members' percentages total {total.toFixed(2)}; they must total 100.00.</MessageBarBody></MessageBar>
      )}
      <Text size={200}>Units and nights count the member's units whose pool is this one (Units → Pool). Members added here show their units after saving.</Text>
      <ListTable<MemberRow>
        label="Pool members"
        rows={members}
        columns={columns}
        keyField="entity"
        pageSize={50}
        showTotals={false}
        loading={pool.isLoading}
        rowActions={(m) => (
          <Button size="small" appearance="subtle" icon={<DeleteRegular />} aria-label={`Remove ${m.entity}`} onClick={() => setMembers((list) => list.filter((x) => x.entity !== m.entity))} />
        )}
      />
    </div>
  );
}
