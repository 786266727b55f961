import { MessageBar, MessageBarBody } from '@fluentui/react-components';
import { formatMoney, useControl, type EditorTab, type ListColumn, type ListRecord } from 'shared-ui';
import { PartiesScreen, figure } from '../entities/parties-screen.js';
import { MembersTab, POOLS_OFF } from './members-tab.js';

// Spec 3 §2 'Owner Pools': code, name, category, phone1, email, state, postcode, funds, pending, balance.
const columns: ListColumn<ListRecord>[] = [
  { header: 'Code', field: 'code', sortable: true, width: 110 },
  { header: 'Name', field: 'name', sortable: true },
  { header: 'Category', field: 'category', sortable: true },
  { header: 'Phone', field: 'phone1' },
  { header: 'Email', field: 'email' },
  { header: 'State', field: 'state', width: 70 },
  { header: 'Postcode', field: 'postcode', width: 90 },
  { header: 'Funds', field: 'funds', kind: 'money', sortable: true, render: figure('funds') },
  { header: 'Pending', field: 'pending', kind: 'money', sortable: true, render: (r) => formatMoney(r.pending as number) },
  { header: 'Balance', field: 'balance', kind: 'money', sortable: true, render: figure('balance') },
];

const membersTab: EditorTab<ListRecord> = { value: 'members', label: 'Members', render: (ctx) => <MembersTab ctx={ctx} /> };

/** /accounts/pools: Owner Pools (spec 3 §2), POOL parties with their members; shown while enable_pools is on. */
export default function PoolsScreen() {
  const control = useControl().data;
  if (control && control.enable_pools !== true) return <MessageBar intent="warning"><MessageBarBody>{POOLS_OFF}</MessageBarBody></MessageBar>;
  return <PartiesScreen type="POOL" listColumns={columns} extraTabs={[membersTab]} />;
}
