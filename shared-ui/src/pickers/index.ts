export * from './rules.js';
export * from './dateRules.js';
export { DateInput, type DateInputProps } from './DateInput.js';
export {
  ChargeOrPayeeSelector, PartySelector, PeriodPicker, RangePicker, YearPicker,
  type ChargeOrPayeeSelectorProps, type PartySelectorProps, type PeriodPickerProps, type RangePickerProps, type YearPickerProps,
} from './Pickers.js';
