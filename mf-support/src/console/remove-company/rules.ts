import { REMOVE_COMPANY_MESSAGES } from 'api/contracts/support';

/** Why Remove is disabled (spec 3 §5): no god level, no company chosen, or the company the console has selected. Null: allowed. */
export function removeRefusal({ godLevel, current, chosen }: { godLevel: boolean; current: string; chosen: string }): string | null {
  if (!godLevel) return REMOVE_COMPANY_MESSAGES.notGod;
  if (!chosen) return 'Company is Required';
  if (chosen === current) return REMOVE_COMPANY_MESSAGES.current;
  return null;
}
