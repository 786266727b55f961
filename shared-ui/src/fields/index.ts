export * from './errors.js';
export * from './values.js';
export * from './Fields.js';
export { FormGrid, Wide, type FormGridProps } from './FormGrid.js';
export { lookupOptions, mapOptions, type CodeOption } from './options.js';
export { NumericInput, parseNumeric, displayNumeric, type NumericInputProps, type NumericValue } from './NumericInput.js';
export { FieldsReadOnlyContext, useFieldsReadOnly } from './readOnly.js';
export { useZodForm } from './useZodForm.js';
/**
 * react-hook-form is bundled into shared-ui, which the page loads once from the shell: a
 * remote's own copy would not see the forms shared-ui's editors create. Remotes use these.
 */
export { FormProvider, useController, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
