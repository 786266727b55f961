/**
 * GST on a fee or commission, one rule wherever one is charged: booking distribution, the Edit
 * Allocation dialog's recalculation (spec 2 §4 'Allocation editing') and monthly unit fees. Fees
 * and commission are rates and values before GST, as letting appointments state them ("12% plus
 * GST", docs/booking-system.md); where the fee's account has a GST code with a rate above zero, GST
 * of that rate of the fee follows it, to the same party on the same account. Here (not in the
 * bookings feature) because the dialog in mf-accounts computes it too and may import only contracts.
 */

/** GST in cents on a fee of `feeCents` at a GST code's `ratePercent` (whole percent); 0 when GST-free or nothing is charged. Rounded once, half away from zero (design/ledger.md). */
export function gstOnFee(feeCents: number, ratePercent: number): number {
  if (ratePercent <= 0 || feeCents <= 0) return 0;
  return Math.floor((feeCents * ratePercent + 50) / 100);
}

/** The description of the GST line that follows a fee, so statements and drill-downs show what it is on. */
export const gstLineDescription = (feeDescription: string) => `GST on ${feeDescription}`;
