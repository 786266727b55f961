import type { BookingStatus, BsBookingDoor } from '../contracts/booking-system.js';
import { gstLineDescription, gstOnFee } from '../contracts/fee-gst.js';
import type { PostingLine } from '../ledger/posting-rules.js';
import { formatCents } from '../money/cents.js';

/**
 * Booking distribution as plain functions (spec 2 §2 'Booking distribution', §4 'Booking status',
 * 'Early distribution'; docs/booking-system.md for the ledger side). A booking's held money (its
 * receipts, kept in the UNALLOC ledger) is allocated per door: the room charge to the door's owner
 * (OWNER), letting commission and booking fees out of that share to BUSINESS or the fee's party
 * (FEE, or DED when the party is not BUSINESS), other charges to their account's party (CHG).
 * A later revision posts only the difference from what was posted.
 */
export type SubType = 'OWNER' | 'CHG' | 'DED' | 'FEE' | 'UNALLOC';

export interface AllocationLine {
  door: string;
  ord: number;
  /** What the line is, in the statement's words: ROOM, OWNSTAY, COMMISSION, FEE, GST (on the line before it) or CHARGE. */
  type: string;
  subType: SubType;
  accountId: string;
  /** The party the money goes to. */
  entity: string;
  /** The door's owner: OWNER and CHG lines come out of the held money, FEE and DED lines out of this owner's share. */
  owner: string;
  description: string;
  /** Cents moved to `entity`. */
  amount: number;
  roomCharge: number;
  /** Hundredths of a percent of the room charge, for percentage lines. */
  percent: number | null;
  /** Cents (spec 2 §3 'Allocation item' commission_addback): see commissionAddback. */
  commissionAddback: number;
}

export interface DoorFacts {
  owner: string | null;
  unitClass: string | null;
  /** Letting commission in hundredths of a percent. */
  commission: number;
  /**
   * Earlier owners (Change Owner, spec 2 §4), by change date ascending: a night dated before
   * `before` was `owner`'s (at their commission) unless an earlier change says otherwise. Room
   * charges are split by their dates; other charges go with the stay's last night.
   */
  history?: { before: string; owner: string; commission: number }[];
}

/** Who owned the door on a date, and at what commission. */
export function ownerOn(facts: DoorFacts, date: string): { owner: string | null; commission: number } {
  const change = (facts.history ?? []).find((h) => date < h.before);
  return change ? { owner: change.owner, commission: change.commission } : { owner: facts.owner, commission: facts.commission };
}

export interface BookingFee {
  name: string;
  accountId: string;
  entity: string | null;
  method: 'P' | 'V';
  /** P: hundredths of a percent of the room charge; V: cents per door. */
  value: number;
  applyTo: string[];
  applyBeforeOtherFees: boolean;
}

export interface AllocationSetup {
  roomAccount: string;
  ownerStayAccount: string;
  commissionAccount: string;
  business: string;
  doors: Map<string, DoorFacts>;
  /** Each account's default party (null: the owner); an account missing here is unknown. */
  accountEntity: Map<string, string | null>;
  /** Booking fees (apply_to_booking) that are active. */
  fees: BookingFee[];
  /**
   * Each account's GST rate (whole percent, from its GST code); missing or 0: GST-free. Commission
   * and fees are rates and values before GST: where their account's code carries GST, a GST line
   * of that rate follows them, to the same party, out of the same owner's share.
   */
  accountGst?: Map<string, number>;
}

