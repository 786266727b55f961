import { makeDate, toIsoDate } from 'shared-ui/core';
import type { Notice } from 'shared-ui/core';

/** The monthly unit fees raised as charges (PUT /api/unit/applyfees), or cancelled again (DELETE /api/rental/deletecharges). */
export type ChargesUpdateMode = 'update' | 'undo';

/** Dialog and toast titles (spec 2 §2 'Other dialogs', §8 'Apply or undo charges'). */
export const CHARGES_UPDATE_TITLES: Record<ChargesUpdateMode, string> = { update: 'Update Charges', undo: 'Undo Charges' };

/**
 * Spec 2 §5 'Update or undo charges date': not earlier than today, at most one year ahead. A
 * 29 February has no twin a year on, so the limit is the 28th, as the server counts it.
 */
export function chargesDateLimits(today: Date): { min: Date; max: Date } {
  const min = new Date(today.getFullYear(), today.getMonth(), today.getDate());
  const leapDay = today.getMonth() === 1 && today.getDate() === 29;
  const max = makeDate(today.getFullYear() + 1, today.getMonth() + 1, leapDay ? 28 : today.getDate())!;
  return { min, max };
}

export interface ChargesUpdateRequest {
  method: 'PUT' | 'DELETE';
  path: string;
  body: { door?: string; date?: string };
}

/** The call for every unit, or one door; a blank date lets the server use today. */
export function chargesUpdateRequest(mode: ChargesUpdateMode, door: string | null | undefined, date: Date | null): ChargesUpdateRequest {
  const body: ChargesUpdateRequest['body'] = {};
  if (door) body.door = door;
  const iso = toIsoDate(date);
  if (iso) body.date = iso;
  return mode === 'update' ? { method: 'PUT', path: '/api/unit/applyfees', body } : { method: 'DELETE', path: '/api/rental/deletecharges', body };
}

/** Spec 2 §8: toast 'Update Charges' or 'Undo Charges' with the server message; error when flagged, else success; 4 seconds. */
export function chargesUpdateNotice(mode: ChargesUpdateMode, outcome: { message?: string | null; error?: boolean }): Notice {
  return { title: CHARGES_UPDATE_TITLES[mode], body: outcome.message ?? undefined, intent: outcome.error ? 'error' : 'success', timeout: 4000 };
}
