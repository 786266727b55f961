import { useRef, useState, type ReactElement, type ReactNode } from 'react';
import {
  Button, Checkbox, Combobox, Field, Input, Option, Select, Switch, Textarea,
} from '@fluentui/react-components';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { DateInput } from '../pickers/DateInput.js';
import { fieldErrorMessage, REQUIRED_MESSAGE } from './errors.js';
import { NumericInput, type NumericValue } from './NumericInput.js';
import { useFieldsReadOnly } from './readOnly.js';
import { imageSizeError } from './values.js';

/** Props every form field takes. Without `control` the field uses the surrounding FormProvider. */
export interface FormFieldProps<T extends FieldValues> {
  name: FieldPath<T>;
  label: string;
  control?: Control<T>;
  required?: boolean;
  disabled?: boolean;
  hint?: string;
  className?: string;
}

function useFormField<T extends FieldValues>({ name, control, required, disabled }: FormFieldProps<T>) {
  const readOnly = useFieldsReadOnly();
  const { field, fieldState } = useController<T>({
    name,
    control,
    // Without a resolver these rules apply; with a zod resolver the schema decides.
    rules: required ? { required: REQUIRED_MESSAGE } : undefined,
  });
  return { field, error: fieldErrorMessage(fieldState.error), disabled: Boolean(disabled || readOnly || field.disabled) };
}

function FieldShell({ label, required, hint, error, className, children }: { label: string; required?: boolean; hint?: string; error?: string; className?: string; children: ReactElement }) {
  return (
    <Field label={label} required={required} hint={hint} className={className} validationState={error ? 'error' : 'none'} validationMessage={error}>
      {children}
    </Field>
  );
}

export interface TextFieldProps<T extends FieldValues> extends FormFieldProps<T> {
  /** Codes are stored upper-case: the text is upper-cased as it is typed. */
  upperCase?: boolean;
  type?: 'text' | 'email' | 'password' | 'tel' | 'url';
  maxLength?: number;
  placeholder?: string;
  autoComplete?: string;
}

export function TextField<T extends FieldValues>(props: TextFieldProps<T>): ReactElement {
  const { field, error, disabled } = useFormField(props);
  return (
    <FieldShell {...props} error={error}>
      <Input
        ref={field.ref}
        name={field.name}
        type={props.type ?? 'text'}
        value={(field.value as string | null | undefined) ?? ''}
        onChange={(_, d) => field.onChange(props.upperCase ? d.value.toUpperCase() : d.value)}
        onBlur={field.onBlur}
        disabled={disabled}
        maxLength={props.maxLength}
        placeholder={props.placeholder}
        autoComplete={props.autoComplete}
      />
    </FieldShell>
  );
}

export interface CodeFieldProps<T extends FieldValues> extends FormFieldProps<T> {
  /** The codes offered ("CODE - Name" labels); typing narrows them by code or name. */
  options: readonly { value: string; label: string }[];
  maxLength?: number;
  placeholder?: string;
  /** Most choices listed at once: a book of a thousand owners is searched, not scrolled. */
  limit?: number;
}

/**
 * A code typed or picked from a searchable list. The typed text is the value (upper-cased), so
 * a partial code still works where a range is meant ("A" to "D").
 */
export function CodeField<T extends FieldValues>(props: CodeFieldProps<T>): ReactElement {
  const { field, error, disabled } = useFormField(props);
  const value = (field.value as string | null | undefined) ?? '';
  const needle = value.toLowerCase();
  const shown = props.options.filter((o) => !needle || o.label.toLowerCase().includes(needle)).slice(0, props.limit ?? 50);
  return (
    <FieldShell {...props} error={error}>
      <Combobox
        freeform
        name={field.name}
        value={value}
        placeholder={props.placeholder}
        disabled={disabled}
        maxLength={props.maxLength}
        selectedOptions={props.options.some((o) => o.value === value) ? [value] : []}
        onChange={(e) => field.onChange(e.target.value.toUpperCase())}
        onOptionSelect={(_, d) => field.onChange(d.optionValue ?? '')}
        onBlur={field.onBlur}
      >
        {shown.map((o) => (
          <Option key={o.value} value={o.value} text={o.value}>
            {o.label}
          </Option>
        ))}
      </Combobox>
    </FieldShell>
  );
}

