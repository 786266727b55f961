import { z } from 'zod';
import { type RecordTraits, codeRef, isoDate, multilineText, optionalLine, periodListQuery, positiveMoney, requiredText } from './common.js';

/** Charges (spec 2 §3 'Charge', §4 'Charges', §5 'Charge'); money on the wire in dollars. */
/**
 * Spec 2 §9 lists BUSINESS, OWNER, SUPPLIER and TENANT; POOL is added because pools carry charges
 * (spec 3 §2 'Release Pool Funds': a pool with charges above 0 is not released; spec 2 §2: the
 * Charge Release Override is for owner or pool entities). A pool pays only while Control
 * Settings' enable_pools is on, and from no door (the server checks both).
 */
export const CHARGE_PAYER_TYPES = ['BUSINESS', 'OWNER', 'SUPPLIER', 'TENANT', 'POOL'] as const;
export const CHARGE_RECIPIENT_TYPES = ['BUSINESS', 'OWNER', 'SUPPLIER'] as const;
export const CHARGE_STATUSES = ['PENDING', 'RELEASED', 'CANCELLED'] as const;
export type ChargeStatus = (typeof CHARGE_STATUSES)[number];

export const CHARGE_MESSAGES = {
  noItems: 'You Cannot Create a Charge without adding Charge Items. If you wish to delete the entire charge, use the Delete Button',
  itemWithoutDoor: 'There are items without a property (door) assigned - Please ensure this is what you intended',
  releaseNote: 'Release only makes charges payable: payment is manual or via month-end disbursement',
} as const;

const upper = (message: string) => codeRef(message);
const optionalUpper = optionalLine(40).transform((v) => (v === null ? null : v.toUpperCase()));
const lineId = z.union([z.number().int().positive(), z.string().regex(/^\d+$/, 'Invalid id')]).transform(Number);
const idList = z.array(lineId, { error: 'Must be a list of ids' }).optional().default([]);

export const chargeItemContract = z.object({
  id: lineId.nullish(),
  account_id: upper('Account is required'),
  /** Defaults to the header recipient. */
  recipient_entity: optionalUpper,
  door: optionalUpper,
  /** Defaults to the first line of the memo (Details) when blank. */
  description: optionalLine(200),
  amount: positiveMoney,
});

export const chargeLinkContract = z.object({
  id: lineId.nullish(),
  name: requiredText('Name is required', 200),
  /** Opened from the charge screen, so only web addresses: javascript:, data:, file: and the like are refused (issue 8 item 19). */
  link: requiredText('Link Address is required', 2000).pipe(z.url({ protocol: /^https?$/, error: 'Link Address must be an http:// or https:// URL' })),
});

export const chargeContract = z.object({
  date: isoDate,
  payer_type: z.enum(CHARGE_PAYER_TYPES, { error: 'Payer type must be BUSINESS, OWNER, SUPPLIER, TENANT or POOL' }).default('OWNER'),
  entity: upper('Entity is required'),
  door: optionalUpper,
  recipient_type: z.enum(CHARGE_RECIPIENT_TYPES, { error: 'Recipient type must be BUSINESS, OWNER or SUPPLIER' }).default('BUSINESS'),
  /** For BUSINESS the code is the literal BUSINESS (filled in when blank). */
  recipient: optionalUpper,
  recipient_door: optionalUpper,
  source_ref: optionalLine(100),
  memo: multilineText('Details are required', 2000),
  name: requiredText('Name is required').pipe(z.string().max(100, 'Must be at most 100 characters')),
  items: z.array(chargeItemContract, { error: CHARGE_MESSAGES.noItems }).max(200, 'At most 200 items').default([]),
  links: z.array(chargeLinkContract).max(50, 'At most 50 links').default([]),
  _deleted: idList,
  _deletedlinks: idList,
}).transform((c, ctx) => {
  const recipient = c.recipient ?? (c.recipient_type === 'BUSINESS' ? 'BUSINESS' : null);
  if (!recipient) ctx.addIssue({ code: 'custom', path: ['recipient'], message: 'Recipient is required' });
  const deleted = new Set(c._deleted);
  const items = c.items.filter((i) => i.id == null || !deleted.has(i.id));
  if (items.length === 0) ctx.addIssue({ code: 'custom', path: ['items'], message: CHARGE_MESSAGES.noItems });
  const firstLine = c.memo.split(/\r?\n/)[0]!.trim();
  const deletedLinks = new Set(c._deletedlinks);
  return {
    ...c,
    recipient: recipient ?? '',
    items: items.map((i) => ({ ...i, recipient_entity: i.recipient_entity ?? recipient ?? '', description: i.description ?? firstLine })),
    links: c.links.filter((l) => l.id == null || !deletedLinks.has(l.id)),
  };
});
export type ChargeInput = z.input<typeof chargeContract>;
export type ChargeValues = z.output<typeof chargeContract>;

