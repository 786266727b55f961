import { checklistContract } from 'api/contracts/reference';
import { CHECKLIST_TYPES } from 'api/contracts/common';
import { CheckmarkRegular } from '@fluentui/react-icons';
import { CheckboxField, ListEditor, NumberField, SelectField, TextField, type ListColumn, type ListRecord } from 'shared-ui';
import { FormGrid, Wide } from '../common/form-grid.js';
import { mapOptions } from '../common/lookups.js';
import { checklistTypeText } from './checklist-types.js';

const columns: ListColumn<ListRecord>[] = [
  { header: 'Type', field: 'code', sortable: true, width: 240, render: (r) => checklistTypeText(r.code) },
  { header: 'Description', field: 'description', sortable: true },
  { header: 'Link', field: 'link' },
  { header: 'Sys', field: 'tp_type', align: 'center', width: 60, render: (r) => (r.tp_type ? <CheckmarkRegular aria-label={`System item ${String(r.tp_type)}`} /> : null) },
  { header: 'Seq', field: 'sequence', kind: 'number', sortable: true, width: 70, render: (r) => String(r.sequence ?? '') },
];

/** The month-end checklist items: the checks before month end and after the rollover. */
export default function ChecklistScreen() {
  return (
    <ListEditor
      title="Month End Checklist"
      listPath="/api/checklist"
      keyField="id"
      columns={columns}
      filters={{ inactive: true }}
      schema={checklistContract}
      fieldKinds={{ code: 'select', description: 'text', link: 'text', sequence: 'number', inactive: 'checkbox' }}
      defaults={{ code: 'MTHEND_PRE', sequence: 0 }}
      editorSize="medium"
      editorTitle={(_, isNew) => (isNew ? 'Add Checklist Item' : 'Checklist Item')}
      editor={() => (
        <FormGrid>
          <SelectField name="code" label="Type" required options={mapOptions(CHECKLIST_TYPES)} />
          <NumberField name="sequence" label="Sequence" decimals={0} min={0} />
          <Wide>
            <TextField name="description" label="Description" required maxLength={200} />
          </Wide>
          <Wide>
            <TextField name="link" label="Link" maxLength={200} hint="The page that does this check, e.g. /management/daily/reconcile" />
          </Wide>
          <CheckboxField name="inactive" label="Inactive" />
        </FormGrid>
      )}
    />
  );
}
