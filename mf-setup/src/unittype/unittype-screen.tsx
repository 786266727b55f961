import { unitTypeContract } from 'api/contracts/reference';
import { CheckmarkRegular } from '@fluentui/react-icons';
import { CheckboxField, GpSyncButton, ListEditor, NumberField, SelectField, TextField, formatBudget, listQueryKey, queryClient, useLookups, type ListColumn, type ListRecord } from 'shared-ui';
import { FormGrid } from '../common/form-grid.js';
import { lookupName, lookupOptions, refreshLookups } from '../common/lookups.js';

/** Unit Types (spec 3 §2): the budget is whole dollars; GP marks a type linked to the booking system, GP Sync brings them over. */
export default function UnitTypeScreen() {
  const lookups = useLookups().data;
  const columns: ListColumn<ListRecord>[] = [
    { header: 'Code', field: 'id', sortable: true, width: 140 },
    { header: 'Name', field: 'name', sortable: true },
    { header: 'Default Class', field: 'default_unit_class', sortable: true, render: (r) => lookupName(lookups?.unitClass, 'id', r.default_unit_class) },
    { header: 'GP', id: 'gp', align: 'center', width: 60, render: (r) => (r.gpid ? <CheckmarkRegular aria-label="Linked to the booking system" /> : null) },
    { header: 'Budget', field: 'annual_budget', align: 'right', width: 140, render: (r) => formatBudget(r.annual_budget as number) },
  ];
  return (
    <ListEditor
      title="Unit Types"
      listPath="/api/unittype"
      keyField="id"
      columns={columns}
      filters={{ inactive: true }}
      schema={unitTypeContract}
      fieldKinds={{ id: 'text', name: 'text', default_unit_class: 'select', annual_budget: 'number', inactive: 'checkbox' }}
      defaults={{ annual_budget: 0 }}
      editorSize="medium"
      editorTitle={(record, isNew) => (isNew ? 'Add Unit Type' : `Unit Type: ${String(record?.id ?? '')}`)}
      afterSave={refreshLookups}
      afterDelete={refreshLookups}
      toolbarExtra={() => <GpSyncButton path="/api/unit/sync_unittype" onSynced={() => void queryClient.invalidateQueries({ queryKey: listQueryKey('/api/unittype') })} />}
      editor={({ isNew, record }) => (
        <FormGrid>
          <TextField name="id" label="Code" required upperCase maxLength={10} disabled={!isNew} />
          <TextField name="name" label="Name" required maxLength={60} />
          <SelectField
            name="default_unit_class"
            label="Default Class"
            placeholder="None"
            options={lookupOptions(lookups?.unitClass, 'id', ['name'], record?.default_unit_class)}
          />
          <NumberField name="annual_budget" label="Annual budget" decimals={0} min={0} contentBefore="$" />
          <CheckboxField name="inactive" label="Inactive" />
        </FormGrid>
      )}
    />
  );
}
