import { CHECKLIST_TYPES } from 'api/contracts/common';

/** The heading of a month-end checklist type; an unknown code shows '????' (spec 3 §2). */
export function checklistTypeText(code: unknown): string {
  return (CHECKLIST_TYPES as Record<string, string>)[String(code)] ?? '????';
}
