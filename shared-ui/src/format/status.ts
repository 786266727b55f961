/** Booking and ledger status letters of spec 1 §3.5. */
export type StatusTone = 'danger' | 'success' | 'informative' | 'subtle' | 'warning' | 'brand';

export interface StatusInfo {
  letter: string;
  label: string;
  tone: StatusTone;
}

const STATUSES: Record<string, Omit<StatusInfo, 'letter'>> = {
  Z: { label: 'Cancelled', tone: 'danger' },
  C: { label: 'Complete', tone: 'success' },
  X: { label: 'Current Closed', tone: 'informative' },
  Y: { label: 'Prior Closed', tone: 'subtle' },
  I: { label: 'In-House', tone: 'brand' },
  F: { label: 'Unallocated or Future', tone: 'warning' },
  P: { label: 'Pending', tone: 'warning' },
  T: { label: 'Owner Accounting', tone: 'brand' },
  '': { label: 'Pending or Waiting', tone: 'subtle' },
};

export function statusInfo(letter: string | null | undefined): StatusInfo {
  const key = (letter ?? '').trim().toUpperCase();
  const known = STATUSES[key];
  return known ? { letter: key, ...known } : { letter: key, label: 'Unknown', tone: 'danger' };
}
