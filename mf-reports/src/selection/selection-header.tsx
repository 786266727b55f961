import type { ReportField } from 'api/contracts/reports';
import { CodeField, DateField, FormGrid, SelectField, TextField, lookupOptions, useControl, useLookups, useWatch } from 'shared-ui';
import { DETAIL_OPTIONS, ENTITY_TYPE_OPTIONS, MONTH_OPTIONS, yearOptions, type SelectionForm } from './rules.js';

/**
 * The selection header of a report (spec 3 §3): the fields its catalogue entry names, inside the
 * surrounding form. Year lists run from the ledger's first year to this year (a financial year
 * may end next June); categories and the codes offered for the entity range follow the entity
 * type chosen.
 */
export function SelectionHeader({ fields }: { fields: readonly ReportField[] }) {
  const control = useControl().data;
  const lookups = useLookups().data;
  const [year, entityType] = useWatch<SelectionForm>({ name: ['year', 'entity_type'] }) as [number | null, string];
  const thisYear = control?.current_year ?? new Date().getFullYear();
  const has = (field: ReportField) => fields.includes(field);
  const entities = lookupOptions(
    (lookups?.entity ?? []).filter((e) => !entityType || entityType === 'ALL' || e.type === entityType),
    'code',
    ['name'],
  );
  const categories = lookupOptions(
    (lookups?.category ?? []).filter((c) => !entityType || entityType === 'ALL' || c.type === entityType),
    'code',
    ['name'],
  );
  return (
    <FormGrid fit>
      {has('period') ? (
        <>
          <SelectField<SelectionForm> name="year" label="Year" options={yearOptions(control?.ledger_first_date, thisYear, year)} />
          <SelectField<SelectionForm> name="month" label="Month" options={MONTH_OPTIONS} />
        </>
      ) : null}
      {has('financialYear') ? (
        <SelectField<SelectionForm> name="year" label="Financial year ending June" options={yearOptions(control?.ledger_first_date, thisYear + 1, year)} />
      ) : null}
      {has('dateRange') ? (
        <>
          <DateField<SelectionForm> name="from" label="From" />
          <DateField<SelectionForm> name="to" label="To" />
        </>
      ) : null}
      {has('asAt') ? <DateField<SelectionForm> name="to" label="As at" /> : null}
      {has('entityType') ? <SelectField<SelectionForm> name="entity_type" label="Entity type" options={ENTITY_TYPE_OPTIONS} /> : null}
      {has('entityRange') ? (
        <>
          <CodeField<SelectionForm> name="entity_from" label="From code" options={entities} maxLength={20} placeholder="First" />
          <CodeField<SelectionForm> name="entity_to" label="To code" options={entities} maxLength={20} placeholder="Last" />
        </>
      ) : null}
      {has('category') ? <SelectField<SelectionForm> name="entity_category" label="Category" placeholder="All categories" options={categories} /> : null}
      {has('detail') ? <SelectField<SelectionForm> name="type" label="Type" options={DETAIL_OPTIONS} /> : null}
      {has('ref') ? <TextField<SelectionForm> name="ref" label="Reference" maxLength={20} placeholder="All" /> : null}
    </FormGrid>
  );
}
