import type { Kysely } from 'kysely';
import { ApiError } from './errors.js';

/**
 * While month end holds the lock (control monthend_lock_uuid), only the user running it may
 * write (design/ledger.md invariant 6). The guard applies this to every non-GET route; the few
 * GETs that write (start of day) call it themselves.
 */
export async function assertNoMonthEndLock(db: Kysely<any>, userId: string): Promise<void> {
  const stored = (await db.selectFrom('control_setting').select(['key', 'value'])
    .where('key', 'in', MONTH_END_LOCK_KEYS).execute()) as { key: string; value: unknown }[];
  const refusal = monthEndLockRefusal(stored, userId);
  if (refusal) throw refusal;
}

export const MONTH_END_LOCK_KEYS = ['monthend_lock_uuid', 'monthend_lock_user'];

/** The 423 for a write by userId while month end holds the lock, given the control settings read (null: allowed). */
export function monthEndLockRefusal(stored: { key: string; value: unknown }[], userId: string): ApiError | null {
  const value = (k: string) => stored.find((r) => r.key === k)?.value as string | null | undefined;
  if (value('monthend_lock_uuid') && value('monthend_lock_user') !== userId) {
    return new ApiError(423, `Exclusive Month End Mode is active: updates are blocked until ${value('monthend_lock_user') ?? 'another user'} completes month end`, { monthend: true });
  }
  return null;
}