export const chargeListQuery = periodListQuery.extend({
  status: z.enum(CHARGE_STATUSES).optional(),
  payer: z.string().trim().toUpperCase().optional(),
});

export const chargeLookupQuery = z.object({
  payer: z.string({ error: 'payer is required' }).trim().min(1, 'payer is required').toUpperCase(),
  exclude: z.string().optional(),
});

export const invoiceRangeQuery = z.object({
  year: z.coerce.number({ error: 'year is required' }).int().min(1900).max(2999),
  month: z.coerce.number({ error: 'month is required' }).int().min(1).max(12),
});

export const releaseQuery = z.object({ entity: z.string().trim().toUpperCase().optional() });

/** POST /api/charge/release: the selected charges; amount (dollars) must equal the charge total. */
export const releaseSelection = z.object({
  entity: upper('Entity is required'),
  id: z.unknown().optional(),
  chargeId: lineId,
  amount: positiveMoney,
});
export const releaseContract = z.array(releaseSelection, { error: 'A list of selected charges is required' })
  .min(1, 'Nothing is selected')
  .max(1000, 'At most 1000 charges per release')
  .superRefine((list, ctx) => {
    const seen = new Set<number>();
    list.forEach((s, i) => {
      if (seen.has(s.chargeId)) ctx.addIssue({ code: 'custom', path: [i, 'chargeId'], message: `Charge ${s.chargeId} is selected twice` });
      seen.add(s.chargeId);
    });
  });
export type ReleaseInput = z.input<typeof releaseContract>;

/** A row of GET /api/charge/list. */
export interface ChargeRow extends RecordTraits {
  id: number;
  ref: string;
  date: string;
  entity: string;
  payer_type: string;
  door: string | null;
  recipient: string;
  recipientname: string | null;
  accounts: string[];
  memo: string;
  name: string | null;
  source_ref: string | null;
  amount: number;
  status: ChargeStatus;
}

export interface ChargeItem { id: number; account_id: string; recipient_entity: string; door: string | null; description: string; amount: number }
export interface ChargeLink { id: number; name: string; link: string }

/** GET /api/charge/full/{id}. */
export interface ChargeFull extends RecordTraits {
  id: number;
  ref: string;
  date: string;
  payer_type: string;
  entity: string;
  door: string | null;
  recipient_type: string;
  recipient: string;
  recipient_door: string | null;
  source_ref: string | null;
  memo: string;
  name: string | null;
  status: ChargeStatus;
  flag: ChargeStatus;
  released_txn: number | null;
  released_ref: string | null;
  items: ChargeItem[];
  links: ChargeLink[];
  chargeTotal: number;
  /** True when an item has no door: the screen shows CHARGE_MESSAGES.itemWithoutDoor. */
  _itemsWithoutDoor: boolean;
}

/** A charge lookup record (the receipt's charge selector). */
export interface ChargeLookup { id: number; ref: string; memo: string; amount: number; source: string | null; recipient: string; door: string | null }

/** A charge to release (spec 2 §3 'Charge to release'). */
export interface ChargeToRelease { id: number; entity: string; date: string; ref: string; recipient: string; door: string | null; details: string; amount: number; _selectable: boolean }

export type ReleaseColour = 'green' | 'lightgreen' | 'grey';

/** One row of GET /api/charge/release, per payer entity with pending charges. */
export interface ReleaseRow {
  entity: string;
  name: string;
  type: string;
  funds: number;
  charges: number;
  available: number;
  selected: number;
  balance: number;
  min_charge: number;
  _selectable: boolean;
  _colour: ReleaseColour;
  items: ChargeToRelease[];
}
