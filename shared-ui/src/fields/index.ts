export * from './errors.js';
export * from './values.js';
export * from './Fields.js';
export { NumericInput, parseNumeric, displayNumeric, type NumericInputProps, type NumericValue } from './NumericInput.js';
export { FieldsReadOnlyContext, useFieldsReadOnly } from './readOnly.js';
export { useZodForm } from './useZodForm.js';