export interface MultilineFieldProps<T extends FieldValues> extends FormFieldProps<T> {
  rows?: number;
  maxLength?: number;
}

export function MultilineField<T extends FieldValues>(props: MultilineFieldProps<T>): ReactElement {
  const { field, error, disabled } = useFormField(props);
  return (
    <FieldShell {...props} error={error}>
      <Textarea
        ref={field.ref}
        name={field.name}
        rows={props.rows ?? 3}
        resize="vertical"
        value={(field.value as string | null | undefined) ?? ''}
        onChange={(_, d) => field.onChange(d.value)}
        onBlur={field.onBlur}
        disabled={disabled}
        maxLength={props.maxLength}
      />
    </FieldShell>
  );
}

export interface NumberFieldProps<T extends FieldValues> extends FormFieldProps<T> {
  decimals?: number;
  min?: number;
  max?: number;
  contentBefore?: string;
  contentAfter?: string;
}

export function NumberField<T extends FieldValues>(props: NumberFieldProps<T>): ReactElement {
  const { field, error, disabled } = useFormField(props);
  return (
    <FieldShell {...props} error={error}>
      <NumericInput
        name={field.name}
        value={field.value as NumericValue}
        onChange={field.onChange}
        onBlur={field.onBlur}
        decimals={props.decimals ?? 0}
        min={props.min}
        max={props.max}
        disabled={disabled}
        contentBefore={props.contentBefore}
        contentAfter={props.contentAfter}
      />
    </FieldShell>
  );
}

/** Dollars with two decimals, shown with thousands separators. */
export function MoneyField<T extends FieldValues>(props: Omit<NumberFieldProps<T>, 'decimals'>): ReactElement {
  const { field, error, disabled } = useFormField(props);
  return (
    <FieldShell {...props} error={error}>
      <NumericInput
        name={field.name}
        value={field.value as NumericValue}
        onChange={field.onChange}
        onBlur={field.onBlur}
        decimals={2}
        grouped
        min={props.min}
        max={props.max}
        disabled={disabled}
        contentBefore={props.contentBefore ?? '$'}
      />
    </FieldShell>
  );
}

/** A percentage with two decimals (surcharges: min 0, max 10). */
export function PercentField<T extends FieldValues>(props: Omit<NumberFieldProps<T>, 'contentAfter'>): ReactElement {
  return <NumberField {...props} decimals={props.decimals ?? 2} contentAfter="%" />;
}

export interface DateFieldProps<T extends FieldValues> extends FormFieldProps<T> {
  min?: Date | null;
  max?: Date | null;
}

export function DateField<T extends FieldValues>(props: DateFieldProps<T>): ReactElement {
  const { field, error, disabled } = useFormField(props);
  return (
    <FieldShell {...props} error={error}>
      <DateInput
        name={field.name}
        value={(field.value as Date | null | undefined) ?? null}
        onChange={field.onChange}
        onBlur={field.onBlur}
        min={props.min}
        max={props.max}
        disabled={disabled}
      />
    </FieldShell>
  );
}

export interface SelectOption {
  value: string | number;
  label: string;
  disabled?: boolean;
}

export interface SelectFieldProps<T extends FieldValues> extends FormFieldProps<T> {
  options: readonly SelectOption[];
  /** Text of the empty choice; without it there is no empty choice. */
  placeholder?: string;
}

export function SelectField<T extends FieldValues>(props: SelectFieldProps<T>): ReactElement {
  const { field, error, disabled } = useFormField(props);
  const current = field.value === null || field.value === undefined ? '' : String(field.value);
  return (
    <FieldShell {...props} error={error}>
      <Select
        ref={field.ref}
        name={field.name}
        value={current}
        disabled={disabled}
        onBlur={field.onBlur}
        // Keep the option's own type, so numeric keys stay numbers in the form.
        onChange={(_, d) => field.onChange(props.options.find((o) => String(o.value) === d.value)?.value ?? '')}
      >
        {props.placeholder !== undefined || current === '' ? <option value="">{props.placeholder ?? ''}</option> : null}
        {props.options.map((o) => (
          <option key={String(o.value)} value={String(o.value)} disabled={o.disabled}>
            {o.label}
          </option>
        ))}
      </Select>
    </FieldShell>
  );
}

