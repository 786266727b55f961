import { useState } from 'react';
import { Button } from '@fluentui/react-components';
import { DocumentTextRegular, PresenceBlockedRegular } from '@fluentui/react-icons';
import { StatementDialog } from '../entities/statement-dialog.js';
import { ListEditor, formatMoney, queryClient, startupKeys, useCurrentUser, type ListColumn } from 'shared-ui';
import { NEW_TENANCY, TENANCY_FIELD_KINDS, arrearsColour, dueColour, tenancyFormSchema, tenancyWireValues } from './rules.js';
import { TENANCY_TABS, TenancyActions, type TenancyEditorRecord } from './tenancy-editor.js';

const money = (value: number, colour: string | undefined, label: string) => (
  <span style={colour ? { color: colour, fontWeight: 600 } : undefined} aria-label={colour ? `${label} ${formatMoney(value)}` : undefined}>{formatMoney(value)}</span>
);

/** Below this width (a 768 px tablet) the lower-priority columns give way, so the list does not scroll sideways. */
export const NARROW = 1024;

const columns: ListColumn<TenancyEditorRecord>[] = [
  { header: 'Inactive', id: 'inactive', align: 'center', width: 64, hideBelow: NARROW, render: (r) => (r.inactive ? <PresenceBlockedRegular aria-label="Inactive" /> : null) },
  { header: 'Lease Id', field: 'id', sortable: true, hideBelow: NARROW },
  { header: 'Door', field: 'door', sortable: true },
  { header: 'Tenant', field: 'entity', sortable: true },
  { header: 'Name', field: 'name', sortable: true },
  { header: 'Owner', field: 'owner', sortable: true, hideBelow: NARROW },
  { header: 'Rent Arrears', field: 'arrears', kind: 'money', align: 'right', sortable: true, render: (r) => money(r.arrears, arrearsColour(r.arrears), 'In arrears') },
  { header: 'Rent Due', field: 'due', kind: 'money', align: 'right', sortable: true, render: (r) => money(r.due, dueColour(r.due), 'Due') },
  { header: 'Rent Pending', field: 'pending', kind: 'money', sortable: true, hideBelow: NARROW },
  { header: 'Other Pending', field: 'pending_other', kind: 'money', sortable: true, hideBelow: NARROW },
  { header: 'Rent Paid', field: 'paid', kind: 'money', sortable: true, hideBelow: NARROW },
];

/** A new tenant code becomes a party: the lookups other screens pick from change. */
const refreshLookups = () => void queryClient.invalidateQueries({ queryKey: startupKeys.lookups });

/**
 * Permanent Rentals (spec 3 §2): the tenancies with their rent account as at today, and the
 * editor 'Tenancy Agreement:{id}' with Details, Lease & Bond, Outstanding (saved ones) and Notes.
 */
export default function RentalsScreen() {
  const [statement, setStatement] = useState<TenancyEditorRecord | null>(null);
  // The screen opens with p_bookings; changing a tenancy (and Update Rent, Undo Charges) needs p_tenancy (issue 17's rule).
  const mayChange = Boolean(useCurrentUser().data?.permissions?.p_tenancy);
  return (
    <>
    <ListEditor<TenancyEditorRecord>
      title="Permanent Rentals"
      listPath="/api/rental/list"
      path="/api/rental"
      keyField="id"
      columns={columns}
      filters={{ inactive: true }}
      totals={['arrears', 'due', 'pending', 'pending_other', 'paid']}
      schema={tenancyFormSchema}
      fieldKinds={TENANCY_FIELD_KINDS}
      defaults={NEW_TENANCY}
      toBody={(values) => tenancyWireValues(Object.fromEntries(Object.entries(values).filter(([k]) => k !== '_ticked')))}
      editorTitle={(record, isNew) => (isNew ? 'Add Tenancy Agreement' : `Tenancy Agreement:${String(record?.id ?? '')}`)}
      editorTabs={TENANCY_TABS}
      readOnly={!mayChange}
      editorToolbar={(ctx) => <TenancyActions {...ctx} />}
      closeOnSave={false}
      afterSave={refreshLookups}
      rowActions={(r) => (
        <Button size="small" appearance="subtle" icon={<DocumentTextRegular />} aria-label={`Statement ${r.entity}`} onClick={(e) => { e.stopPropagation(); setStatement(r); }} />
      )}
    />
    {statement ? <StatementDialog code={statement.entity} name={statement.name} onClose={() => setStatement(null)} /> : null}
    </>
  );
}
