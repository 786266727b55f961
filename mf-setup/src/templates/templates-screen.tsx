import { templateContract } from 'api/contracts/reference';
import { CheckboxField, ListEditor, TextField, type ListColumn, type ListRecord } from 'shared-ui';
import { FormGrid, Wide } from '../common/form-grid.js';
import { refreshLookups } from '../common/lookups.js';
import { RichTextField } from './rich-text-editor.js';

const columns: ListColumn<ListRecord>[] = [
  { header: 'Name', field: 'name', sortable: true, width: 240 },
  { header: 'Description', field: 'description', sortable: true },
];

/** Templates (spec 3 §2): e-mail templates; the description is the subject, the memo the HTML body. */
export default function TemplatesScreen() {
  return (
    <ListEditor
      title="Templates"
      listPath="/api/templates"
      keyField="name"
      columns={columns}
      filters={{ inactive: true }}
      schema={templateContract}
      fieldKinds={{ name: 'text', description: 'text', inactive: 'checkbox' }}
      defaults={{ memo: '' }}
      editorSize="large"
      editorTitle={(record, isNew) => (isNew ? 'Add Template' : `Template: ${String(record?.name ?? '')}`)}
      afterSave={refreshLookups}
      afterDelete={refreshLookups}
      editor={({ isNew }) => (
        <FormGrid>
          <TextField name="name" label="Name" required upperCase maxLength={30} disabled={!isNew} />
          <TextField name="description" label="Description (subject)" required maxLength={200} />
          <Wide>
            <RichTextField name="memo" label="Body" />
          </Wide>
          <CheckboxField name="inactive" label="Inactive" />
        </FormGrid>
      )}
    />
  );
}
