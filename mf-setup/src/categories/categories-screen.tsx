import { categoryContract } from 'api/contracts/reference';
import { CATEGORY_TYPES } from 'api/contracts/common';
import { CheckboxField, ListEditor, SelectField, TextField, type ListColumn, type ListRecord } from 'shared-ui';
import { FormGrid } from '../common/form-grid.js';
import { refreshLookups } from '../common/lookups.js';

const columns: ListColumn<ListRecord>[] = [
  { header: 'Code', field: 'code', sortable: true, width: 140 },
  { header: 'Type', field: 'type', sortable: true, width: 140 },
  { header: 'Name', field: 'name', sortable: true },
];

/** Categories (spec 3 §2): party categories by type, with search and the inactive toggle. */
export default function CategoriesScreen() {
  return (
    <ListEditor
      title="Categories"
      listPath="/api/category"
      keyField="code"
      columns={columns}
      filters={{ inactive: true }}
      schema={categoryContract}
      fieldKinds={{ code: 'text', name: 'text', type: 'select', inactive: 'checkbox' }}
      editorSize="medium"
      editorTitle={(record, isNew) => (isNew ? 'Add Category' : `Category: ${String(record?.code ?? '')}`)}
      afterSave={refreshLookups}
      afterDelete={refreshLookups}
      editor={({ isNew }) => (
        <FormGrid>
          <TextField name="code" label="Code" required upperCase maxLength={10} disabled={!isNew} />
          <SelectField name="type" label="Type" required placeholder="Select a type" options={CATEGORY_TYPES.map((t) => ({ value: t, label: t }))} />
          <TextField name="name" label="Name" required maxLength={60} />
          <CheckboxField name="inactive" label="Inactive" />
        </FormGrid>
      )}
    />
  );
}