/** Percent (hundredths) of cents, rounded once, half away from zero (design/ledger.md). */
export function percentOf(cents: number, hundredths: number): number {
  const product = BigInt(cents) * BigInt(hundredths);
  const sign = product < 0n ? -1n : 1n;
  const abs = product * sign;
  const rounded = (abs + 5_000n) / 10_000n;
  return Number(rounded * sign);
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/**
 * A commission line's commission_addback (spec 2 §3 'Allocation item'): the commission at its
 * stated percent of the line's room charge less the commission charged, i.e. what the owner is
 * given back because commission was not taken on the whole room charge (fees taken before it,
 * apply_before_other_fees; a cut when the owner's share ran out; a lower amount in a manual
 * allocation). The statement's "percent of room charge" less the addback is then the amount.
 * Zero on every other line, and never below zero.
 */
export function commissionAddback(l: Pick<AllocationLine, 'type' | 'roomCharge' | 'percent' | 'amount'>): number {
  if (l.type !== 'COMMISSION' || l.percent === null) return 0;
  return Math.max(0, percentOf(l.roomCharge, l.percent) - l.amount);
}

export const roomChargeOf = (d: BsBookingDoor) => sum(d.roomCharges.map((r) => r.amount));
export const otherChargesOf = (d: BsBookingDoor) => sum(d.otherCharges.map((o) => o.amount));

/**
 * The allocation a booking should have: lines per door, or the problems that stop it (a door with
 * no owner, an unknown account, a negative charge). Fees and commission never take more than the
 * door's room charge (the owner's share cannot go below zero); a cut is reported as a warning.
 */
export function allocateBooking(booking: { doors: BsBookingDoor[]; ownerStay: boolean }, setup: AllocationSetup): { lines: AllocationLine[]; problems: string[]; warnings: string[] } {
  const lines: AllocationLine[] = [];
  const problems: string[] = [];
  const warnings: string[] = [];
  for (const d of booking.doors) {
    const facts = setup.doors.get(d.door);
    if (!facts) { problems.push(`Door ${d.door} is not a unit here: sync units first`); continue; }
    // The door's stay by owner: room charges by their dates, other charges with the last night.
    const parts = new Map<string | null, { commission: number; roomCharges: BsBookingDoor['roomCharges']; otherCharges: BsBookingDoor['otherCharges'] }>();
    const part = (who: { owner: string | null; commission: number }) => {
      const p = parts.get(who.owner) ?? { commission: who.commission, roomCharges: [], otherCharges: [] };
      parts.set(who.owner, p);
      return p;
    };
    for (const r of d.roomCharges) part(ownerOn(facts, r.date)).roomCharges.push(r);
    const lastNight = d.roomCharges.reduce<string | null>((m, r) => (m === null || r.date > m ? r.date : m), null);
    part(lastNight ? ownerOn(facts, lastNight) : { owner: facts.owner, commission: facts.commission }).otherCharges.push(...d.otherCharges);
    let ord = 0;
    const lastOwner = (lastNight ? ownerOn(facts, lastNight) : facts).owner;
    for (const [owner, p] of parts) {
      if (!owner) { problems.push(`Door ${d.door} has no owner`); continue; }
      // A value (V) fee is per door: the owner of the last night pays it once.
      allocateDoorPart({ door: d.door, owner, unitClass: facts.unitClass, commission: p.commission, valueFees: owner === lastOwner }, { door: d.door, roomCharges: p.roomCharges, otherCharges: p.otherCharges }, booking.ownerStay, setup,
        (l) => { lines.push({ ...l, ord: ord++ }); }, problems, warnings);
    }
  }
  return { lines: problems.length ? [] : lines, problems, warnings };
}

/** One owner's part of a door's stay: room charge, fees, commission and their GST, other charges. */
function allocateDoorPart(
  facts: { door: string; owner: string; unitClass: string | null; commission: number; valueFees: boolean }, d: BsBookingDoor, ownerStay: boolean, setup: AllocationSetup,
  push: (l: Omit<AllocationLine, 'ord'>) => void, problems: string[], warnings: string[],
) {
  const owner = facts.owner;
  const room = roomChargeOf(d);
  if (room < 0 || d.otherCharges.some((o) => o.amount < 0)) { problems.push(`Door ${d.door} has a negative charge`); return; }
  const line = (l: Omit<AllocationLine, 'door' | 'ord' | 'owner' | 'roomCharge' | 'commissionAddback'>) => {
    if (l.amount !== 0) push({ ...l, door: d.door, owner, roomCharge: room, commissionAddback: commissionAddback({ ...l, roomCharge: room }) });
  };
  line({ type: ownerStay ? 'OWNSTAY' : 'ROOM', subType: 'OWNER', accountId: ownerStay ? setup.ownerStayAccount : setup.roomAccount, entity: owner, description: `${ownerStay ? 'Owner stay' : 'Room charges'} ${d.door}`, amount: room, percent: null });
  if (!ownerStay && room > 0) {
    const applies = setup.fees.filter((f) => (f.method === 'P' || facts.valueFees) && (f.applyTo.includes('*') || (!!facts.unitClass && f.applyTo.includes(facts.unitClass))));
    const feeAmount = (f: BookingFee) => (f.method === 'P' ? percentOf(room, f.value) : f.value);
    const before = applies.filter((f) => f.applyBeforeOtherFees);
    const after = applies.filter((f) => !f.applyBeforeOtherFees);
    let left = room;
    const take = (wanted: number, what: string) => {
      const amount = Math.max(0, Math.min(wanted, left));
      if (amount < wanted) warnings.push(`${what} on door ${d.door} cut to ${amount} cents: it would exceed the owner's share`);
      left -= amount;
      return amount;
    };
    // GST on a fee or the commission, where its account's code says so (design/ledger.md).
    const gst = (l: { subType: SubType; accountId: string; entity: string; description: string; amount: number }) => {
      const wanted = gstOnFee(l.amount, setup.accountGst?.get(l.accountId) ?? 0);
      if (wanted === 0) return;
      const what = gstLineDescription(l.description);
      line({ type: 'GST', subType: l.subType, accountId: l.accountId, entity: l.entity, description: what, amount: take(wanted, what), percent: null });
    };
    const fee = (f: BookingFee) => {
      const entity = f.entity ?? setup.business;
      const l = { subType: (entity === setup.business ? 'FEE' : 'DED') as SubType, accountId: f.accountId, entity, description: f.name, amount: take(feeAmount(f), f.name) };
      line({ type: 'FEE', ...l, percent: f.method === 'P' ? f.value : null });
      gst(l);
    };
    before.forEach(fee);
    // Commission on the room charge less the fees taken before it (apply_before_other_fees).
    const base = room - sum(before.map(feeAmount));
    if (facts.commission > 0) {
      const l = { subType: 'FEE' as SubType, accountId: setup.commissionAccount, entity: setup.business, description: 'Letting commission', amount: take(percentOf(Math.max(0, base), facts.commission), 'Letting commission') };
      line({ type: 'COMMISSION', ...l, percent: facts.commission });
      gst(l);
    }
    after.forEach(fee);
  }
  for (const o of d.otherCharges) {
    if (!setup.accountEntity.has(o.accountId)) { problems.push(`Account ${o.accountId} of door ${d.door} is not in the chart of accounts: sync accounts first`); continue; }
    line({ type: 'CHARGE', subType: 'CHG', accountId: o.accountId, entity: setup.accountEntity.get(o.accountId) ?? owner, description: o.description || o.accountId, amount: o.amount, percent: null });
  }
}

/** The cents an allocation moves out of the held money (OWNER and CHG lines). */
export const heldOut = (lines: Pick<AllocationLine, 'subType' | 'amount'>[]) => sum(lines.filter((l) => l.subType === 'OWNER' || l.subType === 'CHG').map((l) => l.amount));

const lineKey = (l: Pick<AllocationLine, 'door' | 'type' | 'subType' | 'accountId' | 'entity' | 'owner'>) => [l.door, l.type, l.subType, l.accountId, l.entity, l.owner].join('\u0000');

/**
 * What must be posted to move from the allocation already posted to the target: per line, target
 * minus posted (a line that disappears is negated). Empty when nothing changed: a re-sync of the
 * same revision posts nothing.
 */
export function allocationDifference(posted: AllocationLine[], target: AllocationLine[]): AllocationLine[] {
  const net = new Map<string, AllocationLine>();
  for (const l of posted) {
    const k = lineKey(l);
    const cur = net.get(k);
    net.set(k, cur ? { ...cur, amount: cur.amount - l.amount, commissionAddback: cur.commissionAddback - l.commissionAddback } : { ...l, amount: -l.amount, commissionAddback: -l.commissionAddback });
  }
  for (const l of target) {
    const k = lineKey(l);
    const cur = net.get(k);
    net.set(k, cur ? { ...l, amount: cur.amount + l.amount, commissionAddback: cur.commissionAddback + l.commissionAddback } : { ...l });
  }
  return [...net.values()].filter((l) => l.amount !== 0);
}

/**
 * The ledger lines of allocation lines (postings sum to zero, no cash): OWNER and CHG move money
 * out of the held UNALLOC ledger; FEE and DED out of the door owner's ledger. An owner's lines
 * carry the door (a former owner's none), other parties' none.
 */
export function allocationPostings(lines: AllocationLine[], held: { entity: string; accountId: string }, ref: string, ownerOf?: (door: string) => string | null | undefined): PostingLine[] {
  const out: PostingLine[] = [];
  // A former owner's share (a stay across a Change Owner) goes to their ledger without the door, where
  // Change Owner put their money for it.
  const doorOf = (entity: string, l: AllocationLine) => (entity === l.owner && (!ownerOf || ownerOf(l.door) === entity) ? l.door : null);
  for (const l of lines) {
    const from = l.subType === 'OWNER' || l.subType === 'CHG'
      ? { entity: held.entity, door: null, accountId: held.accountId }
      : { entity: l.owner, door: doorOf(l.owner, l), accountId: l.accountId };
    out.push({ ...from, amount: -l.amount, description: `Booking ${ref} ${l.description}` });
    out.push({ entity: l.entity, door: doorOf(l.entity, l), accountId: l.accountId, amount: l.amount, description: `Booking ${ref} ${l.description}` });
  }
  return out;
}

export interface DistributionFacts {
  status: BookingStatus;
  checkOut: string;
  earlyDisburse: boolean;
  receipts: number;
  charges: number;
}

/** A booking is balanced when receipts − room charges − other charges = 0 (spec 2 §4). */
export const isBalanced = (b: Pick<DistributionFacts, 'receipts' | 'charges'>) => b.receipts - b.charges === 0;

/** Its check-out falls after the open period: it completes in a future period. */
export const isFuture = (b: Pick<DistributionFacts, 'checkOut'>, period: { last: string }) => b.checkOut > period.last;

/**
 * What the booking's allocation should be now: 'allocate' (checked out in the open period or
 * earlier, or cancelled, and balanced; or early distribution ticked for an in-house or
 * future-completed balanced booking), 'none' (nothing may be allocated: reverse whatever was),
 * or 'keep' (not balanced after checking out: leave what was posted and flag it).
 */
export function distributionDecision(b: DistributionFacts, period: { last: string }): 'allocate' | 'none' | 'keep' {
  const balanced = isBalanced(b);
  const future = isFuture(b, period);
  if (b.status === 'Z') return balanced ? 'allocate' : 'keep';
  if (b.status === 'C' && !future) return balanced ? 'allocate' : 'keep';
  const earlyAllowed = b.status === 'I' || (b.status === 'C' && future);
  if (b.earlyDisburse && earlyAllowed) return balanced ? 'allocate' : 'keep';
  return 'none';
}

/** A posted line netted over every revision, with the id of its latest row and whether its party has been paid out since. */
export type CurrentLine = AllocationLine & { id: string; disbursed: boolean };

/**
 * The allocation as it stands now (spec 2 §4 'Allocation editing' edits this): the posted rows
 * summed per line (a later revision's difference and a reversal net out), lines at zero dropped.
 */
export function currentAllocation(rows: CurrentLine[]): CurrentLine[] {
  const net = new Map<string, CurrentLine>();
  for (const r of rows) {
    const k = lineKey(r);
    const cur = net.get(k);
    net.set(k, cur ? { ...r, amount: cur.amount + r.amount, commissionAddback: cur.commissionAddback + r.commissionAddback, disbursed: cur.disbursed || r.disbursed, ord: cur.ord } : { ...r });
  }
  return [...net.values()].filter((l) => l.amount !== 0).sort((a, b) => a.door.localeCompare(b.door) || a.ord - b.ord);
}

/**
 * Why a booking's allocation may not be edited by hand, or null when it may: there must be
 * undisbursed room-charge rows, no UNALLOC row, and nothing of the booking disbursed (spec 2 §4).
 */
export function manualAllocationRefusal(current: CurrentLine[]): string | null {
  if (current.some((l) => l.subType === 'UNALLOC')) return 'The booking has an unallocated (UNALLOC) row: sync it first';
  if (current.some((l) => l.disbursed)) return 'The booking has been disbursed: its allocation can no longer be edited';
  if (!current.some((l) => l.subType === 'OWNER' && (l.type === 'ROOM' || l.type === 'OWNSTAY'))) return 'The booking has no undisbursed room charges to allocate';
  return null;
}

/**
 * The problems of a manual allocation, none when it may be saved: every door balances (its OWNER
 * and CHG rows take exactly what is available for it), fees and deductions stay within the owner's
 * share of the door, and every door, account and party is known.
 */
export function manualAllocationProblems(
  lines: Pick<AllocationLine, 'door' | 'subType' | 'accountId' | 'entity' | 'amount'>[],
  doors: Map<string, { available: number }>,
  known: { accounts: Set<string>; entities: Set<string> },
): string[] {
  const problems: string[] = [];
  for (const l of lines) {
    if (!doors.has(l.door)) problems.push(`Door ${l.door} is not a door of this booking`);
    if (!known.accounts.has(l.accountId)) problems.push(`Account ${l.accountId} is not in the chart of accounts`);
    if (!known.entities.has(l.entity)) problems.push(`Entity ${l.entity} does not exist`);
    if (l.amount < 0) problems.push(`Door ${l.door}: amounts cannot be negative`);
  }
  for (const [door, { available }] of doors) {
    const of = lines.filter((l) => l.door === door);
    const allocated = heldOut(of);
    if (allocated !== available) problems.push(`Door ${door}: ${formatCents(allocated)} allocated but ${formatCents(available)} available`);
    const ownerShare = sum(of.filter((l) => l.subType === 'OWNER').map((l) => l.amount));
    const taken = sum(of.filter((l) => l.subType === 'FEE' || l.subType === 'DED').map((l) => l.amount));
    if (taken > ownerShare) problems.push(`Door ${door}: fees and deductions of ${formatCents(taken)} exceed the owner's share of ${formatCents(ownerShare)}`);
  }
  return [...new Set(problems)];
}
