import type { ChargeToRelease, ReleaseInput, ReleaseRow } from 'api/contracts/charges';
import { centsToDollars, toCents } from 'shared-ui';

/** Row colours of spec 2 §4 'Release and disbursement row colours'. */
export type RowColour = 'green' | 'lightgreen' | 'yellow' | 'grey';

/** What the user has ticked: per payer entity, the ids of its charges. */
export type ReleaseSelection = ReadonlyMap<string, ReadonlySet<number>>;

/** Spec 2 §9: the release result stays on screen for 10 seconds. */
export const RELEASE_NOTE_MS = 10_000;

/** Green when funds cover the charges, lighter green when they cover at least the smallest, else grey. */
export function releaseColour(row: Pick<ReleaseRow, 'funds' | 'charges' | 'min_charge'>): RowColour {
  const funds = toCents(row.funds);
  if (funds >= toCents(row.charges)) return 'green';
  if (funds >= toCents(row.min_charge)) return 'lightgreen';
  return 'grey';
}

/** Spec 2 §5: a whole row cannot be ticked when available is 0 or less, or its charges exceed its funds. */
export function rowSelectable(row: Pick<ReleaseRow, 'funds' | 'charges' | 'available'>): boolean {
  return toCents(row.available) > 0 && toCents(row.charges) <= toCents(row.funds);
}

const ticked = (selection: ReleaseSelection, row: Pick<ReleaseRow, 'entity'>) => selection.get(row.entity) ?? new Set<number>();

/** The row's ticked charges (only those it still has). */
export function selectedCharges(row: Pick<ReleaseRow, 'entity' | 'items'>, selection: ReleaseSelection): ChargeToRelease[] {
  const ids = ticked(selection, row);
  return row.items.filter((c) => ids.has(c.id));
}

/** The row's 'selected' column, in cents. */
export function selectedCents(row: Pick<ReleaseRow, 'entity' | 'items'>, selection: ReleaseSelection): number {
  return selectedCharges(row, selection).reduce((sum, c) => sum + toCents(c.amount), 0);
}

/** The row's 'balance' column: its funds after the ticked charges, in cents. */
export function balanceCents(row: Pick<ReleaseRow, 'entity' | 'items' | 'funds'>, selection: ReleaseSelection): number {
  return toCents(row.funds) - selectedCents(row, selection);
}

/**
 * Spec 2 §5: a charge cannot be ticked when the row's ticked total plus the charge would exceed
 * its funds. A ticked charge may always be cleared.
 */
export function chargeSelectable(row: Pick<ReleaseRow, 'entity' | 'items' | 'funds'>, charge: ChargeToRelease, selection: ReleaseSelection): boolean {
  if (ticked(selection, row).has(charge.id)) return true;
  return selectedCents(row, selection) + toCents(charge.amount) <= toCents(row.funds);
}

/** The row's tick box: ticked when all its charges are, mixed when some are. */
export function rowTickState(row: Pick<ReleaseRow, 'entity' | 'items'>, selection: ReleaseSelection): boolean | 'mixed' {
  const count = selectedCharges(row, selection).length;
  if (count === 0) return false;
  return count === row.items.length ? true : 'mixed';
}

/** Ticks (all their charges) or clears whole rows. */
export function tickRows(selection: ReleaseSelection, rows: readonly Pick<ReleaseRow, 'entity' | 'items'>[], on: boolean): ReleaseSelection {
  const next = new Map(selection);
  for (const row of rows) {
    if (on) next.set(row.entity, new Set(row.items.map((c) => c.id)));
    else next.delete(row.entity);
  }
  return next;
}

/** Ticks or clears one charge of a row. */
export function tickCharge(selection: ReleaseSelection, charge: Pick<ChargeToRelease, 'entity' | 'id'>, on: boolean): ReleaseSelection {
  const next = new Map(selection);
  const ids = new Set(next.get(charge.entity) ?? []);
  if (on) ids.add(charge.id);
  else ids.delete(charge.id);
  if (ids.size) next.set(charge.entity, ids);
  else next.delete(charge.entity);
  return next;
}

/**
 * Ticks or clears charges of one row; ticking goes in the order given and skips any charge that
 * no longer fits the funds (ticking them all at once must not overdraw the row).
 */
export function tickCharges(row: Pick<ReleaseRow, 'entity' | 'items' | 'funds'>, selection: ReleaseSelection, charges: readonly ChargeToRelease[], on: boolean): ReleaseSelection {
  return charges.reduce((s, c) => (on && !chargeSelectable(row, c, s) ? s : tickCharge(s, c, on)), selection);
}

/** How many charges are ticked over the rows shown, and their total in cents. */
export function selectionTotals(rows: readonly ReleaseRow[], selection: ReleaseSelection): { count: number; cents: number } {
  let count = 0;
  let cents = 0;
  for (const row of rows) {
    const charges = selectedCharges(row, selection);
    count += charges.length;
    cents += charges.reduce((sum, c) => sum + toCents(c.amount), 0);
  }
  return { count, cents };
}

/** The POST /api/charge/release body: each ticked charge with its payer and the amount shown (dollars). */
export function releasePayload(rows: readonly ReleaseRow[], selection: ReleaseSelection): ReleaseInput {
  return rows.flatMap((row) =>
    selectedCharges(row, selection).map((c) => ({ entity: row.entity, id: c.id, chargeId: c.id, amount: centsToDollars(toCents(c.amount)) })),
  );
}
