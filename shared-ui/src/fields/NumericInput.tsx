import { useState, type ReactElement } from 'react';
import { Input } from '@fluentui/react-components';
import { parseMoney } from 'shared-ui/core';

export type NumericValue = number | '';

export interface NumericInputProps {
  value: NumericValue | null | undefined;
  onChange: (value: NumericValue) => void;
  onBlur?: () => void;
  decimals?: number;
  /** Show thousands separators when not editing (money). */
  grouped?: boolean;
  min?: number;
  max?: number;
  disabled?: boolean;
  required?: boolean;
  contentBefore?: string;
  contentAfter?: string;
  id?: string;
  name?: string;
  ariaLabel?: string;
  placeholder?: string;
}

/** Rounds typed text to the allowed decimals and bounds; null when the text is not a number. */
export function parseNumeric(text: string, decimals: number, min?: number, max?: number): NumericValue | null {
  if (text.trim() === '') return '';
  const n = parseMoney(text, decimals);
  if (n === null) return null;
  if (min !== undefined && n < min) return min;
  if (max !== undefined && n > max) return max;
  return n;
}

export function displayNumeric(value: NumericValue | null | undefined, decimals: number, grouped: boolean): string {
  if (value === '' || value === null || value === undefined || !Number.isFinite(value)) return '';
  const fixed = value.toFixed(decimals);
  if (!grouped) return fixed;
  const [whole = '', fraction] = fixed.split('.');
  const groupedWhole = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? groupedWhole : `${groupedWhole}.${fraction}`;
}

/**
 * Number entry that keeps what the user types while editing and commits a rounded number on
 * blur; text that is not a number puts the previous value back. Focus leaves the shown text as
 * it is (grouping included, which parsing ignores): rewriting it on focus dropped the user's
 * select-all, so retyping an amount was appended to the old one.
 */
export function NumericInput({ value, onChange, onBlur, decimals = 2, grouped = false, min, max, disabled, required, contentBefore, contentAfter, id, name, ariaLabel, placeholder }: NumericInputProps): ReactElement {
  const [draft, setDraft] = useState<string | null>(null);
  return (
    <Input
      id={id}
      name={name}
      aria-label={ariaLabel}
      inputMode="decimal"
      value={draft ?? displayNumeric(value, decimals, grouped)}
      disabled={disabled}
      required={required}
      placeholder={placeholder}
      contentBefore={contentBefore}
      contentAfter={contentAfter}
      input={{ style: { textAlign: 'right' } }}
      onChange={(_, data) => setDraft(data.value)}
      onBlur={() => {
        if (draft !== null) {
          const parsed = parseNumeric(draft, decimals, min, max);
          if (parsed !== null && parsed !== value) onChange(parsed);
        }
        setDraft(null);
        onBlur?.();
      }}
    />
  );
}
