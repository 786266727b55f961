import { PresenceBlockedRegular } from '@fluentui/react-icons';
import { GpSyncButton, ListEditor, listQueryKey, queryClient, startupKeys, type ListColumn } from 'shared-ui';
import { NEW_UNIT, UNIT_FIELD_KINDS, unitBody, unitFormSchema } from './rules.js';
import { UNIT_TABS, UnitActions, type UnitEditorRecord } from './unit-editor.js';
import { UnitSummary } from './unit-summary.js';


const columns: ListColumn<UnitEditorRecord>[] = [
  { header: 'Inactive', id: 'inactive', align: 'center', width: 64, render: (r) => (r.inactive ? <PresenceBlockedRegular aria-label="Inactive" /> : null) },
  { header: 'Door', field: 'door', sortable: true },
  { header: 'Name', field: 'name', sortable: true },
  { header: 'Type', field: 'unittype', sortable: true },
  { header: 'Class', field: 'class', sortable: true },
  { header: 'Owner', field: 'entity', sortable: true },
  { header: 'Owner Name', field: 'entityname', sortable: true },
  { header: 'Funds', field: 'funds', kind: 'money', sortable: true },
  { header: 'Pending', field: 'pending', kind: 'money', sortable: true },
  { header: 'Balance', field: 'balance', kind: 'money', sortable: true },
];

/** The unit lookup (door and owner) other screens pick from changes with every unit save. */
const refreshUnitLookup = () => void queryClient.invalidateQueries({ queryKey: startupKeys.lookups });

/**
 * Units (spec 2 §2 'Units'): owners' units with their ledger figures, expandable to their fees,
 * and the unit editor (Details, Unit Fees, Leaseback while leaseback is on, Notes); GP Sync brings
 * units over from the booking system.
 */
export default function UnitsScreen() {
  return (
    <ListEditor<UnitEditorRecord>
      title="Units"
      listPath="/api/unit/list"
      path="/api/unit"
      keyField="door"
      columns={columns}
      filters={{ inactive: true }}
      totals={['funds', 'pending', 'balance']}
      renderExpanded={(r) => <UnitSummary door={r.door} />}
      schema={unitFormSchema}
      fieldKinds={UNIT_FIELD_KINDS}
      defaults={NEW_UNIT}
      toBody={unitBody}
      editorTitle={(record, isNew) => (isNew ? 'Add Unit' : `Unit ${String(record?.door ?? '')} ${String(record?.name ?? '')}`)}
      editorTabs={UNIT_TABS}
      editorToolbar={(ctx) => <UnitActions {...ctx} />}
      afterSave={refreshUnitLookup}
      afterDelete={refreshUnitLookup}
      toolbarExtra={() => <GpSyncButton path="/api/unit/sync" onSynced={() => void queryClient.invalidateQueries({ queryKey: listQueryKey('/api/unit/list') })} />}
    />
  );
}
