import { z } from 'zod';
import { hasPermission, type Permissions } from 'api/contracts/permissions';
import { UNIT_MESSAGES, unitContract, type ChangeOwnerRow, type UnitInput } from 'api/contracts/unit';
import { chargeContract, type ChargeValues } from 'api/contracts/charges';
import { endOfMonth, makeDate, sumCents, toDate, toIsoDate, toWireValues, type FieldKinds } from 'shared-ui';

/** Field kinds of the unit form (spec 1 §3.1): empty values and date conversion. */
export const UNIT_FIELD_KINDS: FieldKinds = {
  door: 'text', name: 'text', location: 'text', unittype: 'select', class: 'select', entity: 'select', category: 'select',
  gpid: 'text', notes: 'text', leaseback: 'checkbox', letting_pool: 'select', letting_pool_start: 'date', is_virtual_room: 'checkbox',
  master_unit: 'select', letting_agreement: 'checkbox', is_pool: 'checkbox', agreement_date: 'date', agreement_expiry: 'date',
  agreement_details: 'text', pool_owner: 'select', days_in_pool: 'number', inactive: 'checkbox',
};

export const NEW_UNIT = { days_in_pool: 0, fees: [], leasebacks: [], rental: [] };

type Values = Record<string, unknown>;
type Line = { id?: number | string | null; value?: unknown };

/** Form values as the unit contract reads them: dates YYYY-MM-DD, an empty days-in-pool 0, blank amounts missing. */
export function unitWireValues(values: Values): Values {
  const wire: Values = toWireValues(values, UNIT_FIELD_KINDS);
  if (wire.days_in_pool === null) wire.days_in_pool = 0;
  return wire;
}

/** The unit editor validates with the route's own contract, applied to the form values as sent. */
export const unitFormSchema = z.preprocess((values) => unitWireValues(values as Values), unitContract) as unknown as z.ZodType<UnitInput, Values>;

/** Ids of saved lines the user removed: what _deleted_fees and _deleted_leasebacks name (spec 2 §3 'Unit'). */
export function deletedLineIds(saved: readonly Line[] | null | undefined, kept: readonly Line[] | null | undefined): number[] {
  const keep = new Set((kept ?? []).filter((l) => l.id != null).map((l) => Number(l.id)));
  return (saved ?? []).filter((l) => l.id != null && !keep.has(Number(l.id))).map((l) => Number(l.id));
}

/** The PUT/POST body: the validated values plus the deleted line lists; rental periods are not edited here. */
export function unitBody(values: Values, record: { fees?: Line[]; leasebacks?: Line[] } | null): Values {
  return {
    ...values,
    _deleted_fees: deletedLineIds(record?.fees, values.fees as Line[]),
    _deleted_leasebacks: deletedLineIds(record?.leasebacks, values.leasebacks as Line[]),
    _deleted_rental: [],
  };
}

/** Fee and leaseback totals are the sum of the line values (spec 2 §3), in cents. */
export function linesTotalCents(lines: readonly Line[] | null | undefined): number {
  return sumCents((lines ?? []) as Values[], 'value');
}

/**
 * Why Inactive cannot be ticked, as its tooltip says (spec 2 §4 'Unit changes', §8), or null.
 * An inactive unit can always be made active again; a new one has nothing to stop it.
 */
export function inactiveLock(record: { inactive?: boolean; _allow_inactive?: boolean; gpid?: string | null } | null, gpid: unknown): string | null {
  if (!record || record.inactive) return null;
  if ((typeof gpid === 'string' && gpid.trim()) || record.gpid) return UNIT_MESSAGES.inactiveLinked;
  if (record._allow_inactive === false) return UNIT_MESSAGES.inactiveBalances;
  return null;
}

export interface ControlMonth {
  current_month: number;
  current_year: number;
  ledger_first_date?: string | null;
  ledger_last_date?: string | null;
}