export interface CheckboxFieldProps<T extends FieldValues> extends FormFieldProps<T> {
  /** Show as a switch instead of a checkbox. */
  switch?: boolean;
}

export function CheckboxField<T extends FieldValues>(props: CheckboxFieldProps<T>): ReactElement {
  const { field, error, disabled } = useFormField(props);
  const checked = Boolean(field.value);
  const common = { ref: field.ref, name: field.name, checked, disabled, onBlur: field.onBlur, label: props.label };
  return (
    <Field required={props.required} hint={props.hint} className={props.className} validationState={error ? 'error' : 'none'} validationMessage={error}>
      {props.switch ? (
        <Switch {...common} onChange={(_, d) => field.onChange(d.checked)} />
      ) : (
        <Checkbox {...common} onChange={(_, d) => field.onChange(d.checked === true)} />
      )}
    </Field>
  );
}

export function SwitchField<T extends FieldValues>(props: FormFieldProps<T>): ReactElement {
  return <CheckboxField {...props} switch />;
}

export interface MultiSelectFieldProps<T extends FieldValues> extends FormFieldProps<T> {
  options: readonly SelectOption[];
  placeholder?: string;
}

/** Several choices; the form value is an array of option values. */
export function MultiSelectField<T extends FieldValues>(props: MultiSelectFieldProps<T>): ReactElement {
  const { field, error, disabled } = useFormField(props);
  const selected = Array.isArray(field.value) ? (field.value as (string | number)[]).map(String) : [];
  const labels = props.options.filter((o) => selected.includes(String(o.value))).map((o) => o.label);
  return (
    <FieldShell {...props} error={error}>
      <Combobox
        multiselect
        name={field.name}
        placeholder={props.placeholder}
        disabled={disabled}
        selectedOptions={selected}
        value={labels.join(', ')}
        onBlur={field.onBlur}
        onOptionSelect={(_, d) => field.onChange(props.options.filter((o) => d.selectedOptions.includes(String(o.value))).map((o) => o.value))}
      >
        {props.options.map((o) => (
          <Option key={String(o.value)} value={String(o.value)} disabled={o.disabled}>
            {o.label}
          </Option>
        ))}
      </Combobox>
    </FieldShell>
  );
}

export interface ImageFieldProps<T extends FieldValues> extends FormFieldProps<T> {
  /** Largest accepted file in kilobytes (banners 512, gallery photos 150). */
  maxKb?: number;
  previewHeight?: number;
}

/** An image chosen from disk, held in the form as a data URL. */
export function ImageField<T extends FieldValues>(props: ImageFieldProps<T>): ReactElement {
  const { field, error, disabled } = useFormField(props);
  const [sizeError, setSizeError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const value = typeof field.value === 'string' && field.value ? field.value : null;
  const choose = (file: File | undefined) => {
    if (!file) return;
    const tooBig = imageSizeError(file.size, props.maxKb);
    setSizeError(tooBig);
    if (tooBig) return;
    const reader = new FileReader();
    reader.onload = () => field.onChange(typeof reader.result === 'string' ? reader.result : null);
    reader.readAsDataURL(file);
  };
  return (
    <FieldShell {...props} error={sizeError ?? error}>
      <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
        {value ? <img src={value} alt={props.label} style={{ height: props.previewHeight ?? 64, maxWidth: '100%' }} /> : null}
        <input ref={fileInput} type="file" accept="image/*" hidden aria-label={`${props.label} file`} onChange={(e) => choose(e.target.files?.[0])} />
        <Button size="small" disabled={disabled} onClick={() => fileInput.current?.click()}>
          Choose Image
        </Button>
        {value ? (
          <Button size="small" disabled={disabled} onClick={() => field.onChange(null)}>
            Remove Image
          </Button>
        ) : null}
      </div>
    </FieldShell>
  );
}
