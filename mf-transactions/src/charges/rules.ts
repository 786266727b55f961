import { CHARGE_MESSAGES, CHARGE_PAYER_TYPES, CHARGE_RECIPIENT_TYPES, type ChargeFull, type ChargeStatus } from 'api/contracts/charges';
import { toCents, toIsoDate, type PartyEntity, type PartyType, type PartyValue, type PartyUnit } from 'shared-ui';

/** Charge rules of spec 2 §4 'Charges' and §5 'Charge', in integer cents. */

export interface ChargeItemForm {
  id?: number | null;
  account_id: string;
  recipient_entity: string;
  door: string | null;
  description: string;
  amount: number | '' | null;
}

export interface ChargeLinkForm {
  id?: number | null;
  name: string;
  link: string;
}

/** The charge editor's form values: the record's parties and texts as GET /api/charge/full answers them, the date a Date while editing. */
export type ChargeForm = Pick<ChargeFull, 'payer_type' | 'entity' | 'door' | 'recipient_type' | 'recipient' | 'recipient_door' | 'source_ref' | 'memo'> & {
  date: Date | string | null;
  name: string;
  items: ChargeItemForm[];
  links: ChargeLinkForm[];
  _deleted?: number[];
  _deletedlinks?: number[];
};

/** Charge payers: POOL only while Control Settings' enable_pools is on (the server refuses it otherwise). */
export const payerTypes = (poolsEnabled: boolean | undefined): readonly PartyType[] => CHARGE_PAYER_TYPES.filter((t) => poolsEnabled === true || t !== 'POOL');
export const PAYER_TYPES: readonly PartyType[] = payerTypes(false);
export const RECIPIENT_TYPES: readonly PartyType[] = CHARGE_RECIPIENT_TYPES;

export const STATUS_LABELS: Record<ChargeStatus, string> = { PENDING: 'Pending', RELEASED: 'Released', CANCELLED: 'Cancelled' };

/** The status label of a charge comes from its flag. */
export function statusLabel(flag: string | null | undefined): string {
  return STATUS_LABELS[flag as ChargeStatus] ?? String(flag ?? '');
}

/** The charge total in cents: the exact sum of its item amounts. */
export function chargeTotalCents(items: readonly Pick<ChargeItemForm, 'amount'>[]): number {
  return items.reduce((sum, i) => sum + toCents(i.amount), 0);
}

/** An item description left blank takes the first line of the memo (Details). */
export function memoFirstLine(memo: string | null | undefined): string {
  return (memo ?? '').split(/\r?\n/)[0]!.trim();
}

/** Whether any item has no property (door) of its own. */
export function hasItemsWithoutDoor(items: readonly Pick<ChargeItemForm, 'door'>[]): boolean {
  return items.some((i) => !i.door || !String(i.door).trim());
}

/** The warning to confirm before saving, or null (spec 5: 'Proceed or cancel'). */
export function doorWarning(items: readonly Pick<ChargeItemForm, 'door'>[]): string | null {
  return items.length > 0 && hasItemsWithoutDoor(items) ? CHARGE_MESSAGES.itemWithoutDoor : null;
}

/** After a save the message offers 'Print Invoice' when the business receives the charge, else 'Print Memo'. */
export function printActionLabel(recipientType: string | null | undefined): 'Print Invoice' | 'Print Memo' {
  return recipientType === 'BUSINESS' ? 'Print Invoice' : 'Print Memo';
}

const blankToNull = (v: string | null | undefined) => (v === null || v === undefined || v.trim() === '' ? null : v);

/**
 * Form values as POST/PUT /api/charge takes them: the date as YYYY-MM-DD, blank amounts left
 * out (the contract then says 'Amount must be a number'), blank descriptions from the memo.
 */
export function chargeWire(values: ChargeForm): Record<string, unknown> {
  const firstLine = memoFirstLine(values.memo);
  return {
    ...values,
    date: toIsoDate(values.date) ?? undefined,
    door: blankToNull(values.door),
    recipient: blankToNull(values.recipient),
    recipient_door: blankToNull(values.recipient_door),
    source_ref: blankToNull(values.source_ref),
    items: (values.items ?? []).map((i) => ({
      ...i,
      recipient_entity: blankToNull(i.recipient_entity),
      door: blankToNull(i.door),
      description: blankToNull(i.description) ?? firstLine,
      amount: i.amount === '' || i.amount === null ? undefined : i.amount,
    })),
    links: values.links ?? [],
    _deleted: values._deleted ?? [],
    _deletedlinks: values._deletedlinks ?? [],
  };
}

/** A new item: the header recipient, and the payer's door unless the recipient is an owner (then its door). */
export function newItem(values: Pick<ChargeForm, 'recipient' | 'recipient_type' | 'door' | 'recipient_door'>, account = ''): ChargeItemForm {
  const door = values.recipient_type === 'OWNER' ? values.recipient_door : values.door;
  return { id: null, account_id: account, recipient_entity: values.recipient ?? '', door: door ?? null, description: '', amount: '' };
}

/** Ids of saved lines that the form no longer holds (sent as _deleted / _deletedlinks). */
export function removedIds(saved: readonly { id: number }[] | undefined, kept: readonly { id?: number | null }[]): number[] {
  const keep = new Set(kept.map((l) => l.id).filter((id): id is number => typeof id === 'number'));
  return (saved ?? []).map((l) => l.id).filter((id) => !keep.has(id));
}

/** The party selector's value for a payer or recipient held in the form. */
export function partyOf(
  type: string,
  code: string | null | undefined,
  door: string | null | undefined,
  entities: readonly PartyEntity[],
  businessName?: string,
): PartyValue | null {
  if (!code) return null;
  const entity = entities.find((e) => e.code === code);
  const name = type === 'BUSINESS' ? (businessName ?? entity?.name ?? 'BUSINESS') : (entity?.name ?? code);
  return { type: type as PartyType, code, door: door ?? null, name, text: entity?.address ?? '', balance: null };
}

/** A display name for a party code: 'CODE Name', or the code when it is not in the lookups. */
export function partyName(code: string | null | undefined, entities: readonly PartyEntity[]): string {
  if (!code) return '';
  const e = entities.find((x) => x.code === code);
  return e ? e.name : code;
}

/** Doors to choose for an item: every unit, the recipient owner's own units first when the recipient is an owner. */
export function doorOptions(units: readonly PartyUnit[], ownerCode?: string | null): { value: string; label: string }[] {
  const own = ownerCode ? units.filter((u) => u.entity === ownerCode) : [];
  const list = own.length ? own : units.filter((u) => !u.inactive);
  return list.map((u) => ({ value: u.door, label: u.name ? `${u.door} ${u.name}` : u.door }));
}
