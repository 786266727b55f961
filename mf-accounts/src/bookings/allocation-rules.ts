import { type AllocationEditDoor, type AllocationEditItem, heldCentsOf } from 'api/contracts/bookings';
import { gstOnFee } from 'api/contracts/fee-gst';

/**
 * The Edit Allocation dialog's rules (spec 2 §4 'Allocation editing') as plain functions: a door
 * balances when its OWNER and CHG rows take exactly what is available for it; percentage fees
 * follow a new gross room charge, and the GST lines that follow fees and commission follow them.
 */
export type EditRow = AllocationEditItem & { key: string };

const cents = (dollars: number) => Math.round(dollars * 100);

/** A door's allocated and available cents, and whether they agree (no red mark). */
export function doorBalance(door: Pick<AllocationEditDoor, 'available'>, rows: Pick<EditRow, 'sub_type' | 'amount'>[]) {
  const allocated = heldCentsOf(rows);
  const available = cents(door.available);
  return { allocated, available, balanced: allocated === available };
}

/** Save is enabled only when every door balances. */
export const allDoorsBalance = (doors: AllocationEditDoor[], rows: EditRow[]) =>
  doors.every((d) => doorBalance(d, rows.filter((r) => r.door === d.door)).balanced);

/** Rows whose amount is a percentage of the door's room charge. */
export const isPercentRow = (r: Pick<EditRow, 'sub_type' | 'statement_percent_of_room_charge'>) =>
  (r.sub_type === 'FEE' || r.sub_type === 'DED') && r.statement_percent_of_room_charge != null;

/** Changing a non-FEE row of a door with percentage fees asks first: they will be recalculated. */
export const asksBeforeChange = (row: EditRow, rows: EditRow[]) =>
  row.sub_type !== 'FEE' && rows.some((r) => r.door === row.door && isPercentRow(r));

/** Percent of cents, rounded half away from zero (as the server's distribution rounds). */
function percentOfCents(amount: number, percent: number): number {
  const hundredths = Math.round(percent * 100);
  return Math.sign(amount) * Math.round((Math.abs(amount) * hundredths) / 10_000);
}

/**
 * The door's percentage fees recalculated on its gross room charge (the sum of its OWNER rows), as
 * distribution takes them: a percentage fee on the gross, the commission on the gross less the fees
 * before it (distribution writes the fees applied before other fees ahead of the commission); then
 * each GST line on the fee or commission it follows, by distribution's rule (gstOnFee at the rate
 * of the account's GST code, `gstRates`). A GST line's fee is the nearest FEE or COMMISSION row
 * before it in the door on the same account, as distribution writes them.
 */
export function recalculatePercentFees(rows: EditRow[], door: string, gstRates: Record<string, number>): EditRow[] {
  const ofDoor = (r: EditRow) => r.door === door;
  const gross = rows.filter((r) => ofDoor(r) && r.sub_type === 'OWNER').reduce((s, r) => s + cents(r.amount), 0);
  const fees = rows.map((r) => (ofDoor(r) && isPercentRow(r) && r.type !== 'COMMISSION' ? { ...r, amount: percentOfCents(gross, r.statement_percent_of_room_charge!) / 100 } : r));
  const feesBefore = (i: number) => fees.slice(0, i).filter((f) => ofDoor(f) && f.type === 'FEE').reduce((s, f) => s + cents(f.amount), 0);
  const commission = fees.map((r, i) => (ofDoor(r) && isPercentRow(r) && r.type === 'COMMISSION'
    ? { ...r, amount: percentOfCents(Math.max(0, gross - feesBefore(i)), r.statement_percent_of_room_charge!) / 100 } : r));
  return commission.map((r, i) => {
    if (!ofDoor(r) || r.type !== 'GST') return r;
    const fee = commission.slice(0, i).reverse().find((f) => ofDoor(f) && f.account_id === r.account_id && (f.type === 'FEE' || f.type === 'COMMISSION'));
    return fee ? { ...r, amount: gstOnFee(cents(fee.amount), gstRates[r.account_id] ?? 0) / 100 } : r;
  });
}

/** The body of POST /api/booking/allocation: every row kept or added, the ids of rows deleted. */
export function allocationBody(booking: { id: string; ref: string }, rows: EditRow[], deleted: string[]) {
  return { bookID: booking.id, ref: booking.ref, items: rows.map(({ key: _key, ...item }) => item), deleted };
}
