import { useCallback, type ReactElement } from 'react';
import { DatePicker } from '@fluentui/react-datepicker-compat';
import { formatDate } from 'shared-ui/core';
import { parseWithinBounds } from './dateRules.js';

export interface DateInputProps {
  value: Date | null;
  onChange: (date: Date | null) => void;
  onBlur?: () => void;
  min?: Date | null;
  max?: Date | null;
  disabled?: boolean;
  required?: boolean;
  placeholder?: string;
  /** Accessible name when the input is not inside a labelled Fluent Field. */
  ariaLabel?: string;
  id?: string;
  name?: string;
}

/**
 * A DD/MM/YYYY date input with a calendar. Typed text is accepted only when it is a valid day
 * within min/max; otherwise the picker puts the previous value back.
 */
export function DateInput({ value, onChange, onBlur, min, max, disabled, required, placeholder = 'DD/MM/YYYY', ariaLabel, id, name }: DateInputProps): ReactElement {
  const parse = useCallback((text: string) => parseWithinBounds(text, min, max), [min, max]);
  return (
    <DatePicker
      id={id}
      name={name}
      value={value}
      onSelectDate={(d) => onChange(d ?? null)}
      onBlur={onBlur}
      allowTextInput
      formatDate={(d) => formatDate(d)}
      parseDateFromString={parse}
      minDate={min ?? undefined}
      maxDate={max ?? undefined}
      disabled={disabled}
      required={required}
      placeholder={placeholder}
      aria-label={ariaLabel}
      firstDayOfWeek={1}
      showGoToToday
    />
  );
}
