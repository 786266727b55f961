import { ALL_LETTINGS, FEE_METHODS, feeContract } from 'api/contracts/reference';
import { CheckmarkRegular, PresenceBlockedRegular } from '@fluentui/react-icons';
import {
  CheckboxField, ListEditor, MoneyField, MultiSelectField, NumberField, PercentField, SelectField, TextField, useLookups,
  type EditorContext, type ListColumn, type ListRecord, type Lookups, useWatch } from 'shared-ui';
import { FormGrid } from '../common/form-grid.js';
import { lookupOptions, mapOptions } from '../common/lookups.js';
import { disburseTo } from '../accounts/accounts-screen.js';
import { ALL_LETTINGS_LABEL, applyToText, feeValueText, frequencyText, methodText } from './fee-display.js';

const tick = (value: unknown, label: string) => (value ? <CheckmarkRegular aria-label={label} /> : null);

function FeeEditor({ record, lookups }: EditorContext<ListRecord> & { lookups: Lookups | undefined }) {
  const method = useWatch({ name: 'method' }) as string;
  const applyToOptions = [{ value: ALL_LETTINGS, label: ALL_LETTINGS_LABEL }, ...lookupOptions(lookups?.unitClass, 'id', ['name'])];
  return (
    <FormGrid>
      <TextField name="name" label="Name" required maxLength={10} />
      <SelectField name="account_id" label="Account" required placeholder="Select an account" options={lookupOptions(lookups?.account, 'id', ['description', 'name'], record?.account_id)} />
      <SelectField name="method" label="Method" required options={mapOptions(FEE_METHODS)} />
      {method === 'P' ? (
        <PercentField name="value" label="Value" min={0} max={100} />
      ) : (
        <MoneyField name="value" label="Value" min={0} />
      )}
      <NumberField name="frequency" label="Frequency" decimals={0} min={0} hint="0 or blank: once only" />
      <MultiSelectField name="apply_to" label="Apply To" required placeholder="Select letting types" options={applyToOptions} />
      <SelectField
        name="entity"
        label="Disburse To"
        placeholder="Owner"
        options={lookupOptions(lookups?.entity, 'code', ['name'], record?.entity)}
      />
      <CheckboxField name="is_default" label="Default" />
      <CheckboxField name="apply_to_booking" label="Apply to bookings" />
      <CheckboxField name="apply_to_rental" label="Apply to rentals" />
      <CheckboxField name="apply_before_other_fees" label="Deduct before other fees" />
      <CheckboxField name="show_on_statement" label="Show on statement" />
      <CheckboxField name="inactive" label="Inactive" />
    </FormGrid>
  );
}

/** Fees and Charges (spec 3 §2): fees applied to bookings and rentals of the chosen letting types. */
export default function FeesScreen() {
  const lookups = useLookups().data;
  const columns: ListColumn<ListRecord>[] = [
    { header: 'Inactive', id: 'inactive', align: 'center', width: 70, render: (r) => (r.inactive ? <PresenceBlockedRegular aria-label="Inactive" /> : null) },
    { header: 'Name', field: 'name', sortable: true },
    { header: 'Account', field: 'account_id', sortable: true, render: (r) => String(r.account_name ?? r.account_id ?? '') },
    { header: 'Default', id: 'is_default', align: 'center', render: (r) => tick(r.is_default, 'Default') },
    { header: 'Bookings', id: 'apply_to_booking', align: 'center', render: (r) => tick(r.apply_to_booking, 'Applies to bookings') },
    { header: 'Rentals', id: 'apply_to_rental', align: 'center', render: (r) => tick(r.apply_to_rental, 'Applies to rentals') },
    { header: 'Deduction', id: 'apply_before_other_fees', align: 'center', render: (r) => tick(r.apply_before_other_fees, 'Deducted before other fees') },
    { header: 'Method', field: 'method', render: (r) => methodText(r.method) },
    { header: 'Frequency', field: 'frequency', align: 'right', render: (r) => frequencyText(r.frequency) },
    { header: 'Disburse To', field: 'entity', render: (r) => (r.entity_name ? String(r.entity_name) : disburseTo(r.entity, lookups?.entity)) },
    { header: 'Apply To', field: 'apply_to', render: (r) => applyToText(r.apply_to) },
    { header: 'Value', field: 'value', align: 'right', render: (r) => feeValueText(r.method, r.value) },
  ];
  return (
    <ListEditor
      title="Fees and Charges"
      listPath="/api/fees"
      keyField="id"
      columns={columns}
      filters={{ inactive: true }}
      schema={feeContract}
      fieldKinds={{
        name: 'text', account_id: 'select', method: 'select', value: 'number', frequency: 'number', entity: 'select',
        apply_before_other_fees: 'checkbox', show_on_statement: 'checkbox', is_default: 'checkbox', apply_to_booking: 'checkbox', apply_to_rental: 'checkbox', inactive: 'checkbox',
      }}
      // Spec 3 §9: frequency and value default to 0.
      defaults={{ method: 'V', value: 0, frequency: 0, apply_to: [], show_on_statement: true }}
      editorSize="large"
      editorTitle={(record, isNew) => (isNew ? 'Add Fee' : `Fee: ${String(record?.name ?? '')}`)}
      editor={(ctx) => <FeeEditor {...ctx} lookups={lookups} />}
    />
  );
}
