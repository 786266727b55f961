import type { ReactElement } from 'react';
import { Field, Input, Select, makeStyles } from '@fluentui/react-components';
import { fieldErrorMessage, NumericInput, useController, useFieldsReadOnly, type NumericValue } from 'shared-ui';

export interface Option {
  value: string;
  label: string;
}

interface CellProps {
  /** Form path, e.g. fees.0.account_id. */
  name: string;
  /** Accessible name: the cells of a line sit under column headers, without a visible label. */
  label: string;
}

const useStyles = makeStyles({
  // A control takes its column's width: a select would otherwise be as wide as its longest option.
  cell: { minWidth: 0, '& .fui-Input, & .fui-Select': { width: '100%', minWidth: 0 }, '& input, & select': { minWidth: 0 } },
});

/** A form field without a visible label, for one cell of an editable line (fee, leaseback, charge item). */
function useCell(name: string) {
  const readOnly = useFieldsReadOnly();
  const { field, fieldState } = useController({ name });
  const error = fieldErrorMessage(fieldState.error);
  return { field, error, readOnly, className: useStyles().cell };
}

export function SelectCell({ name, label, options, placeholder = '' }: CellProps & { options: readonly Option[]; placeholder?: string }): ReactElement {
  const { field, error, readOnly, className } = useCell(name);
  const value = field.value == null ? '' : String(field.value);
  // A code the lists no longer offer (an inactive account) still shows on the line that holds it.
  const shown = value && !options.some((o) => o.value === value) ? [{ value, label: value }, ...options] : options;
  return (
    <Field className={className} validationState={error ? 'error' : 'none'} validationMessage={error}>
      <Select aria-label={label} name={field.name} value={value} disabled={readOnly} onBlur={field.onBlur} onChange={(_, d) => {
          field.onChange(d.value);
          // A choice is a finished entry: validate it now rather than on a blur that may not come.
          field.onBlur();
        }}
      >
        <option value="">{placeholder}</option>
        {shown.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Select>
    </Field>
  );
}

export function TextCell({ name, label, maxLength }: CellProps & { maxLength?: number }): ReactElement {
  const { field, error, readOnly, className } = useCell(name);
  return (
    <Field className={className} validationState={error ? 'error' : 'none'} validationMessage={error}>
      <Input aria-label={label} name={field.name} value={(field.value as string | null) ?? ''} maxLength={maxLength} disabled={readOnly} onBlur={field.onBlur} onChange={(_, d) => field.onChange(d.value)} />
    </Field>
  );
}

export function MoneyCell({ name, label }: CellProps): ReactElement {
  const { field, error, readOnly, className } = useCell(name);
  return (
    <Field className={className} validationState={error ? 'error' : 'none'} validationMessage={error}>
      <NumericInput ariaLabel={label} name={field.name} value={field.value as NumericValue} decimals={2} grouped min={0} contentBefore="$" disabled={readOnly} onBlur={field.onBlur} onChange={field.onChange} />
    </Field>
  );
}
