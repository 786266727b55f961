/**
 * The Bookings list's display rules (spec 2 §2 'Booking distribution', §4 'Booking status',
 * 'Early distribution') as plain functions.
 */
export interface BookingListRow {
  id: string;
  ref: string;
  status: string;
  future: boolean;
  early_disburse: boolean;
  check_out: string;
  receipts: number;
  room_charges: number;
  other_charges: number;
  balance: number;
  funds: number;
  pending: number;
  error: boolean;
  warn: boolean;
  message: string | null;
  doors: string | null;
}

const cents = (dollars: number) => Math.round(dollars * 100);

/** Net = receipts − room charges − other charges, in cents (balanced at zero). */
export const netCents = (r: Pick<BookingListRow, 'receipts' | 'room_charges' | 'other_charges'>) => cents(r.receipts) - cents(r.room_charges) - cents(r.other_charges);

/** Net is red when negative, green when zero, blue when positive. */
export function netColour(net: number): 'red' | 'green' | 'blue' {
  return net < 0 ? 'red' : net === 0 ? 'green' : 'blue';
}

/** The derived status display of spec 2 §4, from status, the future flag and the balanced check. */
export function statusDisplay(r: Pick<BookingListRow, 'status' | 'future' | 'early_disburse' | 'receipts' | 'room_charges' | 'other_charges' | 'check_out'>, today: string): string {
  const balanced = netCents(r) === 0;
  const overdue = r.check_out < today;
  switch (r.status) {
    case 'C':
      if (r.future) return balanced ? 'Completed for next period' : 'Future waiting';
      return balanced ? 'Completed and allocated' : 'Not balanced';
    case 'I':
      if (!balanced) return cents(r.receipts) === 0 ? 'Not paid' : 'Not balanced';
      if (r.early_disburse) return r.future ? 'Distributed (future period)' : 'Distributed';
      return r.future ? 'Paid (future period)' : 'Paid';
    case 'Z':
      return 'Cancelled';
    default:
      if (r.future) return 'Future waiting';
      return overdue ? 'Check-in overdue' : 'Check-in pending';
  }
}

/** The Early Dist box shows only for an in-house booking, or one checked out in a future period, whose net is zero. */
export const canEarlyDistribute = (r: Pick<BookingListRow, 'status' | 'future' | 'receipts' | 'room_charges' | 'other_charges'>) =>
  (r.status === 'I' || (r.status === 'C' && r.future)) && netCents(r) === 0;

/**
 * Its funds have been allocated (checked out in the open period or early-distributed, balanced):
 * the row offers Edit Allocation, whose dialog says why when editing is not allowed.
 */
export const isDistributed = (r: Pick<BookingListRow, 'status' | 'future' | 'early_disburse' | 'receipts' | 'room_charges' | 'other_charges' | 'funds'>) =>
  netCents(r) === 0 && cents(r.receipts) > 0 && cents(r.funds) === 0 && ((r.status === 'C' && !r.future) || (r.early_disburse && r.status !== 'Z'));

/** A status at or beyond 'Z' hides the Sync button. */
export const showsSync = (status: string) => !(status >= 'Z');

/** A row expands unless balance, funds and pending are all zero. */
export const canExpand = (r: Pick<BookingListRow, 'balance' | 'funds' | 'pending'>) => !(cents(r.balance) === 0 && cents(r.funds) === 0 && cents(r.pending) === 0);

/** The attention tooltip: the message, or 'Attention Required'. */
export const attentionText = (r: Pick<BookingListRow, 'message'>) => r.message || 'Attention Required';

/** The booking re-sync toast of spec 2 §8 / spec 3 §8. */
export function resyncNotice(answer: { error: boolean; warn: boolean; message: string | null }): { title: string; intent: 'error' | 'warning' | 'success'; timeout: number } {
  if (answer.error && answer.warn) return { title: 'Booking has been re-synced with warnings', intent: 'warning', timeout: 4000 };
  if (answer.error || answer.warn) return { title: 'There was an error re-Syncing Booking - Please check log', intent: 'error', timeout: 4000 };
  return { title: answer.message || 'Booking has been re-Synced with the booking system', intent: 'success', timeout: 2000 };
}
