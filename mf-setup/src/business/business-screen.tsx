import { BUSINESS_ENTITY_CODE, businessEntityContract } from 'api/contracts/entity';
import { DISBURSE_METHODS, STATEMENT_FORMATS } from 'api/contracts/common';
import { CheckboxField, ListEditor, MoneyField, MultilineField, SelectField, TextField, useLookups, type EditorTab, type ListRecord, type Lookups } from 'shared-ui';
import { FormGrid, Wide } from '../common/form-grid.js';
import { lookupOptions, mapOptions, refreshLookups } from '../common/lookups.js';

const fieldKinds = {
  name: 'text', category: 'select', email: 'text', address: 'text', town: 'text', state: 'text', postcode: 'text', phone1: 'text', phone2: 'text',
  abn: 'text', acn: 'text', bank: 'select', bank_account_name: 'text', bank_bsb: 'text', bank_account_number: 'text', disburse_method: 'select',
  hold_this_month: 'number', hold_this_month_reason: 'text', hold_always: 'number', hold_always_reason: 'text', statement_format: 'select',
  statement_show_pending: 'checkbox', statement_show_summary: 'checkbox', statement_notes: 'text',
} as const;

function tabs(lookups: Lookups | undefined): EditorTab<ListRecord>[] {
  return [
    {
      value: 'details',
      label: 'Details',
      render: ({ record }) => (
        <FormGrid>
          <TextField name="name" label="Name" required maxLength={40} />
          <SelectField
            name="category"
            label="Category"
            required
            placeholder="Select a category"
            options={lookupOptions(lookups?.category?.filter((c) => c.type === 'BUSINESS' || c.code === record?.category), 'code', ['name'], record?.category)}
          />
          <TextField name="email" label="Email" type="email" maxLength={200} />
          <TextField name="phone1" label="Phone 1" type="tel" maxLength={30} />
          <TextField name="phone2" label="Phone 2" type="tel" maxLength={30} />
          <Wide>
            <TextField name="address" label="Address" maxLength={200} />
          </Wide>
          <TextField name="town" label="Town" maxLength={60} />
          <TextField name="state" label="State" maxLength={20} />
          <TextField name="postcode" label="Postcode" maxLength={10} />
          <TextField name="abn" label="ABN" maxLength={14} hint="11 digits" />
          <TextField name="acn" label="ACN" maxLength={11} hint="9 digits" />
        </FormGrid>
      ),
    },
    {
      value: 'disbursement',
      label: 'Disbursement',
      render: ({ record }) => (
        <FormGrid>
          <SelectField name="disburse_method" label="Disburse method" required options={mapOptions(DISBURSE_METHODS)} />
          <SelectField name="bank" label="Bank" placeholder="None" options={lookupOptions(lookups?.bank, 'id', ['name'], record?.bank)} />
          <TextField name="bank_account_name" label="Account name" maxLength={32} />
          <TextField name="bank_bsb" label="BSB" maxLength={7} hint="NNN-NNN" />
          <TextField name="bank_account_number" label="Account number" maxLength={12} />
          <MoneyField name="hold_this_month" label="Hold this month" min={0} />
          <TextField name="hold_this_month_reason" label="Reason for this month's hold" maxLength={200} />
          <MoneyField name="hold_always" label="Hold always" min={0} />
          <TextField name="hold_always_reason" label="Reason for the standing hold" maxLength={200} />
        </FormGrid>
      ),
    },
    {
      value: 'statement',
      label: 'Statement',
      render: () => (
        <FormGrid>
          <SelectField name="statement_format" label="Statement format" required options={mapOptions(STATEMENT_FORMATS)} />
          <CheckboxField name="statement_show_pending" label="Show pending charges" />
          <CheckboxField name="statement_show_summary" label="Show summary" />
          <Wide>
            <MultilineField name="statement_notes" label="Statement notes" rows={4} maxLength={4000} />
          </Wide>
        </FormGrid>
      ),
    },
  ];
}

/**
 * The business entity (spec 3 §2, spec 2 §3 'Entity'): an editor only, keyed by BUSINESS,
 * never deleted. Its defaults (EFT, no holds) come from the company's starter books.
 */
export default function BusinessScreen() {
  const lookups = useLookups().data;
  return (
    <ListEditor
      title="Business"
      editorOnly
      editorKey={BUSINESS_ENTITY_CODE}
      closePath="/management/setup"
      path="/api/entity"
      keyField="code"
      columns={[]}
      schema={businessEntityContract}
      fieldKinds={fieldKinds}
      editorSize="large"
      editorTitle={(record) => `Business: ${String(record?.name ?? BUSINESS_ENTITY_CODE)}`}
      afterSave={refreshLookups}
      editorTabs={tabs(lookups)}
    />
  );
}
