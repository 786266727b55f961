import { ALL_LETTINGS, FEE_METHODS } from 'api/contracts/reference';
import { formatMoney, formatPercent } from 'shared-ui';

export const ALL_LETTINGS_LABEL = 'All Holiday Lettings';

/** Apply To as the list shows it: '*' is every holiday letting, otherwise the unit class codes. */
export function applyToText(applyTo: unknown): string {
  const codes = Array.isArray(applyTo) ? applyTo.map(String) : typeof applyTo === 'string' && applyTo ? [applyTo] : [];
  return codes.includes(ALL_LETTINGS) ? ALL_LETTINGS_LABEL : codes.join(', ');
}

/** A fee's value: a percentage for method P, dollars for method V. */
export function feeValueText(method: unknown, value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  return method === 'P' ? formatPercent(value as number) : formatMoney(value as number);
}

export const methodText = (method: unknown) => (FEE_METHODS as Record<string, string>)[String(method)] ?? String(method ?? '');

/** Frequency 0 or blank means the fee is charged once only. */
export const frequencyText = (frequency: unknown) => (!frequency ? 'Once' : String(frequency));
