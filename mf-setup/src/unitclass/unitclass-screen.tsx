import { unitClassContract } from 'api/contracts/reference';
import { CheckboxField, ListEditor, TextField, type ListColumn, type ListRecord } from 'shared-ui';
import { FormGrid } from '../common/form-grid.js';
import { refreshLookups } from '../common/lookups.js';

const columns: ListColumn<ListRecord>[] = [
  { header: 'Code', field: 'id', sortable: true, width: 160 },
  { header: 'Name', field: 'name', sortable: true },
];

/** Unit Class (spec 3 §2): letting types that fees apply to and unit types default to. */
export default function UnitClassScreen() {
  return (
    <ListEditor
      title="Unit Class"
      listPath="/api/unitclass"
      keyField="id"
      columns={columns}
      filters={{ inactive: true }}
      schema={unitClassContract}
      fieldKinds={{ id: 'text', name: 'text', inactive: 'checkbox' }}
      editorSize="medium"
      editorTitle={(record, isNew) => (isNew ? 'Add Unit Class' : `Unit Class: ${String(record?.id ?? '')}`)}
      afterSave={refreshLookups}
      afterDelete={refreshLookups}
      editor={({ isNew }) => (
        <FormGrid>
          <TextField name="id" label="Code" required upperCase maxLength={10} disabled={!isNew} />
          <TextField name="name" label="Name" required maxLength={60} />
          <CheckboxField name="inactive" label="Inactive" />
        </FormGrid>
      )}
    />
  );
}
