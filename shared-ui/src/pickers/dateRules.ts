import { compareDays, parseTypedDate } from 'shared-ui/core';

/** Whether a day lies within optional min and max days (inclusive, times ignored). */
export function isWithinBounds(date: Date, min?: Date | null, max?: Date | null): boolean {
  if (min && compareDays(date, min) < 0) return false;
  if (max && compareDays(date, max) > 0) return false;
  return true;
}

/**
 * A typed date is accepted only when it is a real day inside the bounds; anything else keeps
 * the previous value (spec 1 §4.4). Empty text clears the date.
 */
export function acceptTypedDate(text: string, previous: Date | null, min?: Date | null, max?: Date | null): Date | null {
  if (text.trim() === '') return null;
  const parsed = parseTypedDate(text);
  return parsed && isWithinBounds(parsed, min, max) ? parsed : previous;
}

/** The parse the date picker uses: null (so the picker reverts the text) for invalid or out-of-range input. */
export function parseWithinBounds(text: string, min?: Date | null, max?: Date | null): Date | null {
  const parsed = parseTypedDate(text);
  return parsed && isWithinBounds(parsed, min, max) ? parsed : null;
}
