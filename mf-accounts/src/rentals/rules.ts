import { z } from 'zod';
import { hasPermission, type Permissions } from 'api/contracts/permissions';
import { durationOf, expiryOf, tenancyContract, type TenancyInput, type TenancyItem } from 'api/contracts/tenancy';
import { toIsoDate, toWireValues, type FieldKinds } from 'shared-ui';

/** Field kinds of the tenancy form (spec 1 §3.1): empty values and date conversion. */
export const TENANCY_FIELD_KINDS: FieldKinds = {
  door: 'select', account_id: 'select', description: 'text', entity: 'text', name: 'text', email: 'text', phone: 'text', commission: 'number',
  start_date: 'date', duration: 'number', expiry_date: 'date', schedule_termination: 'checkbox', end_date: 'date', frequency: 'select',
  advance_days: 'number', value: 'number', bond_applies: 'checkbox', bond: 'number', bond_date: 'date', bond_entity: 'select',
  enter_bond_entity: 'text', bond_notes: 'text', bond_create_charge: 'checkbox', lease_reference: 'text', lease_start_date: 'date',
  lease_end_date: 'date', notes: 'text', inactive: 'checkbox',
};

/** A new agreement: weekly rent, 14 days in advance (spec 3 §9), a year's lease, the Rent account. */
export const NEW_TENANCY = { description: 'Rent', frequency: 'W', advance_days: 14, commission: 0, duration: 52, account_id: 'RENT', bond: 0 };

type Values = Record<string, unknown>;

/** Form values as the contract reads them: dates YYYY-MM-DD, an empty bond 0. */
export function tenancyWireValues(values: Values): Values {
  const wire: Values = toWireValues(values, TENANCY_FIELD_KINDS);
  if (wire.bond === null) wire.bond = 0;
  if (wire.advance_days === null) wire.advance_days = 14;
  return wire;
}

/** The editor validates with the route's own contract, applied to the form values as sent. */
export const tenancyFormSchema = z.preprocess((values) => tenancyWireValues(values as Values), tenancyContract) as unknown as z.ZodType<TenancyInput, Values>;

/** Spec 3 §4: a new duration (weeks) sets the expiry; a new expiry sets the duration. Null when the start or the other value is missing. */
export function expiryForDuration(start: Date | null | undefined, weeks: unknown): Date | null {
  const iso = toIsoDate(start ?? null);
  const n = Number(weeks);
  if (!iso || weeks === '' || weeks == null || !Number.isInteger(n) || n < 0) return null;
  return new Date(`${expiryOf(iso, n)}T00:00:00`);
}
export function durationForExpiry(start: Date | null | undefined, expiry: Date | null | undefined): number | null {
  const from = toIsoDate(start ?? null);
  const to = toIsoDate(expiry ?? null);
  return from && to && to >= from ? durationOf(from, to) : null;
}

/** List colours (spec 3 §2): Rent Arrears red above 0, Rent Due blue above 0. */
export const arrearsColour = (amount: number) => (amount > 0 ? 'red' : undefined);
export const dueColour = (amount: number) => (amount > 0 ? 'blue' : undefined);

/** The Outstanding tab's groups, in the spec's order. */
export const OUTSTANDING_GROUPS = [
  { type: 'ARREARS', title: 'Rent In Arrears' },
  { type: 'DUE', title: 'Rent Due Now' },
  { type: 'PENDING', title: 'Pending Rent Charges' },
  { type: 'OTHER', title: 'Other Charges' },
] as const;

/**
 * Receipt Selected Charges posts a receipt (POST /api/cashbook/receipt, p_entry_receipts), which
 * Permanent Rentals' own flags do not reach: without it the action is disabled with the reason
 * instead of meeting a refusal that logs the user out (issue 17).
 */
export const receiptRefusal = (permissions: Permissions): string | null =>
  hasPermission(permissions, 'p_entry_receipts') ? null : 'Receipting charges needs the Receipts permission';

/** The receipt of the ticked charges, paid in full through the receipt path (api/src/cashbook). */
export function receiptBody(t: { entity: string; door: string }, items: readonly TenancyItem[], ticked: ReadonlySet<number>, date: string, method: string, tranRef: string) {
  const chosen = items.filter((i) => ticked.has(i.id));
  return {
    date, payer_type: 'TENANT', payer_entity: t.entity, method, tran_ref: tranRef.trim() || null, memo: `Rent and charges for ${t.door}`,
    items: chosen.map((i) => ({ selector: 'CHARGE', ref: String(i.id), entity: t.entity, door: t.door, description: i.description, amount: i.amount })),
  };
}
