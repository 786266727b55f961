import { accountContract } from 'api/contracts/reference';
import { ACCOUNT_TYPES } from 'api/contracts/common';
import { CheckmarkRegular, PresenceBlockedRegular } from '@fluentui/react-icons';
import { CheckboxField, GpSyncButton, ListEditor, SelectField, listQueryKey, queryClient, TextField, useLookups, type EditorContext, type ListColumn, type ListRecord, type Lookups, useWatch } from 'shared-ui';
import { FormGrid } from '../common/form-grid.js';
import { lookupName, lookupOptions, mapOptions, refreshLookups } from '../common/lookups.js';

const typeName = (code: unknown) => (ACCOUNT_TYPES as Record<string, string>)[String(code)] ?? String(code ?? '');

/** Disburse Funds To: the entity's name, or 'Owner' when the account pays the unit's owner. */
export function disburseTo(entity: unknown, entities: Lookups['entity'] | undefined): string {
  return entity ? lookupName(entities, 'code', entity, ['name']) : 'Owner';
}

function AccountEditor({ isNew, record, lookups }: EditorContext<ListRecord> & { lookups: Lookups | undefined }) {
  const overrideType = useWatch({ name: 'override_type' }) as boolean;
  return (
    <FormGrid>
      <TextField name="id" label="Code" required upperCase maxLength={20} disabled={!isNew} />
      <TextField name="description" label="Name" required maxLength={40} />
      <SelectField name="type" label="Classification" required placeholder="Select a classification" options={mapOptions(ACCOUNT_TYPES)} />
      <SelectField name="gstcode" label="GST Code" required placeholder="Select a GST code" options={lookupOptions(lookups?.gstCode, 'code', ['name'], record?.gstcode)} />
      <SelectField
        name="entity"
        label="Disburse Funds To"
        placeholder="Owner"
        hint="Leave as Owner to pay the unit's owner"
        options={lookupOptions(lookups?.entity, 'code', ['name'], record?.entity)}
      />
      <CheckboxField name="override_type" label="Override class" />
      {overrideType ? (
        <SelectField
          name="override_class_code"
          label="Override Class"
          required
          placeholder="Select a unit class"
          options={lookupOptions(lookups?.unitClass, 'id', ['name'], record?.override_class_code)}
        />
      ) : null}
      <CheckboxField name="inactive" label="Inactive" />
    </FormGrid>
  );
}

/**
 * Transaction Accounts (spec 3 §2): GP marks an account linked to the booking system; GP Sync
 * brings its charge codes over (offered when Control Settings name a booking system).
 */
export default function AccountsScreen() {
  const lookups = useLookups().data;
  const columns: ListColumn<ListRecord>[] = [
    { header: 'Inactive', id: 'inactive', align: 'center', width: 70, render: (r) => (r.inactive ? <PresenceBlockedRegular aria-label="Inactive" /> : null) },
    { header: 'Code', field: 'id', sortable: true, width: 120 },
    { header: 'GP', id: 'gp', align: 'center', width: 50, render: (r) => (r.gpid ? <CheckmarkRegular aria-label="Linked to the booking system" /> : null) },
    { header: 'Name', field: 'description', sortable: true },
    { header: 'Classification', field: 'type', sortable: true, render: (r) => typeName(r.type) },
    { header: 'Override Class', field: 'override_class_code', render: (r) => (r.override_type ? lookupName(lookups?.unitClass, 'id', r.override_class_code) : '') },
    { header: 'GST', field: 'gstcode', sortable: true, width: 80 },
    { header: 'Disburse Funds To', field: 'entity', render: (r) => disburseTo(r.entity, lookups?.entity) },
  ];
  return (
    <ListEditor
      title="Transaction Accounts"
      listPath="/api/account/list"
      path="/api/account"
      keyField="id"
      columns={columns}
      filters={{ inactive: true }}
      schema={accountContract}
      fieldKinds={{ id: 'text', description: 'text', type: 'select', gstcode: 'select', entity: 'select', override_type: 'checkbox', override_class_code: 'select', inactive: 'checkbox' }}
      editorSize="large"
      editorTitle={(record, isNew) => (isNew ? 'Add Transaction Account' : `Transaction Account: ${String(record?.id ?? '')}`)}
      afterSave={refreshLookups}
      afterDelete={refreshLookups}
      toolbarExtra={() => <GpSyncButton path="/api/account/sync" onSynced={() => void queryClient.invalidateQueries({ queryKey: listQueryKey('/api/account/list') })} />}
      editor={(ctx) => <AccountEditor {...ctx} lookups={lookups} />}
    />
  );
}
