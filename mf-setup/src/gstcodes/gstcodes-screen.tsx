import { gstCodeContract } from 'api/contracts/reference';
import { CheckboxField, ListEditor, NumberField, PercentField, TextField, formatPercent, formatWholePercent, type ListColumn, type ListRecord } from 'shared-ui';
import { FormGrid } from '../common/form-grid.js';
import { refreshLookups } from '../common/lookups.js';

const columns: ListColumn<ListRecord>[] = [
  { header: 'Code', field: 'code', sortable: true, width: 140 },
  { header: 'Description', field: 'name', sortable: true },
  { header: 'Rate', field: 'rate', align: 'right', width: 110, render: (r) => formatWholePercent(r.rate as number) },
  { header: 'Payer S/C %', field: 'surcharge_payer', align: 'right', width: 130, render: (r) => formatPercent(r.surcharge_payer as number) },
];

/** GST (tax) Codes (spec 3 §2): the rate is kept as a whole percent and shown as a percent; the payer surcharge as card types'. */
export default function GstCodesScreen() {
  return (
    <ListEditor
      title="GST Codes"
      listPath="/api/gstcodes"
      keyField="code"
      columns={columns}
      filters={{ inactive: true }}
      schema={gstCodeContract}
      fieldKinds={{ code: 'text', name: 'text', rate: 'number', surcharge_payer: 'number', inactive: 'checkbox' }}
      defaults={{ surcharge_payer: 0 }}
      editorSize="medium"
      editorTitle={(record, isNew) => (isNew ? 'Add GST Code' : `GST Code: ${String(record?.code ?? '')}`)}
      afterSave={refreshLookups}
      afterDelete={refreshLookups}
      editor={({ isNew }) => (
        <FormGrid>
          <TextField name="code" label="Code" required upperCase maxLength={10} disabled={!isNew} />
          <NumberField name="rate" label="GST rate" required decimals={0} min={0} max={100} contentAfter="%" />
          <TextField name="name" label="Name" required maxLength={60} />
          <PercentField name="surcharge_payer" label="Payer surcharge" min={0} max={10} hint="0 to 10%" />
          <CheckboxField name="inactive" label="Inactive" />
        </FormGrid>
      )}
    />
  );
}
