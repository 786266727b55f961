import { cardTypeContract } from 'api/contracts/reference';
import { CheckboxField, ListEditor, PercentField, TextField, formatPercent, type ListColumn, type ListRecord } from 'shared-ui';
import { FormGrid } from '../common/form-grid.js';
import { refreshLookups } from '../common/lookups.js';

const columns: ListColumn<ListRecord>[] = [
  { header: 'Code', field: 'code', sortable: true, width: 140 },
  { header: 'Name', field: 'name', sortable: true },
  { header: 'Owner S/C %', field: 'surcharge_owner', align: 'right', width: 130, render: (r) => formatPercent(r.surcharge_owner as number) },
  { header: 'Payer S/C %', field: 'surcharge_payer', align: 'right', width: 130, render: (r) => formatPercent(r.surcharge_payer as number) },
];

/** Card Types (spec 3 §2): card payment methods with the surcharge borne by the owner and by the payer. */
export default function CardTypesScreen() {
  return (
    <ListEditor
      title="Card Types"
      listPath="/api/cardtype"
      keyField="code"
      columns={columns}
      filters={{ inactive: true }}
      schema={cardTypeContract}
      fieldKinds={{ code: 'text', name: 'text', surcharge_owner: 'number', surcharge_payer: 'number', inactive: 'checkbox' }}
      defaults={{ surcharge_owner: 0, surcharge_payer: 0 }}
      editorSize="medium"
      editorTitle={(record, isNew) => (isNew ? 'Add Card Type' : `Card Type: ${String(record?.code ?? '')}`)}
      afterSave={refreshLookups}
      afterDelete={refreshLookups}
      editor={({ isNew }) => (
        <FormGrid>
          <TextField name="code" label="Code" required upperCase maxLength={10} disabled={!isNew} />
          <TextField name="name" label="Name" required maxLength={60} />
          <PercentField name="surcharge_owner" label="Owner surcharge" min={0} max={10} hint="0 to 10%" />
          <PercentField name="surcharge_payer" label="Payer surcharge" min={0} max={10} hint="0 to 10%" />
          <CheckboxField name="inactive" label="Inactive" />
        </FormGrid>
      )}
    />
  );
}
