import { bankContract } from 'api/contracts/reference';
import { CheckboxField, ListEditor, TextField, type ListColumn, type ListRecord } from 'shared-ui';
import { FormGrid } from '../common/form-grid.js';
import { refreshLookups } from '../common/lookups.js';

const columns: ListColumn<ListRecord>[] = [
  { header: 'ABA Code', field: 'id', sortable: true, width: 140 },
  { header: 'Name', field: 'name', sortable: true },
];

/** Banks (spec 3 §2): the ABA institution codes used on entities' bank details. */
export default function BanksScreen() {
  return (
    <ListEditor
      title="Banks"
      listPath="/api/banks"
      keyField="id"
      columns={columns}
      filters={{ inactive: true }}
      schema={bankContract}
      fieldKinds={{ id: 'text', name: 'text', inactive: 'checkbox' }}
      editorSize="medium"
      editorTitle={(record, isNew) => (isNew ? 'Add Bank' : `Bank: ${String(record?.id ?? '')}`)}
      afterSave={refreshLookups}
      afterDelete={refreshLookups}
      editor={({ isNew }) => (
        <FormGrid>
          <TextField name="id" label="ABA Code" required upperCase maxLength={3} disabled={!isNew} />
          <TextField name="name" label="Name" required maxLength={60} />
          <CheckboxField name="inactive" label="Inactive" />
        </FormGrid>
      )}
    />
  );
}