/**
 * Spec 2 §4 'Change owner': a day of the current month, between ledger_first_date and
 * ledger_last_date when the ledger has them, and never after today (no future scheduling).
 */
export function changeDateLimits(control: ControlMonth, today: Date): { min: Date; max: Date } {
  let min = makeDate(control.current_year, control.current_month, 1)!;
  let max = endOfMonth(control.current_year, control.current_month);
  const first = toDate(control.ledger_first_date);
  const last = toDate(control.ledger_last_date);
  if (first && first > min) min = first;
  if (last && last < max) max = last;
  const day = new Date(today.getFullYear(), today.getMonth(), today.getDate());
  if (day < max) max = day;
  return { min, max };
}

/** The default change date: today when it is allowed, else the latest allowed day. */
export function defaultChangeDate(limits: { min: Date; max: Date }, today: Date): Date {
  const day = new Date(today.getFullYear(), today.getMonth(), today.getDate());
  return day > limits.max ? limits.max : day < limits.min ? limits.min : day;
}

export const UNASSIGN_OWNER = 'Unassign Owner';

/** New-owner choices: 'Unassign Owner' (blank) first, then the active owners except the current one. */
export function newOwnerOptions(entities: readonly Values[] | undefined, currentOwner: string | null | undefined): { value: string; label: string }[] {
  const owners = (entities ?? []).filter((e) => e.type === 'OWNER' && !e.inactive && e.code !== currentOwner);
  return [{ value: '', label: UNASSIGN_OWNER }, ...owners.map((e) => ({ value: String(e.code), label: `${String(e.code)} - ${String(e.name ?? '')}` }))];
}

/** Totals of the pro-rata preview (spec 2 §3 'Ownership change preview row'), in cents. */
export function previewTotals(rows: readonly ChangeOwnerRow[]): { amount: number; old_owner: number; new_owner: number } {
  return { amount: sumCents(rows, 'amount'), old_owner: sumCents(rows, 'old_owner'), new_owner: sumCents(rows, 'new_owner') };
}

export function changeOwnerQuery(door: string, date: Date, newOwner: string, oldOwner: string | null | undefined) {
  return { door, date: toIsoDate(date) ?? '', new: newOwner, old: oldOwner ?? '' };
}

/** A charge raised from the unit editor: the owner pays from this door (spec 2 §3 'Charge'). */
export const CHARGE_RECIPIENT_TYPES = ['BUSINESS', 'OWNER', 'SUPPLIER'] as const;

/** The Add Charge form as the charge contract reads it: the date as YYYY-MM-DD, items on this door. */
export function chargeWireValues(values: Values): Values {
  // _itemDoor: a tenant's charge is on the tenancy's door though the tenant's ledger has none.
  const { _itemDoor, ...rest } = values;
  const items = ((values.items as Values[] | undefined) ?? []).map((i) => ({ ...i, amount: i.amount === '' ? null : i.amount, door: _itemDoor ?? values.door }));
  return { ...rest, date: toIsoDate(values.date as Date | null), items };
}

export const chargeFormSchema = z.preprocess((values) => chargeWireValues(values as Values), chargeContract) as unknown as z.ZodType<ChargeValues, Values>;

/**
 * Why a unit action is refused to this user, or null when its route accepts them (issue 17: an
 * action whose route needs another flag is disabled with the reason, not left to a 403 that logs
 * the user out). Add Charge posts a charge (p_entry_charges); Update and Undo Charges raise and
 * cancel the monthly fees (p_entry_disbursement, as on Transactions' Charge Update).
 */
export function unitActionRefusals(permissions: Permissions): { charge: string | null; fees: string | null } {
  return {
    charge: hasPermission(permissions, 'p_entry_charges') ? null : 'Adding a charge needs the Charges permission',
    fees: hasPermission(permissions, 'p_entry_disbursement') ? null : 'Updating unit charges needs the Disbursements permission',
  };
}
